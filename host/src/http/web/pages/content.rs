//! Documents of the content pages: the electric-model area, recall, markdown pages and any other route.

use crate::http::{
    error::ApiError,
    web::{
        pages::context::{Cx, Out, absolute},
        seo::{self, truncate},
    },
};

/// The electric-model area (`/models`, `/models/compare`, `/models/{baseId}`). Not found: a tenant without models, or an unknown family.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn models(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx {
        t,
        base,
        site,
        canonical,
        m,
        ..
    } = cx;
    let Out { meta, page } = out;
    let models = t.content.models.as_ref();
    let family = m.params.get("baseId").map(|b| t.content.family(b));
    match (models, family) {
        (Some(models), None) => {
            let compare = m.id == "models-compare";
            meta.title = if compare {
                models.compare.title.clone()
            } else {
                models.title.clone()
            };
            meta.description = truncate(
                &if compare {
                    format!(
                        "{}: {}. Dimensions, performance and features side by side.",
                        models.compare.title, models.compare.subtitle
                    )
                } else {
                    let names: Vec<&str> = models.families.iter().map(|f| f.name.as_str()).collect();
                    format!(
                        "Explore the {} range at {site}: range, performance, features and stock.",
                        names.join(" and ")
                    )
                },
                160,
            );
            if let Some(s) = models.slides.first().filter(|_| !compare) {
                meta.image = Some(absolute(base, &s.image_src));
                // The first slide is the page's largest image: found from the document.
                if let Some((href, set)) = seo::image_preload(&s.image_src, seo::MODEL_HERO_WIDTHS, seo::MODEL_HERO_SIZES) {
                    meta.preload_image = Some(href);
                    meta.preload_srcset = Some(set);
                }
            }
            meta.json_ld.push(cx.crumbs(&[(meta.title.clone(), canonical.clone())]));
            *page = serde_json::to_value(models).expect("serialisable");
        }
        (Some(models), Some(Some(f))) => {
            meta.title = f.title.clone();
            meta.description = truncate(&f.description, 160);
            meta.image = Some(absolute(base, &f.image_url));
            let first = if f.hero_image_url.is_empty() {
                &f.image_url
            } else {
                &f.hero_image_url
            };
            if let Some((href, set)) = seo::image_preload(first, seo::MODEL_TAB_WIDTHS, seo::MODEL_TAB_SIZES) {
                meta.preload_image = Some(href);
                meta.preload_srcset = Some(set);
            }
            meta.json_ld.push(cx.crumbs(&[
                (models.title.clone(), format!("{base}/models")),
                (f.title.clone(), canonical.clone()),
            ]));
            *page = serde_json::to_value(models).expect("serialisable");
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// The recall page. Not found: a site without recall content.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn recall(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx { t, site, canonical, .. } = cx;
    let Out { meta, page } = out;
    match &t.content.recalls {
        Some(r) => {
            meta.title = r.title.clone();
            meta.description = truncate(
                &match r.campaigns.first() {
                    Some(c) => format!(
                        "Recall {} for {} {} vehicles, and how to check your car at {site}.",
                        c.recall_number, c.affected_years, c.model_name
                    ),
                    None => format!("How to check whether your vehicle has an open recall, and what {site} does about it."),
                },
                160,
            );
            meta.json_ld.push(cx.crumbs(&[(r.title.clone(), canonical.clone())]));
            *page = serde_json::to_value(r).expect("serialisable");
        }
        None => return Ok(false),
    }
    Ok(true)
}

/// A markdown content page (`about-us`, `pages/warranty`, ...). Not found: a page the tenant lacks.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn content_page(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx {
        t,
        site,
        canonical,
        clean_path,
        ..
    } = cx;
    let Out { meta, page } = out;
    match t.content.page(clean_path) {
        Some(p) => {
            meta.title = p.title.clone();
            meta.description = if p.description.is_empty() {
                truncate(&format!("{} at {site}.", p.title), 160)
            } else {
                p.description.clone()
            };
            meta.json_ld.push(cx.crumbs(&[(p.title.clone(), canonical.clone())]));
            *page = serde_json::to_value(p).expect("serialisable");
        }
        None => return Ok(false),
    }
    Ok(true)
}

/// Any other route of the UI's route table: its title and a generic description.
/// Fills `out` and answers `Ok(true)`, or `Ok(false)` for a 404 document.
pub fn other(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    let Cx { site, canonical, m, .. } = cx;
    let Out { meta, .. } = out;
    meta.title = m.title.clone();
    meta.description = truncate(&format!("{} at {site}.", m.title), 160);
    meta.json_ld.push(cx.crumbs(&[(m.title.clone(), canonical.clone())]));
    Ok(true)
}
