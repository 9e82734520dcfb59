//! `GET /api/v1/tenant`: the public settings the UI needs (docs/features/shopper-core.md §3 "Tenant config",
//! docs/features/locations-forms-marketing.md §3 "Site config"). Never includes plugin config or secrets.

use crate::http::extract::Json;
use axum::extract::State;

use crate::{
    http::{
        error::ApiError,
        state::{AppState, CurrentTenant},
    },
    site::settings::{self, TenantSettings},
};

/// The tenant's public settings.
#[utoipa::path(get, path = "/api/v1/tenant", tag = "tenant",
    responses((status = 200, body = TenantSettings), (status = 404, description = "Unknown host", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_tenant(State(state): State<AppState>, CurrentTenant(t): CurrentTenant) -> Result<Json<TenantSettings>, ApiError> {
    Ok(Json(settings::settings(&state.db, &t).await?))
}
