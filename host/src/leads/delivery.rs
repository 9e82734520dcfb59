//! Delivering leads to the dealer at least once (docs/features/platform.md "Leads").
//!
//! Every stored lead has one `lead_deliveries` row per destination, written in the lead's own
//! transaction (the outbox). A destination is one (tenant, kind, target): a tenant's webhook, or
//! one email address. [`run_worker`] runs one task per due destination, at most
//! `lead_delivery_concurrency` at once, so a receiver that hangs delays only its own leads; each
//! task delivers its destination's pending rows one at a time in lead order (oldest first, once
//! any of them is due), each try bounded by `lead_delivery_timeout_seconds`; after two failures
//! in a row it stops and the destination's rows wait for the same retry time, so after an outage
//! they arrive in the order the leads came ([`drain`]). A row is claimed before its try (PostgreSQL: `FOR UPDATE SKIP
//! LOCKED`, so several hosts share the work; SQLite: one writer at a time) for the timeout plus
//! [`CLAIM_MARGIN_SECONDS`], so no other worker sends it meanwhile. Deliveries:
//! * webhook: `POST` of the lead as JSON with `X-Forecourt-Signature: sha256=<hex HMAC-SHA256 of
//!   the body>` (the tenant's secret), `X-Forecourt-Idempotency-Key` and `X-Forecourt-Lead-Id`;
//!   any 2xx is delivered;
//! * email: the ADF/XML document ([`super::adf`]) as a `text/xml` message over SMTP (lettre);
//! * receipt_email: the shopper's receipt ([`super::receipt`]) as a `multipart/alternative`
//!   message (plain text and HTML) from `mail_from` under the dealership's name, Reply-To the
//!   dealership's location, with a Message-ID fixed per lead so a resent receipt is one message
//!   to mail clients;
//! * receipt_sms: the shopper's receipt as one SMS through the SMS provider
//!   ([`crate::auth::sms::send`], as sign-in codes go).
//!
//! A failure is retried with exponential backoff (30 s doubling, at most 1 hour, with +-20%
//! jitter) for [`RETRY_WINDOW_SECONDS`] (24 hours) from the lead's creation; the first failure
//! after that marks the row `dead` (dead letter), listed at `GET /api/v1/admin/leads/deliveries`.
//! Receivers dedupe on the idempotency key: a retry after a lost answer sends the same key.

use std::{
    collections::HashSet,
    sync::{Arc, LazyLock},
    time::Duration,
};

use hmac::{Hmac, Mac};
use lettre::{
    AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor,
    message::{Mailbox, MultiPart, header::ContentType},
    transport::smtp::authentication::Credentials,
};
use serde_json::Value;
use sha2::Sha256;
use tokio::{sync::Semaphore, task::JoinSet};

use super::{adf, intake::StoredLead, receipt};
use crate::{
    config::{Settings, SmtpTls},
    db::{Db, Engine},
    plugins::unix_now,
    repo::TenantRepo,
    tenant::TenantRegistry,
};

/// What the delivery worker needs: storage, the tenants (their `[leads]` targets and secrets)
/// and the host settings (SMTP, `lead_delivery_*`). Cheap to clone.
#[derive(Clone)]
pub struct Deliverer {
    /// Storage holding the leads and their delivery outbox.
    pub db: Db,
    /// Tenants by slug.
    pub tenants: Arc<TenantRegistry>,
    /// Host settings (`smtp_*`, `mail_from`, `lead_delivery_concurrency`,
    /// `lead_delivery_timeout_seconds`).
    pub settings: Arc<Settings>,
    /// The live settings (`lead_delivery_timeout_seconds` changes with a settings reload).
    pub live: Arc<crate::live_settings::LiveSettings>,
}

impl Deliverer {
    /// The time one try at one destination may take (`lead_delivery_timeout_seconds`, at least
    /// 1 s).
    pub fn send_timeout(&self) -> Duration {
        Duration::from_secs(self.live.now(&self.settings).lead_delivery_timeout_seconds.max(1))
    }

