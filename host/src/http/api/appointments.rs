//! `GET /api/v1/locations/{slug}/appointments?days=`: test-drive appointment slots of a location
//! from its opening and holiday hours (rules in [`crate::tools::appointments`]).

use crate::http::extract::{Json, Path, Query};
use jiff::Timestamp;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    http::{error::ApiError, state::CurrentTenant},
    tools::appointments::{self, Slots},
};

/// `?days=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct SlotParams {
    /// How many days from today, 1 to 60 (default 14).
    #[param(minimum = 1, maximum = 60)]
    pub days: Option<i64>,
}

/// Test-drive slots of a visible location of this site (docs/features/platform.md "Leads").
#[utoipa::path(get, path = "/api/v1/locations/{slug}/appointments", tag = "leads",
    params(("slug" = String, Path, description = "Location slug"), SlotParams),
    responses((status = 200, body = Slots), (status = 400, body = crate::http::error::ErrorEnvelope), (status = 404, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_appointments(
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
    Query(q): Query<SlotParams>,
) -> Result<Json<Slots>, ApiError> {
    Ok(Json(appointments::slots_of(&t, &slug, q.days, Timestamp::now())?))
}
