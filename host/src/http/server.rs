//! The HTTP server: the router, tenancy by Host header, health endpoints, request ids and
//! structured logs, security headers, start-up and graceful shutdown (docs/features/platform.md
//! "Foundation"; ARCHITECTURE.md "How a request flows").

use std::{sync::Arc, time::Duration};

use axum::{
    Extension, Router,
    extract::{Request, State},
    http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri, header},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use tower::ServiceBuilder;
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    limit::RequestBodyLimitLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    trace::TraceLayer,
};

use crate::{
    config::Settings,
    db::Db,
    http::{
        api,
        error::{ApiError, envelope_errors},
        hit_path::HitPath,
        render_cache, request_metrics,
        serve::{Draining, Edge},
        session,
        state::{AppState, CurrentTenant, StateParts, WebFiles},
        web,
    },
};

/// Resolves the tenant from the Host header; an unknown host gets a plain 404 page.
async fn resolve_tenant(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let host = crate::http::headers::request_host(req.headers(), req.uri())
        .unwrap_or_default()
        .to_string();
    let mut found = state.tenants.by_host(&host);
    if found.is_none()
        && let Some(p) = state.tenants.pending_for_host(&host)
    {
        // Still warming after start: this request waits for this tenant alone, warming it now
        // unless the background warm-up already is.
        if p.claim() {
            crate::live::warm_now(state.live_parts(), p.clone());
        }
        if tokio::time::timeout(WARM_WAIT, p.wait()).await.is_err() {
            return ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "tenant_warming",
                "This dealer's site is starting; try again shortly",
            )
            .into_response();
        }
        found = state.tenants.by_host(&host);
    }
    match found {
        Some(t) => {
            tracing::Span::current().record("tenant", t.slug());
            request_metrics::note_tenant(&t);
            req.extensions_mut().insert(CurrentTenant(t));
            next.run(req).await
        }
        None => match state.tenants.fault_for_host(&host) {
            Some(fault) => quarantined(&fault.tenant, req.uri().path()),
            None => unknown_host(&host),
        },
    }
}

/// How long a request to a tenant still warming after start waits for it before a 503.
const WARM_WAIT: Duration = Duration::from_secs(30);

/// The answer of a quarantined tenant's host names (its files were refused and it has no good
/// config on this host; docs/operations.md "Reload and quarantine"): 503 with `Retry-After`,
/// the error envelope (`tenant_unavailable`) on `/api/` paths, else a short page. The fault's
/// detail is for operators (`/readyz`, the admin API), not for shoppers.
fn quarantined(slug: &str, path: &str) -> Response {
    let mut res = if path.starts_with("/api/") {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "tenant_unavailable",
            "This dealer's site is temporarily unavailable",
        )
        .into_response()
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Html(
                "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
                 <meta name=\"robots\" content=\"noindex\"><title>Temporarily unavailable</title></head>\
                 <body style=\"font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;line-height:1.5\">\
                 <h1>This site is temporarily unavailable</h1><p>The dealer's site is being updated. Please try again in a few minutes.</p></body></html>",
            ),
        )
            .into_response()
    };
    res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    tracing::debug!(tenant = slug, "quarantined tenant answered 503");
    res
}

fn unknown_host(host: &str) -> Response {
    let host = host.replace(['<', '>', '&', '"'], "");
    (
        StatusCode::NOT_FOUND,
        Html(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Site not found</title></head>\
             <body><h1>Site not found</h1><p>No dealer site is configured for <code>{host}</code>.</p></body></html>"
        )),
    )
        .into_response()
}

async fn healthz() -> &'static str {
    "ok"
}