    /// How long a claimed row is this worker's, seconds: the send timeout plus
    /// [`CLAIM_MARGIN_SECONDS`].
    pub fn claim_seconds(&self) -> i64 {
        i64::try_from(self.send_timeout().as_secs()).unwrap_or(i64::MAX / 4) + CLAIM_MARGIN_SECONDS
    }

    /// Destinations delivered at once (`lead_delivery_concurrency`, at least 1).
    pub fn concurrency(&self) -> usize {
        self.settings.lead_delivery_concurrency.max(1)
    }
}

/// Deliveries are retried this long after the lead was created, seconds (24 hours).
pub const RETRY_WINDOW_SECONDS: i64 = 24 * 3600;
/// A claim lasts the send timeout plus this, seconds (time to record the outcome).
pub const CLAIM_MARGIN_SECONDS: i64 = 60;
/// Most rows one destination task tries before it hands back (the worker starts it again when
/// more are due), so a long backlog is worked through in bounded steps.
pub const DRAIN_LIMIT: usize = 100;

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

/// One delivery destination: a tenant's webhook URL or one of its email addresses.
#[derive(Debug, Clone, PartialEq, Eq, Hash, sqlx::FromRow)]
pub struct DestinationKey {
    /// Tenant slug.
    pub tenant: String,
    /// `webhook`, `email`, `receipt_email` or `receipt_sms`.
    pub kind: String,
    /// The URL, address or phone number.
    pub target: String,
}

/// What a finished destination task hands back: its destination and how many rows it tried.
type Finished = (DestinationKey, anyhow::Result<usize>);

/// Runs deliveries for as long as the host runs. Each due destination gets its own task (at most
/// `lead_delivery_concurrency` at once, one per destination in this process); the worker looks
/// for due destinations when a lead arrives, when a task ends and at least every 2 s.
pub async fn run_worker(state: Deliverer) {
    let permits = Arc::new(Semaphore::new(state.concurrency()));
    let mut running: JoinSet<Finished> = JoinSet::new();
    let mut busy: HashSet<DestinationKey> = HashSet::new();
    loop {
        if let Err(e) = dispatch(&state, &permits, &mut running, &mut busy).await {
            tracing::error!(error = %e, "lead delivery round failed");
        }
        tokio::select! {
            _ = NEW_LEAD.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(2)) => {}
            Some(done) = running.join_next(), if !running.is_empty() => finished(done, &mut busy),
        }
        while let Some(done) = running.try_join_next() {
            finished(done, &mut busy);
        }
    }
}

/// Starts a task for each due destination that has none yet, while permits last.
async fn dispatch(
    state: &Deliverer,
    permits: &Arc<Semaphore>,
    running: &mut JoinSet<Finished>,
    busy: &mut HashSet<DestinationKey>,
) -> anyhow::Result<()> {
    for dest in due_destinations(state, unix_now()).await? {
        if busy.contains(&dest) {
            continue;
        }
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            break;
        };
        busy.insert(dest.clone());
        let state = state.clone();
        running.spawn(async move {
            let tried = drain(&state, &dest, None).await;
            drop(permit);
            (dest, tried)
        });
    }
    Ok(())
}

/// Records a finished destination task: its destination is free again.
fn finished(done: Result<Finished, tokio::task::JoinError>, busy: &mut HashSet<DestinationKey>) {
    match done {
        Ok((dest, Ok(n))) => {
            if n > 0 {
                tracing::info!(tenant = %dest.tenant, kind = %dest.kind, delivered_or_retried = n, "lead deliveries");
            }
            busy.remove(&dest);
        }
        Ok((dest, Err(e))) => {
            tracing::error!(tenant = %dest.tenant, kind = %dest.kind, error = %e, "lead delivery task failed");
            busy.remove(&dest);
        }
        // A panicked task: its destination cannot be named, so forget every busy mark the
        // JoinSet no longer backs (rows it had claimed come back when their claim ends).
        Err(e) => {
            tracing::error!(error = %e, "lead delivery task panicked");
            busy.clear();
        }
    }
}

