//! The VDP's delivery calculator and price comparison gauge (shopper-core §2 "fuel calculator
//! and delivery calculator", "price comparison gauge", "market-price indicator"; §3 "Delivery
//! estimate result", "Autogauge result"; §4 "Delivery calculator"; §7; §8; issue 8 §3, §5).
//!
//! * `GET /api/v1/cars/{slug}/delivery?postcode=NNNN`: the postcode is looked up in the real
//!   Australian postcode data ([`crate::geo`]), the haversine distance (earth radius 6371 km)
//!   measured from the car's location (else its dealership's primary location, else the site's
//!   first located one), and priced from the tenant's `[delivery]` distance bands.
//! * `GET /api/v1/cars/{slug}/autogauge` (also the spec's `GET {car path}/autogauge`, that is
//!   `/cars/{slug}/autogauge`): the market range from comparable stock ([`crate::market`]).

use axum::{
    Json,
    extract::{Path, Query, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{error::INVALID_POSTCODE, http::error::ApiError};
use crate::{
    geo,
    http::state::{AppState, CurrentTenant},
    market::{self, Autogauge},
    model::{Car, Location},
    outbound::{CallError, post_json},
    repo::TenantRepo,
    tenant::{AU_STATES, Adjustment},
};

/// The text shown when there is no delivery price (shopper-core §8 "No delivery price").
pub const NO_DELIVERY_PRICE: &str =
    "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
/// The message for an empty postcode (shopper-core §5, §8 "Empty postcode").
pub const EMPTY_POSTCODE: &str = "Please enter a postcode.";

/// `?postcode=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct DeliveryParams {
    /// The shopper's four-digit postcode.
    pub postcode: Option<String>,
}

/// A delivery estimate (shopper-core §3 "Delivery estimate result": price and region name).
#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryEstimate {
    /// The postcode asked about.
    pub postcode: String,
    /// The postcode's locality (`Surfers Paradise`), null when the postcode is unknown.
    pub locality: Option<String>,
    /// The postcode's state code, null when unknown.
    pub state: Option<String>,
    /// Great-circle distance from the car's location, km to 0.1; null when unknown.
    pub distance_km: Option<f64>,
    /// Delivery price, AUD; null when there is no estimate.
    pub price: Option<f64>,
    /// Region name of the price's band (`Brisbane Metro`); null with no price.
    pub name: Option<String>,
    /// The spec's text when there is no price, else null.
    pub message: Option<String>,
    /// Name of the location the distance is measured from.
    pub from_location: Option<String>,
}

/// Where a car is delivered from: its location, else its dealership's primary one, else the
/// first located one of the site. Only locations with coordinates count.
async fn origin(repo: &TenantRepo, car: &Car) -> Result<Option<Location>, sqlx::Error> {
    let located = |l: &Location| l.address.lat.is_some() && l.address.long.is_some();
    if let Some(id) = car.location_id
        && let Some(l) = repo.location(id).await?
        && located(&l)
    {
        return Ok(Some(l));
    }
    let all: Vec<Location> = repo.locations(false).await?.into_iter().filter(located).collect();
    let pick = all
        .iter()
        .find(|l| l.dealership_id == car.dealership_id && l.primary)
        .or_else(|| all.iter().find(|l| l.dealership_id == car.dealership_id))
        .or_else(|| all.first());
    Ok(pick.cloned())
}

/// The delivery estimate for a car to a postcode (shopper-core §2, §4, §8; issue 8 §3).
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
    let postcode = params.postcode.unwrap_or_default().trim().to_string();
    if postcode.is_empty() {
        return Err(ApiError::invalid("postcode", EMPTY_POSTCODE));
    }
    if !geo::is_postcode(&postcode) {
        return Err(ApiError::invalid("postcode", INVALID_POSTCODE));
    }
    let repo = TenantRepo::new(&state.db, t.slug());
    let car = repo
        .car_by_slug(&slug)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("No car `{slug}` on this site")))?;
    let bands = &t.config.delivery.bands;
    if bands.is_empty() {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "delivery_unavailable",
            "This site does not offer delivery estimates",
        ));
    }
    let from = origin(&repo, &car).await?;
    let point = geo::postcode(&postcode);
    let mut out = DeliveryEstimate {
        postcode: postcode.clone(),
        locality: point.map(|p| p.locality.clone()),
        state: point.map(|p| p.state.clone()),
        distance_km: None,
        price: None,
        name: None,
        message: Some(NO_DELIVERY_PRICE.into()),
        from_location: from.as_ref().map(|l| l.name.clone()),
    };
    if let (Some(p), Some(from)) = (point, from.as_ref())
        && let (Some(lat), Some(long)) = (from.address.lat, from.address.long)
    {
        let d = geo::haversine_km(lat, long, p.lat, p.long);
        out.distance_km = Some((d * 10.0).round() / 10.0);
        if let Some(band) = bands.iter().find(|b| d <= b.up_to_km) {
            out.price = Some(band.price);
            out.name = Some(band.name.clone());
            out.message = None;
        }
    }
    Ok(Json(out))
}

