//! `POST /api/v1/admin/import`: the stock import of `forecourt import` over HTTP, behind the
//! admin token (docs/features/platform.md "Stock import"). The tenant is the request's Host.

use crate::http::extract::{Json, Query};
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode, header},
};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::http::error::ApiError;
use crate::{
    http::state::{AppState, CurrentTenant},
    stock::{ImportOptions, ImportReport, import::ImportError, import_feed, mapping::Mapping},
    tenant::{FeedFormat, FeedMode},
};

/// Query parameters of an import.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ImportParams {
    /// `csv` or `json`, for a body sent without a CSV or JSON `Content-Type` (`text/plain`,
    /// `application/octet-stream`; default csv). A `text/csv` body is CSV and a JSON one
    /// (`application/json` or `+json`) is JSON whatever this says.
    pub format: Option<FeedFormat>,
    /// `full` (cars of this source missing from the feed become sold) or `delta`.
    pub mode: Option<FeedMode>,
    /// Feed source name (default `api`).
    pub source: Option<String>,
    /// Column-mapping file, relative to the tenant folder; must stay inside the tenants directory.
    pub mapping: Option<String>,
}

/// Checks `Authorization: Bearer <admin_token>` in constant time.
pub fn authorize(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(expected) = state.settings.admin_token.as_deref().filter(|t| !t.is_empty()) else {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "admin_disabled",
            "The admin API is disabled: set admin_token",
        ));
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if constant_time_eq::constant_time_eq(given.as_bytes(), expected.as_bytes()) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "A valid admin token is required",
        ))
    }
}

/// Imports the request body as a stock feed for the request's tenant. The body may be up to the
/// host's `max_body_bytes` (64 MiB by default; the route lifts axum's 2 MiB default for buffered
/// bodies): a longer one is a 413 `payload_too_large` on `body` in the envelope, nothing imported.
#[utoipa::path(post, path = "/api/v1/admin/import", tag = "admin", params(ImportParams),
    request_body(description = "The feed: CSV with a header row naming Forecourt stock fields (`text/csv`), or JSON: an array of cars or `{\"cars\": [...]}` (`application/json`). A CSV whose header row names no stock field is refused (400 on `body`): it is not a stock feed.",
        content(
            // Their schemas are written in by `contract::document` (`import_bodies`).
            (String = "text/csv"),
            (serde_json::Value = "application/json"))),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "Imported; rejected rows are listed", body = ImportReport),
        (status = 400, description = "Unreadable feed (a CSV whose header row names no stock field) or mapping", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "`mapping` names no file inside the tenant folder", body = crate::http::error::ErrorEnvelope),
        (status = 413, description = "The feed is longer than the host's `max_body_bytes` (`error.field` is `body`); nothing imported", body = crate::http::error::ErrorEnvelope),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_import(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Query(p): Query<ImportParams>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<ImportReport>, ApiError> {
    authorize(&state, &headers)?;
    let format = feed_format(&headers, p.format);
    let (mapping, mapping_text) = match &p.mapping {
        None => (None, None),
        Some(rel) => {
            let root = std::fs::canonicalize(&state.settings.tenants_dir).map_err(ApiError::internal)?;
            // A mapping that is not a readable file inside the tenants directory is not there: 404.
            let missing = || {
                let mut e = ApiError::new(
                    StatusCode::NOT_FOUND,
                    "mapping_not_found",
                    format!("no mapping file `{rel}` in the tenant folder"),
                );
                e.body.field = Some("mapping".into());
                e
            };
            let path = std::fs::canonicalize(t.dir.join(rel)).map_err(|_| missing())?;
            if !path.starts_with(&root) || !path.is_file() {
                return Err(missing());
            }
            let text = std::fs::read_to_string(&path).map_err(|_| missing())?;
            let m = Mapping::from_toml(&text, rel).map_err(|e| ApiError::invalid("mapping", e.to_string()))?;
            (Some(m), Some(text))
        }
    };
    if format == FeedFormat::Csv && mapping.is_none() {
        check_csv_header(&body)?;
    }
    let opts = ImportOptions {
        source: p.source.unwrap_or_else(|| "api".into()),
        format,
        mode: p.mode,
        mapping,
        mapping_text,
        progress: false,
        now: jiff::Timestamp::now().as_second(),
    };
    match import_feed(&state.db, &t, &body, opts).await {
        Ok(report) => {
            tracing::info!(tenant = %t.slug(), inserted = report.inserted, updated = report.updated, marked_sold = report.marked_sold, rejected = report.rejected, "admin import");
            Ok(Json(report))
        }
        Err(ImportError::Db(e)) => Err(ApiError::internal(e)),
        Err(e @ ImportError::Mapping(_)) => Err(ApiError::invalid("mapping", e.to_string())),
        Err(e @ ImportError::Changed) => Err(ApiError::new(StatusCode::CONFLICT, "import_conflict", e.to_string())),
        Err(e) => Err(ApiError::invalid("body", e.to_string())),
    }
}

/// The feed's format: the body's `Content-Type` when it names CSV (`text/csv`) or JSON
/// (`application/json`, `application/*+json`), else `format` (`?format=`), else CSV.
fn feed_format(headers: &HeaderMap, format: Option<FeedFormat>) -> FeedFormat {
    let media = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .unwrap_or_default();
    if media == "text/csv" {
        FeedFormat::Csv
    } else if media == "application/json" || (media.starts_with("application/") && media.ends_with("+json")) {
        FeedFormat::Json
    } else {
        format.unwrap_or(FeedFormat::Csv)
    }
}

/// Refuses a CSV body (without a column mapping) that is not a stock feed: its header row must
/// name at least one Forecourt stock field (docs/features/platform.md "Stock import").
/// Takes the raw body; errors: 400 `invalid_field` naming `body`.
fn check_csv_header(body: &[u8]) -> Result<(), ApiError> {
    let mut rdr = csv::ReaderBuilder::new().trim(csv::Trim::All).from_reader(body);
    let header = rdr
        .headers()
        .map_err(|e| ApiError::invalid("body", format!("unreadable CSV header row: {e}")))?;
    if header
        .iter()
        .any(|h| crate::stock::fields::is_feed_field(h.trim_start_matches('\u{feff}')))
    {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "body",
            "is not a stock feed: the CSV header row names no Forecourt stock field",
        ))
    }
}

