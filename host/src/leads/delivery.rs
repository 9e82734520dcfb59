//! Delivering leads to the dealer at least once (docs/features/platform.md "Leads").
//!
//! Every stored lead has one `lead_deliveries` row per destination, written in the lead's own
//! transaction (the outbox). [`run_worker`] claims due rows (PostgreSQL: `FOR UPDATE SKIP
//! LOCKED`, so several hosts share the work; SQLite: one writer at a time) for
//! [`CLAIM_SECONDS`], and delivers them:
//! * webhook: `POST` of the lead as JSON with `X-Forecourt-Signature: sha256=<hex HMAC-SHA256 of
//!   the body>` (the tenant's secret), `X-Forecourt-Idempotency-Key` and `X-Forecourt-Lead-Id`;
//!   any 2xx is delivered;
//! * email: the ADF/XML document ([`super::adf`]) as a `text/xml` message over SMTP (lettre).
//!
//! A failure is retried with exponential backoff (30 s doubling, at most 1 hour, with +-20%
//! jitter) for [`RETRY_WINDOW_SECONDS`] (24 hours) from the lead's creation; the first failure
//! after that marks the row `dead` (dead letter), listed at `GET /api/v1/admin/leads/deliveries`.
//! Receivers dedupe on the idempotency key: a retry after a lost answer sends the same key.

use std::{
    sync::{Arc, LazyLock},
    time::Duration,
};

use hmac::{Hmac, Mac};
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, header::ContentType},
    transport::smtp::authentication::Credentials,
};
use serde_json::Value;
use sha2::Sha256;

use super::{adf, intake::StoredLead};
use crate::{
    config::{Settings, SmtpTls},
    db::{Db, Engine},
    plugins::unix_now,
    repo::TenantRepo,
    tenant::TenantRegistry,
};

/// What the delivery worker needs: storage, the tenants (their `[leads]` targets and secrets)
/// and the host settings (SMTP). Cheap to clone.
#[derive(Clone)]
pub struct Deliverer {
    /// Storage holding the leads and their delivery outbox.
    pub db: Db,
    /// Tenants by slug.
    pub tenants: Arc<TenantRegistry>,
    /// Host settings (`smtp_*`, `mail_from`).
    pub settings: Arc<Settings>,
}

/// Deliveries are retried this long after the lead was created, seconds (24 hours).
pub const RETRY_WINDOW_SECONDS: i64 = 24 * 3600;
/// A claimed delivery is someone else's for this long, seconds.
pub const CLAIM_SECONDS: i64 = 120;
/// Most deliveries claimed per round.
pub const BATCH: i64 = 20;
/// Time a webhook or SMTP server has to answer.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// Wakes the worker as soon as a lead is stored.
pub static NEW_LEAD: LazyLock<tokio::sync::Notify> = LazyLock::new(tokio::sync::Notify::new);

/// The wait before retry number `attempts` (1-based), seconds: 30 x 2^(attempts-1), at most
/// 3600, times a random factor from 0.8 to 1.2.
pub fn backoff_seconds(attempts: i64) -> i64 {
    let base = (30_i64 << (attempts - 1).clamp(0, 20)).min(3600) as f64;
    let mut b = [0u8; 2];
    let _ = getrandom::fill(&mut b);
    let jitter = 0.8 + 0.4 * (f64::from(u16::from_le_bytes(b)) / f64::from(u16::MAX));
    (base * jitter).round() as i64
}

/// The signature header value for `body` under `secret`: `sha256=` and the hex HMAC-SHA256.
pub fn signature(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// Runs deliveries for as long as the host runs: a round when a lead arrives, else every 2 s.
pub async fn run_worker(state: Deliverer) {
    loop {
        match deliver_due(&state, unix_now()).await {
            Ok(n) if n > 0 => tracing::info!(delivered_or_retried = n, "lead deliveries"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "lead delivery round failed"),
        }
        tokio::select! {
            _ = NEW_LEAD.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(2)) => {}
        }
    }
}

/// A delivery row claimed for one try.
#[derive(sqlx::FromRow)]
struct Claimed {
    id: i64,
    lead_id: String,
    tenant: String,
    kind: String,
    target: String,
    attempts: i64,
    created_at: i64,
}

/// One round at `now` (unix s): claims due deliveries and tries each once. Returns how many
/// were tried.
pub async fn deliver_due(state: &Deliverer, now: i64) -> anyhow::Result<usize> {
    let pick = "SELECT id FROM lead_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 \
                AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY id LIMIT $2";
    let locked = match state.db.engine {
        Engine::Postgres => format!("{pick} FOR UPDATE SKIP LOCKED"),
        Engine::Sqlite => pick.to_string(),
    };
    let claimed = sqlx::query_as::<_, Claimed>(&format!(
        "UPDATE lead_deliveries SET claimed_until = $3 WHERE id IN ({locked}) \
         RETURNING id, lead_id, tenant, kind, target, attempts, created_at"
    ))
    .bind(now)
    .bind(BATCH)
    .bind(now + CLAIM_SECONDS)
    .fetch_all(&state.db.pool)
    .await?;
    for c in &claimed {
        let outcome = deliver_one(state, c).await;
        let attempts = c.attempts + 1;
        match outcome {
            Ok(()) => {
                sqlx::query(
                    "UPDATE lead_deliveries SET status = 'delivered', attempts = $2, delivered_at = $3, claimed_until = NULL, last_error = NULL WHERE id = $1",
                )
                .bind(c.id)
                .bind(attempts)
                .bind(now)
                .execute(&state.db.pool)
                .await?;
            }
            Err(e) => {
                let dead = now - c.created_at >= RETRY_WINDOW_SECONDS;
                tracing::warn!(lead_id = %c.lead_id, tenant = %c.tenant, kind = %c.kind, attempts, dead, error = %e, "lead delivery failed");
                sqlx::query(
                    "UPDATE lead_deliveries SET status = $2, attempts = $3, next_attempt_at = $4, last_error = $5, claimed_until = NULL WHERE id = $1",
                )
                .bind(c.id)
                .bind(if dead { "dead" } else { "pending" })
                .bind(attempts)
                .bind(now + backoff_seconds(attempts))
                .bind(e.to_string().chars().take(1000).collect::<String>())
                .execute(&state.db.pool)
                .await?;
            }
        }
    }
    Ok(claimed.len())
}