/// `GET /readyz`: 200 `ready` while the host can take traffic (`operations::readiness`:
/// storage answers, the search engine answers, no tenant's search index is more than
/// `readiness_max_search_lag` journal sequences behind); 503 in the envelope otherwise, with the
/// reason's code (`storage_unavailable`, `search_unavailable`, `search_lagging`), and
/// (`draining`) once shutdown began (docs/features/platform.md "Foundation": a load balancer
/// stops sending before the listener closes).
///
/// A ready answer reports the search indexer's lag (journal sequences not yet applied, summed
/// over the tenants; `search::index::SearchService::lag`) in the `x-search-lag` header, and,
/// when the request accepts `application/json`, as the body `{"status": "ready", "searchLag": N,
/// "searchLagByTenant": {"<tenant>": N}}`. The lag is omitted while the search index is not
/// built yet.
async fn readyz(State(state): State<AppState>, draining: Option<Extension<Draining>>, headers: axum::http::HeaderMap) -> Response {
    if draining.is_some_and(|Extension(d)| d.is_draining()) {
        return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "draining", "The host is shutting down").into_response();
    }
    let ready = match crate::operations::readiness(state.platform()).await {
        Ok(r) => r,
        Err(not) => {
            tracing::warn!(code = not.code(), reason = %not.message(), "readiness: not ready");
            return ApiError::new(StatusCode::SERVICE_UNAVAILABLE, not.code(), not.message()).into_response();
        }
    };
    let total = ready.total_lag();
    let json = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"));
    let faults = state.tenants.faults();
    let warming = state.tenants.pending_count();
    let mut res = if json {
        let by_tenant: serde_json::Map<String, serde_json::Value> =
            ready.lag.iter().flatten().map(|t| (t.tenant.clone(), t.behind.into())).collect();
        let quarantined: Vec<serde_json::Value> = faults
            .iter()
            .map(|f| {
                serde_json::json!({"tenant": f.tenant, "state": state.tenants.state(&f.tenant), "stage": f.stage, "error": f.error, "since": f.since})
            })
            .collect();
        axum::Json(serde_json::json!({"status": "ready", "searchLag": total, "searchLagByTenant": by_tenant, "quarantined": quarantined, "warming": warming}))
            .into_response()
    } else {
        let mut text = String::from("ready");
        if warming > 0 {
            text.push_str(&format!("\nwarming {warming} tenants"));
        }
        for f in &faults {
            let state = if state.tenants.by_slug(&f.tenant).is_some() {
                "serving its last good config"
            } else {
                "quarantined"
            };
            text.push_str(&format!("\ntenant {} {state} ({}): {}", f.tenant, f.stage, f.error));
        }
        (StatusCode::OK, text).into_response()
    };
    if let Some(n) = total {
        res.headers_mut()
            .insert(HeaderName::from_static("x-search-lag"), HeaderValue::from(n));
    }
    if warming > 0 {
        res.headers_mut()
            .insert(HeaderName::from_static("x-warming-tenants"), HeaderValue::from(warming));
    }
    if !faults.is_empty() {
        let names: Vec<&str> = faults.iter().map(|f| f.tenant.as_str()).collect();
        if let Ok(v) = HeaderValue::from_str(&names.join(",")) {
            res.headers_mut().insert(HeaderName::from_static("x-quarantined-tenants"), v);
        }
    }
    res
}

/// Refuses, in the envelope, what no request may be: two `Host` headers, or a `Host` that is not
/// the request target's authority (RFC 9112 §3.2: 400 `bad_host`), and a request target longer
/// than `max_uri_bytes` (414 `uri_too_long` on `uri`).
async fn check_request_line(State(max_uri_bytes): State<usize>, req: Request, next: Next) -> Response {
    match request_line_fault(req.headers(), req.uri(), max_uri_bytes) {
        Some(fault) => fault.into_response(),
        None => next.run(req).await,
    }
}

/// What is wrong with a request's Host header and target, if anything: more than one Host
/// header, a Host that is not text or differs from the target's authority (`400 bad_host`), or
/// a path and query longer than `max_uri_bytes` bytes (`414 uri_too_long`). Shared by the
/// `check_request_line` layer and the listener's hit path (`http::hit_path`), which leaves a
/// faulty request to the layer.
pub(crate) fn request_line_fault(headers: &HeaderMap, uri: &Uri, max_uri_bytes: usize) -> Option<ApiError> {
    let mut hosts = headers.get_all(header::HOST).iter();
    let first = hosts.next();
    if hosts.next().is_some() {
        return Some(ApiError::bad_field("host", "bad_host", "A request carries one Host header"));
    }
    if let Some(h) = first {
        let conflicting = uri
            .authority()
            .is_some_and(|a| !a.as_str().as_bytes().eq_ignore_ascii_case(h.as_bytes()));
        if conflicting || h.to_str().is_err() {
            return Some(ApiError::bad_field(
                "host",
                "bad_host",
                "The Host header does not match the request target",
            ));
        }
    }
    let target = uri.path_and_query().map_or(0, |pq| pq.as_str().len());
    (target > max_uri_bytes).then(|| {
        ApiError::bad_field(
            "uri",
            "uri_too_long",
            format!("The request target is {target} bytes; at most {max_uri_bytes} are accepted"),
        )
        .with_status(StatusCode::URI_TOO_LONG)
    })
}