/// The price comparison gauge for a car (shopper-core §3, §5, §7; issue 8 §5).
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
    let car = TenantRepo::new(&state.db, t.slug())
        .car_by_slug(&slug)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("No car `{slug}` on this site")))?;
    let comparables = market::comparables(&state.db, t.slug(), &car).await?;
    Ok(Json(market::gauge(car.price, car.state.as_deref(), &comparables)))
}

/// Online trade-in estimates are not given for cars older than this many years (lfm §5).
pub const ESTIMATE_MAX_AGE_YEARS: i64 = 7;
/// ...or with more than this many km (lfm §5).
pub const ESTIMATE_MAX_KM: i64 = 100_000;
/// The reason shown instead of an estimate for old or high-km cars (lfm §5, informational).
pub const NO_ESTIMATE_AGE_KM: &str =
    "Online estimates are not given for cars over 7 years old or over 100,000 km. Send us the details and we'll value it in person.";
/// The reason shown when there is too little market data.
pub const NO_ESTIMATE_DATA: &str =
    "We don't have enough market data to estimate this car online. Send us the details and we'll value it in person.";
/// The trade-in range as shares of the market average (a dealer's offer allows for
/// reconditioning and margin): 80% to 88%.
pub const ESTIMATE_SHARE: (f64, f64) = (0.80, 0.88);

/// A car to value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EstimateBody {
    /// Make, as listed (`Toyota`).
    pub make: String,
    /// Model (`Corolla`).
    pub model: String,
    /// Model year.
    pub year: i64,
    /// Odometer, km.
    pub km: i64,
    /// Answers to the site's adjustment questions (`GET /api/v1/tenant` `trade_in.adjustments`),
    /// by question id: `{"condition": "good", "keys": "one"}`. Optional; each answer moves the
    /// estimate by its percent.
    #[serde(default, rename = "adjustmentAnswers")]
    #[schema(value_type = Option<Object>)]
    pub adjustment_answers: Option<serde_json::Map<String, serde_json::Value>>,
}

/// An online trade-in estimate, AUD, or the reason there is none.
#[derive(Debug, Serialize, ToSchema)]
pub struct TradeInEstimate {
    /// The range, AUD to the $100; null with `reason`.
    pub estimate: Option<EstimateRange>,
    /// Why there is no estimate, when there is none.
    pub reason: Option<String>,
    /// Comparable cars behind the estimate.
    pub comparables: usize,
    /// The adjustment answers' total, percent of the market-based range (0 without answers).
    pub adjustment_percent: f64,
}

/// Low and high trade-in values, AUD.
#[derive(Debug, Serialize, ToSchema)]
pub struct EstimateRange {
    /// Low end, AUD.
    pub low: f64,
    /// High end, AUD.
    pub high: f64,
}

