//! The SRP's first paint (ARCHITECTURE.md "HTML documents and SEO"): breadcrumb, heading, count,
//! sort, the filter column with its facet groups and counts, and every card of the first page
//! with its picture, tag, title, chips, price and buttons, in the markup and classes of
//! ui-shell/src/pages/SearchPage.tsx, src/search/* and `DefaultSearchCard`
//! (src/components/defaults.tsx). Filters and sort are one plain GET form (the address form of
//! `search::query`), so they work before the script runs or without it.

use std::collections::BTreeMap;

use serde_json::Value;

use super::html::{
    button_link, disclosure, esc, finance_href, finance_page, flag, human_label, link, list, money, num, opt, price_tag, s, thousands,
};

/// Card widths (CSS px) of the card's `srcset` (`CARD_WIDTHS`).
const CARD_WIDTHS: [u32; 3] = [250, 400, 500];
/// `sizes` of a results-grid card (`CARD_SIZES`).
const CARD_SIZES: &str = "(max-width: 599px) 100vw, (max-width: 959px) 50vw, 400px";
/// Cards of the first row: their images load eagerly (`FIRST_ROW`).
pub const FIRST_ROW: usize = 3;
/// The id of the SRP's GET form (filters, sort and the Show Me button submit it).
const FORM_ID: &str = "fc-srp-form";

/// `url` at `width` CSS px through the host image endpoint (`imageAt`): `?w=` replaces any `w`
/// or `q`; external URLs and SVGs are kept.
pub fn image_at(url: &str, width: u32) -> String {
    if !url.starts_with("/img/") {
        return url.to_string();
    }
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    if path.ends_with(".svg") {
        return url.to_string();
    }
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("w=") && !p.starts_with("q="))
        .collect();
    if kept.is_empty() {
        format!("{path}?w={width}")
    } else {
        format!("{path}?{}&w={width}", kept.join("&"))
    }
}

/// The `srcset` of `url` at `widths` (`imageSrcSet`); None for external URLs and SVGs.
pub fn image_srcset(url: &str, widths: &[u32]) -> Option<String> {
    if !url.starts_with("/img/") || url.ends_with(".svg") {
        return None;
    }
    Some(
        widths
            .iter()
            .map(|w| format!("{} {w}w", image_at(url, *w)))
            .collect::<Vec<_>>()
            .join(", "),
    )
}

/// The body-type placeholder of a car without a photo (`placeholderImage`): `/img/placeholder/{slug}.svg`.
fn placeholder_image(body: &str) -> String {
    let lower = body.to_lowercase();
    let mut slug = String::new();
    for c in lower.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug = slug.trim_matches('-');
    format!("/img/placeholder/{}.svg", if slug.is_empty() { "car" } else { slug })
}

/// The tenant's card buttons in order (`searchConfig(...).card_buttons`): default finance, details.
fn card_buttons(tenant: &Value) -> Vec<String> {
    match tenant.get("search").and_then(|v| v.get("card_buttons")).and_then(Value::as_array) {
        Some(a) => a
            .iter()
            .filter_map(Value::as_str)
            .filter(|b| matches!(*b, "finance" | "details" | "reserve" | "similar"))
            .map(str::to_string)
            .collect(),
        None => vec!["finance".into(), "details".into()],
    }
}

/// A card's buttons (`cardActions`): (label, href), the first primary.
fn card_actions(hit: &Value, tenant: &Value, buttons: &[String]) -> Vec<(String, String)> {
    let path = s(hit, "path");
    let mut out = vec![];
    if !flag(hit, "available") {
        out.push(("Find Me Something Similar".to_string(), format!("{path}#enquire")));
        if buttons.iter().any(|b| b == "details") {
            out.push(("View Details".into(), path.to_string()));
        }
        return out;
    }
    let el = hit.get("eligibility").cloned().unwrap_or(Value::Null);
    for b in buttons {
        match b.as_str() {
            "finance" => {
                let label = tenant.get("wording").and_then(|w| opt(w, "finance_label")).unwrap_or("Get Finance");
                out.push((label.to_string(), finance_href(hit, &finance_page(tenant))));
            }
            "details" => out.push(("View Details".into(), path.to_string())),
            "reserve" if flag(&el, "reserve") && !flag(&el, "test_drive_only") => {
                out.push(("Reserve this Car".into(), format!("{path}/checkout")));
            }
            _ => {}
        }
    }
    out
}

