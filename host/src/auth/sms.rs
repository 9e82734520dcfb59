//! Text messages to shoppers through the configured SMS provider (docs/features/platform.md
//! "Sign-in and watchlist": "an SMS provider adapter"), with nothing secret at rest.
//!
//! * Every message is stored in `sms_outbox` with its **redacted** body only (the code masked as
//!   [`REDACTED_CODE`]), whatever the provider.
//! * `http`: the real body goes to the gateway; storage keeps the redacted one.
//! * `log` (the development sink): the log line carries the redacted body, and the real message
//!   is kept only in this process's memory, the newest [`SINK_CAPACITY`], for
//!   `GET /api/v1/admin/sms-outbox` ([`sms_outbox`]). A restart forgets them.

use std::{
    collections::VecDeque,
    sync::{LazyLock, Mutex},
};

use serde::Serialize;
use utoipa::ToSchema;

use super::codes::{SEND_TIMEOUT, international};
use crate::{
    config::{Settings, SmsProviderKind},
    db::Db,
    error::{Error, ErrorKind, Result},
    plugins::unix_now,
};

/// What a code looks like in stored and logged messages.
pub const REDACTED_CODE: &str = "••••••";
/// Messages the development sink keeps in memory (all tenants together); older ones are dropped.
pub const SINK_CAPACITY: usize = 500;
/// Most messages [`sms_outbox`] answers.
const OUTBOX_PAGE: usize = 50;

/// One message for a phone: the text sent, and the text kept (the secret masked).
#[derive(Debug, Clone, Copy)]
pub struct Sms<'a> {
    /// Recipient, leading 0.
    pub phone: &'a str,
    /// The text the shopper receives.
    pub body: &'a str,
    /// The same text with its secret masked; the only form stored or logged.
    pub redacted: &'a str,
}

/// A message handed to the SMS provider.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct OutboxMessage {
    /// Recipient, leading 0.
    pub phone: String,
    /// Text: in full from the `log` development sink's memory, redacted from storage.
    pub body: String,
    /// `log` or `http`.
    pub provider: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// The development sink's memory: (tenant slug, message), oldest first.
static SINK: LazyLock<Mutex<VecDeque<(String, OutboxMessage)>>> = LazyLock::new(|| Mutex::new(VecDeque::new()));

/// Hands `sms` for `tenant` (slug) to the SMS provider of `settings` within [`SEND_TIMEOUT`]
/// and stores its redacted body in `sms_outbox` (see the module docs). Errors: `Upstream`
/// `sms_failed` when the provider fails, `Internal` when `sms_url` is missing or storage fails.
pub async fn send(db: &Db, settings: &Settings, tenant: &str, sms: Sms<'_>) -> Result<()> {
    let now = unix_now();
    let (provider, status) = match settings.sms_provider {
        SmsProviderKind::Log => {
            tracing::info!(
                tenant,
                phone = sms.phone,
                message = sms.redacted,
                "SMS (development sink; the code is at GET /api/v1/admin/sms-outbox)"
            );
            let msg = OutboxMessage {
                phone: sms.phone.to_string(),
                body: sms.body.to_string(),
                provider: "log".into(),
                created_at: now,
            };
            let mut sink = SINK.lock().unwrap_or_else(|p| p.into_inner());
            if sink.len() >= SINK_CAPACITY {
                sink.pop_front();
            }
            sink.push_back((tenant.to_string(), msg));
            ("log", "logged")
        }
        SmsProviderKind::Http => {
            let url = settings
                .sms_url
                .as_deref()
                .ok_or_else(|| Error::internal("sms_provider = \"http\" needs sms_url"))?;
            let mut req = crate::outbound::client()
                .post(url)
                .timeout(SEND_TIMEOUT)
                .json(&serde_json::json!({"to": international(sms.phone), "body": sms.body, "sender": tenant}));
            if let Some(token) = settings.sms_token_env.as_deref().and_then(|v| std::env::var(v).ok()) {
                req = req.bearer_auth(token);
            }
            match req.send().await {
                Ok(r) if r.status().is_success() => ("http", "sent"),
                Ok(r) => return Err(sms_failed(tenant, format!("status {}", r.status()))),
                Err(e) => return Err(sms_failed(tenant, e.to_string())),
            }
        }
    };
    sqlx::query("INSERT INTO sms_outbox (tenant, phone, body, provider, status, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(tenant)
        .bind(sms.phone)
        .bind(sms.redacted)
        .bind(provider)
        .bind(status)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}

fn sms_failed(tenant: &str, why: String) -> Error {
    tracing::warn!(tenant, error = %why, "SMS provider failed");
    Error::new(ErrorKind::Upstream, "sms_failed", "The code could not be sent. Please try again.")
}

/// `tenant`'s (slug) SMS messages, newest first, at most 50; only those to `phone` when given
/// (normalised when it is a mobile number, else compared as given). With the `log` provider:
/// the full messages this process's development sink still holds (codes readable; nothing is
/// read from storage). With `http`: the stored messages, redacted. Errors: `Internal`.
pub async fn sms_outbox(db: &Db, settings: &Settings, tenant: &str, phone: Option<&str>) -> Result<Vec<OutboxMessage>> {
    let phone = phone.map(|p| super::codes::normalise_phone(p).unwrap_or_else(|| p.to_string()));
    if settings.sms_provider == SmsProviderKind::Log {
        let sink = SINK.lock().unwrap_or_else(|p| p.into_inner());
        return Ok(sink
            .iter()
            .rev()
            .filter(|(t, m)| t == tenant && phone.as_ref().is_none_or(|p| *p == m.phone))
            .take(OUTBOX_PAGE)
            .map(|(_, m)| m.clone())
            .collect());
    }
    Ok(sqlx::query_as::<_, OutboxMessage>(
        "SELECT phone, body, provider, created_at FROM sms_outbox WHERE tenant = $1 AND ($2 = '' OR phone = $2) ORDER BY id DESC LIMIT 50",
    )
    .bind(tenant)
    .bind(phone.unwrap_or_default())
    .fetch_all(&db.pool)
    .await?)
}
