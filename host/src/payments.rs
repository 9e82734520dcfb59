//! Reservations and the deposit's payment provider (docs/features/platform.md "Leads":
//! "reserve and buy online: the $200 refundable deposit holding the car 48 hours, through a
//! payment-provider adapter (a real provider's API behind config; without one, the reservation is
//! recorded and the dealer takes the deposit offline, and the page says
//! so)"; docs/features/shopper-core.md §9 "Reserve deposit default $200, 100% refundable, car held
//! 48 hours").
//!
//! * A `reserve` lead writes a `reservations` row in the lead's own transaction
//!   ([`insert_in_tx`]) with the site's deposit and hold (`[vdp] reserve_deposit`,
//!   `reserve_hold_hours`), status `offline`.
//! * With `[payments] provider = "stripe"`, [`start_payment`] then creates a Stripe Checkout
//!   Session (`POST {api_base}/v1/checkout/sessions`, form-encoded, the secret key as bearer, an
//!   `Idempotency-Key` per lead) and stores its id and URL: status `pending_payment`. A failing
//!   provider leaves the reservation `offline` (the dealer takes the deposit) and is logged.
//! * Stripe's signed webhook ([`verify_stripe_signature`], `POST /api/v1/payments/stripe/webhook`)
//!   marks it `paid` with `hold_until` = now + hold hours on `checkout.session.completed`, or
//!   `payment_cancelled` on `checkout.session.expired`.

use serde::Deserialize;
use sqlx::Row;

use crate::{db::Db, tenant::Tenant};

/// A reservation's state (the `reservations.status` column).
pub mod status {
    /// No online payment: the dealer takes the deposit.
    pub const OFFLINE: &str = "offline";
    /// Sent to the provider's checkout; not yet confirmed.
    pub const PENDING: &str = "pending_payment";
    /// The provider confirmed the deposit; the car is held until `hold_until`.
    pub const PAID: &str = "paid";
    /// The checkout expired or was abandoned unpaid.
    pub const CANCELLED: &str = "payment_cancelled";
}

/// A stored reservation.
#[derive(Debug, Clone, PartialEq)]
pub struct Reservation {
    /// The reserve lead's id.
    pub lead_id: String,
    /// The car's id, when the lead named one.
    pub car_id: Option<i64>,
    /// Deposit, cents.
    pub deposit_cents: i64,
    /// Hours the car is held once paid.
    pub hold_hours: i64,
    /// One of [`status`].
    pub status: String,
    /// Provider's reference (a Checkout Session id), when sent to one.
    pub provider_ref: Option<String>,
    /// Where the shopper pays, while pending.
    pub payment_url: Option<String>,
    /// Unix seconds the hold ends, once paid.
    pub hold_until: Option<i64>,
}

/// Writes the reservation of a new `reserve` lead inside the lead's transaction: the site's
/// deposit (dollars, stored as cents) and hold (hours), status `offline`.
pub async fn insert_in_tx(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    tenant: &Tenant,
    lead_id: &str,
    car_id: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO reservations (lead_id, tenant, car_id, deposit_cents, hold_hours, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(lead_id)
    .bind(tenant.slug())
    .bind(car_id)
    .bind((tenant.config.vdp.reserve_deposit * 100.0).round() as i64)
    .bind(i64::from(tenant.config.vdp.reserve_hold_hours))
    .bind(status::OFFLINE)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The reservation of a lead on a site, if any.
pub async fn get(db: &Db, tenant: &str, lead_id: &str) -> Result<Option<Reservation>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT lead_id, car_id, deposit_cents, hold_hours, status, provider_ref, payment_url, hold_until \
         FROM reservations WHERE tenant = $1 AND lead_id = $2",
    )
    .bind(tenant)
    .bind(lead_id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(|r| {
        Ok(Reservation {
            lead_id: r.try_get("lead_id")?,
            car_id: r.try_get("car_id")?,
            deposit_cents: r.try_get("deposit_cents")?,
            hold_hours: r.try_get("hold_hours")?,
            status: r.try_get("status")?,
            provider_ref: r.try_get("provider_ref")?,
            payment_url: r.try_get("payment_url")?,
            hold_until: r.try_get("hold_until")?,
        })
    })
    .transpose()
}

/// What the checkout needs to show and where it returns (absolute URLs on the tenant's site).
#[derive(Debug)]
pub struct Checkout<'a> {
    /// The car's name, shown on the provider's page (`2021 Mercedes-Benz GLC-Class`).
    pub car_name: &'a str,
    /// The shopper's email, pre-filled at the provider when given.
    pub email: Option<&'a str>,
    /// Where the provider sends the shopper after paying.
    pub success_url: String,
    /// Where the provider sends the shopper on cancel.
    pub cancel_url: String,
}

