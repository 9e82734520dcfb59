//! The web front door (docs/features/platform.md "UI shell and HTML documents"; ARCHITECTURE.md
//! "HTML documents and SEO"): every public route as an HTML document built from
//! `ui-shell/dist/index.html` with its title, meta description, canonical URL, OpenGraph and
//! Twitter cards, JSON-LD and the initial data inline; the shell's and the remotes' assets with
//! immutable caching; `sitemap.xml` and `robots.txt` per tenant; security headers.

pub mod assets;
pub mod document;
pub mod images;
pub mod pages;
pub mod paint;
pub mod routes;
pub mod seo;
pub mod shell;
pub mod theme;

use axum::{Router, routing::get};

use crate::http::state::AppState;

/// Routes served for a resolved tenant (the tenant middleware runs first).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(seo::robots_txt))
        .route("/sitemap.xml", get(seo::sitemap_xml))
        .route("/assets/{*path}", get(assets::shell_asset))
        .route("/img/{*path}", get(images::image))
        .route("/logos/{file}", get(crate::http::api::site::logo))
        .route("/ui-plugins/{template}/{*path}", get(assets::remote_asset))
}
