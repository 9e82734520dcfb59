//! The VDP's delivery calculator and price comparison gauge, and the trade-in form's online
//! estimate and registration lookup (rules in [`crate::tools`]):
//!
//! * `GET /api/v1/cars/{slug}/delivery?postcode=NNNN`: the delivery estimate
//!   ([`crate::tools::delivery`]).
//! * `GET /api/v1/cars/{slug}/autogauge` (also the spec's `GET {car path}/autogauge`, that is
//!   `/cars/{slug}/autogauge`): the market range from comparable stock ([`crate::tools::gauge`]).
//! * `POST /api/v1/trade-in/estimate`: the online trade-in estimate ([`crate::tools::trade_in`]).
//! * `POST /api/v1/trade-in/rego`: the registration lookup ([`crate::tools::rego`]).

use crate::http::extract::{Json, Path, Query};
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    http::{
        error::ApiError,
        state::{AppState, CurrentTenant},
    },
    market::Autogauge,
    tools::{
        delivery::{self, DeliveryEstimate},
        gauge,
        rego::{self, RegoBody, RegoVehicle},
        trade_in::{self, EstimateBody, TradeInEstimate},
    },
};

/// `?postcode=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct DeliveryParams {
    /// The shopper's four-digit postcode.
    #[param(required = true, nullable = false, pattern = "^[0-9]{4}$")]
    pub postcode: Option<String>,
}

/// The delivery estimate for a car to a postcode (docs/features/shopper-core.md §2, §4, §8; docs/features/platform.md
/// "Finance and delivery tools").
#[utoipa::path(get, path = "/api/v1/cars/{slug}/delivery", tag = "cars",
    params(("slug" = String, Path, description = "Car slug"), DeliveryParams),
    responses(
        (status = 200, description = "An estimate, or `price: null` with the spec's text when there is none", body = DeliveryEstimate),
        (status = 400, description = "Empty or malformed postcode (field `postcode`)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No such car, or the site offers no delivery", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_delivery(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
    Query(params): Query<DeliveryParams>,
) -> Result<Json<DeliveryEstimate>, ApiError> {
    Ok(Json(
        delivery::estimate(state.platform(), &t, &slug, params.postcode.as_deref()).await?,
    ))
}

/// The price comparison gauge for a car (docs/features/shopper-core.md §3, §5, §7; docs/features/platform.md
/// "Finance and delivery tools").
#[utoipa::path(get, path = "/api/v1/cars/{slug}/autogauge", tag = "cars",
    params(("slug" = String, Path, description = "Car slug")),
    responses(
        (status = 200, description = "The gauge; fields are null when there are too few comparable cars", body = Autogauge),
        (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_autogauge(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
) -> Result<Json<Autogauge>, ApiError> {
    Ok(Json(gauge::autogauge(state.platform(), &t, &slug).await?))
}

/// An online trade-in estimate from the platform's market data: 80% to 88% of the
/// comparable-stock average, moved by the adjustment answers' total percent; none for cars over
/// 7 years or 100,000 km. An unknown question or answer is a 400 naming `adjustmentAnswers.{id}`.
#[utoipa::path(post, path = "/api/v1/trade-in/estimate", tag = "leads", request_body = EstimateBody,
    responses((status = 200, body = TradeInEstimate), (status = 400, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_trade_in_estimate(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Json(body): Json<EstimateBody>,
) -> Result<Json<TradeInEstimate>, ApiError> {
    Ok(Json(trade_in::estimate(state.platform(), &t, &body).await?))
}

/// Looks a registration up through the site's `rego-lookup` plugin (plugins/README.md "Capabilities").
/// Errors: 400 naming `rego` or `regoState`; 404 `rego_not_found`; 501
/// `rego_lookup_unavailable` without a service; 502 `rego_lookup_failed`.
#[utoipa::path(post, path = "/api/v1/trade-in/rego", tag = "leads", request_body = RegoBody,
    responses(
        (status = 200, body = RegoVehicle),
        (status = 400, description = "rego or regoState is invalid (the error names it)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No vehicle under that registration", body = crate::http::error::ErrorEnvelope),
        (status = 501, description = "The site has no rego lookup service: enter the vehicle by hand", body = crate::http::error::ErrorEnvelope),
        (status = 502, description = "The lookup service failed or timed out", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_rego_lookup(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Json(body): Json<RegoBody>,
) -> Result<Json<RegoVehicle>, ApiError> {
    Ok(Json(rego::lookup(&state.plugins, &t, &body).await?))
}