/// One tenant's lead delivery outbox as read at a scrape ([`outbox_stats`]).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxStats {
    /// Tenant slug.
    pub tenant: String,
    /// Deliveries pending (waiting for their first try or a retry).
    pub pending: i64,
    /// When the oldest pending delivery's lead was stored, unix seconds (None: none pending).
    pub oldest_pending_at: Option<i64>,
    /// Deliveries dead-lettered (their retry window passed).
    pub dead: i64,
}

impl OutboxStats {
    /// Age of the oldest pending delivery at `now` (unix s), seconds; 0 when none is pending.
    pub fn oldest_pending_age(&self, now: i64) -> i64 {
        self.oldest_pending_at.map_or(0, |at| (now - at).max(0))
    }
}

/// The pending and dead deliveries of every tenant that has any, read now (one grouped query
/// over the `status` index; delivered rows are not read). Errors: the storage error.
pub async fn outbox_stats(db: &Db) -> Result<Vec<OutboxStats>, sqlx::Error> {
    sqlx::query_as::<_, OutboxStats>(
        "SELECT tenant, \
         CAST(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) AS BIGINT) AS pending, \
         CAST(MIN(CASE WHEN status = 'pending' THEN created_at END) AS BIGINT) AS oldest_pending_at, \
         CAST(SUM(CASE WHEN status = 'dead' THEN 1 ELSE 0 END) AS BIGINT) AS dead \
         FROM lead_deliveries WHERE status IN ('pending', 'dead') GROUP BY tenant ORDER BY tenant",
    )
    .fetch_all(&db.pool)
    .await
}

/// The destinations with a due, unclaimed row at `now` (unix s), the longest-waiting first.
pub async fn due_destinations(state: &Deliverer, now: i64) -> anyhow::Result<Vec<DestinationKey>> {
    Ok(sqlx::query_as::<_, DestinationKey>(
        "SELECT tenant, kind, target FROM lead_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 \
         AND (claimed_until IS NULL OR claimed_until < $1) GROUP BY tenant, kind, target ORDER BY MIN(id) LIMIT 1000",
    )
    .bind(now)
    .fetch_all(&state.db.pool)
    .await?)
}

