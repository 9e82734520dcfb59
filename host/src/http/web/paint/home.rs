//! The home page's first paint: the hero (`DefaultHomeHero` of `homeHeroProps` with the first
//! featured car's picture, ui-shell/src/pages/home/featured.ts `heroImage`), the Browse tiles and
//! the featured cars as search cards, in the markup of ui-shell/src/pages/HomePage.tsx.

use serde_json::Value;

use super::html::{button_link, esc, flag, link, list, money, num, opt, s};
use super::srp::{FIRST_ROW, buttons_of, card, image_at, image_srcset, year};

/// Home hero image widths in CSS px (`HOME_HERO_WIDTHS`, host `seo::HOME_HERO_WIDTHS`).
const HERO_WIDTHS: [u32; 3] = [480, 640, 960];
/// `sizes` of the home hero image (`HOME_HERO_SIZES`).
const HERO_SIZES: &str = "(max-width: 899px) 100vw, 50vw";
/// Featured cars on the home page (`FEATURED_COUNT`).
const FEATURED_COUNT: usize = 6;
/// The default search route (`SEARCH_ALL`).
const SEARCH_ALL: &str = "/search/new-used-and-demo-cars";

/// The car types the site sells, in order, with their label and search page (`carTypesOnSale`):
/// all three when the host sent none.
fn types_on_sale(tenant: &Value) -> Vec<(&'static str, &'static str, &'static str)> {
    let all = [
        ("new", "New", "/search/new-cars"),
        ("demo", "Demo", "/search/demo-cars"),
        ("used", "Used", "/search/used-cars"),
    ];
    let on: Vec<&str> = list(tenant, "car_types").iter().filter_map(Value::as_str).collect();
    let shown: Vec<_> = all.iter().filter(|(t, _, _)| on.contains(t)).copied().collect();
    if shown.is_empty() { all.to_vec() } else { shown }
}

