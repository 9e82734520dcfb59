//! What a shopper does on a VDP that the host records (docs/features/platform.md
//! "Vehicle detail page"; docs/features/shopper-core.md §4 "Phone", §7):
//!
//! - `GET /api/v1/cars/{slug}/view.json?photos_count=&updated_at=&website_id=`: counts one view
//!   and answers the count with the car's current `photos_count` and `updated_at`.
//! - `POST /api/v1/cars/{slug}/phone-reveal` `{car_id, dealership_id, website_id}`: logs the
//!   reveal of the dealer's number and answers the number.

use crate::http::extract::{Json, Path, Query};
use axum::{
    extract::State,
    http::{HeaderMap, header},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::http::error::ApiError;
use crate::{
    http::state::{AppState, CurrentTenant},
    plugins::unix_now,
    repo::TenantRepo,
};

/// `view.json` query (docs/features/shopper-core.md §7): what the page already shows, echoed for cache checks.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ViewParams {
    /// Photos the page shows.
    pub photos_count: Option<i64>,
    /// `updated_at` the page shows (unix seconds).
    pub updated_at: Option<i64>,
    /// The site (tenant slug).
    pub website_id: Option<String>,
}

/// The car's fields that may have changed since the page was rendered.
#[derive(Debug, Serialize, ToSchema)]
pub struct ViewCarFields {
    /// Number of photos now.
    pub photos_count: i64,
    /// Last change, unix seconds.
    pub updated_at: i64,
}

/// `view.json` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ViewResponse {
    /// Views including this one.
    pub views: i64,
    /// Current fields.
    pub car_fields: ViewCarFields,
}

/// Counts a view of the car (one per call) and answers the new count.
#[utoipa::path(get, path = "/api/v1/cars/{slug}/view.json", tag = "cars",
    params(("slug" = String, Path, description = "Car slug"), ViewParams),
    responses((status = 200, body = ViewResponse),
        (status = 404, description = "No such car, or `website_id` is not this site (the field is named)", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_view(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
    Query(params): Query<ViewParams>,
) -> Result<Json<ViewResponse>, ApiError> {
    if let Some(w) = params.website_id.as_deref()
        && !w.is_empty()
        && w != t.slug()
    {
        return Err(not_here("website_id", format!("website_id `{w}` is not this site")));
    }
    let repo = TenantRepo::new(&state.db, t.slug());
    let not_found = || ApiError::not_found(format!("No car `{slug}` on this site"));
    let car = repo.car_by_slug(&slug).await?.ok_or_else(not_found)?;
    let views = repo.count_view(&slug).await?.ok_or_else(not_found)?;
    Ok(Json(ViewResponse {
        views,
        car_fields: ViewCarFields {
            photos_count: car.image_urls.0.len() as i64,
            updated_at: car.updated_at,
        },
    }))
}

/// A phone reveal (docs/features/shopper-core.md §7 "Phone-reveal log").
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PhoneRevealRequest {
    /// The car's id (must be the car of the path).
    pub car_id: i64,
    /// The car's dealership id.
    pub dealership_id: i64,
    /// The site (tenant slug).
    pub website_id: String,
}

/// The revealed number.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhoneRevealResponse {
    /// As shown, e.g. `02 5550 0101` (formatted by the tenant's phone plugin or the host).
    pub display: String,
    /// For `tel:` links, e.g. `+61255500101`.
    pub dial: String,
}

/// Logs that a shopper revealed the dealer's number for a car, then answers the number.
#[utoipa::path(post, path = "/api/v1/cars/{slug}/phone-reveal", tag = "cars",
    params(("slug" = String, Path, description = "Car slug")),
    request_body = PhoneRevealRequest,
    responses((status = 200, body = PhoneRevealResponse),
        (status = 404, description = "No such car, no number for it, or a field that does not match the car or site (named in `field`)", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_phone_reveal(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
    headers: HeaderMap,
    Json(req): Json<PhoneRevealRequest>,
) -> Result<Json<PhoneRevealResponse>, ApiError> {
    let repo = TenantRepo::new(&state.db, t.slug());
    let car = repo
        .car_by_slug(&slug)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("No car `{slug}` on this site")))?;
    if req.car_id != car.id {
        return Err(not_here("car_id", "car_id is not the car of this page"));
    }
    if req.dealership_id != car.dealership_id {
        return Err(not_here("dealership_id", "dealership_id is not this car's dealership"));
    }
    if req.website_id != t.slug() {
        return Err(not_here("website_id", "website_id is not this site"));
    }
    let presented = state
        .plugins
        .present_async(t.clone(), vec![car.clone()], unix_now())
        .await
        .pop()
        .ok_or_else(|| ApiError::internal("plugin presentation returned no answer"))?;
    let phone = presented
        .phone
        .ok_or_else(|| ApiError::not_found("This dealer has no phone number for this car"))?;
    let ua = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok());
    repo.log_phone_reveal(car.id, car.dealership_id, &req.website_id, ua, unix_now())
        .await?;
    tracing::info!(tenant = %t.slug(), car_id = car.id, dealership_id = car.dealership_id, "phone revealed");
    Ok(Json(PhoneRevealResponse {
        display: phone.display,
        dial: phone.dial,
    }))
}

/// 404 `not_found` naming `field`: the page's identifiers (car, dealership, site) do not name a car
/// of this site, so there is nothing here to answer for (docs/features/shopper-core.md §7).
fn not_here(field: &str, message: impl Into<String>) -> ApiError {
    let mut e = ApiError::not_found(message);
    e.body.field = Some(field.into());
    e
}
