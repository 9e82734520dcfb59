//! Reservations (docs/features/platform.md "Leads": "reserve and buy online";
//! docs/features/shopper-core.md §9 "Reserve deposit default $200, 100% refundable, car held 48
//! hours"): the status the reserve page shows when the shopper comes back from the payment
//! provider, and the provider's webhook. Rules in [`crate::payments`].

use crate::http::extract::{Json, Path};
use axum::{body::Bytes, extract::State, http::HeaderMap};
use serde::Serialize;
use utoipa::ToSchema;

use crate::http::error::ApiError;
use crate::{
    http::state::{AppState, CurrentTenant},
    payments::{self, Reservation, StripeEvent},
    plugins::unix_now,
    repo::TenantRepo,
};

/// A reservation as the reserve page shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReservationView {
    /// The reserve lead's id.
    pub lead_id: String,
    /// `offline` (the dealer takes the deposit), `pending_payment`, `paid` or
    /// `payment_cancelled`.
    pub status: String,
    /// Deposit, AUD dollars.
    pub deposit: f64,
    /// Hours the car is held once the deposit is paid.
    pub hold_hours: i64,
    /// Unix seconds the hold ends; set once paid.
    pub hold_until: Option<i64>,
    /// Where the shopper pays, while `pending_payment`.
    pub payment_url: Option<String>,
    /// The reserved car's slug, when known.
    pub car_slug: Option<String>,
}

impl ReservationView {
    /// The view of a stored reservation and its car's slug.
    pub fn of(r: &Reservation, car_slug: Option<String>) -> ReservationView {
        ReservationView {
            lead_id: r.lead_id.clone(),
            status: r.status.clone(),
            deposit: r.deposit_cents as f64 / 100.0,
            hold_hours: r.hold_hours,
            hold_until: r.hold_until,
            payment_url: r.payment_url.clone(),
            car_slug,
        }
    }
}

/// A reservation on this site by its lead id (the provider returns the shopper to
/// `/checkout-journey?car_id={slug}&reservation={lead_id}`). 404 when there is none.
#[utoipa::path(get, path = "/api/v1/reservations/{lead_id}", tag = "leads",
    params(("lead_id" = String, Path, description = "The reserve lead's id")),
    responses((status = 200, body = ReservationView), (status = 404, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_reservation(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(lead_id): Path<String>,
) -> Result<Json<ReservationView>, ApiError> {
    let r = payments::get(&state.db, t.slug(), &lead_id)
        .await?
        .ok_or_else(|| ApiError::not_found("No such reservation on this site"))?;
    let slug = match r.car_id {
        Some(id) => TenantRepo::new(&state.db, t.slug()).car_slug(id).await?,
        None => None,
    };
    Ok(Json(ReservationView::of(&r, slug)))
}

/// What the webhook answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookAnswer {
    /// Always true once the event verified (the provider then stops retrying).
    pub received: bool,
    /// The reservation's new status, when the event changed one.
    pub status: Option<String>,
}

/// Stripe's webhook for this site (configure `https://{site}/api/v1/payments/stripe/webhook`
/// with the events `checkout.session.completed`, `checkout.session.async_payment_succeeded`,
/// `checkout.session.async_payment_failed` and `checkout.session.expired`). The
/// `Stripe-Signature` header must verify with the secret in `[payments] webhook_secret_env`
/// (HMAC-SHA256, 300 s tolerance): 400 `invalid_signature` otherwise; 404 when the site takes no
/// online payments.
#[utoipa::path(post, path = "/api/v1/payments/stripe/webhook", tag = "leads",
    request_body(content = crate::payments::StripeEvent, description = "A Stripe event (the fields the host reads; Stripe sends more), verified by its signature"),
    responses(
        (status = 200, body = WebhookAnswer),
        (status = 400, description = "Missing or wrong signature, or not an event", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "This site takes no online payments", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_stripe_webhook(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<WebhookAnswer>, ApiError> {
    let cfg = &t.config.payments;
    let secret = match (cfg.provider.as_deref(), cfg.webhook_secret_env.as_deref()) {
        (Some("stripe"), Some(var)) => std::env::var(var).ok(),
        _ => None,
    }
    .ok_or_else(|| ApiError::not_found("This site takes no online payments"))?;
    let now = unix_now();
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok()).unwrap_or("");
    if !payments::verify_stripe_signature(signature, &body, &secret, now) {
        return Err(ApiError::bad_field(
            "Stripe-Signature",
            "invalid_signature",
            "The signature does not verify",
        ));
    }
    let event: StripeEvent = serde_json::from_slice(&body).map_err(|e| ApiError::invalid("body", e.to_string()))?;
    let status = payments::apply_stripe_event(&state.db, t.slug(), &event, now).await?;
    if status == Some(payments::status::PAID) {
        crate::search::notify_stock_changed(t.slug());
    }
    if let Some(s) = status {
        tracing::info!(tenant = t.slug(), session = %event.data.object.id, status = s, "reservation payment");
    }
    Ok(Json(WebhookAnswer {
        received: true,
        status: status.map(str::to_string),
    }))
}
