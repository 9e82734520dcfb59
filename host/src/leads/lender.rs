//! The finance application's create-customer call (docs/features/platform.md "Leads": "finance application: submit
//! creates the customer through the lender adapter and sends the visitor to the returned address,
//! or records the application as a lead and shows success when no external lender is set";
//! docs/features/locations-forms-marketing.md §4, §7 "POST a create-customer path", §8 messages).
//!
//! The application is always stored as a `finance` lead first (nothing is lost when the lender
//! fails); then, when the tenant enables a `lender-integration` plugin (WIT
//! `forecourt:platform@0.2.0`; plugins/README.md "Capabilities"), the host hands it the
//! application and the plugin asks its lender, in the lender's own request shape, for the
//! address to send the visitor to. The host keeps no lender's request shape.

use serde_json::Value;

use super::intake::ValidLead;
use crate::{
    error::{Error, ErrorKind},
    plugins::{
        Partner, PluginHost,
        since_v0_2_0::lender_integration::{Applicant, FinanceApplication},
    },
    tenant::Tenant,
};

/// The spec's message when the lender refuses or fails (docs/features/locations-forms-marketing.md §8).
pub const CREATE_CUSTOMER_FAILED: &str = "Failed to create customer";
/// The spec's message when the lender answers without an address to send the visitor to.
pub const NO_REDIRECT_URL: &str = "Failed to create customer or no redirect URL received.";

/// The application a `lender-integration` plugin gets for a validated `finance` lead and its
/// stored id: the applicant's contact fields, the finance question (credit score, default
/// `GREAT`; loan term, default 5 years), the car's year, VIN, NVIC, slug and stock number, and
/// every field of the lead plus `lead_id` as JSON text.
pub fn application(lead: &ValidLead, lead_id: &str) -> FinanceApplication {
    let f = &lead.fields;
    let text = |k: &str| {
        f.get(k)
            .and_then(Value::as_str)
            .map(str::to_string)
            .filter(|s| !s.trim().is_empty())
    };
    let car = lead.car.as_ref();
    let mut additional = f.clone();
    additional.insert("lead_id".into(), Value::from(lead_id));
    FinanceApplication {
        lead_id: lead_id.into(),
        idempotency_key: lead.idempotency_key.clone(),
        applicant: Applicant {
            first_name: text("name").unwrap_or_default(),
            last_name: text("last_name"),
            email: text("email"),
            phone: text("phone"),
            post_code: text("postcode"),
            subscribe: f.get("opt_in").and_then(Value::as_bool).unwrap_or(false),
        },
        self_assessed_credit_score: text("credit_score").unwrap_or_else(|| "GREAT".into()),
        purchase_price: f
            .get("purchase_price")
            .and_then(|v| v.as_f64().or_else(|| v.as_str()?.trim().parse().ok())),
        loan_term: f
            .get("loan_term")
            .and_then(|v| v.as_u64().or_else(|| v.as_str()?.trim().parse().ok()))
            .and_then(|t| u32::try_from(t).ok())
            .unwrap_or(5),
        year: car.and_then(|c| i32::try_from(c.year).ok()),
        vin: text("vin").or_else(|| car.and_then(|c| c.vin.clone())),
        nvic: car.and_then(|c| c.nvic.clone()),
        car_slug: car.map(|c| c.slug.clone()),
        stocknum: car.map(|c| c.stocknum.clone()),
        lead_json: Value::Object(additional).to_string(),
    }
}

/// Creates the customer at the site's lender, when it has one. Takes the plugin host, the
/// tenant, the validated lead and its stored id; returns `Ok(None)` when the tenant's plugins
/// offer no create-customer (the application stays a lead and the shopper sees success),
/// `Ok(Some(url))` with the lender's https address to send the visitor to, or a 502
/// `create_customer_failed` with the spec's message ('Failed to create customer', or 'Failed
/// to create customer or no redirect URL received.' when the answer has no usable address).
/// The lead stays stored either way.
pub async fn create_customer(plugins: &PluginHost, tenant: &Tenant, lead: &ValidLead, lead_id: &str) -> Result<Option<String>, Error> {
    let failed = |message: &str, by: &str, why: &str| {
        tracing::warn!(
            tenant = tenant.slug(),
            lead = lead_id,
            plugin = by,
            reason = why,
            "create customer failed"
        );
        Error::new(ErrorKind::Upstream, "create_customer_failed", message)
    };
    match plugins.create_customer(tenant.slug(), application(lead, lead_id)).await {
        Partner::NotOffered => Ok(None),
        Partner::Answer { value: Some(url), .. } => Ok(Some(url)),
        Partner::Answer { value: None, decided_by } => {
            Err(failed(NO_REDIRECT_URL, &decided_by, "the redirect address is not an https URL"))
        }
        Partner::NotFound { decided_by } => Err(failed(CREATE_CUSTOMER_FAILED, &decided_by, "not found")),
        Partner::Failed { decided_by, reason } => Err(failed(CREATE_CUSTOMER_FAILED, &decided_by, &reason)),
    }
}
