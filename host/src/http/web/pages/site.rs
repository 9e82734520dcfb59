//! Documents of the site pages: home, locations, offers, brands and the dealer locator.

use crate::http::{
    error::ApiError,
    web::{
        pages::context::{Cx, Out, absolute},
        seo::{self, truncate},
    },
};

/// The address of the home page's featured stock (docs/features/locations-forms-marketing.md §5
/// "Featured cars: 6, filtered to in stock, used, with more than 1 photo"): in-stock used cars
/// when the site sells used cars, else its in-stock cars, 24 to choose 6 from. The UI asks the
/// same (ui-shell/src/pages/home/featured.ts `featuredAddress`).
pub fn featured_address(car_types: &[String]) -> String {
    if car_types.iter().any(|t| t == "used") {
        "car_type=used&status=in_stock&hitsPerPage=24".into()
    } else {
        "status=in_stock&hitsPerPage=24".into()
    }
}

/// The home page: the site's description, its primary location as `AutoDealer`, and the featured
/// stock's search page inline ([`featured_address`]; the UI picks the 6 cars and the hero image
/// from it), with the hero image preloaded. Search being down leaves the page without featured
/// stock (the UI shows none). Fills `out` and answers `Ok(true)`.
pub async fn home(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx {
        settings,
        base,
        site,
        state,
        t,
        ..
    } = cx;
    let Out { meta, page } = out;
    let q =
        crate::search::query::SearchQuery::from_query_string(&featured_address(&settings.car_types)).expect("the featured address parses");
    if let Ok(res) = crate::search::service::run_search(state.platform(), t, &q, None).await {
        // The hero's image: the first featured car's (the UI's `featuredCars` rule: in stock,
        // more than one photo).
        if let Some((href, set)) = res
            .hits
            .iter()
            .find(|h| h.status == "in_stock" && h.photos_count > 1)
            .and_then(|h| h.primary_image_url.as_deref())
            .and_then(|img| seo::image_preload(img, seo::HOME_HERO_WIDTHS, seo::HOME_HERO_SIZES))
        {
            meta.preload_image = Some(href);
            meta.preload_srcset = Some(set);
        }
        *page = serde_json::to_value(&res).expect("serialisable");
    }
    meta.title = String::new();
    meta.description = truncate(
        &format!("{site}: new, used and demo cars, finance, service and locations. Browse our stock online."),
        160,
    );
    if let Some(l) = settings.locations.iter().find(|l| l.primary).or(settings.locations.first()) {
        let mut org = seo::location_json_ld(base, l, &format!("{base}/"));
        org["name"] = serde_json::Value::from(site.clone());
        meta.json_ld.push(org);
    }
    Ok(true)
}

/// A location page (`/our-location/{slug}`; a dealership slug opens its primary location): `AutoDealer` with opening hours. Not found: a slug naming neither.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn location(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx {
        settings,
        base,
        canonical,
        m,
        ..
    } = cx;
    let Out { meta, page } = out;
    let slug = m.params.get("locationSlug").or(m.params.get("slug")).cloned().unwrap_or_default();
    // A location slug, or a dealership slug (its primary location first).
    let found = settings.locations.iter().find(|l| l.slug == slug).or_else(|| {
        let own = || settings.locations.iter().filter(|l| l.dealership_slug == slug);
        own().find(|l| l.primary).or_else(|| own().next())
    });
    match found {
        Some(l) => {
            *page = serde_json::to_value(l).expect("serialisable");
            meta.title = l.name.clone();
            meta.description = truncate(
                &format!(
                    "{}, {} {} {}. Opening hours, phone and directions.",
                    l.name,
                    l.address.street.clone().unwrap_or_default(),
                    l.address.city.clone().unwrap_or_default(),
                    l.address.state.clone().unwrap_or_default()
                ),
                160,
            );
            meta.json_ld.push(seo::location_json_ld(base, l, canonical));
            meta.json_ld.push(cx.crumbs(&[(l.name.clone(), canonical.clone())]));
        }
        None => return Ok(false),
    }
    Ok(true)
}