/// The card's drive-away line (`driveAwayLine`), or None.
fn drive_away_line(hit: &Value) -> Option<String> {
    let d = hit.get("drive_away").filter(|d| d.is_object())?;
    let kind = hit.get("price_view").map(|p| s(p, "kind")).unwrap_or("");
    if s(d, "basis") == "drive_away" || !matches!(kind, "car_price" | "was_now") {
        return None;
    }
    let line = format!("≈ {} drive-away in {}", money(num(d, "total").unwrap_or(0.0)), s(d, "state"));
    Some(if flag(d, "complete") {
        line
    } else {
        format!("{line} (est., excl. some on-road costs)")
    })
}

/// One search card (`hitCardProps` rendered by `DefaultSearchCard`): picture, tag, title, badge,
/// chips, price, drive-away line and buttons. Takes the hit JSON, its 0-based index on the page
/// (the first row loads eagerly, the first card with high priority), the tenant settings JSON and
/// the card buttons; returns the `<article>`.
pub fn card(hit: &Value, index: usize, tenant: &Value, buttons: &[String]) -> String {
    let path = s(hit, "path");
    let photo = opt(hit, "primary_image_url");
    let src = photo.map(str::to_string).unwrap_or_else(|| placeholder_image(s(hit, "body")));
    let set = image_srcset(&src, &CARD_WIDTHS)
        .map(|set| format!(" srcset=\"{}\" sizes=\"{CARD_SIZES}\"", esc(&set)))
        .unwrap_or_default();
    let loading = if index < FIRST_ROW { "eager" } else { "lazy" };
    let priority = if index == 0 { " fetchpriority=\"high\"" } else { "" };
    let img = format!(
        "<img src=\"{}\"{set} width=\"400\" height=\"300\" alt=\"\" loading=\"{loading}\"{priority} decoding=\"async\">",
        esc(&image_at(&src, 400))
    );
    let tag = hit
        .get("tag")
        .and_then(|t| opt(t, "text"))
        .map(|t| format!("<span class=\"fc-card__tag\">{}</span>", esc(t)))
        .unwrap_or_default();
    let title = format!("{} {} {}", year(hit), s(hit, "make"), s(hit, "model"));
    let subtitle = opt(hit, "badge")
        .map(|b| format!("<p class=\"fc-card__subtitle\">{}</p>", esc(b)))
        .unwrap_or_default();
    let chips: String = [
        num(hit, "km").map(super::html::km),
        opt(hit, "transmission").map(human_label),
        opt(hit, "fuel").map(human_label),
        opt(hit, "body").map(human_label),
    ]
    .into_iter()
    .flatten()
    .filter(|c| !c.is_empty())
    .map(|c| format!("<li>{}</li>", esc(&c)))
    .collect();
    let away = drive_away_line(hit)
        .map(|l| format!("<p class=\"fc-card-drive-away\" data-drive-away-line=\"\">{}</p>", esc(&l)))
        .unwrap_or_default();
    let actions: String = card_actions(hit, tenant, buttons)
        .iter()
        .enumerate()
        .map(|(i, (label, href))| button_link(href, label, if i == 0 { "primary" } else { "secondary" }, true, ""))
        .collect();
    format!(
        "<article class=\"fc-card\"><a href=\"{p}\" class=\"fc-card__media\" tabindex=\"-1\" aria-label=\"{label}\">{img}</a>{tag}\
<h3 class=\"fc-card__title\">{t}</h3>{subtitle}<ul class=\"fc-card__chips\">{chips}</ul>{price}{away}\
<p class=\"fc-card__actions\">{actions}</p></article>",
        p = esc(path),
        // The picture's link is the title's again, out of the tab order; it is named as the
        // title so a screen reader's list of links reads it (axe `link-name`).
        label = esc(&title),
        t = link(path, &title, ""),
        price = price_tag(hit.get("price_view"), &no_price_text(tenant)),
    )
}

