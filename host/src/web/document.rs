//! HTML documents for the public routes: the shell's `index.html` with the page's head tags and
//! its initial data inline (`#__FORECOURT_DATA__`, ui-shell/README.md "Inline data"), so the first
//! paint needs no API round trip and crawlers that run no JavaScript see the page's facts.

use std::collections::BTreeMap;

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
    response::{Html, IntoResponse, Response},
};
use serde::Serialize;

use super::seo::{self, PageMeta, base_url, head_tags, script_json, truncate};
use crate::{
    api::{self, error::ApiError},
    server::{AppState, CurrentTenant},
};

/// The inline data, version 1 (ui-shell/src/boot/inline.ts).
#[derive(Debug, Serialize)]
pub struct InlineData {
    /// Always 1.
    pub version: u32,
    /// The body of `GET /api/v1/tenant`.
    pub tenant: serde_json::Value,
    /// The route rendered, or null for the not-found page.
    pub route: Option<InlineRoute>,
    /// The HTTP status of the document.
    pub status: u16,
    /// The API body for the route (the car for `car`), or null.
    pub page: serde_json::Value,
}

/// The rendered route.
#[derive(Debug, Serialize)]
pub struct InlineRoute {
    /// Route id (ui-shell route table).
    pub id: String,
    /// URL path.
    pub path: String,
    /// Path parameters.
    pub params: BTreeMap<String, String>,
}

fn car_type_label(t: &str) -> &'static str {
    match t {
        "new" => "New cars",
        "demo" => "Demo cars",
        _ => "Used cars",
    }
}

fn search_path_for(t: &str) -> &'static str {
    match t {
        "new" => "/search/new-cars",
        "demo" => "/search/demo-cars",
        _ => "/search/used-cars",
    }
}

/// Renders the document for any public path (the router's fallback for GET requests).
pub async fn document(State(state): State<AppState>, CurrentTenant(t): CurrentTenant, headers: HeaderMap, uri: Uri) -> Response {
    match render(&state, &t, &headers, uri.path(), uri.query()).await {
        Ok(r) => r,
        Err(e) => e.into_response(),
    }
}