/// The offers page: the site's current offers inline.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn special_offers(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx { t, site, canonical, .. } = cx;
    let Out { meta, page } = out;
    let offers = crate::site::offers::live_offers(t);
    meta.title = "Special Offers".into();
    meta.description = truncate(
        &match offers.offers.len() {
            0 => format!("Current offers on new and used cars, finance and service at {site}."),
            n => format!(
                "{n} current offers at {site}: {}.",
                offers.offers.iter().map(|o| o.name.as_str()).collect::<Vec<_>>().join(", ")
            ),
        },
        160,
    );
    meta.json_ld.push(cx.crumbs(&[("Special Offers".into(), canonical.clone())]));
    *page = serde_json::to_value(offers).expect("serialisable");
    Ok(true)
}

/// One offer (`/offers/{id}`, `/offers/{manufacturer}/{id}`). Not found: an unknown, expired or excluded offer, or another manufacturer's path.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn offer(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx { t, base, canonical, m, .. } = cx;
    let Out { meta, page } = out;
    let id = m.params.get("offerId").cloned().unwrap_or_default();
    let found = crate::site::offers::offer(t, &id).ok().filter(|o| {
        // /offers/{manufacturer}/{id} must name the offer's own manufacturer.
        m.params
            .get("manufacturer")
            .is_none_or(|mf| o.manufacturer.as_deref().is_some_and(|om| crate::slug::slugify(om) == *mf))
    });
    match found {
        Some(o) => {
            meta.title = o.name.clone();
            meta.description = truncate(
                if o.description_text.is_empty() {
                    &o.name
                } else {
                    &o.description_text
                },
                160,
            );
            if let Some(img) = &o.image_url {
                meta.image = Some(absolute(base, img));
            }
            meta.json_ld.push(cx.crumbs(&[
                ("Special Offers".into(), format!("{base}/special-offers")),
                (o.name.clone(), canonical.clone()),
            ]));
            *page = serde_json::to_value(o).expect("serialisable");
        }
        None => return Ok(false),
    }
    Ok(true)
}

/// The brands page. Not found: a site without brand groups.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn brands(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx { t, site, canonical, .. } = cx;
    let Out { meta, page } = out;
    match crate::site::offers::brands(t) {
        Ok(b) => {
            meta.title = "Our Brands".into();
            let names: Vec<&str> = b.groups.iter().flat_map(|g| &g.brands).map(|b| b.title.as_str()).collect();
            meta.description = truncate(&format!("The brands of {site}: {}.", names.join(", ")), 160);
            meta.json_ld.push(cx.crumbs(&[("Our Brands".into(), canonical.clone())]));
            *page = serde_json::to_value(b).expect("serialisable");
        }
        Err(_) => return Ok(false),
    }
    Ok(true)
}

/// A brand's overview page. Not found: an unknown brand or one with `skip_page`.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn brand_overview(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx { t, base, canonical, m, .. } = cx;
    let Out { meta, page } = out;
    let slug = m.params.get("brand").cloned().unwrap_or_default();
    match t.content.site.brand(&slug).filter(|b| !b.skip_page) {
        Some(b) => {
            meta.title = format!("{} Overview", b.title);
            meta.description = truncate(if b.description.is_empty() { &b.title } else { &b.description }, 160);
            if let Some(img) = b.banner_url.as_ref().or(b.logo_url.as_ref()) {
                meta.image = Some(absolute(base, img));
            }
            meta.json_ld.push(cx.crumbs(&[
                ("Our Brands".into(), format!("{base}/brands")),
                (b.title.clone(), canonical.clone()),
            ]));
            *page = serde_json::to_value(b).expect("serialisable");
        }
        None => return Ok(false),
    }
    Ok(true)
}

/// The dealer locator page.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn dealer_locator(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx {
        settings, site, canonical, ..
    } = cx;
    let Out { meta, .. } = out;
    meta.title = "Dealer Locator".into();
    let n = settings.locations.len();
    meta.description = truncate(
        &format!(
            "Find your nearest {site} location: {n} sales, service and parts locations with opening hours, phone numbers and directions."
        ),
        160,
    );
    meta.json_ld.push(cx.crumbs(&[("Dealer Locator".into(), canonical.clone())]));
    Ok(true)
}
