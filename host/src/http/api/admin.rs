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
    /// `csv` or `json` (default: from Content-Type, else csv).
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

/// Imports the request body as a stock feed for the request's tenant.
#[utoipa::path(post, path = "/api/v1/admin/import", tag = "admin", params(ImportParams),
    request_body(content = String, description = "The feed: CSV with a header row, or JSON", content_type = "text/csv"),
    security(("admin_token" = [])),
    responses(
        (status = 200, description = "Imported; rejected rows are listed", body = ImportReport),
        (status = 400, description = "Unreadable feed (a CSV whose header row names no stock field) or mapping", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "`mapping` names no file inside the tenant folder", body = crate::http::error::ErrorEnvelope),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_import(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Query(p): Query<ImportParams>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<ImportReport>, ApiError> {
    authorize(&state, &headers)?;
    let format = p.format.unwrap_or_else(|| {
        let ct = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        if ct.contains("json") { FeedFormat::Json } else { FeedFormat::Csv }
    });
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