/// The tenant's no-price wording (default `Enquire for price`).
pub fn no_price_text(tenant: &Value) -> String {
    tenant
        .get("wording")
        .and_then(|w| opt(w, "no_price_text"))
        .unwrap_or("Enquire for price")
        .to_string()
}

/// The car's model year as written (`2021`).
pub fn year(v: &Value) -> String {
    v.get("year")
        .map(|y| super::html::js_number(y.as_f64().unwrap_or(0.0)))
        .unwrap_or_default()
}

/// The tenant's card buttons (public for the home page's featured cards).
pub fn buttons_of(tenant: &Value) -> Vec<String> {
    card_buttons(tenant)
}

/// A promo tile's settings (`PromoConfig`), defaults filled in.
struct Promo {
    id: String,
    title: String,
    lines: Vec<String>,
    cta_label: String,
    href: String,
    position: usize,
}

/// The promos shown on a page of cars with `types` at `now` (unix seconds): `promoVisible` and
/// `placePromos` (no jitter: the shell adds its random 0-2 after hydration only when the tenant
/// asks for it). Returns (grid index, promo) in order.
fn placed_promos(tenant: &Value, types: &[&str], cars: usize, now: i64) -> Vec<(usize, Promo)> {
    let mut shown: Vec<(usize, usize, Promo)> = vec![];
    for (i, p) in tenant.get("search").map(|s| list(s, "promos")).unwrap_or(&[]).iter().enumerate() {
        let Some(position) = num(p, "position").filter(|x| *x >= 1.0) else {
            continue;
        };
        if num(p, "start").is_some_and(|st| (now as f64) < st) || num(p, "expiry").is_some_and(|ex| (now as f64) > ex) {
            continue;
        }
        let display: Vec<&str> = list(p, "display").iter().filter_map(Value::as_str).collect();
        let visible = display.is_empty()
            || (!types.is_empty()
                && if flag(p, "strict_display") {
                    types.iter().all(|t| display.contains(t))
                } else {
                    types.iter().any(|t| display.contains(t))
                });
        if !visible {
            continue;
        }
        let text = |k: &str, d: &str| opt(p, k).unwrap_or(d).to_string();
        shown.push((
            position.floor() as usize,
            i,
            Promo {
                id: text("id", &format!("promo-{}", i + 1)),
                title: text("title", ""),
                lines: list(p, "lines").iter().filter_map(Value::as_str).map(str::to_string).collect(),
                cta_label: text("cta_label", "Get a Valuation"),
                href: text("href", "/trade-in"),
                position: position.floor() as usize,
            },
        ));
    }
    shown.sort_by_key(|(pos, i, _)| (*pos, *i));
    let mut out = vec![];
    let mut last: Option<usize> = None;
    for (_, _, promo) in shown {
        let at = (promo.position - 1).max(last.map_or(0, |l| l + 1));
        // The grid holds the cars and the promos placed so far.
        if at + 1 > cars + out.len() {
            break;
        }
        out.push((at, promo));
        last = Some(at);
    }
    out
}

/// A promo tile (`PromoTile`): the promo's title and lines, or the spec's default text, and its
/// call to action.
fn promo_tile(p: &Promo) -> String {
    let (title, lines) = if p.title.is_empty() && p.lines.is_empty() {
        (
            "We Want Your Car!".to_string(),
            vec![
                "We buy all types of cars".to_string(),
                "Our high turnover means we can pay more".to_string(),
            ],
        )
    } else {
        (p.title.clone(), p.lines.clone())
    };
    let lines: String = lines.iter().map(|l| format!("<p>{}</p>", esc(l))).collect();
    let cta = if p.cta_label.is_empty() {
        String::new()
    } else {
        button_link(&p.href, &p.cta_label, "secondary", false, "")
    };
    format!(
        "<aside class=\"fc-srp-promo\" aria-label=\"{t}\" data-promo=\"{}\"><h3 class=\"fc-srp-promo__title\">{t}</h3>{lines}{cta}</aside>",
        esc(&p.id),
        t = esc(&title)
    )
}

