//! HTML documents for the public routes: the shell's `index.html` with the page's head tags and
//! its initial data inline (`#__FORECOURT_DATA__`, ui-shell/README.md "Inline data"), so the first
//! paint needs no API round trip and crawlers that run no JavaScript see the page's facts.

use std::collections::BTreeMap;

use axum::{
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
    response::{Html, IntoResponse, Response},
};
use serde::Serialize;

use crate::http::{
    error::ApiError,
    state::{AppState, CurrentTenant},
    web::{
        pages::{
            content,
            context::{Cx, Out, absolute},
            site, stock,
        },
        paint::app::first_paint,
        seo::{PageMeta, base_url, head_tags, script_json},
    },
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

/// Fills `out` for the matched route by its page function; `Ok(false)` when the route's
/// subject does not exist (a 404 document).
async fn page_for(cx: &Cx<'_>, out: &mut Out) -> Result<bool, ApiError> {
    match cx.m.id.as_str() {
        "home" => site::home(cx, out).await,
        "car" => stock::car(cx, out).await,
        // A car's own pages (checkout, buy online...): a 404 when the car is not this tenant's.
        id if id.starts_with("car-") && cx.m.params.contains_key("slug") => {
            let slug = cx.m.params.get("slug").map(String::as_str).unwrap_or_default();
            let found = crate::repo::TenantRepo::new(&cx.state.db, cx.t.slug()).car_by_slug(slug).await?;
            match found {
                Some(_) => content::other(cx, out),
                None => Ok(false),
            }
        }
        "our-location" | "location" => site::location(cx, out),
        id if id.starts_with("search") => stock::search(cx, out).await,
        "models" | "models-compare" | "model-family" => content::models(cx, out),
        "special-offers" => site::special_offers(cx, out),
        "offer" | "offer-manufacturer" => site::offer(cx, out),
        "brands" => site::brands(cx, out),
        "brand-overview" => site::brand_overview(cx, out),
        "dealer-locator" => site::dealer_locator(cx, out),
        "recall" => content::recall(cx, out),
        // The careers page is a content page with the careers form below it (ui-shell's `careers` page).
        _ if matches!(cx.m.page.as_deref(), Some("content" | "careers")) => content::content_page(cx, out),
        _ => content::other(cx, out),
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
    let settings = crate::site::settings::settings(&state.db, &state.plugins, t).await?;
    let tenant_json = serde_json::to_value(&settings).expect("serialisable");
    let clean_path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    let canonical = format!("{base}{clean_path}");
    let mut out = Out {
        meta: PageMeta {
            canonical: canonical.clone(),
            og_type: "website",
            image: settings.logo_url.as_ref().map(|l| absolute(&base, l)),
            ..Default::default()
        },
        page: serde_json::Value::Null,
    };
    let matched = state.web.routes.find(clean_path);
    let route = match &matched {
        None => None,
        Some(m) => {
            let cx = Cx {
                state,
                t,
                settings: &settings,
                home_crumb: ("Home".to_string(), format!("{base}/")),
                base: base.clone(),
                site: site.clone(),
                canonical: canonical.clone(),
                clean_path,
                query,
                m,
            };
            page_for(&cx, &mut out).await?.then(|| InlineRoute {
                id: m.id.clone(),
                path: clean_path.to_string(),
                params: m.params.clone(),
            })
        }
    };
    let (status, meta, page) = match &route {
        Some(_) => (StatusCode::OK, out.meta, out.page),
        None => (
            StatusCode::NOT_FOUND,
            PageMeta {
                title: "Page not found".into(),
                description: format!("This page is not on {site}. Search our stock instead."),
                canonical,
                og_type: "website",
                ..Default::default()
            },
            serde_json::Value::Null,
        ),
    };
    let data = InlineData {
        version: 1,
        tenant: tenant_json,
        route,
        status: status.as_u16(),
        page,
    };
    // The theme first: the font preloads start before the page's own head tags.
    let theme = state.web.shell.theme.document(&data.tenant);
    let mut head = theme.head;
    head.push_str(&head_tags(&site, &meta));
    if status == StatusCode::NOT_FOUND {
        head.push_str("<meta name=\"robots\" content=\"noindex\">\n");
    }
    let title = if meta.title.is_empty() {
        site.clone()
    } else {
        format!("{} | {site}", meta.title)
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let root = first_paint(
        data.route.as_ref().map(|r| r.id.as_str()),
        clean_path,
        query,
        &data.tenant,
        &data.page,
        now,
    );
    let body = state.web.shell.render(
        &theme.html_attrs,
        &title,
        &head,
        &root,
        &format!(
            "<script id=\"__FORECOURT_DATA__\" type=\"application/json\">{}</script>",
            script_json(&data)
        ),
    );
    let mut res = (status, Html(body)).into_response();
    if status == StatusCode::OK {
        res.extensions_mut().insert(crate::http::render_cache::Cacheable);
    }
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // The policy matters for documents only (assets are not documents).
    res.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_str(&crate::http::headers::content_security_policy(t))
            .unwrap_or_else(|_| HeaderValue::from_static(crate::http::headers::CONTENT_SECURITY_POLICY)),
    );
    Ok(res)
}
