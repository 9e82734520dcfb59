//! The HTTP series (`crate::metrics::http_series`): every answer counted by tenant, route kind
//! and status class, and timed, by one layer outside everything else in `server::app`
//! ([`track`]), so a 404 of an unknown host, a 413 or a 414 is counted too.
//!
//! Labels stay bounded: the route kind is one of a fixed set ([`RouteKind`]) read from the
//! path's first segment, never the path itself, and the tenant is the slug the Host header
//! resolved to (`""` for an unknown host and the host-wide routes). The tenant is handed from
//! `server::resolve_tenant` to this layer through a task-local slot ([`note_tenant`]), so the
//! hot path allocates nothing beyond the series' own label lookup.

use std::{cell::Cell, sync::Arc, time::Instant};

use axum::{extract::Request, middleware::Next, response::Response};

use crate::tenant::Tenant;

tokio::task_local! {
    /// The tenant the request in flight resolved to, set by `resolve_tenant`.
    static TENANT: Cell<Option<Arc<Tenant>>>;
}

/// What a request is for, as a label value of the HTTP series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteKind {
    /// A public page: an HTML document (every path no other kind claims).
    Document,
    /// The JSON API under `/api/` (and the spec's `/cars/{slug}/autogauge`).
    Api,
    /// UI assets, template remotes, images, logos, `robots.txt` and `sitemap.xml`.
    Asset,
    /// The listings feeds under `/api/v1/feeds/`.
    Feed,
    /// The admin API under `/api/v1/admin/` and `/metrics`.
    Admin,
    /// `/healthz` and `/readyz`.
    Health,
}

impl RouteKind {
    /// The kind of a request to `path` (the URI's path, without the query).
    pub fn of(path: &str) -> RouteKind {
        if path == "/healthz" || path == "/readyz" {
            RouteKind::Health
        } else if path == "/metrics" || path.starts_with("/api/v1/admin/") {
            RouteKind::Admin
        } else if path.starts_with("/api/v1/feeds/") {
            RouteKind::Feed
        } else if path == "/api" || path.starts_with("/api/") || (path.starts_with("/cars/") && path.ends_with("/autogauge")) {
            RouteKind::Api
        } else if ["/assets/", "/img/", "/logos/", "/ui-plugins/"].iter().any(|p| path.starts_with(p))
            || path == "/robots.txt"
            || path == "/sitemap.xml"
        {
            RouteKind::Asset
        } else {
            RouteKind::Document
        }
    }

    /// The label value: `document`, `api`, `asset`, `feed`, `admin` or `health`.
    pub fn as_str(self) -> &'static str {
        match self {
            RouteKind::Document => "document",
            RouteKind::Api => "api",
            RouteKind::Asset => "asset",
            RouteKind::Feed => "feed",
            RouteKind::Admin => "admin",
            RouteKind::Health => "health",
        }
    }
}

/// The status class label of an answer: `1xx` to `5xx`.
pub(crate) fn status_class(status: axum::http::StatusCode) -> &'static str {
    match status.as_u16() / 100 {
        1 => "1xx",
        2 => "2xx",
        3 => "3xx",
        4 => "4xx",
        _ => "5xx",
    }
}

/// Records the tenant of the request in flight for [`track`] (called by `resolve_tenant`); does
/// nothing outside a tracked request (a test calling a router without the layer).
pub fn note_tenant(t: &Arc<Tenant>) {
    let _ = TENANT.try_with(|slot| slot.set(Some(t.clone())));
}

/// Middleware: runs the request, then counts its answer in `forecourt_http_requests_total`
/// (tenant, kind, status class) and observes the time to the answer's head, seconds, in
/// `forecourt_http_request_duration_seconds` (tenant, kind). The body's streaming is not timed.
pub async fn track(req: Request, next: Next) -> Response {
    let kind = RouteKind::of(req.uri().path());
    let started = Instant::now();
    let (res, tenant) = TENANT
        .scope(Cell::new(None), async move {
            let res = next.run(req).await;
            (res, TENANT.with(Cell::take))
        })
        .await;
    record(tenant.as_deref().map_or("", Tenant::slug), kind, res.status(), started);
    res
}

/// Counts one answer of `status` to a `kind` request of tenant `slug` (`""` for none), begun
/// at `started`, in the two HTTP series, looking the labels up: what [`track`] records, and
/// what the listener's hit path records for a tenant or kind it keeps no handles for.
pub(crate) fn record(slug: &str, kind: RouteKind, status: axum::http::StatusCode, started: Instant) {
    let series = crate::metrics::http_series();
    series
        .requests
        .with_label_values(&[slug, kind.as_str(), status_class(status)])
        .inc();
    series
        .duration
        .with_label_values(&[slug, kind.as_str()])
        .observe(started.elapsed().as_secs_f64());
}

#[cfg(test)]
mod tests {
    use super::RouteKind;

    #[test]
    fn kinds_come_from_the_path_prefix() {
        for (path, kind) in [
            ("/", "document"),
            ("/cars/used/toyota", "document"),
            ("/cars/abc-123/autogauge", "api"),
            ("/api/v1/search", "api"),
            ("/api/openapi.json", "api"),
            ("/api/v1/feeds/google-vehicle-listings.xml", "feed"),
            ("/api/v1/admin/leads", "admin"),
            ("/metrics", "admin"),
            ("/assets/index-abc.js", "asset"),
            ("/img/cars/1.jpg", "asset"),
            ("/robots.txt", "asset"),
            ("/readyz", "health"),
        ] {
            assert_eq!(RouteKind::of(path).as_str(), kind, "{path}");
        }
    }
}