/// The security headers every answer carries (docs/features/platform.md "Foundation"), each
/// set only where the answer has none of that name: `Strict-Transport-Security` ([`HSTS`]) when
/// `hsts` (cookies are Secure, so the site is served over https; never on plain-http
/// development), `Cross-Origin-Opener-Policy`, `Permissions-Policy`, `Referrer-Policy`,
/// `X-Frame-Options` and `X-Content-Type-Options`. Applied by one layer of [`app`] and by the
/// listener's hit path (`http::hit_path`).
pub(crate) fn security_headers(h: &mut HeaderMap, hsts: bool) {
    const FIXED: [(HeaderName, HeaderValue); 5] = [
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ),
        (
            HeaderName::from_static("permissions-policy"),
            HeaderValue::from_static("camera=(), microphone=(), geolocation=(self), payment=(self)"),
        ),
        (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    ];
    if hsts && !h.contains_key(header::STRICT_TRANSPORT_SECURITY) {
        h.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
    }
    for (name, value) in FIXED {
        if !h.contains_key(&name) {
            h.insert(name, value);
        }
    }
}

/// Anything no route took: API paths get the error envelope; other GET and HEAD requests are
/// public pages, rendered as HTML documents (404 documents for unknown paths).
async fn fallback(State(state): State<AppState>, tenant: CurrentTenant, headers: axum::http::HeaderMap, req: Request) -> Response {
    let path = req.uri().path();
    if path.starts_with("/api/") || path == "/api" {
        return ApiError::not_found(format!("No API route {path}")).into_response();
    }
    if req.method() != axum::http::Method::GET && req.method() != axum::http::Method::HEAD {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "Pages answer GET only").into_response();
    }
    let uri = req.uri().clone();
    web::document::document(State(state), tenant, headers, uri).await
}

/// The request id header: the client's value is kept, else a UUID v4 is set, and it is sent back
/// on the answer (by [`app`]'s layers, and by the listener's hit path, `http::hit_path`).
pub(crate) const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// `Strict-Transport-Security` of a host whose cookies are Secure: a year, subdomains included.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The whole application router: health, the tenant's API and documents, and the edge's layers
/// (request id, trace span, security headers on every answer with HSTS when `cookies_secure()`,
/// the envelope of every error answer, Host and URI checks, body limit, client IP, compression).
pub fn app(state: AppState) -> Router {
    let hsts = state.settings.cookies_secure();
    let tenant_routes = api::router()
        .merge(api::auth::router(&state))
        .merge(web::router())
        .fallback(fallback)
        // Inside tenant resolution: a hit is answered before any handler runs.
        .layer(middleware::from_fn_with_state(state.clone(), render_cache::serve))
        .layer(middleware::from_fn_with_state(state.clone(), resolve_tenant));
    // The edge's layers, as four concrete stacks (`edge`, `checks`, `limit`, `inner`, outermost
    // first within each): every `Router::layer` call boxes its layer around every route, and the
    // router clones a route's boxes for each request (with one call per layer, a cached
    // answer's profile spent a fifth of its time cloning them; BENCHMARKS.md "HTTP: documents
    // and hot JSON against nginx").
    let edge = ServiceBuilder::new()
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request| {
            let rid = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("");
            tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %rid, tenant = tracing::field::Empty)
        }))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        // Outside every layer that answers on its own (413, 414, bad_host, the envelope): each
        // answer is counted and timed (`forecourt_http_*`).
        .layer(middleware::from_fn(request_metrics::track))
        // Outside the limits and the envelope: every answer, a 413, 414 or bad_host included,
        // carries the security headers.
        .map_response(move |mut res: Response| {
            security_headers(res.headers_mut(), hsts);
            res
        })
        // Outside the panic catcher: its 500 is in the envelope too (the panic is logged, not sent).
        .layer(middleware::from_fn(envelope_errors));
    let checks = ServiceBuilder::new()
        .layer(CatchPanicLayer::new())
        .layer(middleware::from_fn_with_state(state.settings.max_uri_bytes, check_request_line))
        // Every state-changing request (leads, quotes, trade-in, sign-in, watchlist...) with an
        // Origin of another site is refused (SECURITY.md).
        .layer(middleware::from_fn(session::check_origin));
    // The body limit is a layer of its own: the router maps its limited body back to `Body`.
    // A body that stalls longer than `header_read_timeout_ms` between bytes ends the request (a
    // client that sends headers and then no body no longer holds its connection for minutes).
    let limit = ServiceBuilder::new()
        .layer(RequestBodyLimitLayer::new(state.settings.max_body_bytes))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(Duration::from_millis(
            state.settings.header_read_timeout_ms.max(1),
        )));
    let inner = ServiceBuilder::new()
        .layer(middleware::from_fn_with_state(state.clone(), session::client_ip))
        .layer(CompressionLayer::new().br(true).gzip(true));
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .merge(tenant_routes)
        .layer(inner)
        .layer(limit)
        .layer(checks)
        .layer(edge)
        .with_state(state)
}