/// The search state the page shows: the route scope's refinements merged with the address's
/// (`mergeBase`), the sort and the text query.
struct State {
    refinements: BTreeMap<String, Vec<String>>,
    ranges: usize,
    sort: String,
    query: String,
    pairs: Vec<(String, String)>,
}

fn state_of(page: &Value) -> State {
    let mut refinements: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if let Some(scope) = page.get("scope").and_then(|s| s.get("refinements")).and_then(Value::as_object) {
        for (k, v) in scope {
            let vals: Vec<String> = v
                .as_array()
                .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
                .unwrap_or_default();
            refinements.insert(k.clone(), vals);
        }
    }
    let (mut ranges, mut sort, mut query) = (0, "custom_rank".to_string(), String::new());
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(s(page, "address").as_bytes()).into_owned().collect();
    for (k, v) in &pairs {
        let key = k.split('[').next().unwrap_or(k);
        match key {
            "sortBy" => sort = v.clone(),
            "query" | "q" => query = v.clone(),
            "page" | "hitsPerPage" => {}
            "price" | "km" | "year" | "subscription_price" | "weekly_price_range" | "created_at_timestamp" => ranges += 1,
            _ => {
                let e = refinements.entry(key.to_string()).or_default();
                if !e.contains(v) {
                    e.push(v.clone());
                }
            }
        }
    }
    State {
        refinements,
        ranges,
        sort,
        query,
        pairs,
    }
}

/// The conditions of the SRP paths (`CONDITIONS` of ui-shell/src/search/route.ts).
const CONDITIONS: &[(&str, &str, &[&str])] = &[
    ("new-used-and-demo-cars", "New, used and demo cars", &[]),
    ("new-cars", "New cars", &["new"]),
    ("demo-cars", "Demo cars", &["demo"]),
    ("used-cars", "Used cars", &["used"]),
    ("new-and-demo-cars", "New and demo cars", &["new", "demo"]),
];

/// The condition (slug, label) whose car types are exactly the state's (`CONDITIONS.find` of
/// `searchCrumbs` and `searchLocation`), else the first.
fn condition_of(st: &State) -> (&'static str, &'static str) {
    let types = st.refinements.get("car_type").cloned().unwrap_or_default();
    let (slug, label, _) = CONDITIONS
        .iter()
        .find(|(_, _, t)| t.len() == types.len() && t.iter().all(|x| types.iter().any(|y| y.as_str() == *x)))
        .unwrap_or(&CONDITIONS[0]);
    (slug, label)
}

/// The heading the shell shows on a bare condition page whose first page the tenant's default
/// refinements filtered (`search::scope::first_load`): the shell's first load moves such a page
/// to the address of its state (`SearchPage`'s replace navigation to `searchLocation`, e.g.
/// `/search/new-cars` for `car_type = ["new"]`), whose heading is that condition's label. Takes
/// the state, the search response, the path and the request's query string; returns that label
/// when the address and the route set nothing, the route is a condition page and the defaults
/// name another condition, else None (the route's own heading stays).
fn first_load_heading(st: &State, page: &Value, path: &str, query: Option<&str>) -> Option<&'static str> {
    let route_sets = page
        .get("scope")
        .and_then(|s| s.get("refinements"))
        .and_then(Value::as_object)
        .is_some_and(|m| !m.is_empty());
    // A malformed address is run as no address (`pages::stock::search`): bare too.
    let bare = crate::search::query::SearchQuery::from_query_string(query.unwrap_or(""))
        .map_or(true, |q| q.refinements.is_empty() && q.ranges.is_empty() && q.query.is_empty());
    if route_sets || !bare || st.refinements.is_empty() {
        return None;
    }
    let here = path.strip_prefix("/search")?.trim_start_matches('/');
    let here = if here.is_empty() { CONDITIONS[0].0 } else { here };
    if !CONDITIONS.iter().any(|(slug, ..)| *slug == here) {
        return None;
    }
    let (slug, label) = condition_of(st);
    (slug != here).then_some(label)
}

