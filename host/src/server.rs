//! The HTTP host: application state, tenancy by Host header, health endpoints, request ids and
//! structured logs, graceful shutdown (issue "Foundation" item 3; ARCHITECTURE.md "How a request
//! flows").

use std::{sync::Arc, time::Duration};

use axum::{
    Router,
    extract::{FromRequestParts, Request, State},
    http::{HeaderName, StatusCode, header, request::Parts},
    middleware::{self, Next},
    response::{Html, IntoResponse, Response},
    routing::get,
};
use tower_http::{
    catch_panic::CatchPanicLayer,
    limit::RequestBodyLimitLayer,
    request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer},
    trace::TraceLayer,
};

use crate::{
    api::{self, error::ApiError},
    config::Settings,
    db::Db,
    feeds,
    repo::TenantRepo,
    tenant::{Tenant, TenantRegistry},
};

/// Shared state of every handler.
#[derive(Clone)]
pub struct AppState {
    /// Host settings.
    pub settings: Arc<Settings>,
    /// Tenants by slug and host.
    pub tenants: Arc<TenantRegistry>,
    /// Storage.
    pub db: Db,
}

/// The tenant the request's Host resolved to. Handlers take it as an extractor; it is never read
/// from the client's payload.
#[derive(Clone)]
pub struct CurrentTenant(pub Arc<Tenant>);

impl<S: Send + Sync> FromRequestParts<S> for CurrentTenant {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<CurrentTenant>()
            .cloned()
            .ok_or_else(|| ApiError::not_found("No site is configured for this host"))
    }
}

/// The host name a request was sent to: `Host`, else the URI authority (HTTP/2).
fn request_host(req: &Request) -> Option<String> {
    req.headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_string)
        .or_else(|| req.uri().authority().map(|a| a.as_str().to_string()))
}

/// Resolves the tenant from the Host header; an unknown host gets a plain 404 page.
async fn resolve_tenant(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let host = request_host(&req).unwrap_or_default();
    match state.tenants.by_host(&host) {
        Some(t) => {
            tracing::Span::current().record("tenant", t.slug());
            req.extensions_mut().insert(CurrentTenant(t.clone()));
            next.run(req).await
        }
        None => unknown_host(&host),
    }
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

async fn readyz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, "ready").into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "readiness: storage does not answer");
            (StatusCode::SERVICE_UNAVAILABLE, "storage unavailable").into_response()
        }
    }
}

async fn fallback(CurrentTenant(t): CurrentTenant, req: Request) -> Response {
    if req.uri().path().starts_with("/api/") {
        return ApiError::not_found(format!("No API route {}", req.uri().path())).into_response();
    }
    let name = t.config.name.replace(['<', '>', '&', '"'], "");
    (
        StatusCode::NOT_FOUND,
        Html(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Page not found | {name}</title></head>\
             <body><h1>Page not found</h1><p><a href=\"/search/new-used-and-demo-cars\">Search our stock</a></p></body></html>"
        )),
    )
        .into_response()
}

/// The whole application router.
pub fn app(state: AppState) -> Router {
    let request_id = HeaderName::from_static("x-request-id");
    let tenant_routes = api::router()
        .fallback(fallback)
        .layer(middleware::from_fn_with_state(state.clone(), resolve_tenant));
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .merge(tenant_routes)
        .layer(RequestBodyLimitLayer::new(state.settings.max_body_bytes))
        .layer(CatchPanicLayer::new())
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request| {
            let rid = req.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("");
            tracing::info_span!("request", method = %req.method(), path = %req.uri().path(), request_id = %rid, tenant = tracing::field::Empty)
        }))
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
        .with_state(state)
}

/// Loads tenants, connects storage, syncs tenant config, imports changed feeds and returns the
/// state `serve` runs with. Fails on any invalid tenant file or storage error.
pub async fn prepare(settings: Settings) -> anyhow::Result<AppState> {
    let tenants = TenantRegistry::load_dir(&settings.tenants_dir)?;
    let db = Db::connect(&settings.effective_database_url()).await?;
    for t in tenants.iter() {
        TenantRepo::new(&db, t.slug()).sync_config(&t.config).await?;
    }
    if settings.import_feeds_on_start {
        feeds::import_changed_feeds(&db, &tenants).await?;
    }
    Ok(AppState {
        settings: Arc::new(settings),
        tenants: Arc::new(tenants),
        db,
    })
}

/// Serves until SIGINT or SIGTERM, then stops accepting and drains in-flight requests.
pub async fn serve(state: AppState) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(&state.settings.bind).await?;
    tracing::info!(addr = %listener.local_addr()?, tenants = state.tenants.iter().count(), "forecourt serving");
    let pool = state.db.pool.clone();
    axum::serve(listener, app(state)).with_graceful_shutdown(shutdown_signal()).await?;
    tokio::time::timeout(Duration::from_secs(5), pool.close()).await.ok();
    tracing::info!("forecourt stopped");
    Ok(())
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
    tracing::info!("shutdown signal received, draining");
}
