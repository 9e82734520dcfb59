//! `POST /api/v1/finance/repayment`: the finance calculator's repayment, computed by the tenant's
//! `finance-lender` plugin or the host default (rules in [`crate::tools::finance`]).

use crate::http::extract::Json;
use axum::extract::State;

use crate::{
    http::{
        error::ApiError,
        state::{AppState, CurrentTenant},
    },
    tools::finance::{self, RepaymentAnswer, RepaymentBody},
};

/// The repayment for a loan (docs/features/shopper-core.md §5, §9).
#[utoipa::path(post, path = "/api/v1/finance/repayment", tag = "finance",
    request_body = RepaymentBody,
    responses(
        (status = 200, body = RepaymentAnswer),
        (status = 400, description = "An input is missing or not a number in range", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope),
        (status = 422, description = "Finance is not offered for this car", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_repayment(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Json(body): Json<RepaymentBody>,
) -> Result<Json<RepaymentAnswer>, ApiError> {
    Ok(Json(finance::repayment_answer(state.platform(), &t, &body).await?))
}
