//! The rendered-response cache's hit path (docs/features/platform.md "Rendered-response cache";
//! BENCHMARKS.md "HTTP: documents and hot JSON against nginx"): the listener
//! (`serve::serve_on`) asks [`HitPath::answer`] first, and a `GET` or `HEAD` request whose
//! answer the cache holds fresh is answered there, before the router clones its layers for the
//! request. Every other request (a miss, an aged entry, a faulty request line, an unknown host,
//! any other method) goes to the router unchanged, whose `render_cache::serve` layer answers
//! hits of its own the same way (a test's `oneshot` on the router, a stale entry).
//!
//! A hit answered here gets what the router's layers would have given it, from the same code:
//! the cache's variant and headers (`render_cache::fresh_answer`), the request id (the client's
//! `x-request-id`, else a new UUID v4, as `SetRequestIdLayer` and `PropagateRequestIdLayer`),
//! the security headers (`server::security_headers`), the `request` trace span with the same
//! fields, and the counts: `forecourt_http_requests_total`,
//! `forecourt_http_request_duration_seconds` and `forecourt_cache_hits_total{cache="rendered"}`.
//! The metric handles are looked up once per tenant, route kind and status, not per request.

use std::{collections::HashMap, net::IpAddr, sync::OnceLock, time::Instant};

use axum::{
    http::{Method, Request, StatusCode},
    response::Response,
};
use prometheus::{Histogram, IntCounter};
use tower_http::request_id::{MakeRequestId, MakeRequestUuid};

use crate::http::{
    headers::request_host,
    render_cache,
    request_metrics::{self, RouteKind},
    server::{REQUEST_ID, request_line_fault, security_headers},
    session::forwarded_https,
    state::AppState,
};

/// The metric handles of one tenant's hits, each resolved on first use (so no series appears
/// before the tenant's first hit, as with the router's layers).
#[derive(Default)]
struct TenantSeries {
    /// `forecourt_cache_hits_total{cache="rendered", tenant}`.
    cache_hits: OnceLock<IntCounter>,
    /// `forecourt_http_requests_total{tenant, kind, status}`: [document, api] x [2xx, 3xx].
    requests: [[OnceLock<IntCounter>; 2]; 2],
    /// `forecourt_http_request_duration_seconds{tenant, kind}`: [document, api].
    duration: [OnceLock<Histogram>; 2],
}

/// The hit path of one process's state (see the module's description).
pub struct HitPath {
    state: AppState,
    /// Whether answers carry `Strict-Transport-Security` (`Settings::cookies_secure`, read once).
    hsts: bool,
    /// Per tenant slug, made on a tenant's first hit (tenants come and go with reloads).
    series: std::sync::RwLock<HashMap<String, std::sync::Arc<TenantSeries>>>,
}

impl HitPath {
    /// The hit path of `state`'s cache.
    pub fn new(state: &AppState) -> HitPath {
        HitPath {
            state: state.clone(),
            hsts: state.settings.cookies_secure(),
            series: std::sync::RwLock::default(),
        }
    }

    /// The answer to `req` when it is a `GET` or `HEAD` of a known tenant's host that the
    /// rendered-response cache holds fresh (`200` with the variant `Accept-Encoding` asks for,
    /// or `304` to a matching `If-None-Match`), with the request id, security headers, span and
    /// counts described in the module; `None` leaves the request to the router. `peer` is the
    /// connection's address: a request through a trusted proxy over https
    /// (`session::forwarded_https`) is looked up under its https key, as the router's
    /// `client_ip` layer would decide. Reads no body.
    pub fn answer<B>(&self, req: &Request<B>, peer: IpAddr) -> Option<Response> {
        let head = match *req.method() {
            Method::GET => false,
            Method::HEAD => true,
            _ => return None,
        };
        let started = Instant::now();
        let (headers, uri) = (req.headers(), req.uri());
        let settings = &self.state.settings;
        if request_line_fault(headers, uri, settings.max_uri_bytes).is_some() {
            return None;
        }
        let tenant = self.state.tenants.by_host(request_host(headers, uri)?)?;
        let slug = tenant.slug();
        let https = forwarded_https(peer, headers, &self.state.settings_now().trusted_proxies);
        let mut res = render_cache::fresh_answer(&self.state, slug, https, headers, uri, head)?;
        let request_id = match headers.get(REQUEST_ID) {
            Some(id) => id.clone(),
            None => MakeRequestUuid
                .make_request_id(req)
                .expect("MakeRequestUuid always makes one")
                .into_header_value(),
        };
        let span = tracing::info_span!(
            "request",
            method = %req.method(),
            path = %uri.path(),
            request_id = %request_id.to_str().unwrap_or(""),
            tenant = slug,
        );
        let _entered = span.enter();
        tracing::debug!(status = res.status().as_u16(), "answered from the rendered-response cache");
        let h = res.headers_mut();
        security_headers(h, self.hsts);
        h.insert(REQUEST_ID, request_id);
        self.count(slug, RouteKind::of(uri.path()), res.status(), started);
        Some(res)
    }

    /// `slug`'s metric handles, made on its first hit.
    fn series_of(&self, slug: &str) -> Option<std::sync::Arc<TenantSeries>> {
        if let Some(s) = self.series.read().unwrap_or_else(|e| e.into_inner()).get(slug) {
            return Some(s.clone());
        }
        let mut all = self.series.write().unwrap_or_else(|e| e.into_inner());
        Some(all.entry(slug.to_string()).or_default().clone())
    }

    /// Counts a hit of `slug` answered with `status` for a `kind` request begun at `started`.
    fn count(&self, slug: &str, kind: RouteKind, status: StatusCode, started: Instant) {
        let cache_series = crate::metrics::cache_series();
        let (Some(s), Some(k)) = (self.series_of(slug), kind_index(kind)) else {
            // A route kind without cached answers: looked up.
            cache_series.record("rendered", slug, true);
            request_metrics::record(slug, kind, status, started);
            return;
        };
        s.cache_hits
            .get_or_init(|| cache_series.hits.with_label_values(&["rendered", slug]))
            .inc();
        // A hit is a 200 or a 304.
        let class = request_metrics::status_class(status);
        let c = usize::from(status.is_redirection());
        let http = crate::metrics::http_series();
        let seconds = started.elapsed().as_secs_f64();
        s.requests[k][c]
            .get_or_init(|| http.requests.with_label_values(&[slug, kind.as_str(), class]))
            .inc();
        s.duration[k]
            .get_or_init(|| http.duration.with_label_values(&[slug, kind.as_str()]))
            .observe(seconds);
    }
}

/// The position of a route kind in [`TenantSeries`]: documents and the JSON API are what the
/// cache keeps.
fn kind_index(kind: RouteKind) -> Option<usize> {
    match kind {
        RouteKind::Document => Some(0),
        RouteKind::Api => Some(1),
        _ => None,
    }
}
