//! `GET /api/v1/tenant`: the public settings the UI needs (docs/features/shopper-core.md §3 "Tenant config",
//! docs/features/locations-forms-marketing.md §3 "Site config"). Never includes plugin config or secrets.

use crate::http::extract::Json;
use axum::{Extension, extract::State};

use crate::{
    http::{
        error::ApiError,
        render_cache::Cacheable,
        state::{AppState, CurrentTenant},
    },
    site::settings::{self, TenantSettings},
};

/// The tenant's public settings.
#[utoipa::path(get, path = "/api/v1/tenant", tag = "tenant",
    responses((status = 200, body = TenantSettings), (status = 404, description = "Unknown host", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_tenant(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
) -> Result<(Extension<Cacheable>, Json<TenantSettings>), ApiError> {
    Ok((Extension(Cacheable), Json(settings::settings(&state.db, &state.plugins, &t).await?)))
}