/// The breadcrumb trail (`searchCrumbs`): Home, the condition page, then the make, model and body
/// when exactly one of each is chosen.
fn crumbs(st: &State) -> Vec<(String, String)> {
    let (slug, label) = condition_of(st);
    let mut out = vec![
        ("Home".to_string(), "/".to_string()),
        (label.to_string(), format!("/search/{slug}")),
    ];
    let one = |k: &str| st.refinements.get(k).filter(|v| v.len() == 1).map(|v| v[0].clone());
    let slugify = crate::slug::slugify;
    if let Some(make) = one("make") {
        out.push((make.clone(), format!("/search/{}", slugify(&make))));
        if let Some(model) = one("model") {
            out.push((model.clone(), format!("/search/{}/{}", slugify(&make), slugify(&model))));
        }
    }
    if let Some(body) = one("body") {
        out.push((body.clone(), format!("/search/{}", slugify(&body))));
    }
    out
}

/// One facet list (`RefinementList`) as native checkboxes of the page's GET form, each labelled
/// `{label} ({count})`, the chosen ones checked.
fn refinement_list(attr: &str, items: &[Value], st: &State, label_of: &dyn Fn(&Value) -> String) -> String {
    let chosen = st.refinements.get(attr).cloned().unwrap_or_default();
    let mut rows: Vec<(String, String, f64)> = items
        .iter()
        .map(|i| (s(i, "value").to_string(), label_of(i), num(i, "count").unwrap_or(0.0)))
        .collect();
    for v in &chosen {
        if !rows.iter().any(|r| &r.0 == v) {
            rows.push((v.clone(), human_label(v), 0.0));
        }
    }
    if rows.is_empty() {
        return "<p class=\"fc-muted\">None in the current results.</p>".into();
    }
    let lis: String = rows
        .iter()
        .enumerate()
        .map(|(n, (value, label, count))| {
            let id = format!("fc-f-{}-{n}", esc(attr));
            let checked = if chosen.contains(value) { " checked" } else { "" };
            format!(
                "<li><div class=\"fc-check\"><input type=\"checkbox\" class=\"fc-check__box\" id=\"{id}\" name=\"{a}\" value=\"{v}\" form=\"{FORM_ID}\"{checked}>\
<label for=\"{id}\" class=\"fc-check__label\">{l}</label></div></li>",
                a = esc(attr),
                v = esc(value),
                l = esc(&format!("{label} ({})", thousands(*count))),
            )
        })
        .collect();
    format!("<ul class=\"fc-srp-refinements\" data-attribute=\"{}\">{lis}</ul>", esc(attr))
}

/// A facet item's label (`facetLabel`): the host's label when it differs from the value, else
/// the value's human label.
fn facet_label(i: &Value) -> String {
    let (label, value) = (s(i, "label"), s(i, "value"));
    if !label.is_empty() && label != value {
        label.to_string()
    } else {
        human_label(value)
    }
}

/// A native select in a labelled field (`NativeSelect`), optionally named in the page's form.
fn native_select(id: &str, label: &str, name: Option<&str>, options: &[(String, String)], value: &str) -> String {
    let opts: String = options
        .iter()
        .map(|(v, l)| {
            let sel = if v == value { " selected" } else { "" };
            format!("<option value=\"{}\"{sel}>{}</option>", esc(v), esc(l))
        })
        .collect();
    let name = name.map(|n| format!(" name=\"{}\" form=\"{FORM_ID}\"", esc(n))).unwrap_or_default();
    format!(
        "<div class=\"fc-field\"><label class=\"fc-field__label\" for=\"{id}\">{}</label><select class=\"fc-input fc-native-select\" id=\"{id}\"{name}>{opts}</select></div>",
        esc(label)
    )
}

