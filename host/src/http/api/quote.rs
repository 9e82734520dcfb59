//! `POST /api/v1/finance/quote` (also at the spec's path `POST /api/youx/quote`): the per-car
//! weekly finance quote, from the lender through the tenant's `lender-integration` plugin or
//! built in through its lender plugin, with its comparison rate (rules in [`crate::tools::quote`]).

use crate::http::extract::Json;
use axum::extract::State;

use crate::{
    http::{
        error::ApiError,
        state::{AppState, CurrentTenant},
    },
    tools::quote::{self, QuoteAnswer, QuoteBody},
};

/// The weekly quote for a car or a price (docs/features/shopper-core.md §7 quote call; docs/features/platform.md
/// "Finance and delivery tools").
#[utoipa::path(post, path = "/api/v1/finance/quote", tag = "finance",
    request_body = QuoteBody,
    responses(
        (status = 200, body = QuoteAnswer),
        (status = 400, description = "A field is invalid (the error names it)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope),
        (status = 422, description = "Finance is not offered for this car or site", body = crate::http::error::ErrorEnvelope),
        (status = 502, description = "The lender (through its lender-integration plugin) failed, timed out or answered out-of-range figures", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_quote(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Json(body): Json<QuoteBody>,
) -> Result<Json<QuoteAnswer>, ApiError> {
    Ok(Json(quote::quote(state.platform(), &t, body).await?))
}
