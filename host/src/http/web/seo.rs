//! Search-engine and social-crawler output: head tags (title, description, canonical, OpenGraph,
//! Twitter), JSON-LD (schema.org `Car` with `Offer`, `ItemList`, `AutoDealer` with opening hours,
//! `BreadcrumbList`), `robots.txt` and `sitemap.xml` (ARCHITECTURE.md "HTML documents and SEO").

use axum::{
    extract::State,
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
};
use html_escape::encode_double_quoted_attribute as attr;
use serde_json::{Value, json};

use crate::{
    http::error::ApiError,
    http::state::{AppState, CurrentTenant},
    model::{Car, Location},
    repo::TenantRepo,
    tenant::Tenant,
};

/// Base URL of the tenant's site: `site_url` when configured, else `<scheme>://<Host>`, where the
/// scheme is `https` when the request came through a trusted proxy over https
/// (`session::is_https`, decided by the `client_ip` layer from `X-Forwarded-Proto` or
/// `Forwarded`), else `http`.
pub fn base_url(t: &Tenant, headers: &HeaderMap) -> String {
    if let Some(u) = t.config.site_url.as_deref().filter(|u| !u.is_empty()) {
        return u.trim_end_matches('/').to_string();
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("localhost");
    let host: String = host
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
        .collect();
    let scheme = if crate::http::session::is_https(headers) { "https" } else { "http" };
    format!("{scheme}://{host}")
}

/// JSON for a `<script>` element: `<`, `>`, `&`, U+2028 and U+2029 escaped so no stock text can
/// close the element or break the script (ui-shell/README.md "Inline data").
pub fn script_json(v: &impl serde::Serialize) -> String {
    let s = serde_json::to_string(v).expect("serialisable");
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// What a document says about itself.
#[derive(Debug, Default)]
pub struct PageMeta {
    /// Page title (plain text, without the site name).
    pub title: String,
    /// Meta description, at most 160 characters (docs/features/locations-forms-marketing.md §9).
    pub description: String,
    /// Absolute canonical URL.
    pub canonical: String,
    /// OpenGraph type: `website` or `product`.
    pub og_type: &'static str,
    /// Absolute image URL for cards, if any.
    pub image: Option<String>,
    /// JSON-LD objects.
    pub json_ld: Vec<Value>,
    /// The page's largest image, preloaded.
    pub preload_image: Option<String>,
    /// `imagesrcset` and `imagesizes` of that preload, matching the page's `<img srcset sizes>`
    /// so the browser fetches one candidate once.
    pub preload_srcset: Option<(String, String)>,
}

/// Gallery widths (px) of the VDP main image, as ui-shell/src/lib/images.ts `GALLERY_WIDTHS`.
pub const GALLERY_WIDTHS: &[u32] = &[640, 960, 1280, 1600];
/// `sizes` of the VDP main image (ui-shell `GALLERY_SIZES`).
pub const GALLERY_SIZES: &str = "(max-width: 959px) 100vw, 66vw";
/// Card widths (px) of SRP images (ui-shell `CARD_WIDTHS`).
pub const CARD_WIDTHS: &[u32] = &[250, 400, 500];
/// `sizes` of SRP card images (ui-shell `CARD_SIZES`).
pub const CARD_SIZES: &str = "(max-width: 599px) 100vw, (max-width: 959px) 50vw, 400px";

/// Widths (px) of the home page's hero image (ui-shell `HOME_HERO_WIDTHS`).
pub const HOME_HERO_WIDTHS: &[u32] = &[480, 640, 960];
/// `sizes` of the home page's hero image (ui-shell `HOME_HERO_SIZES`).
pub const HOME_HERO_SIZES: &str = "(max-width: 899px) 100vw, 50vw";

/// Widths (px) of the electric-model hero slider and banners (ui-shell `IMAGE_SIZES.hero`).
pub const MODEL_HERO_WIDTHS: &[u32] = &[640, 800, 960];
/// `sizes` of the hero slider (ui-shell `IMAGE_SIZES.hero`).
pub const MODEL_HERO_SIZES: &str = "100vw";
/// Widths (px) of a model family page's first image (ui-shell `IMAGE_SIZES.tab`).
pub const MODEL_TAB_WIDTHS: &[u32] = &[400, 640, 800, 960];
/// `sizes` of a model family page's first image (ui-shell `IMAGE_SIZES.tab`).
pub const MODEL_TAB_SIZES: &str = "(max-width: 899px) calc(100vw - 2rem), 600px";

/// A preload for a host image (`/img/...`, not SVG) at `widths`: (href at the second width,
/// srcset, sizes). None for external URLs and SVG placeholders.
pub fn image_preload(url: &str, widths: &[u32], sizes: &str) -> Option<(String, (String, String))> {
    if !url.starts_with("/img/") || url.ends_with(".svg") || widths.is_empty() {
        return None;
    }
    let at = |w: u32| format!("{url}?w={w}");
    let srcset = widths.iter().map(|w| format!("{} {w}w", at(*w))).collect::<Vec<_>>().join(", ");
    let href = at(widths[widths.len().min(2) - 1]);
    Some((href, (srcset, sizes.to_string())))
}

/// Truncates at a word boundary to at most `max` characters, adding an ellipsis.
pub fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max.saturating_sub(1)).collect();
    let cut = cut.rsplit_once(' ').map(|(a, _)| a.to_string()).unwrap_or(cut);
    format!("{}…", cut.trim_end_matches([',', '.', ' ']))
}