/// The filter column (`FilterPanel`): condition, make, model (when a make is chosen), body,
/// price bands, year, kilometres, fuel, transmission, drive, colour and location, each with its
/// counts; groups open as the shell opens them.
fn filter_panel(page: &Value, st: &State, path: &str) -> String {
    let facets = page.get("facets").cloned().unwrap_or(Value::Null);
    let items = |attr: &str| list(&facets, attr).to_vec();
    let refined = |attr: &str| st.refinements.get(attr).is_some_and(|v| !v.is_empty());
    let mut out = format!(
        "<section class=\"fc-srp-filters\" aria-label=\"Filters\"><div class=\"fc-srp-filters__head\"><h2>Filters</h2>{}</div>",
        button_link(path, "Clear all", "ghost", true, "")
    );
    let order = ["new", "demo", "used"];
    let mut types = items("car_type");
    types.sort_by_key(|i| order.iter().position(|o| *o == s(i, "value")).map_or(-1, |p| p as i64));
    let type_label = |i: &Value| match s(i, "value") {
        "new" => "New".to_string(),
        "demo" => "Demo".to_string(),
        "used" => "Used".to_string(),
        _ => facet_label(i),
    };
    out.push_str(&disclosure(
        "Condition",
        true,
        None,
        &refinement_list("car_type", &types, st, &type_label),
    ));
    let all_popular = list(page, "popular_makes");
    let popular: Vec<Value> = all_popular.iter().filter(|m| !s(m, "value").is_empty()).cloned().collect();
    let mut make = refinement_list("make", &popular, st, &facet_label);
    let makes = items("make").len();
    if let Some(all) = all_popular.iter().find(|m| s(m, "value").is_empty())
        && makes > popular.len()
    {
        make.push_str(&format!(
            "<button type=\"button\" class=\"fc-button fc-button--ghost fc-button--sm\" aria-expanded=\"false\">{}</button>",
            esc(&format!("{} ({})", s(all, "label"), thousands(makes as f64)))
        ));
    }
    out.push_str(&disclosure("Make", true, None, &make));
    let group = |attr: &str, title: &str, open: bool| {
        if items(attr).is_empty() && !refined(attr) {
            return String::new();
        }
        disclosure(
            title,
            open || refined(attr),
            None,
            &refinement_list(attr, &items(attr), st, &facet_label),
        )
    };
    if refined("make") {
        out.push_str(&group("model", "Model", true));
    }
    out.push_str(&group("body", "Body Type", false));
    out.push_str(&disclosure(
        "Price",
        refined("price_range"),
        None,
        &refinement_list("price_range", &items("price_range"), st, &facet_label),
    ));
    let mut years: Vec<i64> = items("year").iter().filter_map(|i| s(i, "value").parse().ok()).collect();
    years.sort_unstable_by(|a, b| b.cmp(a));
    years.dedup();
    let year_opts: Vec<(String, String)> = std::iter::once(("any".to_string(), "Any".to_string()))
        .chain(years.iter().map(|y| (y.to_string(), y.to_string())))
        .collect();
    out.push_str(&disclosure(
        "Year",
        false,
        None,
        &format!(
            "<div class=\"fc-srp-pair\">{}{}</div>",
            native_select("fc-f-year-from", "From year", None, &year_opts, "any"),
            native_select("fc-f-year-to", "To year", None, &year_opts, "any")
        ),
    ));
    let km_opts: Vec<(String, String)> = std::iter::once(("".to_string(), "Any".to_string()))
        .chain(
            [10_000, 20_000, 50_000, 75_000, 100_000, 150_000]
                .iter()
                .map(|k| (format!(":{k}"), format!("{} km", thousands(*k as f64)))),
        )
        .collect();
    out.push_str(&disclosure(
        "Kilometres",
        false,
        None,
        &native_select("fc-f-km", "Kilometres up to", Some("km"), &km_opts, ""),
    ));
    for (attr, title) in [
        ("fuel", "Fuel"),
        ("transmission", "Transmission"),
        ("drive", "Drive"),
        ("colour", "Colour"),
        ("location_name", "Location"),
    ] {
        out.push_str(&group(attr, title, false));
    }
    out.push_str("</section>");
    out
}

