//! `POST /api/v1/finance/repayment`: the finance calculator's repayment, computed by the tenant's
//! `finance-lender` plugin or the host default (rules in [`crate::tools::finance`]).

use axum::{Json, extract::State, http::StatusCode};

use crate::{
    error::Error,
    http::{
        error::ApiError,
        state::{AppState, CurrentTenant},
    },
    tools::finance::{self, FINANCE_UNAVAILABLE, RepaymentAnswer, RepaymentBody},
};

/// A finance tool's error as the API answers it: [`FINANCE_UNAVAILABLE`] is a 422 (the request
/// is well formed, but the lender offers nothing for it); everything else by its kind.
pub fn finance_error(e: Error) -> ApiError {
    let unprocessable = e.code == FINANCE_UNAVAILABLE;
    let mut api = ApiError::from(e);
    if unprocessable {
        api.status = StatusCode::UNPROCESSABLE_ENTITY;
    }
    api
}

/// The repayment for a loan (shopper-core §5, §9).
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
    Ok(Json(
        finance::repayment_answer(state.platform(), &t, &body)
            .await
            .map_err(finance_error)?,
    ))
}