/// The plugin runtime's state: the limits and, per (tenant, plugin, extension point) called
/// since start, the calls, failures by kind, fuel used, p50/p99 call time and the breaker
/// (plugins/README.md "Budgets, breaker and answer checks"). Host-wide: every tenant's rows,
/// whatever the Host header. Errors: 401 without the admin token, 403 when it is not set.
#[utoipa::path(get, path = "/api/v1/admin/plugins", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The limits and one row per (tenant, plugin, point)", body = crate::plugins::PluginsStatus),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_plugins(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<crate::plugins::PluginsStatus>, ApiError> {
    authorize(&state, &headers)?;
    Ok(Json(state.plugins.status()))
}

/// The process's metrics in the Prometheus text format (`crate::metrics`: the HTTP, cache and
/// plugin series, and the lead outbox and search indexer gauges read now from storage by
/// `operations::refresh_gauges`), behind the admin token (a scraper sends it as a bearer
/// token). Errors: 401 without the admin token, 403 when it is not set.
#[utoipa::path(get, path = "/metrics", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "Prometheus text exposition format 0.0.4", body = String, content_type = "text/plain"),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_metrics(State(state): State<AppState>, headers: HeaderMap) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    authorize(&state, &headers)?;
    crate::operations::refresh_gauges(state.platform()).await;
    let bytes = &crate::metrics::cache_series().bytes;
    for t in state.tenants.iter() {
        let held = state.render_cache.bytes(t.slug());
        bytes
            .with_label_values(&["rendered", t.slug()])
            .set(i64::try_from(held).unwrap_or(i64::MAX));
    }
    let (content_type, body) = crate::metrics::render().map_err(ApiError::internal)?;
    Ok(([(header::CONTENT_TYPE, content_type)], body).into_response())
}