/// The head tags for a page (already escaped).
pub fn head_tags(site_name: &str, m: &PageMeta) -> String {
    let mut h = String::new();
    let full_title = if m.title.is_empty() {
        site_name.to_string()
    } else {
        format!("{} | {site_name}", m.title)
    };
    let tag = |h: &mut String, s: String| {
        h.push_str(&s);
        h.push('\n');
    };
    tag(&mut h, format!("<meta name=\"description\" content=\"{}\">", attr(&m.description)));
    tag(&mut h, format!("<link rel=\"canonical\" href=\"{}\">", attr(&m.canonical)));
    tag(&mut h, format!("<meta property=\"og:site_name\" content=\"{}\">", attr(site_name)));
    tag(&mut h, format!("<meta property=\"og:title\" content=\"{}\">", attr(&full_title)));
    tag(
        &mut h,
        format!("<meta property=\"og:description\" content=\"{}\">", attr(&m.description)),
    );
    tag(&mut h, format!("<meta property=\"og:url\" content=\"{}\">", attr(&m.canonical)));
    tag(&mut h, format!("<meta property=\"og:type\" content=\"{}\">", m.og_type));
    tag(&mut h, "<meta property=\"og:locale\" content=\"en_AU\">".into());
    match &m.image {
        Some(img) => {
            tag(&mut h, format!("<meta property=\"og:image\" content=\"{}\">", attr(img)));
            tag(&mut h, "<meta name=\"twitter:card\" content=\"summary_large_image\">".into());
            tag(&mut h, format!("<meta name=\"twitter:image\" content=\"{}\">", attr(img)));
        }
        None => tag(&mut h, "<meta name=\"twitter:card\" content=\"summary\">".into()),
    }
    tag(&mut h, format!("<meta name=\"twitter:title\" content=\"{}\">", attr(&full_title)));
    tag(
        &mut h,
        format!("<meta name=\"twitter:description\" content=\"{}\">", attr(&m.description)),
    );
    if let Some(img) = &m.preload_image {
        let set = match &m.preload_srcset {
            Some((srcset, sizes)) => format!(" imagesrcset=\"{}\" imagesizes=\"{}\"", attr(srcset), attr(sizes)),
            None => String::new(),
        };
        tag(
            &mut h,
            format!(
                "<link rel=\"preload\" as=\"image\" href=\"{}\"{set} fetchpriority=\"high\">",
                attr(img)
            ),
        );
    }
    for ld in &m.json_ld {
        tag(&mut h, format!("<script type=\"application/ld+json\">{}</script>", script_json(ld)));
    }
    h
}

fn absolute(base: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_string()
    } else {
        format!("{base}{url}")
    }
}