/// The sort choices (`sortChoices`): "Recently reduced" only when the tenant shows price drops
/// or it is the current order.
fn sort_select(tenant: &Value, current: &str) -> String {
    let reduced = tenant.get("vdp").is_some_and(|v| flag(v, "show_price_reduced"));
    let choices: Vec<(String, String)> = [
        ("custom_rank", "Featured"),
        ("price_asc", "Price: low to high"),
        ("price_desc", "Price: high to low"),
        ("year_desc", "Year: newest first"),
        ("km_asc", "Kilometres: lowest first"),
        ("newest", "Recently listed"),
        ("recently_reduced", "Recently reduced"),
    ]
    .iter()
    .filter(|(v, _)| *v != "recently_reduced" || reduced || current == "recently_reduced")
    .map(|(v, l)| (v.to_string(), l.to_string()))
    .collect();
    native_select("fc-srp-sort", "Sort by", Some("sortBy"), &choices, current)
}

/// The `Show Me {count} {noun}` button (`showMeText`), here the form's submit button.
fn show_me(count: f64, noun: &str) -> String {
    let shown = thousands(count);
    let noun = if shown == "1" {
        super::html::singular_noun(noun)
    } else {
        noun.to_string()
    };
    let text = format!("Show Me {shown} {noun}");
    format!(
        "<button type=\"submit\" form=\"{FORM_ID}\" class=\"fc-button fc-button--primary fc-srp-showme\" aria-label=\"{t}\" data-count=\"{}\">{t}</button>",
        count as u64,
        t = esc(&text)
    )
}

/// Page links (`Pagination`): Previous, up to 5 numbers around the page, Next; empty for one page.
fn pagination(page: u64, pages: u64, path: &str, st: &State) -> String {
    if pages <= 1 {
        return String::new();
    }
    let href = |n: u64| {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in st.pairs.iter().filter(|(k, _)| k != "page") {
            q.append_pair(k, v);
        }
        if n > 1 {
            q.append_pair("page", &n.to_string());
        }
        let q = q.finish();
        if q.is_empty() { path.to_string() } else { format!("{path}?{q}") }
    };
    let first = page.saturating_sub(2).min(pages.saturating_sub(4)).max(1);
    let mut out = String::from("<nav class=\"fc-srp-pages\" aria-label=\"Results pages\">");
    if page > 1 {
        out.push_str(&format!("<a href=\"{}\" rel=\"prev\">Previous</a>", esc(&href(page - 1))));
    }
    for n in first..first + pages.min(5) {
        if n == page {
            out.push_str(&format!(
                "<span aria-current=\"page\" class=\"fc-srp-pages__current\"><span class=\"fc-visually-hidden\">Page </span>{n}</span>"
            ));
        } else {
            out.push_str(&format!("<a href=\"{}\" aria-label=\"Page {n}\">{n}</a>", esc(&href(n))));
        }
    }
    if page < pages {
        out.push_str(&format!("<a href=\"{}\" rel=\"next\">Next</a>", esc(&href(page + 1))));
    }
    out.push_str("</nav>");
    out
}