#[derive(Debug, Deserialize)]
struct StripeSession {
    id: String,
    url: String,
}

/// Sends a new reservation to the site's payment provider, if it has one. Takes the stored
/// reservation and what the checkout shows; returns the reservation as it now stands: with a
/// Checkout Session, `pending_payment` and its `payment_url`; without a provider, or when the
/// provider fails (logged), unchanged (`offline`). Only an `offline` reservation without a
/// provider reference is sent, so a repeated submit does not open a second checkout.
pub async fn start_payment(
    db: &Db,
    tenant: &Tenant,
    r: Reservation,
    checkout: &Checkout<'_>,
    now: i64,
) -> Result<Reservation, sqlx::Error> {
    let cfg = &tenant.config.payments;
    if cfg.provider.as_deref() != Some("stripe") || r.status != status::OFFLINE || r.provider_ref.is_some() {
        return Ok(r);
    }
    let Some(key) = cfg.secret_key_env.as_deref().and_then(|v| std::env::var(v).ok()) else {
        tracing::warn!(
            tenant = tenant.slug(),
            "payments.secret_key_env is not set: the deposit is taken offline"
        );
        return Ok(r);
    };
    let mut form: Vec<(&str, String)> = vec![
        ("mode", "payment".into()),
        ("line_items[0][quantity]", "1".into()),
        ("line_items[0][price_data][currency]", cfg.currency.clone()),
        ("line_items[0][price_data][unit_amount]", r.deposit_cents.to_string()),
        (
            "line_items[0][price_data][product_data][name]",
            format!("Refundable deposit: {}", checkout.car_name),
        ),
        (
            "line_items[0][price_data][product_data][description]",
            format!("100% refundable. The car is held for you for {} hours.", r.hold_hours),
        ),
        ("success_url", checkout.success_url.clone()),
        ("cancel_url", checkout.cancel_url.clone()),
        ("client_reference_id", r.lead_id.clone()),
        ("metadata[lead_id]", r.lead_id.clone()),
        ("metadata[tenant]", tenant.slug().to_string()),
    ];
    if let Some(email) = checkout.email {
        form.push(("customer_email", email.to_string()));
    }
    let url = format!("{}/v1/checkout/sessions", cfg.api_base.trim_end_matches('/'));
    let sent = match crate::outbound::tenant_request(reqwest::Method::POST, &url) {
        Ok(request) => request
            .timeout(std::time::Duration::from_millis(cfg.timeout_ms))
            .bearer_auth(key)
            .header("Idempotency-Key", format!("reserve-{}", r.lead_id))
            .form(&form)
            .send()
            .await
            .map_err(|e| e.to_string()),
        Err(refused) => Err(refused),
    };
    let session = match sent {
        Ok(res) if res.status().is_success() => res.json::<StripeSession>().await.map_err(|e| e.to_string()),
        Ok(res) => Err(format!("status {}", res.status())),
        Err(e) => Err(e),
    };
    let session = match session {
        Ok(s) if crate::tenant::is_service_url(&s.url) => s,
        Ok(s) => {
            tracing::warn!(tenant = tenant.slug(), url = %s.url, "the provider's checkout URL is not https: deposit taken offline");
            return Ok(r);
        }
        Err(why) => {
            tracing::warn!(tenant = tenant.slug(), lead = %r.lead_id, error = %why, "payment provider failed: deposit taken offline");
            return Ok(r);
        }
    };
    sqlx::query(
        "UPDATE reservations SET status = $1, provider = 'stripe', provider_ref = $2, payment_url = $3, updated_at = $4 \
         WHERE tenant = $5 AND lead_id = $6 AND status = $7",
    )
    .bind(status::PENDING)
    .bind(&session.id)
    .bind(&session.url)
    .bind(now)
    .bind(tenant.slug())
    .bind(&r.lead_id)
    .bind(status::OFFLINE)
    .execute(&db.pool)
    .await?;
    Ok(Reservation {
        status: status::PENDING.into(),
        provider_ref: Some(session.id),
        payment_url: Some(session.url),
        ..r
    })
}

