//! `GET /api/v1/cars/{slug}`: one car of the request's tenant with its location and images
//! (docs/features/shopper-core.md §2 "Vehicle detail page", §3 "Car"), and what the tenant's plugins (or the host
//! defaults) decide about it: tag, price view, eligibility, phone and finance, with `decided_by`
//! naming who decided each (docs/features/platform.md "Plugins and extension points"). Another tenant's slug is a 404.

use crate::http::extract::{Json, Path, Query};
use axum::{Extension, extract::State};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    cars::{self, CarResponse},
    http::{
        error::ApiError,
        render_cache::Cacheable,
        state::{AppState, CurrentTenant},
    },
};

/// One car by slug.
#[utoipa::path(get, path = "/api/v1/cars/{slug}", tag = "cars",
    params(("slug" = String, Path, description = "Car slug")),
    responses((status = 200, body = CarResponse), (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_car(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
) -> Result<(Extension<Cacheable>, Json<CarResponse>), ApiError> {
    Ok((Extension(Cacheable), Json(cars::detail(state.platform(), &t, &slug).await?)))
}

/// `?state=` or `?postcode=` of the drive-away estimate.
#[derive(Debug, Deserialize, IntoParams)]
pub struct DriveAwayParams {
    /// The buyer's state or territory code (`NSW`, `VIC`, `QLD`, `SA`, `WA`, `TAS`, `NT`, `ACT`).
    #[param(pattern = "^(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)$")]
    pub state: Option<String>,
    /// The buyer's four-digit postcode (its state is used; it wins over `state` when both are given).
    #[param(pattern = "^[0-9]{4}$")]
    pub postcode: Option<String>,
}

/// The drive-away estimate with its breakdown for a buyer's state or postcode (the car's state
/// when neither is given; docs/features/platform.md "Price engine"). Whole AUD.
#[utoipa::path(get, path = "/api/v1/cars/{slug}/drive-away", tag = "cars",
    params(("slug" = String, Path, description = "Car slug"), DriveAwayParams),
    responses(
        (status = 200, body = crate::pricing::DriveAway),
        (status = 400, description = "A `state` that is not a state code, or a `postcode` that is not four digits (the envelope's `field` names it)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No such car, it shows no price, or a `postcode` that is not an Australian postcode (`field` is `postcode`)", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_drive_away(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
    Query(params): Query<DriveAwayParams>,
) -> Result<Json<crate::pricing::DriveAway>, ApiError> {
    Ok(Json(
        cars::drive_away(state.platform(), &t, &slug, params.state.as_deref(), params.postcode.as_deref()).await?,
    ))
}
