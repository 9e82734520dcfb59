//! The VDP's first paint (ARCHITECTURE.md "HTML documents and SEO"): breadcrumb, the
//! non-primary-location bar, the main photo, the dealer comments and the sidebar with title,
//! price and price type, key facts, the buttons, phone and location, in the markup and classes of
//! ui-shell/src/pages/CarPage.tsx and `DefaultVdpSidebar` (src/components/defaults.tsx), from the
//! same car response the page reads (`sidebarProps` of src/vdp/sidebar.ts).

use serde_json::Value;

use super::html::{
    button_link, count_of, disclosure, esc, finance_href, finance_page, flag, html_text, js_number, km, link, list, num, opt, phone,
    price_tag, s, truncate,
};
use super::srp::{image_at, image_srcset, no_price_text, year};

/// VDP gallery widths in CSS px (`GALLERY_WIDTHS`).
const GALLERY_WIDTHS: [u32; 4] = [640, 960, 1280, 1600];
/// `sizes` of the VDP main image (`GALLERY_SIZES`).
const GALLERY_SIZES: &str = "(max-width: 959px) 100vw, 66vw";
/// Dealer comments shown collapsed, characters (`COMMENTS_LIMIT`).
const COMMENTS_LIMIT: usize = 400;

/// `Used`, `New`, `Demo` from a car type.
fn title_case(t: &str) -> String {
    let mut c = t.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The key facts (`keyFacts`): label and value, empty ones dropped.
fn key_facts(car: &Value) -> Vec<(&'static str, String)> {
    let either = |a: &str, b: &str| opt(car, a).or_else(|| opt(car, b)).map(str::to_string);
    [
        ("Odometer", num(car, "km").map(km)),
        ("Transmission", either("trans", "simple_transmission")),
        ("Body", either("body", "simple_body")),
        ("Fuel", either("fuel", "simple_fuel")),
        ("Engine", num(car, "engine_size_litres").map(|l| format!("{l:.1} L"))),
        ("Drive", opt(car, "drive").map(str::to_string)),
        ("Colour", opt(car, "colour").map(str::to_string)),
        ("Condition", Some(title_case(s(car, "car_type"))).filter(|c| !c.is_empty())),
        ("Stock number", opt(car, "stocknum").map(str::to_string)),
    ]
    .into_iter()
    .filter_map(|(l, v)| v.filter(|v| !v.is_empty()).map(|v| (l, v)))
    .collect()
}

/// The phone to call about the car (`sidebarProps`' `phone`): the plugin-formatted number of the
/// response, else the tenant's number for the car type, else the location's: (label, display, href).
fn phone_of(res: &Value, tenant: &Value) -> Option<(String, String, String)> {
    if let Some(p) = res.get("phone").filter(|p| p.is_object()) {
        return Some(("Call us".into(), s(p, "masked").into(), format!("tel:{}", s(p, "dial"))));
    }
    let car_type = res.get("car").map(|c| s(c, "car_type")).unwrap_or("");
    let own = tenant.get("phones").and_then(|p| opt(p, car_type));
    let loc = res
        .get("location")
        .and_then(|l| l.get("contact_detail"))
        .and_then(|c| opt(c, "phone"));
    let (display, href) = phone(own).or_else(|| phone(loc))?;
    let label = match car_type {
        "new" => "New cars",
        "used" => "Used cars",
        "demo" => "Demo cars",
        _ => "Call us",
    };
    Some((label.into(), display, href))
}

/// The sidebar's buttons (`sidebarProps`' `actions`): (id, label, href), the first primary. The
/// buttons that need the script (Share, Fave, Save) are links to the car or its anchors, as the
/// shell renders them; Save shows unsaved (the watchlist is the shopper's, not the document's).
fn actions(res: &Value, tenant: &Value, call: Option<&str>) -> Vec<(&'static str, String, String)> {
    let car = res.get("car").cloned().unwrap_or(Value::Null);
    let el = res.get("eligibility").cloned().unwrap_or(Value::Null);
    let path = s(res, "path");
    let slug: String = url::form_urlencoded::byte_serialize(s(&car, "slug").as_bytes())
        .collect::<String>()
        .replace('+', "%20");
    let features = tenant.get("features").cloned().unwrap_or(Value::Null);
    let favourites = features
        .get("favourites")
        .or_else(|| features.get("garage_enabled"))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut out: Vec<(&'static str, String, String)> = vec![];
    let call = call.map(|h| ("call", "Call Now".to_string(), h.to_string()));
    let share = ("share", "Share".to_string(), path.to_string());
    let print = ("print", "Print".to_string(), format!("/print?car_id={slug}"));
    if flag(res, "available") {
        if flag(&el, "reserve") && !flag(&el, "test_drive_only") {
            out.push(("reserve", "Reserve Car Now".into(), format!("{path}/checkout")));
        }
        let enquire = if flag(&features, "instant_message") {
            "Instant Message"
        } else {
            "Enquire Now"
        };
        out.push(("enquire", enquire.into(), "#enquire".into()));
        out.extend(call);
        let finance = tenant.get("wording").and_then(|w| opt(w, "finance_label")).unwrap_or("Get Finance");
        out.push(("finance", finance.into(), finance_href(&car, &finance_page(tenant))));
        if el.get("trade_in").and_then(Value::as_bool) != Some(false) {
            let id = car.get("id").and_then(Value::as_f64).map(js_number).unwrap_or_default();
            out.push(("trade-in", "Trade-In".into(), format!("/cars/trade-in?car_id={id}")));
        }
        if flag(&el, "online_purchase") {
            out.push((
                "online-purchase",
                "Online Purchase".into(),
                format!("/checkout-journey?car_id={slug}"),
            ));
        }
        if let Some(file) = opt(&car, "file").filter(|_| flag(&el, "history_report")) {
            out.push(("history", "Car History Report".into(), file.to_string()));
        }
        out.push(share);
        if !favourites {
            out.push(("save", "Save".into(), "#save".into()));
        } else if flag(&el, "compare_favourite") {
            out.push(("fave", "Fave".into(), "#fave".into()));
        }
        out.push(print);
    } else {
        out.push(("similar", "Find Me Something Similar".into(), "#enquire".into()));
        out.extend(call);
        out.push(share);
        out.push(print);
    }
    out
}

/// The sidebar (`DefaultVdpSidebar` of `sidebarProps`).
fn sidebar(res: &Value, tenant: &Value) -> String {
    let car = res.get("car").cloned().unwrap_or(Value::Null);
    let title = format!("{} {} {}", year(&car), s(&car, "make"), s(&car, "model"));
    let subtitle = [opt(&car, "badge"), opt(&car, "series")]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let subtitle = if subtitle.is_empty() {
        String::new()
    } else {
        format!("<span class=\"fc-sidebar__subtitle\">{}</span>", esc(&subtitle))
    };
    let sold = if flag(res, "available") {
        ""
    } else {
        "<p class=\"fc-sidebar__sold\" role=\"status\">SOLD — Like this and want something similar?</p>"
    };
    let facts: String = key_facts(&car)
        .iter()
        .map(|(l, v)| format!("<div><dt>{}</dt><dd>{}</dd></div>", esc(l), esc(v)))
        .collect();
    let phone = phone_of(res, tenant);
    let buttons: String = actions(res, tenant, phone.as_ref().map(|p| p.2.as_str()))
        .iter()
        .enumerate()
        .map(|(i, (id, label, href))| {
            let new_tab = if matches!(*id, "print" | "history") {
                " target=\"_blank\" rel=\"noopener\""
            } else {
                ""
            };
            button_link(
                href,
                label,
                if i == 0 { "primary" } else { "secondary" },
                false,
                &format!(" data-action=\"{id}\"{new_tab}"),
            )
        })
        .collect();
    let phone = phone
        .map(|(label, display, href)| format!("<p>Call {}: {}</p>", esc(&label.to_lowercase()), link(&href, &display, "")))
        .unwrap_or_default();
    let location = res
        .get("location")
        .filter(|l| l.is_object())
        .map(|l| {
            format!(
                "<p>Located at {}</p>",
                link(&format!("/locations/{}", s(l, "slug")), s(l, "name"), "")
            )
        })
        .unwrap_or_default();
    let views = num(&car, "views").filter(|v| *v > 0.0);
    let views = views
        .map(|v| format!("<p class=\"fc-muted\">{}</p>", esc(&count_of(v, "view"))))
        .unwrap_or_default();
    format!(
        "<aside class=\"fc-sidebar\" aria-label=\"Vehicle summary\"><h1 class=\"fc-sidebar__title\">{t} {subtitle}</h1>{sold}{price}\
<dl class=\"fc-facts\">{facts}</dl><p class=\"fc-sidebar__actions\">{buttons}</p>{phone}{location}{views}</aside>",
        t = esc(&title),
        price = price_tag(res.get("price_view"), &no_price_text(tenant)),
    )
}

/// The "Located at {city}" bar of a car at a non-primary location (`locatedAt`), or "".
fn located(res: &Value) -> String {
    let Some(loc) = res.get("location").filter(|l| l.is_object() && !flag(l, "primary")) else {
        return String::new();
    };
    let addr = loc.get("address").cloned().unwrap_or(Value::Null);
    let city = opt(&addr, "city")
        .or_else(|| res.get("car").and_then(|c| opt(c, "city")))
        .unwrap_or(s(loc, "name"));
    let href = opt(&addr, "place_url").map(str::to_string).unwrap_or_else(|| {
        let q = [
            opt(loc, "name"),
            opt(&addr, "street"),
            opt(&addr, "city"),
            opt(&addr, "state"),
            opt(&addr, "postcode"),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(", ");
        let q: String = url::form_urlencoded::byte_serialize(q.as_bytes())
            .collect::<String>()
            .replace('+', "%20");
        format!("https://www.google.com/maps/search/?api=1&query={q}")
    });
    format!(
        "<p class=\"fc-container fc-located\" data-located-at=\"\"><span>{}</span> <a href=\"{}\" target=\"_blank\" rel=\"noopener\">Get Directions</a></p>",
        esc(&format!("Located at {city}")),
        esc(&href)
    )
}

/// The VDP's first paint. Takes the tenant settings JSON and the car response JSON (`GET
/// /api/v1/cars/{slug}`); returns the page's markup, or None when the JSON is not a car.
pub fn vdp(tenant: &Value, res: &Value) -> Option<String> {
    let car = res.get("car").filter(|c| c.is_object())?;
    let name = s(res, "name");
    let car_type = s(car, "car_type");
    let images = list(res, "images");
    let gallery = match images.first().and_then(|i| opt(i, "url")) {
        Some(url) => {
            let set = image_srcset(url, &GALLERY_WIDTHS)
                .map(|set| format!(" srcset=\"{}\" sizes=\"{GALLERY_SIZES}\"", esc(&set)))
                .unwrap_or_default();
            format!(
                "<div class=\"fc-gallery\"><img src=\"{}\"{set} width=\"1280\" height=\"960\" fetchpriority=\"high\" alt=\"{}\"></div>",
                esc(&image_at(url, 960)),
                esc(&format!("{name}, photo 1 of {}", images.len()))
            )
        }
        None => format!(
            "<div class=\"fc-gallery fc-gallery--empty\" role=\"img\" aria-label=\"{}\"><span>Photos coming soon</span></div>",
            esc(&format!("{name}: no photos yet"))
        ),
    };
    // The host's sanitised HTML (`cars::sanitize_comments`) is written as given, as the page does.
    let clean = opt(res, "dealercomments_html");
    let text = html_text(clean.or_else(|| opt(car, "dealercomments")).unwrap_or(""));
    let comments = if text.is_empty() {
        "<p>Dealer comments are pending. Please check back here later.</p>".to_string()
    } else if text.chars().count() > COMMENTS_LIMIT {
        format!(
            "<div class=\"fc-comments\" data-comments=\"collapsed\"><p>{}</p>\
<button type=\"button\" class=\"fc-button fc-button--ghost fc-button--sm\" aria-expanded=\"false\">More</button></div>",
            esc(&truncate(&text, COMMENTS_LIMIT))
        )
    } else {
        let body = clean.map(str::to_string).unwrap_or_else(|| format!("<p>{}</p>", esc(&text)));
        format!("<div class=\"fc-comments\" data-comments=\"short\"><div>{body}</div></div>")
    };
    Some(format!(
        "<div data-page=\"car\" data-car=\"{slug}\"><nav aria-label=\"Breadcrumb\" class=\"fc-container fc-breadcrumb\"><ol><li>{home}</li>\
<li>{kind}</li><li aria-current=\"page\">{n}</li></ol></nav>{located}<div class=\"fc-container fc-vdp\"><div class=\"fc-vdp__main\">\
<div class=\"fc-vdp__media\">{gallery}</div>{comments}</div><div class=\"fc-vdp__side\">{side}</div></div></div>",
        slug = esc(s(car, "slug")),
        home = link("/", "Home", ""),
        kind = link(&format!("/search/{car_type}-cars"), &format!("{} cars", title_case(car_type)), ""),
        n = esc(name),
        located = located(res),
        comments = disclosure("Dealer Comments", true, Some("comments"), &comments),
        side = sidebar(res, tenant),
    ))
}
