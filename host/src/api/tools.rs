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

use super::error::{ApiError, INVALID_POSTCODE};
use crate::{
    geo,
    market::{self, Autogauge},
    model::{Car, Location},
    repo::TenantRepo,
    server::{AppState, CurrentTenant},
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
        (status = 400, description = "Empty or malformed postcode (field `postcode`)", body = super::error::ErrorEnvelope),
        (status = 404, description = "No such car, or the site offers no delivery", body = super::error::ErrorEnvelope)))]
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
        (status = 404, description = "No such car on this site", body = super::error::ErrorEnvelope)))]
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
/// from the host's market data ..., but none for cars over 7 years or 100,000 km"): 80% to 88%
/// of the comparable-stock average (state preference does not apply: the shopper's state is not
/// known).
#[utoipa::path(post, path = "/api/v1/trade-in/estimate", tag = "leads", request_body = EstimateBody,
    responses((status = 200, body = TradeInEstimate), (status = 400, body = super::error::ErrorEnvelope)))]
pub async fn post_trade_in_estimate(
    State(state): State<AppState>,
    CurrentTenant(_t): CurrentTenant,
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
    if now_year - body.year > ESTIMATE_MAX_AGE_YEARS || body.km > ESTIMATE_MAX_KM {
        return Ok(Json(TradeInEstimate {
            estimate: None,
            reason: Some(NO_ESTIMATE_AGE_KM.into()),
            comparables: 0,
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
        Some(avg) => TradeInEstimate {
            estimate: Some(EstimateRange {
                low: (avg * ESTIMATE_SHARE.0 / 100.0).round() * 100.0,
                high: (avg * ESTIMATE_SHARE.1 / 100.0).round() * 100.0,
            }),
            reason: None,
            comparables: g.comparables,
        },
        None => TradeInEstimate {
            estimate: None,
            reason: Some(NO_ESTIMATE_DATA.into()),
            comparables: found.len(),
        },
    }))
}
