//! The trade-in form's registration lookup (docs/features/platform.md "Leads": "a rego lookup adapter (rego, regoState;
//! manual entry when no provider is configured)"): the plate and state are checked, then asked of
//! the tenant's `rego-lookup` plugin (WIT `forecourt:platform@0.2.0`; plugins/README.md
//! "Capabilities"), which calls its lookup service in that service's own shape.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    error::{Error, ErrorKind, Result},
    plugins::{Partner, PluginHost, since_v0_2_0::rego_lookup::Registration},
    tenant::{AU_STATES, Tenant},
};

/// The message when the plate is unknown: the shopper enters the vehicle by hand.
pub const REGO_NOT_FOUND: &str = "We couldn't find that registration. Please enter your vehicle's details.";
/// The message when the lookup service fails.
pub const REGO_LOOKUP_FAILED: &str = "The registration lookup is unavailable. Please enter your vehicle's details.";
/// The error code when the site has no lookup service (the JSON API answers it with 501).
pub const REGO_LOOKUP_UNAVAILABLE: &str = "rego_lookup_unavailable";

/// A registration to look up (docs/features/shopper-core.md §3 "Lead data" rego, regoState).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegoBody {
    /// The plate (`ABC 123`; spaces and dashes are ignored, letters upper-cased).
    pub rego: String,
    /// The registering state (`QLD`).
    #[serde(rename = "regoState")]
    pub rego_state: String,
}

/// The vehicle registered under a plate (docs/features/shopper-core.md §3 "Lead data" rego, regoState).
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

/// The plate and state of `body`, normalised: the plate without spaces and dashes, upper-cased,
/// 1 to 9 letters or digits; the state one of [`AU_STATES`], upper-cased. Errors: `Invalid`
/// naming `rego` or `regoState`.
fn plate(body: &RegoBody) -> Result<(String, String)> {
    let rego: String = body
        .rego
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if rego.is_empty() || rego.len() > 9 || !rego.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(Error::invalid(
            "rego",
            "Please enter a valid registration (up to 9 letters or digits).",
        ));
    }
    let state = body.rego_state.trim().to_ascii_uppercase();
    if !AU_STATES.contains(&state.as_str()) {
        return Err(Error::invalid("regoState", "Please select the state the car is registered in."));
    }
    Ok((rego, state))
}

/// Looks the registration in `body` up through tenant `t`'s `rego-lookup` plugin; answers the
/// vehicle with its text fields trimmed (blank ones null). Errors: `Invalid` naming `rego` or
/// `regoState`; `NotFound` `rego_not_found` ([`REGO_NOT_FOUND`]) when the service does not know
/// the plate; `NotImplemented` [`REGO_LOOKUP_UNAVAILABLE`] when the site has no lookup (the
/// shopper enters the vehicle by hand); `Upstream` `rego_lookup_failed` ([`REGO_LOOKUP_FAILED`])
/// when the service or the plugin fails, times out or answers no make, model or plausible year.
pub async fn lookup(plugins: &PluginHost, t: &Tenant, body: &RegoBody) -> Result<RegoVehicle> {
    let (rego, state) = plate(body)?;
    let registration = Registration {
        rego: rego.clone(),
        state: state.clone(),
    };
    let v = match plugins.rego_lookup(t.slug(), registration).await {
        Partner::Answer { value, .. } => value,
        Partner::NotOffered => {
            return Err(Error::new(
                ErrorKind::NotImplemented,
                REGO_LOOKUP_UNAVAILABLE,
                "This site has no registration lookup. Please enter your vehicle's details.",
            ));
        }
        Partner::NotFound { .. } => return Err(Error::new(ErrorKind::NotFound, "rego_not_found", REGO_NOT_FOUND)),
        Partner::Failed { decided_by, reason } => {
            tracing::warn!(tenant = t.slug(), plugin = %decided_by, %reason, "rego lookup failed");
            return Err(Error::new(ErrorKind::Upstream, "rego_lookup_failed", REGO_LOOKUP_FAILED));
        }
    };
    let clean = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    Ok(RegoVehicle {
        rego,
        rego_state: state,
        make: v.make.trim().into(),
        model: v.model.trim().into(),
        year: i64::from(v.year),
        badge: clean(v.badge),
        body: clean(v.body),
        colour: clean(v.colour),
        vin: clean(v.vin),
        nvic: clean(v.nvic),
    })
}
