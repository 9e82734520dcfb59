//! `GET /api/v1/cars/{slug}`: one car of the request's tenant with its location and images
//! (docs/features/shopper-core.md §2 "Vehicle detail page", §3 "Car"), and what the tenant's plugins (or the host
//! defaults) decide about it: tag, price view, eligibility, phone and finance, with `decided_by`
//! naming who decided each (docs/features/platform.md "Plugins and extension points"). Another tenant's slug is a 404.

use crate::http::extract::{Json, Path};
use axum::extract::State;

use crate::{
    cars::{self, CarResponse},
    http::{
        error::ApiError,
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
) -> Result<Json<CarResponse>, ApiError> {
    Ok(Json(cars::detail(state.platform(), &t, &slug).await?))
}