/// One round at `now` (unix s), for tests and tools: every due destination is worked through at
/// once (at most `lead_delivery_concurrency` at a time), each of its due rows tried once.
/// Returns how many rows were tried. Errors: storage failures.
pub async fn deliver_due(state: &Deliverer, now: i64) -> anyhow::Result<usize> {
    let permits = Arc::new(Semaphore::new(state.concurrency()));
    let mut tasks = JoinSet::new();
    for dest in due_destinations(state, now).await? {
        let permit = permits.clone().acquire_owned().await?;
        let state = state.clone();
        tasks.spawn(async move {
            let tried = drain(&state, &dest, Some(now)).await;
            drop(permit);
            tried
        });
    }
    let mut total = 0;
    while let Some(done) = tasks.join_next().await {
        total += done??;
    }
    Ok(total)
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

/// Claims `dest`'s oldest pending row after row `after` (0: from the start) at `now`, once
/// across processes, whether or not that row's own retry is due: a destination is worked in
/// lead order once any of its rows is due (docs/features/platform.md "Leads": oldest first per
/// destination). None when it has no such row.
async fn claim_next(state: &Deliverer, dest: &DestinationKey, now: i64, after: i64) -> anyhow::Result<Option<Claimed>> {
    let pick = "SELECT id FROM lead_deliveries WHERE status = 'pending' AND tenant = $3 AND kind = $4 AND target = $5 \
                AND id > $6 AND (claimed_until IS NULL OR claimed_until < $1) ORDER BY id LIMIT 1";
    let locked = match state.db.engine {
        Engine::Postgres => format!("{pick} FOR UPDATE SKIP LOCKED"),
        Engine::Sqlite => pick.to_string(),
    };
    Ok(sqlx::query_as::<_, Claimed>(&format!(
        "UPDATE lead_deliveries SET claimed_until = $2 WHERE id IN ({locked}) \
         RETURNING id, lead_id, tenant, kind, target, attempts, created_at"
    ))
    .bind(now)
    .bind(now + state.claim_seconds())
    .bind(&dest.tenant)
    .bind(&dest.kind)
    .bind(&dest.target)
    .bind(after)
    .fetch_optional(&state.db.pool)
    .await?)
}

/// Failures in a row after which a destination task stops: the receiver is down, and the
/// destination's other pending rows wait with the failed ones (so they are retried together,
/// in lead order). One failure followed by a success is one bad lead (a receiver that refuses
/// it), which does not hold up the leads after it.
pub const FAILURES_TO_STOP: usize = 2;

/// Works through `dest`'s pending rows one at a time, in lead order (oldest first), at most
/// [`DRAIN_LIMIT`]: each is tried once, bounded by the send timeout, and its outcome recorded.
/// After [`FAILURES_TO_STOP`] failures in a row it stops and moves the destination's other
/// pending rows' next try to the latest retry time of those failures, so the destination is
/// retried as one, oldest first. `fixed_now` (unix s) is the clock for a test round; None
/// reads the clock before each row. Returns how many rows were tried. Errors: storage failures.
async fn drain(state: &Deliverer, dest: &DestinationKey, fixed_now: Option<i64>) -> anyhow::Result<usize> {
    let mut tried = 0;
    let mut after = 0;
    let mut failures = 0;
    let mut retry_at = 0;
    while tried < DRAIN_LIMIT {
        let now = fixed_now.unwrap_or_else(unix_now);
        let Some(c) = claim_next(state, dest, now, after).await? else {
            break;
        };
        after = c.id;
        let timeout = state.send_timeout();
        let outcome = match tokio::time::timeout(timeout, deliver_one(state, &c)).await {
            Ok(r) => r,
            Err(_) => Err(anyhow::anyhow!("no answer within {} s", timeout.as_secs())),
        };
        let failed = outcome.is_err();
        let next = record(state, &c, outcome, fixed_now.unwrap_or_else(unix_now)).await?;
        tried += 1;
        if failed {
            failures += 1;
            retry_at = retry_at.max(next);
            if failures >= FAILURES_TO_STOP {
                hold_destination(state, dest, retry_at, fixed_now.unwrap_or_else(unix_now)).await?;
                break;
            }
        } else {
            failures = 0;
        }
    }
    Ok(tried)
}

/// Moves the next try of `dest`'s pending, unclaimed rows to `until` (unix s) where it is
/// earlier (a failing receiver: its leads are retried together, oldest first).
async fn hold_destination(state: &Deliverer, dest: &DestinationKey, until: i64, now: i64) -> anyhow::Result<()> {
    sqlx::query(
        "UPDATE lead_deliveries SET next_attempt_at = $4 WHERE status = 'pending' AND tenant = $1 AND kind = $2 AND target = $3 \
         AND next_attempt_at < $4 AND (claimed_until IS NULL OR claimed_until < $5)",
    )
    .bind(&dest.tenant)
    .bind(&dest.kind)
    .bind(&dest.target)
    .bind(until)
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    Ok(())
}

/// Stores the outcome of one try of `c` at `now` (unix s): delivered, or pending with the next
/// try after the backoff, or dead once the retry window is over. Returns the next try's time
/// (unix s; `now` when delivered).
async fn record(state: &Deliverer, c: &Claimed, outcome: anyhow::Result<()>, now: i64) -> anyhow::Result<i64> {
    let attempts = c.attempts + 1;
    let mut next = now;
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
            next = now + backoff_seconds(attempts);
            tracing::warn!(lead_id = %c.lead_id, tenant = %c.tenant, kind = %c.kind, attempts, dead, error = %e, "lead delivery failed");
            sqlx::query(
                "UPDATE lead_deliveries SET status = $2, attempts = $3, next_attempt_at = $4, last_error = $5, claimed_until = NULL WHERE id = $1",
            )
            .bind(c.id)
            .bind(if dead { "dead" } else { "pending" })
            .bind(attempts)
            .bind(next)
            .bind(format!("{e:#}").chars().take(1000).collect::<String>())
            .execute(&state.db.pool)
            .await?;
        }
    }
    Ok(next)
}

