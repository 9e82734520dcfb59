//! One price engine (docs/features/platform.md "Price engine"): the drive-away estimate every surface shows the
//! same way — the SRP card, the VDP's breakdown panel, schema.org JSON-LD, the syndication feeds
//! and the ADF lead — from the price-display point's shown price, the car's price basis, the
//! buyer's state and the per-state tables kept as data with their sources.
//!
//! - [`tables`]: the on-road cost tables (`host/assets/pricing/au-on-road-costs.toml`).
//! - [`basis`]: what an advertised price includes.
//! - [`engine`]: the estimate and its breakdown.
//! - [`config`]: the tenant's `[pricing]` settings.
//! - [`for_car`]: the estimate for a car as the site shows it (the dealer's state, today).

pub mod basis;
pub mod config;
pub mod engine;
pub mod tables;

pub use config::PricingConfig;
pub use engine::{Basis, Component, DriveAway, DriveAwaySummary, EstimateError, Missing, estimate};

use crate::{model::Car, plugins::PriceView, tenant::TenantConfig};

/// The time zone the estimate's day is taken in (state rates change at midnight, Australian time).
const TZ: &str = "Australia/Sydney";

/// Today in Australia (the day whose rates apply).
pub fn today() -> jiff::civil::Date {
    let tz = jiff::tz::TimeZone::get(TZ).unwrap_or(jiff::tz::TimeZone::UTC);
    jiff::Timestamp::now().to_zoned(tz).date()
}

/// The state a car's estimate is for by default: its location's state when that is a state
/// code, else the tenant's `default_state`.
pub fn car_state<'a>(cfg: &'a TenantConfig, car: &'a Car) -> &'a str {
    car.state
        .as_deref()
        .filter(|s| tables::STATES.contains(&s.trim().to_ascii_uppercase().as_str()))
        .unwrap_or(&cfg.default_state)
}

/// The drive-away estimate for `car` as shown with price view `view`, for a buyer in
/// `buyer_state` (None: the car's state, [`car_state`]). None when the tenant turned estimates
/// off, the view shows no price (no price, pre-order, subscription), or the state is unknown.
pub fn for_car(cfg: &TenantConfig, car: &Car, view: &PriceView, buyer_state: Option<&str>) -> Option<DriveAway> {
    if !cfg.pricing.enabled {
        return None;
    }
    let price = view.shown_price()?;
    let dealer = car_state(cfg, car);
    estimate(
        tables::tables(),
        &cfg.pricing,
        car,
        price,
        Some(dealer),
        buyer_state.unwrap_or(dealer),
        today(),
    )
    .ok()
}

#[cfg(test)]
mod tests;

/// Records in a lead's `fields` the drive-away estimate the shopper saw with price view `view`
/// (`drive_away_seen`, a [`DriveAway`] as JSON), or removes a stale one when there is none, so
/// the ADF's price comments carry the figure the site showed.
pub fn record_seen(fields: &mut serde_json::Map<String, serde_json::Value>, cfg: &TenantConfig, car: &Car, view: &PriceView) {
    match for_car(cfg, car, view, None).and_then(|d| serde_json::to_value(d).ok()) {
        Some(v) => fields.insert("drive_away_seen".into(), v),
        None => fields.remove("drive_away_seen"),
    };
}
