//! Documents of the stock pages: the VDP and the SRP.

use crate::error::ErrorKind;
use crate::http::{
    error::ApiError,
    web::{
        pages::context::{Cx, Out, absolute, car_type_label, search_path_for},
        seo::{self, truncate},
    },
};

/// A VDP (`/cars/{slug}`): the car's title, description, image preload, `Car`/`Offer` and breadcrumbs JSON-LD, and the car inline. Not found: an unknown slug.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub async fn car(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx {
        state,
        t,
        settings,
        base,
        site,
        canonical,
        home_crumb,
        m,
        ..
    } = cx;
    let Out { meta, page } = out;
    let slug = m.params.get("slug").cloned().unwrap_or_default();
    match crate::cars::detail(state.platform(), t, &slug).await {
        Ok(car) => {
            let c = &car.car;
            meta.title = car.name.clone();
            let mut facts = vec![];
            if let Some(km) = c.km {
                facts.push(format!("{} km", crate::format::group_thousands(km)));
            }
            facts.extend([c.trans.clone(), c.body.clone(), c.fuel.clone()].into_iter().flatten());
            let shown = car.price_view.shown_price();
            let price = match shown {
                Some(p) => crate::format::whole_dollars(p),
                None => settings.wording.no_price_text.clone(),
            };
            meta.description = truncate(
                &format!(
                    "{} {} for {price} at {site}{}. Stock number {}.",
                    if c.car_type == "used" {
                        "Used"
                    } else if c.car_type == "demo" {
                        "Demo"
                    } else {
                        "New"
                    },
                    car.name,
                    if facts.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", facts.join(", "))
                    },
                    c.stocknum
                ),
                160,
            );
            meta.og_type = "product";
            if let Some(img) = &car.primary_image_url {
                let abs = absolute(base, img);
                meta.image = Some(abs.clone());
                match seo::image_preload(img, seo::GALLERY_WIDTHS, seo::GALLERY_SIZES) {
                    Some((href, set)) => {
                        meta.preload_image = Some(href);
                        meta.preload_srcset = Some(set);
                    }
                    None => meta.preload_image = Some(img.clone()),
                }
            }
            let seller = car.location.as_ref().map(|l| l.name.clone()).unwrap_or_else(|| site.clone());
            meta.json_ld
                .push(seo::car_json_ld(base, c, shown, car.drive_away.as_ref(), &car.name, &seller));
            let mut crumbs = vec![
                home_crumb.clone(),
                (
                    car_type_label(&c.car_type).to_string(),
                    format!("{base}{}", search_path_for(&c.car_type)),
                ),
            ];
            let make_slug = crate::slug::slugify(&c.make);
            crumbs.push((c.make.clone(), format!("{base}/search/{make_slug}")));
            crumbs.push((
                c.model.clone(),
                format!("{base}/search/{make_slug}/{}", crate::slug::slugify(&c.model)),
            ));
            crumbs.push((car.name.clone(), canonical.clone()));
            meta.json_ld.push(seo::breadcrumbs_json_ld(&crumbs));
            *page = serde_json::to_value(&car).expect("serialisable");
        }
        Err(e) if e.kind == ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e.into()),
    }
    Ok(true)
}

/// An SRP (`/search/...`): the route's scope and the first page of results inline (the tenant's default refinements on a bare first load); search being down still renders (the UI shows the error). Not found: a path naming nothing on this site.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub async fn search(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx {
        state,
        t,
        base,
        site,
        canonical,
        clean_path,
        query,
        m,
        ..
    } = cx;
    let Out { meta, page } = out;
    // The SRP: the route's scope and the first page of results, inline; a bad
    // address parameter falls back to the route alone (the UI shows the error).
    let q = crate::search::service::parse_for(t, *query)
        .or_else(|_| crate::search::service::parse_for(t, None))
        .expect("an empty address parses");
    let found = match crate::search::service::resolve_scope(state.platform(), t, clean_path).await {
        Ok(Some(scope)) => match crate::search::service::run_search(
            state.platform(),
            t,
            &crate::search::scope::first_load(q, &scope, &t.config.search.default_refinements),
            Some(&scope),
        )
        .await
        {
            Ok(res) => Some(Some((scope, res))),
            Err(_) => None,
        },
        Ok(None) => Some(None),
        Err(_) => None,
    };
    match found {
        // Search is down: the page renders and the UI shows the error state.
        None => {
            meta.title = m.title.clone();
            meta.description = truncate(&format!("Browse new, used and demo cars for sale at {site}."), 160);
        }
        Some(Some((scope, res))) => {
            meta.title = if res.page > 1 {
                format!("{} - Page {}", scope.heading, res.page)
            } else {
                scope.heading.clone()
            };
            meta.description = truncate(
                &format!(
                    "{} {} for sale at {site}. Compare prices, kilometres and features, then enquire online.",
                    crate::format::group_thousands(res.count as i64),
                    scope.heading
                ),
                160,
            );
            if res.page > 1 {
                meta.canonical = format!("{canonical}?page={}", res.page);
            }
            if let Some((href, set)) = res
                .hits
                .first()
                .and_then(|h| h.primary_image_url.as_deref())
                .and_then(|img| seo::image_preload(img, seo::CARD_WIDTHS, seo::CARD_SIZES))
            {
                meta.preload_image = Some(href);
                meta.preload_srcset = Some(set);
            }
            let items: Vec<(String, String)> = res.hits.iter().map(|h| (h.path.clone(), h.name.clone())).collect();
            meta.json_ld.push(seo::item_list_json_ld(base, &items));
            let crumbs: Vec<(String, String)> = scope
                .breadcrumbs
                .iter()
                .map(|c| (c.label.clone(), format!("{base}{}", c.href)))
                .collect();
            meta.json_ld.push(seo::breadcrumbs_json_ld(&crumbs));
            *page = serde_json::to_value(&res).expect("serialisable");
        }
        Some(None) => return Ok(false),
    }
    Ok(true)
}