/// A `leads` row as delivery reads it.
#[derive(sqlx::FromRow)]
struct LeadRow {
    form: String,
    idempotency_key: String,
    reference: String,
    /// The stored fields, JSON text.
    payload: String,
    created_at: i64,
}

/// Loads `tenant`'s (slug) stored lead `lead_id`. Errors: the lead is missing, its payload is
/// not a JSON object, or storage fails.
pub async fn load_lead(state: &Deliverer, tenant: &str, lead_id: &str) -> anyhow::Result<StoredLead> {
    let r = sqlx::query_as::<_, LeadRow>(
        "SELECT form, idempotency_key, COALESCE(reference, '') AS reference, payload, created_at FROM leads WHERE tenant = $1 AND lead_id = $2",
    )
        .bind(tenant)
        .bind(lead_id)
        .fetch_one(&state.db.pool)
        .await?;
    Ok(StoredLead {
        lead_id: lead_id.to_string(),
        tenant: tenant.to_string(),
        form: r.form,
        idempotency_key: r.idempotency_key,
        reference: r.reference,
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
                "reference": lead.reference,
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
            let res = crate::outbound::tenant_request(reqwest::Method::POST, &c.target)
                .map_err(|e| anyhow::anyhow!("webhook refused: {e}"))?
                .timeout(state.send_timeout())
                .header("content-type", "application/json")
                .header("x-forecourt-signature", signature(&secret, &body))
                .header("x-forecourt-idempotency-key", &lead.idempotency_key)
                .header("x-forecourt-lead-id", &lead.lead_id)
                .body(body)
                .send()
                .await
                .map_err(|e| match e.is_timeout() {
                    true => anyhow::anyhow!("no answer within {} s", state.send_timeout().as_secs()),
                    false => e.into(),
                })?;
            if !res.status().is_success() {
                anyhow::bail!("webhook answered {}", res.status());
            }
            Ok(())
        }
        "email" => {
            let xml = adf_document(state, &lead, &c.target).await?;
            let message = Message::builder()
                .from(state.settings.mail_from.parse::<Mailbox>()?)
                .to(c.target.parse::<Mailbox>()?)
                .subject(format!("New {} lead {}", lead.form.replace('_', " "), lead.lead_id))
                .header(ContentType::parse("text/xml; charset=utf-8")?)
                .body(xml)?;
            send_mail(state, message).await
        }
        "receipt_email" => {
            let r = receipt_of(state, &lead).await?;
            let from = state.settings.mail_from.parse::<Mailbox>()?;
            // The message id is the lead's and the kind's: a receipt sent again after a lost
            // answer is the same message to the shopper's mail client.
            let domain = from.email.domain().to_string();
            let mut message = Message::builder()
                .from(Mailbox::new(Some(r.dealer.clone()), from.email))
                .to(c.target.parse::<Mailbox>()?)
                .subject(receipt::email_subject(&r))
                .message_id(Some(format!("<receipt.{}@{domain}>", lead.lead_id)));
            if let Some(reply) = r.contact.as_ref().and_then(|c| c.email.as_deref())
                && let Ok(reply) = reply.parse::<Mailbox>()
            {
                message = message.reply_to(reply);
            }
            let body = MultiPart::alternative_plain_html(receipt::email_text(&r), receipt::email_html(&r));
            send_mail(state, message.multipart(body)?).await
        }
        "receipt_sms" => {
            let r = receipt_of(state, &lead).await?;
            let text = receipt::sms_text(&r);
            let sms = crate::auth::sms::Sms {
                phone: &c.target,
                body: &text,
                // Nothing secret in a receipt: the reference is the shopper's to quote.
                redacted: &text,
            };
            crate::auth::sms::send(&state.db, &state.settings, &c.tenant, sms)
                .await
                .map_err(|e| anyhow::anyhow!("the SMS provider did not take the receipt: {e}"))?;
            Ok(())
        }
        other => anyhow::bail!("unknown delivery kind {other}"),
    }
}