/// How long a webhook's timestamp may be off the host's clock, seconds (Stripe's default).
pub const SIGNATURE_TOLERANCE_S: i64 = 300;

/// Checks a `Stripe-Signature` header (`t=<unix s>,v1=<hex HMAC-SHA256>,...`) over the raw body
/// with the endpoint's signing secret: HMAC-SHA256 of `"{t}.{body}"`, compared in constant time
/// with every `v1`, and `t` within [`SIGNATURE_TOLERANCE_S`] of `now` (unix seconds). Returns
/// whether it verifies.
pub fn verify_stripe_signature(header: &str, body: &[u8], secret: &str, now: i64) -> bool {
    use hmac::{Hmac, Mac};
    let mut t: Option<i64> = None;
    let mut sigs: Vec<Vec<u8>> = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", v)) => t = v.parse().ok(),
            Some(("v1", v)) => sigs.extend(hex::decode(v).ok()),
            _ => {}
        }
    }
    let Some(t) = t else { return false };
    if (now - t).abs() > SIGNATURE_TOLERANCE_S {
        return false;
    }
    sigs.iter().any(|sig| {
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        mac.verify_slice(sig).is_ok()
    })
}

/// The part of a Stripe event the host reads.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StripeEvent {
    /// `checkout.session.completed`, `checkout.session.expired`, ...
    #[serde(rename = "type")]
    pub kind: String,
    /// The event's object.
    pub data: StripeEventData,
}

/// `data` of a [`StripeEvent`].
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StripeEventData {
    /// The Checkout Session.
    pub object: StripeEventSession,
}

/// The Checkout Session fields the host reads.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StripeEventSession {
    /// Session id (`cs_...`).
    pub id: String,
    /// `paid`, `unpaid` or `no_payment_required`.
    #[serde(default)]
    pub payment_status: Option<String>,
}

/// Applies a verified Stripe event to the site's reservations. Returns the new status of the
/// reservation it changed, or None when the event is not about one (other event types, unknown
/// sessions, already settled reservations): the webhook answers 200 either way so the provider
/// stops retrying.
pub async fn apply_stripe_event(db: &Db, tenant: &str, event: &StripeEvent, now: i64) -> Result<Option<&'static str>, sqlx::Error> {
    let s = &event.data.object;
    let to = match event.kind.as_str() {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" if s.payment_status.as_deref() == Some("paid") => {
            status::PAID
        }
        "checkout.session.expired" | "checkout.session.async_payment_failed" => status::CANCELLED,
        _ => return Ok(None),
    };
    if to == status::PAID {
        // The car is now shown as reserved (model.rs reads the paid hold): journaled with the
        // update, so every host's search index and rendered pages follow (stock::journal).
        let mut tx = db.begin_write().await?;
        let cars: Vec<Option<i64>> = sqlx::query_scalar(
            "UPDATE reservations SET status = $1, hold_until = $2 + hold_hours * 3600, payment_url = NULL, updated_at = $2 \
             WHERE tenant = $3 AND provider_ref = $4 AND status IN ($5, $6) RETURNING car_id",
        )
        .bind(to)
        .bind(now)
        .bind(tenant)
        .bind(&s.id)
        .bind(status::PENDING)
        .bind(status::CANCELLED)
        .fetch_all(&mut *tx)
        .await?;
        let ids: Vec<i64> = cars.iter().flatten().copied().collect();
        crate::stock::journal::record(&mut tx, tenant, &ids).await?;
        tx.commit().await?;
        return Ok((!cars.is_empty()).then_some(to));
    }
    let changed = sqlx::query(
        "UPDATE reservations SET status = $1, payment_url = NULL, updated_at = $2 \
         WHERE tenant = $3 AND provider_ref = $4 AND status = $5",
    )
    .bind(to)
    .bind(now)
    .bind(tenant)
    .bind(&s.id)
    .bind(status::PENDING)
    .execute(&db.pool)
    .await?;
    Ok((changed.rows_affected() > 0).then_some(to))
}
