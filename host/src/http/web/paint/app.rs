//! The first paint's frame: the app's wrapper, skip link and default header (`DefaultSiteHeader`
//! of `siteHeaderProps`, ui-shell/src/lib/views.ts) around the page's own markup.

use serde_json::Value;

use super::html::{esc, link, opt, phone};

/// The main menu (`mainNav`).
const NAV: &[(&str, &str)] = &[
    ("Search Stock", "/search/new-used-and-demo-cars"),
    ("Special Offers", "/special-offers"),
    ("Finance", "/finance"),
    ("Trade-In", "/trade-in"),
    ("Service", "/service"),
    ("Locations", "/dealer-locator"),
    ("Contact", "/contact"),
];

/// The default header: word mark or logo (the theme's `logo_url`, then the tenant's), the main
/// menu and one phone per car type (new, demo, used), de-duplicated by number.
fn header(tenant: &Value) -> String {
    let name = opt(tenant, "name").unwrap_or("");
    let logo = opt(tenant, "logo_url").or_else(|| tenant.get("theme").and_then(|t| opt(t, "logo_url")));
    let brand = match logo {
        Some(l) => format!("<img src=\"{}\" alt=\"{}\" height=\"40\">", esc(l), esc(name)),
        None => esc(name),
    };
    let nav: String = NAV.iter().map(|(l, h)| format!("<li>{}</li>", link(h, l, ""))).collect();
    let mut seen: Vec<String> = vec![];
    let mut phones = String::new();
    for (t, label) in [("new", "New cars"), ("demo", "Demo cars"), ("used", "Used cars")] {
        let raw = tenant.get("phones").and_then(|p| opt(p, t));
        if let Some((display, href)) = phone(raw)
            && !seen.contains(&href)
        {
            phones.push_str(&format!("<li><span>{label}: </span>{}</li>", link(&href, &display, "")));
            seen.push(href);
        }
    }
    format!(
        "<header class=\"fc-header\"><div class=\"fc-container fc-header__inner\"><a class=\"fc-header__brand\" href=\"/\">{brand}</a>\
<nav aria-label=\"Main\"><ul class=\"fc-header__nav\">{nav}</ul></nav><ul class=\"fc-header__phones\" aria-label=\"Call us\">{phones}</ul></div></header>"
    )
}

/// The first paint of a document: the default header, then the page's first screen for the home
/// page (`home`), a VDP (`car`) and an SRP (a `search*` route), else an empty `<main>`. Takes the
/// route id (None for the 404 document), the path and query string, the tenant settings JSON (`GET
/// /api/v1/tenant`), the page's inline JSON (`page` of `#__FORECOURT_DATA__`) and the time (unix
/// seconds); returns the HTML for `#root`, marked `data-fc-first-paint` (`main` when it has the
/// page's main content) and carrying no `data-fc-component` (it is not a component).
pub fn first_paint(route: Option<&str>, path: &str, query: Option<&str>, tenant: &Value, page: &Value, now: i64) -> String {
    let main = match route {
        Some("home") => Some(super::home::home(tenant, page)),
        Some("car") => super::vdp::vdp(tenant, page),
        Some(id) if id.starts_with("search") => super::srp::srp(tenant, page, path, query, now),
        _ => None,
    };
    let mark = if main.is_some() { "main" } else { "" };
    format!(
        "<div class=\"fc-app\" data-fc-first-paint=\"{mark}\"><a class=\"fc-skip-link\" href=\"#main\">Skip to content</a>{}\
<main id=\"main\" tabindex=\"-1\">{}</main></div>",
        header(tenant),
        main.unwrap_or_default()
    )
}