/// The stored lead's car read again from storage (None when it has none or it is gone).
/// Errors: storage failures.
async fn car_of(state: &Deliverer, lead: &StoredLead) -> anyhow::Result<Option<crate::model::Car>> {
    Ok(match lead.fields.get("car_id").and_then(Value::as_i64) {
        Some(id) => TenantRepo::new(&state.db, &lead.tenant).cars_by_ids(&[id]).await?.pop(),
        None => None,
    })
}

/// The receipt of the stored `lead` ([`receipt::receipt`]) with its car read again from storage.
/// Errors: the lead's tenant is no longer configured, or storage fails.
pub async fn receipt_of(state: &Deliverer, lead: &StoredLead) -> anyhow::Result<receipt::Receipt> {
    let tenant = state
        .tenants
        .by_slug(&lead.tenant)
        .ok_or_else(|| anyhow::anyhow!("tenant {} is no longer configured", lead.tenant))?;
    let car = car_of(state, lead).await?;
    Ok(receipt::receipt(&tenant, lead, car.as_ref()))
}

/// The ADF/XML document of the stored `lead` as it is emailed to `inbox` (the lead's car read
/// again from storage; what the lead recorded of it when it is gone). Errors: the lead's tenant
/// is no longer configured, or storage fails.
pub async fn adf_document(state: &Deliverer, lead: &StoredLead, inbox: &str) -> anyhow::Result<String> {
    let tenant = state
        .tenants
        .by_slug(&lead.tenant)
        .ok_or_else(|| anyhow::anyhow!("tenant {} is no longer configured", lead.tenant))?;
    let car = car_of(state, lead).await?;
    Ok(adf::adf_xml(lead, car.as_ref(), &vendor_of(&tenant, lead, inbox)))
}

/// The dealership `lead` goes to, as ADF's vendor: its name, and the phone and email of the
/// lead's location, else of the dealership's primary (or first) location; `inbox` (the address
/// the lead is sent to) when no location lists an email, so the vendor always has a contact.
fn vendor_of(tenant: &crate::tenant::Tenant, lead: &StoredLead, inbox: &str) -> adf::Vendor {
    let cfg = &tenant.config;
    let (d, loc) = receipt::lead_contact(tenant, &lead.fields);
    let contact = loc.map(|l| &l.contact_detail);
    let nonempty = |s: &Option<String>| s.clone().filter(|s| !s.trim().is_empty());
    adf::Vendor {
        name: d.map_or_else(|| cfg.name.clone(), |d| d.name.clone()),
        email: contact.and_then(|c| nonempty(&c.email)).or_else(|| Some(inbox.to_string())),
        phone: contact.and_then(|c| nonempty(&c.phone).or_else(|| nonempty(&c.landline_phone))),
        url: cfg.hosts.first().map(|h| format!("https://{h}")),
    }
}

/// Sends one message through the configured SMTP server (`smtp_*` settings), bounded by the send
/// timeout. Errors: `smtp_host` unset, the password variable unset, or the SMTP exchange failed.
async fn send_mail(state: &Deliverer, message: Message) -> anyhow::Result<()> {
    let s = &state.settings;
    let host = s.smtp_host.as_deref().ok_or_else(|| anyhow::anyhow!("smtp_host is not set"))?;
    let mut builder = match s.smtp_tls {
        SmtpTls::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
        SmtpTls::Starttls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)?,
        SmtpTls::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)?,
    }
    .timeout(Some(state.send_timeout()));
    if let Some(port) = s.smtp_port {
        builder = builder.port(port);
    }
    if let (Some(user), Some(var)) = (&s.smtp_username, &s.smtp_password_env) {
        let password = std::env::var(var).map_err(|_| anyhow::anyhow!("the SMTP password variable {var} is not set"))?;
        builder = builder.credentials(Credentials::new(user.clone(), password));
    }
    builder.build().send(message).await?;
    Ok(())
}