/// One tenant's line of `GET /api/v1/admin/tenants`.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct TenantStatus {
    /// The tenant's slug.
    pub tenant: String,
    /// `serving`, `serving_last_good` (its last reload was refused), `quarantined` (no good
    /// config on this host: its sites answer 503) or `warming` (after start, not warm yet: a
    /// request to it waits for it).
    #[schema(value_type = String)]
    pub state: crate::tenant::TenantState,
    /// The name of the config it serves (absent when quarantined).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its plugins as served, `name@version`.
    pub plugins: Vec<String>,
    /// Why its files were refused: the step (`config`, `plugins`, `storage`) and the exact
    /// error, and since when (unix seconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub fault: Option<crate::tenant::TenantFault>,
}

/// Every tenant this host knows, serving or quarantined, with the exact error of each one whose
/// files were refused (docs/operations.md "Reload and quarantine"). Host-wide, whatever the
/// Host header. Errors: 401 without the admin token, 403 when it is not set.
#[utoipa::path(get, path = "/api/v1/admin/tenants", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "One line per tenant, in slug order", body = Vec<TenantStatus>),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_tenants(State(state): State<AppState>, headers: HeaderMap) -> Result<Json<Vec<TenantStatus>>, ApiError> {
    authorize(&state, &headers)?;
    let lines = state
        .tenants
        .known_slugs()
        .into_iter()
        .filter_map(|slug| {
            let serving = state.tenants.by_slug(&slug);
            let plugins = state
                .plugins
                .tenant(&slug)
                .map(|tp| tp.plugins().iter().map(|p| p.component.id()).collect())
                .unwrap_or_default();
            Some(TenantStatus {
                state: state.tenants.state(&slug)?,
                name: serving.map(|t| t.config.name.clone()),
                plugins,
                fault: state.tenants.fault(&slug).map(|f| (*f).clone()),
                tenant: slug,
            })
        })
        .collect();
    Ok(Json(lines))
}

/// Query of `POST /api/v1/admin/reload`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ReloadParams {
    /// Reload only this tenant (warmed again even when its files look unchanged); default every
    /// tenant whose files changed, was added or was removed.
    pub tenant: Option<String>,
}

/// Reloads tenants from their folders without a restart (docs/operations.md "Reload and
/// quarantine"): each changed tenant is validated and warmed aside, then swapped in atomically;
/// one whose files are refused changes nothing and keeps serving its last good config. Answers
/// when this host is done; every other host on the same storage follows within a second.
/// Errors: 401 without the admin token, 403 when it is not set, 404 `not_found` on `tenant`
/// for a slug neither on disk nor served, 500 when the tenants folder or storage fails.
#[utoipa::path(post, path = "/api/v1/admin/reload", tag = "admin",
    security(("admin_token" = [])),
    params(ReloadParams),
    responses(
        (status = 200, description = "What was done per tenant", body = crate::live::ReloadReport),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope),
        (status = 404, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_reload(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<ReloadParams>,
) -> Result<Json<crate::live::ReloadReport>, ApiError> {
    authorize(&state, &headers)?;
    let only = q.tenant.as_deref().filter(|s| !s.is_empty());
    if let Some(slug) = only
        && (!slug.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            || (state.tenants.state(slug).is_none() && !state.settings.tenants_dir.join(slug).join("tenant.toml").is_file()))
    {
        return Err(
            ApiError::bad_field("tenant", "not_found", format!("No tenant `{slug}` on disk or served")).with_status(StatusCode::NOT_FOUND),
        );
    }
    let owned = state.live_parts();
    let report = crate::live::reload(owned.parts(), only)
        .await
        .map_err(|e| ApiError::internal(format!("{e:#}")))?;
    crate::live::log_report(&report, "reloaded");
    Ok(Json(report))
}

/// The request's tenant's pulled stock feeds (`[[stock.feeds]]` with `url`; docs/operations.md
/// "Scheduled feeds"): each one's schedule, next pull, failures in a row, the validators of the
/// last import and its newest 20 pulls (outcome, HTTP status, bytes, the import's counts or the
/// error). Errors: 401 without the admin token, 403 when it is not set.
#[utoipa::path(get, path = "/api/v1/admin/feeds", tag = "admin",
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "One entry per pulled feed", body = Vec<crate::feed_pull::FeedState>),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_feeds(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
) -> Result<Json<Vec<crate::feed_pull::FeedState>>, ApiError> {
    authorize(&state, &headers)?;
    Ok(Json(crate::feed_pull::states(&state.db, &t).await.map_err(ApiError::internal)?))
}
