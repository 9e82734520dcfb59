//! `[pricing]` in `tenant.toml` (tenants/README.md "[pricing]"; docs/features/platform.md "Price engine"): the
//! basis of prices whose `price_type` does not say, the dealer's delivery charge, and the dealer's
//! own registration and CTP figures per state, which replace the tables'.

use std::{collections::BTreeMap, path::Path};

use serde::{Deserialize, Serialize};

use super::{basis::Basis, tables::STATES};

/// Largest dealer delivery charge accepted, AUD.
pub const MAX_DEALER_DELIVERY: f64 = 20_000.0;
/// Largest registration or CTP figure accepted, AUD.
pub const MAX_STATE_FEE: f64 = 20_000.0;

/// `[pricing]`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PricingConfig {
    /// Show drive-away estimates (SRP card line, VDP breakdown, JSON-LD, feeds, ADF). Default true.
    pub enabled: bool,
    /// The basis of a price whose `price_type` names none (default `drive_away`).
    pub default_basis: Basis,
    /// The dealer's delivery charge per car type, AUD (default 0).
    pub dealer_delivery: DealerDelivery,
    /// The dealer's own figures by state code (`NSW`, ...), replacing the tables'.
    pub states: BTreeMap<String, StateOverride>,
}

impl Default for PricingConfig {
    fn default() -> Self {
        PricingConfig {
            enabled: true,
            default_basis: Basis::DriveAway,
            dealer_delivery: DealerDelivery::default(),
            states: BTreeMap::new(),
        }
    }
}

/// `[pricing.dealer_delivery]`: AUD per car type.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DealerDelivery {
    /// New cars.
    pub new: f64,
    /// Demonstrators.
    pub demo: f64,
    /// Used cars.
    pub used: f64,
}

impl DealerDelivery {
    /// The charge for car type `condition` (`new`, `demo`, `used`; other types: 0), AUD.
    pub fn for_condition(&self, condition: &str) -> f64 {
        match condition {
            "new" => self.new,
            "demo" => self.demo,
            "used" => self.used,
            _ => 0.0,
        }
    }
}

/// `[pricing.states.<CODE>]`: the dealer's figures for buyers in that state.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateOverride {
    /// 12 months' registration, AUD.
    pub registration: Option<f64>,
    /// 12 months' CTP insurance, AUD.
    pub ctp: Option<f64>,
    /// What the figures assume, shown on the lines.
    pub note: Option<String>,
}

/// Checks `[pricing]`: amounts are finite and from 0 to their maximum, state keys are state codes.
/// Errors: `(field, message)`, the field as written in tenant.toml
/// (`pricing.states.NSW.registration`).
pub fn validate(p: &PricingConfig, _file: &Path) -> Result<(), (String, String)> {
    let bad = |field: String, msg: String| Err((field, msg));
    for (kind, v) in [
        ("new", p.dealer_delivery.new),
        ("demo", p.dealer_delivery.demo),
        ("used", p.dealer_delivery.used),
    ] {
        if !(v.is_finite() && (0.0..=MAX_DEALER_DELIVERY).contains(&v)) {
            return bad(
                format!("pricing.dealer_delivery.{kind}"),
                format!("must be from 0 to {MAX_DEALER_DELIVERY} dollars"),
            );
        }
    }
    for (code, o) in &p.states {
        if !STATES.contains(&code.as_str()) {
            return bad(format!("pricing.states.{code}"), format!("must be one of {}", STATES.join(", ")));
        }
        for (kind, v) in [("registration", o.registration), ("ctp", o.ctp)] {
            if let Some(v) = v
                && !(v.is_finite() && (0.0..=MAX_STATE_FEE).contains(&v))
            {
                return bad(
                    format!("pricing.states.{code}.{kind}"),
                    format!("must be from 0 to {MAX_STATE_FEE} dollars"),
                );
            }
        }
    }
    Ok(())
}