/// schema.org `Car` with an `Offer` (docs/features/shopper-core.md §3 "Car"; price in AUD, odometer in km).
/// `price` is the price the page shows (`PriceView::shown_price`): None leaves the Offer without a
/// price, so a placeholder price in the feed (e.g. $5) is never published as the car's price.
/// `drive_away` is the price engine's estimate the page shows (docs/features/platform.md "Price engine"): the
/// Offer gets a `priceSpecification` list of the advertised price (a `UnitPriceSpecification`
/// named by the price type) and the drive-away total (a `CompoundPriceSpecification` whose
/// `priceComponent`s are the breakdown's lines), all in AUD.
pub fn car_json_ld(
    base: &str,
    car: &Car,
    price: Option<f64>,
    drive_away: Option<&crate::pricing::DriveAway>,
    name: &str,
    seller: &str,
) -> Value {
    let url = format!("{base}{}", car.path());
    let availability = match car.status.as_str() {
        "in_stock" => "https://schema.org/InStock",
        "coming_soon" => "https://schema.org/PreOrder",
        _ => "https://schema.org/SoldOut",
    };
    let condition = if car.car_type == "used" {
        "https://schema.org/UsedCondition"
    } else {
        "https://schema.org/NewCondition"
    };
    let mut v = json!({
        "@context": "https://schema.org",
        "@type": "Car",
        "name": name,
        "url": url,
        "sku": car.stocknum,
        "brand": {"@type": "Brand", "name": car.make},
        "model": car.model,
        "vehicleModelDate": car.year.to_string(),
        "itemCondition": condition,
        "offers": {
            "@type": "Offer",
            "priceCurrency": "AUD",
            "availability": availability,
            "url": url,
            "seller": {"@type": "AutoDealer", "name": seller},
        },
    });
    if let Some(price) = price {
        v["offers"]["price"] = Value::from(price);
        let mut specs = vec![json!({
            "@type": "UnitPriceSpecification",
            "name": car.price_type.clone().unwrap_or_else(|| "Advertised price".into()),
            "price": price,
            "priceCurrency": "AUD",
            "valueAddedTaxIncluded": true,
        })];
        if let Some(d) = drive_away {
            specs.push(json!({
                "@type": "CompoundPriceSpecification",
                "name": d.label,
                "price": d.total,
                "priceCurrency": "AUD",
                "valueAddedTaxIncluded": true,
                "eligibleRegion": {"@type": "State", "name": d.state, "containedInPlace": {"@type": "Country", "name": "AU"}},
                "priceComponent": d.components.iter().map(|c| json!({
                    "@type": "UnitPriceSpecification",
                    "name": c.label,
                    "price": c.amount,
                    "priceCurrency": "AUD",
                })).collect::<Vec<_>>(),
            }));
        }
        v["offers"]["priceSpecification"] = Value::from(specs);
    }
    let o = v.as_object_mut().expect("object");
    let mut put = |k: &str, val: Option<Value>| {
        if let Some(val) = val {
            o.insert(k.into(), val);
        }
    };
    put("vehicleIdentificationNumber", car.vin.clone().map(Value::from));
    put("color", car.colour.clone().map(Value::from));
    put("bodyType", car.body.clone().map(Value::from));
    put("fuelType", car.fuel.clone().map(Value::from));
    put("vehicleTransmission", car.trans.clone().map(Value::from));
    put("driveWheelConfiguration", car.drive.clone().map(Value::from));
    put("vehicleConfiguration", car.badge.clone().map(Value::from));
    put("numberOfDoors", car.doors.map(Value::from));
    put("vehicleSeatingCapacity", car.seats.map(Value::from));
    put(
        "mileageFromOdometer",
        car.km
            .map(|km| json!({"@type": "QuantitativeValue", "value": km, "unitCode": "KMT"})),
    );
    put(
        "image",
        (!car.image_urls.0.is_empty()).then(|| Value::from(car.image_urls.0.iter().map(|u| absolute(base, u)).collect::<Vec<_>>())),
    );
    v
}

const DAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/// schema.org `AutoDealer` for a location, with opening hours (docs/features/locations-forms-marketing.md §3).
pub fn location_json_ld(base: &str, l: &Location, url: &str) -> Value {
    let hours: Vec<Value> = l
        .contact_detail
        .opening_hours
        .iter()
        .filter(|h| h.status == "Open")
        .map(|h| {
            json!({
                "@type": "OpeningHoursSpecification",
                "dayOfWeek": format!("https://schema.org/{}", DAYS[(h.weekday.clamp(0, 6)) as usize]),
                "opens": h.open,
                "closes": h.close,
            })
        })
        .collect();
    let special: Vec<Value> = l
        .special_hours
        .iter()
        .map(|h| {
            let (opens, closes) = if h.status == "Open" {
                (h.start_hour.clone().unwrap_or_default(), h.end_hour.clone().unwrap_or_default())
            } else {
                ("00:00".into(), "00:00".into())
            };
            json!({"@type": "OpeningHoursSpecification", "validFrom": h.date, "validThrough": h.date, "opens": opens, "closes": closes})
        })
        .collect();
    let mut v = json!({
        "@context": "https://schema.org",
        "@type": "AutoDealer",
        "name": l.name,
        "url": url,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": l.address.street,
            "addressLocality": l.address.city,
            "addressRegion": l.address.state,
            "postalCode": l.address.postcode,
            "addressCountry": "AU",
        },
        "openingHoursSpecification": hours,
    });
    let o = v.as_object_mut().expect("object");
    if !special.is_empty() {
        o.insert("specialOpeningHoursSpecification".into(), Value::from(special));
    }
    if let (Some(lat), Some(long)) = (l.address.lat, l.address.long) {
        o.insert("geo".into(), json!({"@type": "GeoCoordinates", "latitude": lat, "longitude": long}));
    }
    if let Some(p) = &l.contact_detail.phone {
        o.insert("telephone".into(), Value::from(p.clone()));
    }
    if let Some(img) = &l.image_url {
        o.insert("image".into(), Value::from(absolute(base, img)));
    }
    if let (Some(r), Some(n)) = (l.average_rating, l.review_count)
        && n > 0
    {
        o.insert(
            "aggregateRating".into(),
            json!({"@type": "AggregateRating", "ratingValue": r, "reviewCount": n}),
        );
    }
    v
}

/// schema.org `ItemList` of cars from (site path, name) pairs, in result order (the SRP's first
/// page).
pub fn item_list_json_ld(base: &str, cars: &[(String, String)]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "numberOfItems": cars.len(),
        "itemListElement": cars.iter().enumerate().map(|(i, (path, name))| json!({
            "@type": "ListItem", "position": i + 1, "url": format!("{base}{path}"), "name": name,
        })).collect::<Vec<_>>(),
    })
}

/// schema.org `BreadcrumbList` from (name, absolute URL) pairs.
pub fn breadcrumbs_json_ld(crumbs: &[(String, String)]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": crumbs.iter().enumerate().map(|(i, (name, url))| json!({
            "@type": "ListItem", "position": i + 1, "name": name, "item": url,
        })).collect::<Vec<_>>(),
    })
}

/// `GET /robots.txt` for the tenant.
pub async fn robots_txt(CurrentTenant(t): CurrentTenant, headers: HeaderMap) -> Response {
    let base = base_url(&t, &headers);
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /sign-in\nDisallow: /print\nDisallow: /checkout-journey\n\nSitemap: {base}/sitemap.xml\n"),
    )
        .into_response()
}

/// `GET /sitemap.xml`: home, the search page, every available car and every visible location.
pub async fn sitemap_xml(State(state): State<AppState>, CurrentTenant(t): CurrentTenant, headers: HeaderMap) -> Result<Response, ApiError> {
    let base = base_url(&t, &headers);
    let repo = TenantRepo::new(&state.db, t.slug());
    let mut xml =
        String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    let mut url = |loc: String, lastmod: Option<i64>| {
        xml.push_str("<url><loc>");
        xml.push_str(&html_escape::encode_text(&loc));
        xml.push_str("</loc>");
        if let Some(ts) = lastmod.and_then(|s| jiff::Timestamp::from_second(s).ok()) {
            xml.push_str(&format!("<lastmod>{}</lastmod>", ts.strftime("%Y-%m-%d")));
        }
        xml.push_str("</url>\n");
    };
    url(format!("{base}/"), None);
    url(format!("{base}/search/new-used-and-demo-cars"), None);
    for c in repo.available_cars(50_000).await? {
        url(format!("{base}{}", c.path()), Some(c.updated_at));
    }
    for l in repo.locations(false).await? {
        url(format!("{base}/our-location/{}", l.slug), None);
    }
    xml.push_str("</urlset>\n");
    Ok(([(header::CONTENT_TYPE, "application/xml; charset=utf-8")], xml).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_the_element() {
        let s = script_json(&json!({"x": "</script><script>alert(1)</script>&\u{2028}"}));
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        assert_eq!(
            serde_json::from_str::<Value>(&s).unwrap()["x"],
            "</script><script>alert(1)</script>&\u{2028}"
        );
    }

    #[test]
    fn truncates_on_a_word() {
        assert_eq!(truncate("short", 160), "short");
        assert_eq!(truncate("one two three four", 12), "one two…");
    }
}
