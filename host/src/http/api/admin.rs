//! `POST /api/v1/admin/import`: the stock import of `forecourt import` over HTTP, behind the
//! admin token (docs/features/platform.md "Stock import"). The tenant is the request's Host.

use crate::http::extract::{Json, Path, Query};
use axum::{
    body::Bytes,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::http::error::ApiError;
use crate::{
    http::state::{AppState, CurrentTenant},
    stock::{
        ImportOptions, ImportReport,
        import::{ImportError, import_feed_reporting},
        jobs::{self, ImportJob, JobError},
        mapping::Mapping,
    },
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
    let settings = state.settings_now();
    let Some(expected) = settings.admin_token.as_deref().filter(|t| !t.is_empty()) else {
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

/// How long `POST /api/v1/admin/import` waits for its import before it answers 202 with the
/// job, when the request says nothing (`Prefer: wait=N` chooses, up to [`MAX_IMPORT_WAIT`];
/// `Prefer: respond-async` answers 202 at once). Well under the 120 s a reverse proxy waits
/// (docs/operations.md "Behind nginx").
pub const IMPORT_WAIT: std::time::Duration = std::time::Duration::from_secs(10);
/// The longest `Prefer: wait=N` honoured (seconds).
pub const MAX_IMPORT_WAIT: u64 = 600;

/// How long the request waits for its import (RFC 7240 `Prefer`): `wait=N` is N seconds (at
/// most [`MAX_IMPORT_WAIT`]), otherwise [`IMPORT_WAIT`]; None for `respond-async` (202 at once).
fn import_wait(headers: &HeaderMap) -> Option<std::time::Duration> {
    let mut wait = IMPORT_WAIT;
    for pref in headers
        .get_all("prefer")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
    {
        let pref = pref.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
        if pref == "respond-async" {
            return None;
        }
        if let Some(n) = pref.strip_prefix("wait=").and_then(|n| n.trim().parse::<u64>().ok()) {
            wait = std::time::Duration::from_secs(n.min(MAX_IMPORT_WAIT));
        }
    }
    Some(wait)
}

/// The answer an import that could not run gets (as the request's error, or in its job).
fn import_error(e: &ImportError) -> ApiError {
    match e {
        ImportError::Db(e) => ApiError::internal(e),
        ImportError::Mapping(_) => ApiError::invalid("mapping", e.to_string()),
        ImportError::Changed => ApiError::new(StatusCode::CONFLICT, "import_conflict", e.to_string()),
        ImportError::Format { .. } => ApiError::invalid("body", e.to_string()),
    }
}

/// Imports the request body as a stock feed for the request's tenant, as a job
/// (`crate::stock::jobs`): the answer is the import's report (200) when it ends within the
/// request's wait (`Prefer: wait=N` seconds, default [`IMPORT_WAIT`]), else 202 with the job
/// (`Location`: its URL, `GET` it for progress and the report). `Prefer: respond-async` answers
/// 202 at once. The body may be up to the host's `max_body_bytes` (64 MiB by default; the route
/// lifts axum's 2 MiB default for buffered bodies): a longer one is a 413 `payload_too_large` on
/// `body` in the envelope, nothing imported.
#[utoipa::path(post, path = "/api/v1/admin/import", tag = "admin", params(ImportParams,
        ("Prefer" = Option<String>, Header, description = "RFC 7240: `respond-async` answers 202 with the job at once; `wait=N` waits up to N seconds (at most 600) for the report before answering 202; default 10 s")),
    request_body(description = "The feed: CSV with a header row naming Forecourt stock fields (`text/csv`), or JSON: an array of cars or `{\"cars\": [...]}` (`application/json`). A CSV whose header row names no stock field is refused (400 on `body`): it is not a stock feed.",
        content(
            // Their schemas are written in by `contract::document` (`import_bodies`).
            (String = "text/csv"),
            (serde_json::Value = "application/json"))),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "Imported within the wait; rejected rows are listed", body = ImportReport),
        (status = 202, description = "Still importing: the job (`Location` is its URL; `GET` it for progress and, once done, the report)", body = ImportJob,
            headers(("Location" = String, description = "The job's URL, /api/v1/admin/import/jobs/{id}"))),
        (status = 400, description = "Unreadable feed (a CSV whose header row names no stock field) or mapping", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "`mapping` names no file inside the tenant folder", body = crate::http::error::ErrorEnvelope),
        (status = 409, description = "Another import changed this tenant's cars meanwhile; nothing imported", body = crate::http::error::ErrorEnvelope),
        (status = 413, description = "The feed is longer than the host's `max_body_bytes` (`error.field` is `body`); nothing imported", body = crate::http::error::ErrorEnvelope),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_import(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Query(p): Query<ImportParams>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
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
    let wait = import_wait(&headers);
    let job = jobs::start(&state.db, t.slug(), &opts.source).await?;
    let job_id = job.id.clone();
    let slug = t.slug().to_string();
    let db = state.db.clone();
    // The import runs on its own task: a request that stops waiting (202, or a client gone)
    // leaves it running to its end, and its job row says how it ended.
    let mut import = tokio::spawn(async move {
        let progress = job.progress.clone();
        let outcome = import_feed_reporting(&db, &t, &body, opts, &move |p| *progress.lock().expect("progress lock") = p).await;
        let stored = match &outcome {
            Ok(report) => {
                tracing::info!(tenant = %t.slug(), inserted = report.inserted, updated = report.updated, marked_sold = report.marked_sold, rejected = report.rejected, job = %job.id, "admin import");
                Ok(serde_json::to_value(report).expect("report serialises"))
            }
            Err(e) => {
                let a = import_error(e);
                Err(JobError {
                    status: a.status.as_u16(),
                    code: a.body.code,
                    message: a.body.message,
                    field: a.body.field,
                })
            }
        };
        if let Err(e) = jobs::finish(&db, job, stored).await {
            tracing::warn!(error = %e, "could not record the end of an import job");
        }
        outcome
    });
    // `respond-async` answers 202 whatever the import does meanwhile (RFC 7240).
    let ended = match wait {
        None => None,
        Some(wait) => tokio::time::timeout(wait, &mut import).await.ok(),
    };
    match ended {
        Some(joined) => match joined.map_err(ApiError::internal)? {
            Ok(report) => Ok(Json(report).into_response()),
            Err(e) => Err(import_error(&e)),
        },
        None => {
            let job = jobs::get(&state.db, &slug, &job_id)
                .await?
                .ok_or_else(|| ApiError::internal("an import job vanished while it ran"))?;
            let mut response = (StatusCode::ACCEPTED, Json(&job)).into_response();
            let h = response.headers_mut();
            h.insert(header::LOCATION, HeaderValue::from_str(&job.url).map_err(ApiError::internal)?);
            if wait.is_none() {
                h.insert("preference-applied", HeaderValue::from_static("respond-async"));
            }
            Ok(response)
        }
    }
}

/// Path of an import job.
#[derive(Debug, Deserialize, IntoParams)]
pub struct JobPath {
    /// The job's id (from the 202 answer's `Location` or body).
    pub id: String,
}

/// One import job of the request's tenant (`crate::stock::jobs`): its status (`running`,
/// `done`, `failed`), progress (phase, rows done of rows to do), and once ended the report or
/// the error. Errors: 404 `not_found` when the tenant has no such job (another tenant's job
/// included); 401 without the admin token, 403 when it is not set.
#[utoipa::path(get, path = "/api/v1/admin/import/jobs/{id}", tag = "admin", params(JobPath),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "The job", body = ImportJob),
        (status = 404, description = "No such job for this tenant", body = crate::http::error::ErrorEnvelope),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_import_job(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(p): Path<JobPath>,
    headers: HeaderMap,
) -> Result<Json<ImportJob>, ApiError> {
    authorize(&state, &headers)?;
    jobs::get(&state.db, t.slug(), &p.id).await?.map(Json).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "not_found",
            format!("No import job `{}` for this tenant", p.id),
        )
    })
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