async fn render(
    state: &AppState,
    t: &std::sync::Arc<crate::tenant::Tenant>,
    headers: &HeaderMap,
    path: &str,
    query: Option<&str>,
) -> Result<Response, ApiError> {
    let base = base_url(t, headers);
    let site = t.config.name.clone();
    let Json(settings) = api::tenant::get_tenant(State(state.clone()), CurrentTenant(t.clone())).await?;
    let tenant_json = serde_json::to_value(&settings).expect("serialisable");
    let clean_path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    let canonical = format!("{base}{clean_path}");
    let home_crumb = ("Home".to_string(), format!("{base}/"));

    let matched = state.web.routes.find(clean_path);
    let mut status = StatusCode::OK;
    let mut page = serde_json::Value::Null;
    let mut meta = PageMeta {
        canonical: canonical.clone(),
        og_type: "website",
        image: settings.logo_url.as_ref().map(|l| absolute(&base, l)),
        ..Default::default()
    };
    let route = match matched {
        None => None,
        Some(m) => {
            match m.id.as_str() {
                "home" => {
                    meta.title = String::new();
                    meta.description = truncate(
                        &format!("{site}: new, used and demo cars, finance, service and locations. Browse our stock online."),
                        160,
                    );
                    if let Some(l) = settings.locations.iter().find(|l| l.primary).or(settings.locations.first()) {
                        let mut org = seo::location_json_ld(&base, l, &format!("{base}/"));
                        org["name"] = serde_json::Value::from(site.clone());
                        meta.json_ld.push(org);
                    }
                }
                "car" => {
                    let slug = m.params.get("slug").cloned().unwrap_or_default();
                    match api::cars::get_car(State(state.clone()), CurrentTenant(t.clone()), Path(slug)).await {
                        Ok(Json(car)) => {
                            let c = &car.car;
                            meta.title = car.name.clone();
                            let mut facts = vec![];
                            if let Some(km) = c.km {
                                facts.push(format!("{} km", group_thousands(km)));
                            }
                            facts.extend([c.trans.clone(), c.body.clone(), c.fuel.clone()].into_iter().flatten());
                            let price = if c.price > 10.0 {
                                format!("${}", group_thousands(c.price.round() as i64))
                            } else {
                                settings.wording.no_price_text.clone()
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
                                let abs = absolute(&base, img);
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
                            meta.json_ld.push(seo::car_json_ld(&base, c, &car.name, &seller));
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
                            page = serde_json::to_value(&car).expect("serialisable");
                        }
                        Err(e) if e.status == StatusCode::NOT_FOUND => status = StatusCode::NOT_FOUND,
                        Err(e) => return Err(e),
                    }
                }
                "our-location" | "location" => {
                    let slug = m.params.get("locationSlug").or(m.params.get("slug")).cloned().unwrap_or_default();
                    // A location slug, or a dealership slug (its primary location first).
                    let found = settings.locations.iter().find(|l| l.slug == slug).or_else(|| {
                        let own = || settings.locations.iter().filter(|l| l.dealership_slug == slug);
                        own().find(|l| l.primary).or_else(|| own().next())
                    });
                    match found {
                        Some(l) => {
                            page = serde_json::to_value(l).expect("serialisable");
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
                            meta.json_ld.push(seo::location_json_ld(&base, l, &canonical));
                            meta.json_ld
                                .push(seo::breadcrumbs_json_ld(&[home_crumb.clone(), (l.name.clone(), canonical.clone())]));
                        }
                        None => status = StatusCode::NOT_FOUND,
                    }
                }
                id if id.starts_with("search") => {
                    // The SRP: the route's scope and the first page of results, inline; a bad
                    // address parameter falls back to the route alone (the UI shows the error).
                    let q = api::search::parse_for(t, query)
                        .or_else(|_| api::search::parse_for(t, None))
                        .expect("an empty address parses");
                    let found = match api::search::resolve_scope(state, t, clean_path).await {
                        Ok(Some(scope)) => match api::search::run_search(
                            state,
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
                                    group_thousands(res.count as i64),
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
                            meta.json_ld.push(seo::item_list_json_ld(&base, &items));
                            let crumbs: Vec<(String, String)> = scope
                                .breadcrumbs
                                .iter()
                                .map(|c| (c.label.clone(), format!("{base}{}", c.href)))
                                .collect();
                            meta.json_ld.push(seo::breadcrumbs_json_ld(&crumbs));
                            page = serde_json::to_value(&res).expect("serialisable");
                        }
                        Some(None) => status = StatusCode::NOT_FOUND,
                    }
                }
                // Issue 12: the electric-model area, the recall page and the markdown pages.
                "models" | "models-compare" | "model-family" => {
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
                                meta.image = Some(absolute(&base, &s.image_src));
                                // The first slide is the page's largest image: found from the document.
                                if let Some((href, set)) = seo::image_preload(&s.image_src, seo::MODEL_HERO_WIDTHS, seo::MODEL_HERO_SIZES) {
                                    meta.preload_image = Some(href);
                                    meta.preload_srcset = Some(set);
                                }
                            }
                            meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                                home_crumb.clone(),
                                (meta.title.clone(), canonical.clone()),
                            ]));
                            page = serde_json::to_value(models).expect("serialisable");
                        }
                        (Some(models), Some(Some(f))) => {
                            meta.title = f.title.clone();
                            meta.description = truncate(&f.description, 160);
                            meta.image = Some(absolute(&base, &f.image_url));
                            let first = if f.hero_image_url.is_empty() {
                                &f.image_url
                            } else {
                                &f.hero_image_url
                            };
                            if let Some((href, set)) = seo::image_preload(first, seo::MODEL_TAB_WIDTHS, seo::MODEL_TAB_SIZES) {
                                meta.preload_image = Some(href);
                                meta.preload_srcset = Some(set);
                            }
                            meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                                home_crumb.clone(),
                                (models.title.clone(), format!("{base}/models")),
                                (f.title.clone(), canonical.clone()),
                            ]));
                            page = serde_json::to_value(models).expect("serialisable");
                        }
                        _ => status = StatusCode::NOT_FOUND,
                    }
                }
                "special-offers" => {
                    let offers = api::site::get_offers(CurrentTenant(t.clone())).await.0;
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
                    meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                        home_crumb.clone(),
                        ("Special Offers".into(), canonical.clone()),
                    ]));
                    page = serde_json::to_value(offers).expect("serialisable");
                }
                "offer" | "offer-manufacturer" => {
                    let id = m.params.get("offerId").cloned().unwrap_or_default();
                    let found = api::site::offer(t, &id).ok().filter(|o| {
                        // /offers/{manufacturer}/{id} must name the offer's own manufacturer.
                        m.params.get("manufacturer").is_none_or(|mf| {
                            o.manufacturer
                                .as_deref()
                                .is_some_and(|om| crate::slug::slugify(om) == *mf)
                        })
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
                                meta.image = Some(absolute(&base, img));
                            }
                            meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                                home_crumb.clone(),
                                ("Special Offers".into(), format!("{base}/special-offers")),
                                (o.name.clone(), canonical.clone()),
                            ]));
                            page = serde_json::to_value(o).expect("serialisable");
                        }
                        None => status = StatusCode::NOT_FOUND,
                    }
                }
                "brands" => match api::site::brands(t) {
                    Ok(b) => {
                        meta.title = "Our Brands".into();
                        let names: Vec<&str> = b.groups.iter().flat_map(|g| &g.brands).map(|b| b.title.as_str()).collect();
                        meta.description = truncate(&format!("The brands of {site}: {}.", names.join(", ")), 160);
                        meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                            home_crumb.clone(),
                            ("Our Brands".into(), canonical.clone()),
                        ]));
                        page = serde_json::to_value(b).expect("serialisable");
                    }
                    Err(_) => status = StatusCode::NOT_FOUND,
                },
                "brand-overview" => {
                    let slug = m.params.get("brand").cloned().unwrap_or_default();
                    match t.content.site.brand(&slug).filter(|b| !b.skip_page) {
                        Some(b) => {
                            meta.title = format!("{} Overview", b.title);
                            meta.description = truncate(if b.description.is_empty() { &b.title } else { &b.description }, 160);
                            if let Some(img) = b.banner_url.as_ref().or(b.logo_url.as_ref()) {
                                meta.image = Some(absolute(&base, img));
                            }
                            meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                                home_crumb.clone(),
                                ("Our Brands".into(), format!("{base}/brands")),
                                (b.title.clone(), canonical.clone()),
                            ]));
                            page = serde_json::to_value(b).expect("serialisable");
                        }
                        None => status = StatusCode::NOT_FOUND,
                    }
                }
                "dealer-locator" => {
                    meta.title = "Dealer Locator".into();
                    let n = settings.locations.len();
                    meta.description = truncate(
                        &format!(
                            "Find your nearest {site} location: {n} sales, service and parts locations with opening hours, phone numbers and directions."
                        ),
                        160,
                    );
                    meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                        home_crumb.clone(),
                        ("Dealer Locator".into(), canonical.clone()),
                    ]));
                }
                "recall" => match &t.content.recalls {
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
                        meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                            home_crumb.clone(),
                            (r.title.clone(), canonical.clone()),
                        ]));
                        page = serde_json::to_value(r).expect("serialisable");
                    }
                    None => status = StatusCode::NOT_FOUND,
                },
                _ if m.page.as_deref() == Some("content") => match t.content.page(clean_path) {
                    Some(p) => {
                        meta.title = p.title.clone();
                        meta.description = if p.description.is_empty() {
                            truncate(&format!("{} at {site}.", p.title), 160)
                        } else {
                            p.description.clone()
                        };
                        meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                            home_crumb.clone(),
                            (p.title.clone(), canonical.clone()),
                        ]));
                        page = serde_json::to_value(p).expect("serialisable");
                    }
                    None => status = StatusCode::NOT_FOUND,
                },
                _ => {
                    meta.title = m.title.clone();
                    meta.description = truncate(&format!("{} at {site}.", m.title), 160);
                    meta.json_ld.push(seo::breadcrumbs_json_ld(&[
                        home_crumb.clone(),
                        (m.title.clone(), canonical.clone()),
                    ]));
                }
            }
            (status == StatusCode::OK).then(|| InlineRoute {
                id: m.id.clone(),
                path: clean_path.to_string(),
                params: m.params.clone(),
            })
        }
    };
    if route.is_none() {
        status = StatusCode::NOT_FOUND;
        meta = PageMeta {
            title: "Page not found".into(),
            description: format!("This page is not on {site}. Search our stock instead."),
            canonical,
            og_type: "website",
            ..Default::default()
        };
    }
    let data = InlineData {
        version: 1,
        tenant: tenant_json,
        route,
        status: status.as_u16(),
        page,
    };
    let mut head = head_tags(&site, &meta);
    if status == StatusCode::NOT_FOUND {
        head.push_str("<meta name=\"robots\" content=\"noindex\">\n");
    }
    let title = if meta.title.is_empty() {
        site.clone()
    } else {
        format!("{} | {site}", meta.title)
    };
    let body = state.web.shell.render(
        &title,
        &head,
        &format!(
            "<script id=\"__FORECOURT_DATA__\" type=\"application/json\">{}</script>",
            script_json(&data)
        ),
    );
    let mut res = (status, Html(body)).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // The policy matters for documents only (assets are not documents).
    res.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_str(&crate::server::content_security_policy(t))
            .unwrap_or_else(|_| HeaderValue::from_static(crate::server::CONTENT_SECURITY_POLICY)),
    );
    Ok(res)
}

/// `12345` -> `12,345`.
pub fn group_thousands(n: i64) -> String {
    let s = n.abs().to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// A site path or URL made absolute against the site's base URL (`/img/a.png` ->
/// `https://site/img/a.png`); absolute URLs are kept.
fn absolute(base: &str, path: &str) -> String {
    if path.starts_with("http") {
        path.to_string()
    } else {
        format!("{base}{path}")
    }
}
