//! What a page function works with ([`Cx`]) and what it fills in ([`Out`]).

use std::sync::Arc;

use crate::{
    http::{
        state::AppState,
        web::{routes::Matched, seo::PageMeta},
    },
    site::settings::TenantSettings,
    tenant::Tenant,
};

/// The request as a page function sees it.
pub struct Cx<'a> {
    /// The host's state.
    pub state: &'a AppState,
    /// The request's tenant.
    pub t: &'a Arc<Tenant>,
    /// The tenant's public settings (also inlined as the document's `tenant`).
    pub settings: &'a TenantSettings,
    /// The site's base URL (`https://host`, no trailing slash).
    pub base: String,
    /// The site's name.
    pub site: String,
    /// The page's canonical URL (base plus the clean path).
    pub canonical: String,
    /// The breadcrumb to the home page: (`Home`, base URL).
    pub home_crumb: (String, String),
    /// The path without a trailing slash (`/` for the home page).
    pub clean_path: &'a str,
    /// The raw query string, if any.
    pub query: Option<&'a str>,
    /// The route the path matched, with its parameters.
    pub m: &'a Matched,
}

impl Cx<'_> {
    /// The page's `BreadcrumbList` JSON-LD: Home, then `trail` (label, absolute URL) in order.
    pub fn crumbs(&self, trail: &[(String, String)]) -> serde_json::Value {
        let mut all = Vec::with_capacity(trail.len() + 1);
        all.push(self.home_crumb.clone());
        all.extend_from_slice(trail);
        crate::http::web::seo::breadcrumbs_json_ld(&all)
    }
}

/// What a page function fills in: the head tags and the route's inline body.
#[derive(Default)]
pub struct Out {
    /// Title, description, canonical URL, images, preload hints and JSON-LD.
    pub meta: PageMeta,
    /// The route's API body inlined as the document's `page` (null when the route has none).
    pub page: serde_json::Value,
}

/// The breadcrumb label of a car type: `New cars`, `Demo cars` or `Used cars`.
pub fn car_type_label(t: &str) -> &'static str {
    match t {
        "new" => "New cars",
        "demo" => "Demo cars",
        _ => "Used cars",
    }
}

/// The SRP path of a car type: `/search/new-cars`, `/search/demo-cars` or `/search/used-cars`.
pub fn search_path_for(t: &str) -> &'static str {
    match t {
        "new" => "/search/new-cars",
        "demo" => "/search/demo-cars",
        _ => "/search/used-cars",
    }
}

/// A site path or URL made absolute against the site's base URL (`/img/a.png` ->
/// `https://site/img/a.png`); absolute URLs are kept.
pub fn absolute(base: &str, path: &str) -> String {
    if path.starts_with("http") {
        path.to_string()
    } else {
        format!("{base}{path}")
    }
}
