//! The finance application's create-customer call (docs/features/platform.md "Leads": "finance application: submit
//! creates the customer through the lender adapter and sends the visitor to the returned address,
//! or records the application as a lead and shows success when no external lender is set";
//! docs/features/locations-forms-marketing.md §4, §7 "POST a create-customer path", §8 messages).
//!
//! The application is always stored as a `finance` lead first (nothing is lost when the lender
//! fails); then, when the site has `[finance.application]`, the host POSTs the spec's body
//! `{data: {nvic, vin, selfAssessedCreditScore, purchasePrice, year, loanTerm, phoneNumber,
//! firstName, lastName, email, subscribe, postCode}, additionalData: <the lead>}` with the lead's
//! idempotency key and reads `redirectUrl`.

use serde::Deserialize;
use serde_json::{Value, json};

use super::intake::ValidLead;
use crate::{
    error::{Error, ErrorKind},
    outbound::post_json,
    tenant::Tenant,
};

/// The spec's message when the lender refuses or fails (docs/features/locations-forms-marketing.md §8).
pub const CREATE_CUSTOMER_FAILED: &str = "Failed to create customer";
/// The spec's message when the lender answers without an address to send the visitor to.
pub const NO_REDIRECT_URL: &str = "Failed to create customer or no redirect URL received.";

#[derive(Debug, Deserialize)]
struct Created {
    #[serde(rename = "redirectUrl", default)]
    redirect_url: Option<String>,
}

/// The spec's create-customer body for a validated `finance` lead and its stored id.
pub fn body(lead: &ValidLead, lead_id: &str) -> Value {
    let f = &lead.fields;
    let text = |k: &str| f.get(k).cloned().unwrap_or(Value::Null);
    let car = lead.car.as_ref();
    let vin = f
        .get("vin")
        .cloned()
        .or_else(|| car.and_then(|c| c.vin.clone()).map(Value::from))
        .unwrap_or(Value::Null);
    let mut additional = f.clone();
    additional.insert("lead_id".into(), Value::from(lead_id));
    json!({
        "data": {
            "nvic": car.and_then(|c| c.nvic.clone()),
            "vin": vin,
            "selfAssessedCreditScore": f.get("credit_score").cloned().unwrap_or_else(|| Value::from("GREAT")),
            "purchasePrice": text("purchase_price"),
            "year": car.map(|c| c.year),
            "loanTerm": f.get("loan_term").cloned().unwrap_or_else(|| Value::from(5)),
            "phoneNumber": text("phone"),
            "firstName": text("name"),
            "lastName": text("last_name"),
            "email": text("email"),
            "subscribe": f.get("opt_in").and_then(Value::as_bool).unwrap_or(false),
            "postCode": text("postcode"),
        },
        "additionalData": additional,
    })
}

/// Creates the customer at the site's lender, when it has one. Takes the tenant, the validated
/// lead and its stored id; returns `Ok(None)` without `[finance.application]`, `Ok(Some(url))`
/// with the lender's https address to send the visitor to, or a 502 `create_customer_failed`
/// with the spec's message ('Failed to create customer', or 'Failed to create customer or no
/// redirect URL received.' when the answer has no usable address). The lead stays stored.
pub async fn create_customer(tenant: &Tenant, lead: &ValidLead, lead_id: &str) -> Result<Option<String>, Error> {
    let Some(lender) = &tenant.config.finance.application else {
        return Ok(None);
    };
    let failed = |message: &str, why: String| {
        tracing::warn!(tenant = tenant.slug(), lead = lead_id, url = %lender.url, error = %why, "create customer failed");
        Error::new(ErrorKind::Upstream, "create_customer_failed", message)
    };
    let created: Created = post_json(
        &lender.url,
        lender.token_env.as_deref(),
        lender.timeout_ms,
        &body(lead, lead_id),
        Some(&lead.idempotency_key),
    )
    .await
    .map_err(|e| failed(CREATE_CUSTOMER_FAILED, e.to_string()))?;
    match created.redirect_url {
        Some(url) if crate::tenant::is_service_url(&url) && reqwest::Url::parse(&url).is_ok() => Ok(Some(url)),
        other => Err(failed(NO_REDIRECT_URL, format!("redirectUrl {other:?}"))),
    }
}