/// The SRP's first paint. Takes the tenant settings JSON (`GET /api/v1/tenant`), the page's search
/// response JSON (`GET /api/v1/search`, with its route `scope`), the path, the request's query
/// string and the time (unix seconds, for promo windows); returns the page's `<section>`, or None
/// when the response is not a search page (search was down: the shell shows the error).
pub fn srp(tenant: &Value, page: &Value, path: &str, query: Option<&str>, now: i64) -> Option<String> {
    let hits = page.get("hits")?.as_array()?;
    let st = state_of(page);
    let scope_heading = first_load_heading(&st, page, path, query)
        .or_else(|| page.get("scope").and_then(|s| opt(s, "heading")))
        .unwrap_or("Search");
    let heading = if st.query.is_empty() {
        scope_heading.to_string()
    } else {
        format!("Results for \"{}\"", st.query)
    };
    let noun = tenant.get("wording").and_then(|w| opt(w, "vehicle_noun")).unwrap_or("Cars");
    let count = num(page, "count_display").unwrap_or(0.0);
    // The host's count is the cards the result shows over its pages (collapsed sold runs are not
    // counted), so the line is the count as given (`countLine`).
    let count_line = format!("{} {noun} found", thousands(count));
    let current = num(page, "page").unwrap_or(1.0);
    let crumbs = crumbs(&st);
    let trail: String = crumbs
        .iter()
        .enumerate()
        .map(|(i, (label, href))| {
            if i + 1 == crumbs.len() {
                format!("<li><span aria-current=\"page\">{}</span></li>", esc(label))
            } else {
                format!("<li>{}</li>", link(href, label, ""))
            }
        })
        .collect();
    let filters = st.refinements.values().map(Vec::len).sum::<usize>() + st.ranges + usize::from(!st.query.is_empty());
    let filters_label = if filters > 0 {
        format!("Filters ({filters})")
    } else {
        "Filters".to_string()
    };
    let buttons = card_buttons(tenant);
    let mut cells: Vec<String> = hits
        .iter()
        .enumerate()
        .map(|(i, h)| format!("<li class=\"fc-srp-cell fc-srp-cell--car\">{}</li>", card(h, i, tenant, &buttons)))
        .collect();
    let mut types: Vec<&str> = hits.iter().map(|h| s(h, "car_type")).collect();
    types.dedup();
    types.sort_unstable();
    types.dedup();
    for (at, promo) in placed_promos(tenant, &types, hits.len(), now) {
        cells.insert(
            at,
            format!("<li class=\"fc-srp-cell fc-srp-cell--promo\">{}</li>", promo_tile(&promo)),
        );
    }
    let clear = tenant
        .get("search")
        .and_then(|s| opt(s, "clear_filters_target"))
        .unwrap_or("/special-offers");
    let results = if hits.is_empty() {
        format!(
            "<div class=\"fc-srp-empty\" role=\"status\"><h2>No Results Available</h2><p>No results found for your search at this time. \
Please try adjusting the filters for more results.</p>{}</div>",
            button_link(clear, "Clear Filters", "primary", false, " data-action=\"clear-filters\"")
        )
    } else {
        let few = if hits.len() < 3 { " fc-srp-grid--few" } else { "" };
        format!("<ul class=\"fc-srp-grid{few}\" aria-busy=\"false\">{}</ul>", cells.join(""))
    };
    let query = if st.query.is_empty() {
        String::new()
    } else {
        format!("<input type=\"hidden\" name=\"query\" value=\"{}\">", esc(&st.query))
    };
    Some(format!(
        "<section class=\"fc-container fc-page fc-srp\" data-page=\"search\">\
<nav class=\"fc-breadcrumb\" aria-label=\"Breadcrumb\"><ol>{trail}</ol></nav>\
<div class=\"fc-srp__head\"><h1>{h}</h1><p class=\"fc-srp__count\" aria-live=\"polite\" data-count=\"{c}\">{cl}</p></div>\
<div class=\"fc-srp__toolbar\"><button type=\"button\" class=\"fc-button fc-button--secondary fc-srp__filters-button\" aria-haspopup=\"dialog\">{fl}</button>\
<div class=\"fc-srp__sort\">{sort}</div><noscript><button type=\"submit\" form=\"{FORM_ID}\" class=\"fc-button fc-button--secondary fc-button--sm\">Sort</button></noscript></div>\
<div class=\"fc-srp__body\"><aside class=\"fc-srp__aside\"><form id=\"{FORM_ID}\" method=\"get\" action=\"{p}\">{query}</form>{panel}{show}</aside>\
<div id=\"fc-srp-results\" class=\"fc-srp__results\" tabindex=\"-1\"><h2 class=\"fc-visually-hidden\">Results</h2>{results}{pages}</div></div></section>",
        h = esc(&heading),
        c = num(page, "count").unwrap_or(0.0) as u64,
        cl = esc(&count_line),
        fl = esc(&filters_label),
        sort = sort_select(tenant, &st.sort),
        p = esc(path),
        panel = filter_panel(page, &st, path),
        show = show_me(count, noun),
        pages = pagination(current as u64, num(page, "pages").unwrap_or(1.0) as u64, path, &st),
    ))
}