/// A `leads` row as delivery reads it.
#[derive(sqlx::FromRow)]
struct LeadRow {
    form: String,
    idempotency_key: String,
    /// The stored fields, JSON text.
    payload: String,
    created_at: i64,
}

/// Loads `tenant`'s (slug) stored lead `lead_id`. Errors: the lead is missing, its payload is
/// not a JSON object, or storage fails.
pub async fn load_lead(state: &Deliverer, tenant: &str, lead_id: &str) -> anyhow::Result<StoredLead> {
    let r = sqlx::query_as::<_, LeadRow>("SELECT form, idempotency_key, payload, created_at FROM leads WHERE tenant = $1 AND lead_id = $2")
        .bind(tenant)
        .bind(lead_id)
        .fetch_one(&state.db.pool)
        .await?;
    Ok(StoredLead {
        lead_id: lead_id.to_string(),
        tenant: tenant.to_string(),
        form: r.form,
        idempotency_key: r.idempotency_key,
        fields: serde_json::from_str(&r.payload)?,
        created_at: r.created_at,
    })
}

async fn deliver_one(state: &Deliverer, c: &Claimed) -> anyhow::Result<()> {
    let tenant = state
        .tenants
        .by_slug(&c.tenant)
        .ok_or_else(|| anyhow::anyhow!("tenant {} is no longer configured", c.tenant))?;
    let lead = load_lead(state, &c.tenant, &c.lead_id).await?;
    match c.kind.as_str() {
        "webhook" => {
            let body = serde_json::to_vec(&serde_json::json!({
                "lead_id": lead.lead_id,
                "idempotency_key": lead.idempotency_key,
                "site": lead.tenant,
                "form": lead.form,
                "created_at": lead.created_at,
                "lead": lead.fields,
            }))?;
            let var = tenant
                .config
                .leads
                .webhook_secret_env
                .as_deref()
                .ok_or_else(|| anyhow::anyhow!("[leads] webhook_secret_env is not set"))?;
            let secret = std::env::var(var).map_err(|_| anyhow::anyhow!("the webhook secret variable {var} is not set"))?;
            let res = crate::outbound::client()
                .post(&c.target)
                .timeout(SEND_TIMEOUT)
                .header("content-type", "application/json")
                .header("x-forecourt-signature", signature(&secret, &body))
                .header("x-forecourt-idempotency-key", &lead.idempotency_key)
                .header("x-forecourt-lead-id", &lead.lead_id)
                .body(body)
                .send()
                .await?;
            if !res.status().is_success() {
                anyhow::bail!("webhook answered {}", res.status());
            }
            Ok(())
        }
        "email" => {
            let car_id = lead.fields.get("car_id").and_then(Value::as_i64);
            let car = match car_id {
                Some(id) => TenantRepo::new(&state.db, &c.tenant).cars_by_ids(&[id]).await?.pop(),
                None => None,
            };
            let dealership = lead.fields.get("dealership_slug").and_then(Value::as_str);
            let vendor = tenant
                .config
                .dealerships
                .iter()
                .find(|d| Some(d.slug.as_str()) == dealership)
                .map_or(tenant.config.name.as_str(), |d| d.name.as_str());
            let xml = adf::adf_xml(&lead, car.as_ref(), vendor);
            send_mail(
                state,
                &c.target,
                &format!("New {} lead {}", lead.form.replace('_', " "), lead.lead_id),
                xml,
            )
            .await
        }
        other => anyhow::bail!("unknown delivery kind {other}"),
    }
}

/// Sends one `text/xml` message through the configured SMTP server (`smtp_*` settings).
async fn send_mail(state: &Deliverer, to: &str, subject: &str, xml: String) -> anyhow::Result<()> {
    let s = &state.settings;
    let host = s.smtp_host.as_deref().ok_or_else(|| anyhow::anyhow!("smtp_host is not set"))?;
    let mut builder = match s.smtp_tls {
        SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)?,
        SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)?,
    }
    .timeout(Some(SEND_TIMEOUT));
    if let Some(port) = s.smtp_port {
        builder = builder.port(port);
    }
    if let (Some(user), Some(var)) = (&s.smtp_username, &s.smtp_password_env) {
        let password = std::env::var(var).map_err(|_| anyhow::anyhow!("the SMTP password variable {var} is not set"))?;
        builder = builder.credentials(Credentials::new(user.clone(), password));
    }
    let message = Message::builder()
        .from(s.mail_from.parse::<Mailbox>()?)
        .to(to.parse::<Mailbox>()?)
        .subject(subject)
        .header(ContentType::parse("text/xml; charset=utf-8")?)
        .body(xml)?;
    builder.build().send(message).await?;
    Ok(())
}
