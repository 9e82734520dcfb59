//! The listings feeds and the readiness report (docs/features/platform.md "Syndication feeds and
//! listing readiness"); the rules are in `crate::syndication`. The tenant is the request's Host.
//!
//! * `GET /api/v1/feeds/google-vehicle-listings.xml?token=` and
//!   `GET /api/v1/feeds/meta-vehicles.csv?token=`: the feeds, behind the tenant's feed token,
//!   with a strong `ETag` (`If-None-Match` answers 304).
//! * `GET /api/v1/admin/readiness`: per-car readiness, behind the admin token.

use axum::{
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::http::extract::{Json, Query};
use crate::{
    http::error::ApiError,
    http::state::{AppState, CurrentTenant},
    syndication::{
        feed::{self, FeedKind},
        readiness::{self, Page, Report},
    },
};

/// `?token=`: the tenant's feed token.
#[derive(Debug, Deserialize, IntoParams)]
pub struct FeedParams {
    /// The feed token (the value of the variable the tenant's `[syndication] token_env` names).
    #[param(required = true, nullable = false)]
    pub token: Option<String>,
}

/// Answers feed `kind` of the request's tenant: 304 when `If-None-Match` names its current
/// `ETag`, else the document. Errors: 401 `invalid_feed_token`, 404 `feeds_disabled`.
async fn serve_feed(
    state: &AppState,
    t: &std::sync::Arc<crate::tenant::Tenant>,
    headers: &HeaderMap,
    token: Option<&str>,
    kind: FeedKind,
) -> Result<Response, ApiError> {
    feed::check_token(t, token)?;
    let file = feed::feed(&state.db, Some(&state.plugins), t, kind).await?;
    let etag = HeaderValue::from_str(&file.etag).map_err(ApiError::internal)?;
    // Fetchers revalidate every time; the answer names no other tenant and carries the token's
    // worth of data, so no shared cache keeps it.
    let cache = HeaderValue::from_static("private, no-cache");
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| feed::not_modified(v, &file.etag));
    if matches {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag), (header::CACHE_CONTROL, cache)]).into_response());
    }
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind.content_type())),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache),
        ],
        file.bytes.clone(),
    )
        .into_response())
}

/// The Google vehicle listings feed of the site (RSS 2.0, attributes in the `g:` namespace):
/// every car on sale that has the specification's required attributes. Regenerated when the
/// site's stock changes; `If-None-Match` with the current `ETag` answers 304.
#[utoipa::path(get, path = "/api/v1/feeds/google-vehicle-listings.xml", tag = "feeds", params(FeedParams),
    responses(
        (status = 200, description = "The feed", content_type = "application/rss+xml", body = String,
            headers(("etag" = String, description = "Strong entity tag of the document"))),
        (status = 304, description = "Unchanged since the `If-None-Match` entity tag"),
        (status = 401, description = "`token` is missing or wrong (`invalid_feed_token`)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "The site publishes no feeds (`feeds_disabled`)", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_google_feed(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(p): Query<FeedParams>,
) -> Result<Response, ApiError> {
    serve_feed(&state, &t, &headers, p.token.as_deref(), FeedKind::Google).await
}

/// The Meta automotive inventory catalog of the site (CSV with Meta's column names, such as
/// `mileage.value`, `image[0].url`, `address.city`): every car on sale that has the catalog's
/// required fields. Regenerated when the site's stock changes; `If-None-Match` with the current
/// `ETag` answers 304.
#[utoipa::path(get, path = "/api/v1/feeds/meta-vehicles.csv", tag = "feeds", params(FeedParams),
    responses(
        (status = 200, description = "The catalog feed", content_type = "text/csv", body = String,
            headers(("etag" = String, description = "Strong entity tag of the document"))),
        (status = 304, description = "Unchanged since the `If-None-Match` entity tag"),
        (status = 401, description = "`token` is missing or wrong (`invalid_feed_token`)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "The site publishes no feeds (`feeds_disabled`)", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_meta_feed(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(p): Query<FeedParams>,
) -> Result<Response, ApiError> {
    serve_feed(&state, &t, &headers, p.token.as_deref(), FeedKind::Meta).await
}

/// `?limit=&after=&all=`: which cars the readiness report lists.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ReadinessParams {
    /// At most this many cars (default 100, at most 1000).
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<usize>,
    /// Only cars with an id above this: the previous page's `next_after` (default 0).
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// List every car, not only those with a finding (default false).
    pub all: Option<bool>,
}

/// Listing readiness of the site's cars on sale (admin token): the summary over every car (ready,
/// not ready, cars per finding code, cars each feed leaves out) and one page of cars with their
/// score, findings and the feeds that leave them out.
#[utoipa::path(get, path = "/api/v1/admin/readiness", tag = "admin", params(ReadinessParams), security(("admin_token" = [])),
    responses(
        (status = 200, description = "The summary and one page of cars", body = Report),
        (status = 400, description = "`limit` or `after` is out of range (the error names it)", body = crate::http::error::ErrorEnvelope),
        (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_readiness(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(q): Query<ReadinessParams>,
) -> Result<Json<Report>, ApiError> {
    super::admin::authorize(&state, &headers)?;
    let page = Page {
        limit: q.limit.unwrap_or(Page::default().limit),
        after: q.after.unwrap_or(0),
        all: q.all.unwrap_or(false),
    };
    Ok(Json(readiness::report(&state.db, &t, page).await?))
}