/// An online trade-in estimate from the platform's market data (issue 9 §1 "an online estimate
/// from the host's market data with adjustment answers, but none for cars over 7 years or
/// 100,000 km"): 80% to 88% of the comparable-stock average, moved by the adjustment answers'
/// total percent (state preference does not apply: the shopper's state is not known). An
/// unknown question or answer is a 400 naming `adjustmentAnswers.{id}`.
#[utoipa::path(post, path = "/api/v1/trade-in/estimate", tag = "leads", request_body = EstimateBody,
    responses((status = 200, body = TradeInEstimate), (status = 400, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_trade_in_estimate(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Json(body): Json<EstimateBody>,
) -> Result<Json<TradeInEstimate>, ApiError> {
    let now_year = i64::from(jiff::Zoned::now().year());
    if !(1950..=now_year + 1).contains(&body.year) {
        return Err(ApiError::invalid("year", format!("must be between 1950 and {}", now_year + 1)));
    }
    if !(0..=2_000_000).contains(&body.km) {
        return Err(ApiError::invalid("km", "must be 0 to 2000000"));
    }
    for (field, v) in [("make", &body.make), ("model", &body.model)] {
        if v.trim().is_empty() || v.len() > 60 {
            return Err(ApiError::invalid(field, "must be 1 to 60 characters"));
        }
    }
    let adjustment_percent = adjustment_percent(&t.config.trade_in.adjustments, body.adjustment_answers.as_ref())?;
    if now_year - body.year > ESTIMATE_MAX_AGE_YEARS || body.km > ESTIMATE_MAX_KM {
        return Ok(Json(TradeInEstimate {
            estimate: None,
            reason: Some(NO_ESTIMATE_AGE_KM.into()),
            comparables: 0,
            adjustment_percent,
        }));
    }
    let vehicle = market::Vehicle {
        make: body.make.trim(),
        model: body.model.trim(),
        year: body.year,
        km: body.km,
    };
    let found = market::comparables_for(&state.db, &vehicle, None).await?;
    let g = market::gauge(0.0, None, &found);
    Ok(Json(match g.average_market_price {
        Some(avg) => {
            let base = avg * (1.0 + adjustment_percent / 100.0);
            TradeInEstimate {
                estimate: Some(EstimateRange {
                    low: (base * ESTIMATE_SHARE.0 / 100.0).round() * 100.0,
                    high: (base * ESTIMATE_SHARE.1 / 100.0).round() * 100.0,
                }),
                reason: None,
                comparables: g.comparables,
                adjustment_percent,
            }
        }
        None => TradeInEstimate {
            estimate: None,
            reason: Some(NO_ESTIMATE_DATA.into()),
            comparables: found.len(),
            adjustment_percent,
        },
    }))
}

/// The total percent of the chosen adjustment answers (shopper-core §3 `adjustmentAnswers`).
/// Takes the site's questions and the shopper's answers by question id; returns the sum of the
/// chosen answers' percents (0 for none), or a 400 naming `adjustmentAnswers.{id}` for an
/// unknown question or answer. Unanswered questions count 0.
pub fn adjustment_percent(questions: &[Adjustment], answers: Option<&serde_json::Map<String, serde_json::Value>>) -> Result<f64, ApiError> {
    let Some(answers) = answers else { return Ok(0.0) };
    let mut total = 0.0;
    for (id, value) in answers {
        let field = format!("adjustmentAnswers.{id}");
        let q = questions
            .iter()
            .find(|q| &q.id == id)
            .ok_or_else(|| ApiError::invalid(&field, "is not one of this site's questions"))?;
        let v = value.as_str().unwrap_or_default();
        let a = q
            .answers
            .iter()
            .find(|a| a.value == v)
            .ok_or_else(|| ApiError::invalid(&field, format!("must be one of the question's answers ({})", answer_values(q))))?;
        total += a.percent;
    }
    Ok((total * 100.0).round() / 100.0)
}

fn answer_values(q: &Adjustment) -> String {
    q.answers.iter().map(|a| a.value.as_str()).collect::<Vec<_>>().join(", ")
}

/// A registration to look up (issue 9 §1 "a rego lookup adapter (rego, regoState)").
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegoBody {
    /// The plate (`ABC 123`; spaces and dashes are ignored, letters upper-cased).
    pub rego: String,
    /// The registering state (`QLD`).
    #[serde(rename = "regoState")]
    pub rego_state: String,
}

/// What the lookup service answers (the adapter's contract, documented in tenants/README.md).
#[derive(Debug, Deserialize)]
struct RegoAnswer {
    make: String,
    model: String,
    year: i64,
    #[serde(default)]
    badge: Option<String>,
    #[serde(default)]
    body: Option<String>,
    #[serde(default)]
    colour: Option<String>,
    #[serde(default)]
    vin: Option<String>,
    #[serde(default)]
    nvic: Option<String>,
}

/// The vehicle registered under a plate (shopper-core §3 "Lead data" rego, regoState).
#[derive(Debug, Serialize, ToSchema)]
pub struct RegoVehicle {
    /// The plate as looked up (`ABC123`).
    pub rego: String,
    /// The state (`QLD`).
    #[serde(rename = "regoState")]
    pub rego_state: String,
    /// Make (`Toyota`).
    pub make: String,
    /// Model (`Corolla`).
    pub model: String,
    /// Model year.
    pub year: i64,
    /// Badge or variant, when known.
    pub badge: Option<String>,
    /// Body, when known.
    pub body: Option<String>,
    /// Colour, when known.
    pub colour: Option<String>,
    /// VIN, when known.
    pub vin: Option<String>,
    /// NVIC, when known.
    pub nvic: Option<String>,
}

/// The message when the plate is unknown: the shopper enters the vehicle by hand.
pub const REGO_NOT_FOUND: &str = "We couldn't find that registration. Please enter your vehicle's details.";
/// The message when the lookup service fails.
pub const REGO_LOOKUP_FAILED: &str = "The registration lookup is unavailable. Please enter your vehicle's details.";

/// Looks a registration up through the site's rego lookup service (`[trade_in.rego_lookup]`;
/// issue 9 §1 "a rego lookup adapter (rego, regoState; manual entry when no provider is
/// configured)"). The host POSTs `{rego, state}` and expects `{make, model, year, badge?, body?,
/// colour?, vin?, nvic?}`. Errors: 400 naming `rego` or `regoState`; 404 `rego_not_found`; 501
/// `rego_lookup_unavailable` without a service; 502 `rego_lookup_failed`.
#[utoipa::path(post, path = "/api/v1/trade-in/rego", tag = "leads", request_body = RegoBody,
    responses(
        (status = 200, body = RegoVehicle),
        (status = 400, description = "rego or regoState is invalid (the error names it)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "No vehicle under that registration", body = crate::http::error::ErrorEnvelope),
        (status = 501, description = "The site has no rego lookup service: enter the vehicle by hand", body = crate::http::error::ErrorEnvelope),
        (status = 502, description = "The lookup service failed or timed out", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_rego_lookup(CurrentTenant(t): CurrentTenant, Json(body): Json<RegoBody>) -> Result<Json<RegoVehicle>, ApiError> {
    let rego: String = body
        .rego
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if rego.is_empty() || rego.len() > 9 || !rego.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::invalid(
            "rego",
            "Please enter a valid registration (up to 9 letters or digits).",
        ));
    }
    let state = body.rego_state.trim().to_ascii_uppercase();
    if !AU_STATES.contains(&state.as_str()) {
        return Err(ApiError::invalid("regoState", "Please select the state the car is registered in."));
    }
    let Some(service) = &t.config.trade_in.rego_lookup else {
        return Err(ApiError::new(
            StatusCode::NOT_IMPLEMENTED,
            "rego_lookup_unavailable",
            "This site has no registration lookup. Please enter your vehicle's details.",
        ));
    };
    let question = serde_json::json!({ "rego": rego, "state": state });
    let failed = |why: String| {
        tracing::warn!(tenant = t.slug(), url = %service.url, error = %why, "rego lookup failed");
        ApiError::new(StatusCode::BAD_GATEWAY, "rego_lookup_failed", REGO_LOOKUP_FAILED)
    };
    let a: RegoAnswer = match post_json(&service.url, service.token_env.as_deref(), service.timeout_ms, &question, None).await {
        Ok(a) => a,
        Err(CallError::NotFound) => return Err(ApiError::new(StatusCode::NOT_FOUND, "rego_not_found", REGO_NOT_FOUND)),
        Err(e) => return Err(failed(e.to_string())),
    };
    let now_year = i64::from(jiff::Zoned::now().year());
    if a.make.trim().is_empty() || a.model.trim().is_empty() || !(1900..=now_year + 1).contains(&a.year) {
        return Err(failed("the answer has no make, model or plausible year".into()));
    }
    let clean = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    Ok(Json(RegoVehicle {
        rego,
        rego_state: state,
        make: a.make.trim().into(),
        model: a.model.trim().into(),
        year: a.year,
        badge: clean(a.badge),
        body: clean(a.body),
        colour: clean(a.colour),
        vin: clean(a.vin),
        nvic: clean(a.nvic),
    }))
}