/// What `forecourt serve` answers with: [`app`] behind the rendered-response cache's hit path
/// (`http::hit_path`), which answers a fresh cached document or JSON before the router and its
/// layers run, with the same headers, counts and span as the router would give it.
pub fn edge(state: AppState) -> Edge {
    let hits = HitPath::new(&state);
    Edge::new(app(state), Some(hits))
}

/// Connects storage, loads every tenant (each good one warmed and serving, each bad one
/// quarantined: `crate::live`), imports changed feeds and returns the state, once every tenant is
/// warm and the search index has caught up (tests, and what `serve` did before it served while
/// warming). Errors: those of [`prepare_serving`]; never one tenant's file or plugin.
pub async fn prepare(settings: Settings) -> anyhow::Result<AppState> {
    let (state, warm) = prepare_serving(settings).await?;
    warm.await?;
    if let Some(svc) = state.search.built() {
        svc.catch_up(&state.db, &state.tenants, true).await?;
    }
    Ok(state)
}

/// The state `serve` runs with, as soon as storage is migrated and the tenant folders are listed:
/// every tenant starts warming (`crate::live::warm_in_background`, returned as the task) and a
/// request to a tenant not yet warm waits for that tenant alone (`resolve_tenant`). Errors: the
/// tenants folder cannot be read or holds no tenant, storage, search or the plugin engine cannot
/// start.
pub async fn prepare_serving(settings: Settings) -> anyhow::Result<(AppState, tokio::task::JoinHandle<()>)> {
    let db = Db::connect(&settings.effective_database_url()).await?;
    let opened = crate::live::open(&settings, &db).await?;
    let web = Arc::new(WebFiles::load(&settings));
    let search = crate::search::start(&settings, &db, &opened.tenants).await?;
    let render_cache = Arc::new(crate::http::render_cache::RenderCache::new(&settings, &opened.tenants));
    let state = AppState::new(StateParts {
        render_cache,
        settings: Arc::new(settings),
        tenants: opened.tenants,
        db,
        web,
        plugins: opened.plugins,
        search,
        tenancy: opened.tenancy,
    });
    let warm = crate::live::warm_in_background(state.live_parts(), opened.pending);
    Ok((state, warm))
}

/// Serves on `bind` until SIGINT or SIGTERM, then shuts down gracefully (`/readyz` 503, listener
/// closed, in-flight requests drained up to `shutdown_drain_ms`; see [`crate::http::serve`]).
/// Errors: the address cannot be bound.
pub async fn serve(state: AppState) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(&state.settings.bind).await?;
    tracing::info!(addr = %listener.local_addr()?, tenants = state.tenants.len(), quarantined = state.tenants.faults().len(), "forecourt serving");
    let pool = state.db.pool.clone();
    // Lead delivery (docs/features/platform.md "Leads"): at least once, from the outbox; safe with several hosts.
    let worker = tokio::spawn(crate::leads::delivery::run_worker(state.deliverer()));
    // Reloads asked on any host of this storage (docs/operations.md "Reload and quarantine").
    let follower = tokio::spawn(crate::live::follow(state.live_parts()));
    let hangup = tokio::spawn(reload_on_sighup(state.clone()));
    // Stock feeds pulled from a URL on their schedule (docs/operations.md "Scheduled feeds").
    let puller = tokio::spawn(crate::feed_pull::run(state.db.clone(), state.tenants.clone()));
    let settings = state.settings.clone();
    let report = crate::http::serve::serve_on(listener, edge(state), &settings, shutdown_signal()).await;
    worker.abort();
    follower.abort();
    hangup.abort();
    puller.abort();
    tokio::time::timeout(Duration::from_secs(5), pool.close()).await.ok();
    tracing::info!(
        connections = report.accepted,
        cut_at_deadline = report.cut_at_deadline,
        "forecourt stopped"
    );
    Ok(())
}

/// Reloads every changed tenant on each SIGHUP (`crate::live::reload`), logging what changed.
async fn reload_on_sighup(state: AppState) {
    #[cfg(unix)]
    {
        let Ok(mut hup) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) else {
            tracing::warn!("cannot listen for SIGHUP; reload with `forecourt reload` or the admin API");
            return;
        };
        while hup.recv().await.is_some() {
            tracing::info!("SIGHUP: reloading changed tenants");
            let owned = state.live_parts();
            match crate::live::reload(owned.parts(), None).await {
                Ok(r) => crate::live::log_report(&r, "reloaded"),
                Err(e) => tracing::error!(error = %format!("{e:#}"), "reload failed; nothing changed"),
            }
        }
    }
    #[cfg(not(unix))]
    std::future::pending::<()>().await;
}

async fn shutdown_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
    tracing::info!("shutdown signal received");
}