/// Words joined as `new, demo and used` (`joinWords`).
fn join_words(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The featured cars (`featuredCars`): in stock, available, more than one photo, at most 6.
fn featured(page: &Value) -> Vec<&Value> {
    list(page, "hits")
        .iter()
        .filter(|h| s(h, "status") == "in_stock" && flag(h, "available") && num(h, "photos_count").unwrap_or(0.0) > 1.0)
        .take(FEATURED_COUNT)
        .collect()
}

/// The hero (`DefaultHomeHero`).
fn hero(tenant: &Value, car: Option<&Value>) -> String {
    let name = s(tenant, "name");
    let locations = list(tenant, "locations");
    let primary = locations
        .iter()
        .find(|l| flag(l, "primary") && s(l, "location_type") == "sales")
        .or(locations.first());
    let place = primary
        .and_then(|l| l.get("address"))
        .map(|a| {
            [opt(a, "city"), opt(a, "state")]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    let noun = tenant
        .get("wording")
        .and_then(|w| w.get("vehicle_noun"))
        .and_then(Value::as_str)
        .unwrap_or("Cars")
        .to_lowercase();
    let types = types_on_sale(tenant);
    let kinds = join_words(&types.iter().map(|t| t.1.to_lowercase()).collect::<Vec<_>>());
    let mut cs = kinds.chars();
    let first = cs.next().map(|c| c.to_uppercase().to_string()).unwrap_or_default();
    let sells = format!("{first}{} {noun}", cs.as_str());
    let sub = if place.is_empty() { sells } else { format!("{sells} in {place}") };
    let mut actions = button_link(SEARCH_ALL, &format!("Search all {noun}"), "primary", false, "");
    if types.len() > 1 {
        for (_, label, href) in &types {
            actions.push_str(&button_link(href, label, "secondary", false, ""));
        }
    }
    let stats: String = list(tenant, "stats")
        .iter()
        .map(|st| format!("<div><dt>{}</dt><dd>{}</dd></div>", esc(s(st, "label")), esc(s(st, "value"))))
        .collect();
    let stats = if stats.is_empty() {
        stats
    } else {
        format!("<dl class=\"fc-hero__stats\">{stats}</dl>")
    };
    let picture = car.and_then(|c| opt(c, "primary_image_url").map(|url| (c, url))).map(|(c, url)| {
        let title = format!("{} {} {}", year(c), s(c, "make"), s(c, "model"));
        let pv = c.get("price_view").cloned().unwrap_or(Value::Null);
        let price = match s(&pv, "kind") {
            "car_price" => num(&pv, "price"),
            "was_now" => num(&pv, "now"),
            _ => None,
        };
        let caption = price.map_or(title.clone(), |p| format!("{title}, {}", money(p)));
        let set = image_srcset(url, &HERO_WIDTHS)
            .map(|set| format!(" srcset=\"{}\" sizes=\"{HERO_SIZES}\"", esc(&set)))
            .unwrap_or_default();
        format!(
            "<a class=\"fc-hero__figure\" href=\"{}\"><img src=\"{}\"{set} width=\"960\" height=\"640\" alt=\"{}\" fetchpriority=\"high\">\
<span class=\"fc-hero__caption\">{}</span></a>",
            esc(s(c, "path")),
            esc(&image_at(url, 640)),
            esc(&title),
            esc(&caption)
        )
    });
    let pictured = if picture.is_some() { " fc-hero--pictured" } else { "" };
    format!(
        "<section class=\"fc-hero{pictured}\"><div class=\"fc-container fc-hero__grid\">{}<div class=\"fc-hero__text\"><h1>{}</h1><p>{}</p>\
<p class=\"fc-hero__actions\">{actions}</p>{stats}</div></div></section>",
        picture.unwrap_or_default(),
        esc(&format!("Find your next car at {name}")),
        esc(&sub)
    )
}

/// The home page's first paint. Takes the tenant settings JSON and the featured stock's search
/// response JSON (null when search was down: no featured cars); returns the page's markup.
pub fn home(tenant: &Value, page: &Value) -> String {
    let cars = featured(page);
    let noun = tenant
        .get("wording")
        .and_then(|w| w.get("vehicle_noun"))
        .and_then(Value::as_str)
        .unwrap_or("Cars");
    let tiles: String = types_on_sale(tenant)
        .iter()
        .map(|(_, label, href)| format!("<li>{}</li>", link(href, &format!("{label} {noun}"), "")))
        .collect();
    let browse = format!(
        "<section class=\"fc-container fc-section\" aria-labelledby=\"browse\"><h2 id=\"browse\">Browse {}</h2><ul class=\"fc-tiles\">{tiles}<li>{}</li></ul></section>",
        esc(&noun.to_lowercase()),
        link("/special-offers", "Special Offers", "")
    );
    let only_used = list(tenant, "car_types").iter().any(|t| t.as_str() == Some("used"));
    let featured = if cars.is_empty() {
        String::new()
    } else {
        let buttons = buttons_of(tenant);
        let items: String = cars
            .iter()
            .enumerate()
            .map(|(i, h)| format!("<li>{}</li>", card(h, i + FIRST_ROW, tenant, &buttons)))
            .collect();
        let (title, all) = if only_used {
            (format!("Featured used {}", noun.to_lowercase()), "/search/used-cars")
        } else {
            (format!("Featured {}", noun.to_lowercase()), SEARCH_ALL)
        };
        format!(
            "<section class=\"fc-container fc-section fc-featured\" aria-labelledby=\"featured\" data-section=\"featured-cars\">\
<div class=\"fc-featured__head\"><h2 id=\"featured\">{}</h2>{}</div><ul class=\"fc-featured__list\">{items}</ul></section>",
            esc(&title),
            link(all, "View all", "")
        )
    };
    format!(
        "<div data-page=\"home\">{}{browse}{featured}</div>",
        hero(tenant, cars.first().copied())
    )
}
