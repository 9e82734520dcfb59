//! Signing in by SMS code, with its storage: the per-phone cap, wrong-code failures, code rows,
//! users and their verification records, the SMS send through the configured provider (and its
//! `sms_outbox` log), and the sign-in events (36 code sent, 37 signed in).
//!
//! Every function takes the tenant (or its slug) the host resolved from the request, never one
//! from the client, and returns the domain's [`Error`]: `Invalid` (400) for a malformed phone or
//! code, `Unauthorized` (401) for a wrong code, `TooManyRequests` (429) past a cap, `Upstream`
//! (502) when the SMS provider fails.

use serde::Serialize;
use tower_sessions::Session;
use utoipa::ToSchema;

use super::codes::{
    CODE_SHAPE, CODE_TTL_SECONDS, FAILURE_WINDOW_SECONDS, INVALID_CODE, LIMITS, MAX_FAILURES, MAX_SENDS_PER_HOUR, SEND_TIMEOUT, User,
    code_hash, international, is_code, new_code, new_salt, required_phone, sign_in, too_many,
};
use crate::{
    config::{Settings, SmsProviderKind},
    db::Db,
    error::{Error, ErrorKind, REQUIRED, Result},
    plugins::unix_now,
    tenant::Tenant,
};

/// Event id stored when a code is sent.
const EVENT_CODE_SENT: i64 = 36;
/// Event id stored when a shopper signs in.
const EVENT_SIGNED_IN: i64 = 37;

/// The counts the per-phone cap looks at.
#[derive(sqlx::FromRow)]
struct CapCounts {
    /// Codes sent to the phone in the last hour.
    sends: i64,
    /// Wrong codes for the phone in the failure window.
    failures: i64,
}

/// Whether `phone` (normalised) of `tenant` (slug) may not get another code at `now` (unix
/// seconds): [`MAX_SENDS_PER_HOUR`] codes in the last hour, or [`MAX_FAILURES`] wrong codes in
/// the last [`FAILURE_WINDOW_SECONDS`]. Counted in storage, so the cap holds across hosts and
/// restarts. Errors: `Internal` when storage fails.
pub async fn phone_is_capped(db: &Db, tenant: &str, phone: &str, now: i64) -> Result<bool> {
    let c = sqlx::query_as::<_, CapCounts>(
        "SELECT (SELECT COUNT(*) FROM verification_codes WHERE tenant = $1 AND phone = $2 AND created_at > $3) AS sends, \
                (SELECT COUNT(*) FROM verification_failures WHERE tenant = $1 AND phone = $2 AND created_at > $4) AS failures",
    )
    .bind(tenant)
    .bind(phone)
    .bind(now - 3600)
    .bind(now - FAILURE_WINDOW_SECONDS)
    .fetch_one(&db.pool)
    .await?;
    Ok(c.sends >= MAX_SENDS_PER_HOUR || c.failures >= MAX_FAILURES)
}

/// Stores event `event_id` of `tenant` (slug) about `subject` (a phone or a car id) at the
/// current time. Never fails: a storage error is logged and dropped, since tracking must not
/// fail the shopper's request.
pub async fn record_event(db: &Db, tenant: &str, event_id: i64, subject: &str) {
    let r = sqlx::query("INSERT INTO events (tenant, event_id, subject, created_at) VALUES ($1, $2, $3, $4)")
        .bind(tenant)
        .bind(event_id)
        .bind(subject)
        .bind(unix_now())
        .execute(&db.pool)
        .await;
    if let Err(e) = r {
        tracing::warn!(tenant, event_id, error = %e, "event not recorded");
    }
}

/// A code was sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodeSent {
    /// Always true.
    pub sent: bool,
    /// The phone it went to, normalised (leading 0).
    pub phone: String,
    /// Seconds the code stays valid (600).
    pub expires_in_seconds: i64,
}

/// Sends a fresh 6-digit sign-in code for `tenant` to `phone` (raw, as the form sent it) asked
/// from client address `ip` at `now` (unix seconds): checks the per-phone cap in storage, then
/// the per-IP and per-tenant limits ([`LIMITS`]), stores the salted hash valid for
/// [`CODE_TTL_SECONDS`], hands the text to the SMS provider of `settings` and records event 36.
/// Returns where it went. Errors: `Invalid` on `phone` (missing or not a mobile),
/// `TooManyRequests` `too_many_attempts` past a cap, `Upstream` `sms_failed` when the provider
/// fails or times out, `Internal` when storage fails.
pub async fn send_code(db: &Db, settings: &Settings, tenant: &Tenant, ip: &str, phone: Option<&str>, now: i64) -> Result<CodeSent> {
    let phone = required_phone("phone", phone)?;
    let slug = tenant.slug();
    if phone_is_capped(db, slug, &phone, now).await?
        || LIMITS.ip.check_key(&format!("{slug}|{ip}")).is_err()
        || LIMITS.tenant.check_key(&slug.to_string()).is_err()
    {
        return Err(too_many());
    }
    let (code, salt) = (new_code(), new_salt());
    sqlx::query(
        "INSERT INTO verification_codes (tenant, phone, code_hash, salt, created_at, expires_at, attempts) VALUES ($1, $2, $3, $4, $5, $6, 0)",
    )
    .bind(slug)
    .bind(&phone)
    .bind(code_hash(&salt, slug, &phone, &code))
    .bind(&salt)
    .bind(now)
    .bind(now + CODE_TTL_SECONDS)
    .execute(&db.pool)
    .await?;
    let text = format!("{code} is your {} sign-in code. It expires in 10 minutes.", tenant.config.name);
    send_sms(db, settings, slug, &phone, &text).await?;
    record_event(db, slug, EVENT_CODE_SENT, &phone).await;
    Ok(CodeSent {
        sent: true,
        phone,
        expires_in_seconds: CODE_TTL_SECONDS,
    })
}

/// Hands one message for `phone` (leading 0) of `tenant` (slug) to the SMS provider of
/// `settings` within [`SEND_TIMEOUT`] (the development sink only logs it) and logs it in
/// `sms_outbox`. Errors: `Upstream` `sms_failed` when the provider fails, `Internal` when
/// `sms_url` is missing or storage fails.
async fn send_sms(db: &Db, settings: &Settings, tenant: &str, phone: &str, body: &str) -> Result<()> {
    let (provider, status) = match settings.sms_provider {
        SmsProviderKind::Log => {
            tracing::info!(tenant, phone, message = body, "SMS (development sink)");
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
                .json(&serde_json::json!({"to": international(phone), "body": body, "sender": tenant}));
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
        .bind(phone)
        .bind(body)
        .bind(provider)
        .bind(status)
        .bind(unix_now())
        .execute(&db.pool)
        .await?;
    Ok(())
}

fn sms_failed(tenant: &str, why: String) -> Error {
    tracing::warn!(tenant, error = %why, "SMS provider failed");
    Error::new(ErrorKind::Upstream, "sms_failed", "The code could not be sent. Please try again.")
}

/// The newest unused, unexpired code row of a phone.
#[derive(sqlx::FromRow)]
struct CodeRow {
    /// Row id.
    id: i64,
    /// The salted hash ([`code_hash`]), hex.
    code_hash: String,
    /// The salt, hex.
    salt: String,
}

/// A code to check, as the form sent it.
#[derive(Debug, Clone, Copy)]
pub struct CodeCheck<'a> {
    /// The phone the code was sent to (raw).
    pub phone: Option<&'a str>,
    /// The 6-digit code (raw).
    pub code: Option<&'a str>,
    /// The dealership the shopper signs in with (kept on the verification record when it is
    /// one of the tenant's; else the tenant's first).
    pub dealership_slug: Option<&'a str>,
}

/// Checks `check` against `tenant`'s newest live code for the phone at `now` (unix seconds)
/// and, when it matches, marks the code used (single use), stores the user and an `sms`
/// verification record, starts a signed-in `session` ([`sign_in`]) and records event 37.
/// Returns the signed-in user. A wrong code counts one failure against the phone (and the code
/// row). Errors: `Invalid` on `phone` or `code` (missing, not a mobile, not 6 digits),
/// `TooManyRequests` `too_many_attempts` after [`MAX_FAILURES`] wrong codes in the window
/// (the right one included), `Unauthorized` `invalid_code` ([`INVALID_CODE`]) for a wrong,
/// used or expired code, `Internal` when storage or the session fails.
pub async fn verify(db: &Db, tenant: &Tenant, session: &Session, check: CodeCheck<'_>, now: i64) -> Result<User> {
    let phone = required_phone("phone", check.phone)?;
    let code = check.code.unwrap_or("").trim();
    if code.is_empty() {
        return Err(Error::invalid("code", REQUIRED));
    }
    if !is_code(code) {
        return Err(Error::invalid("code", CODE_SHAPE));
    }
    let (slug, pool) = (tenant.slug(), &db.pool);
    let failures: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM verification_failures WHERE tenant = $1 AND phone = $2 AND created_at > $3")
            .bind(slug)
            .bind(&phone)
            .bind(now - FAILURE_WINDOW_SECONDS)
            .fetch_one(pool)
            .await?;
    if failures >= MAX_FAILURES {
        return Err(too_many());
    }
    let row = sqlx::query_as::<_, CodeRow>(
        "SELECT id, code_hash, salt FROM verification_codes WHERE tenant = $1 AND phone = $2 AND used_at IS NULL AND expires_at > $3 \
         AND attempts < $4 ORDER BY id DESC LIMIT 1",
    )
    .bind(slug)
    .bind(&phone)
    .bind(now)
    .bind(MAX_FAILURES)
    .fetch_optional(pool)
    .await?;
    let matched = row
        .as_ref()
        .is_some_and(|r| constant_time_eq::constant_time_eq(code_hash(&r.salt, slug, &phone, code).as_bytes(), r.code_hash.as_bytes()));
    // Single use: only the request that marks the code used signs in.
    let used = match (&row, matched) {
        (Some(r), true) => {
            sqlx::query("UPDATE verification_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
                .bind(now)
                .bind(r.id)
                .execute(pool)
                .await?
                .rows_affected()
                == 1
        }
        _ => false,
    };
    if !used {
        record_failure(db, slug, &phone, row.map(|r| r.id), now).await?;
        return Err(Error::new(ErrorKind::Unauthorized, "invalid_code", INVALID_CODE));
    }
    let dealership = check
        .dealership_slug
        .filter(|d| tenant.config.dealerships.iter().any(|x| x.slug == *d))
        .map(str::to_string)
        .or_else(|| tenant.config.dealerships.first().map(|d| d.slug.clone()));
    let id = store_verified_user(db, slug, &phone, dealership, now).await?;
    let user = User { id, phone };
    sign_in(session, slug, &user).await?;
    record_event(db, slug, EVENT_SIGNED_IN, &user.phone).await;
    Ok(user)
}

/// Counts one wrong code for `phone` of `tenant` at `now` (unix seconds), and one attempt on
/// code row `code_id` when there was a live code, in one transaction. Errors: `Internal`.
async fn record_failure(db: &Db, tenant: &str, phone: &str, code_id: Option<i64>, now: i64) -> Result<()> {
    let mut tx = db.pool.begin().await?;
    if let Some(id) = code_id {
        sqlx::query("UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("INSERT INTO verification_failures (tenant, phone, created_at) VALUES ($1, $2, $3)")
        .bind(tenant)
        .bind(phone)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Stores (or marks verified at `now`, unix seconds) the user with `phone` of `tenant` and an
/// `sms` verification record naming `dealership`, in one transaction. Returns the user's id.
/// Errors: `Internal`.
async fn store_verified_user(db: &Db, tenant: &str, phone: &str, dealership: Option<String>, now: i64) -> Result<i64> {
    let mut tx = db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO users (tenant, phone, created_at, verified_at) VALUES ($1, $2, $3, $3) \
         ON CONFLICT (tenant, phone) DO UPDATE SET verified_at = excluded.verified_at",
    )
    .bind(tenant)
    .bind(phone)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE tenant = $1 AND phone = $2")
        .bind(tenant)
        .bind(phone)
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO verifications (website_slug, dealership_slug, user_id, verification_type, created_at) VALUES ($1, $2, $3, 'sms', $4)",
    )
    .bind(tenant)
    .bind(dealership)
    .bind(id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// The rate-limit probe for `phone` (raw) of `tenant` (slug) from client address `ip` at `now`
/// (unix seconds): Ok while codes may still be sent. Uses one of the per-IP probe allowance
/// ([`LIMITS`]`.probe`). Errors: `Invalid` on `phone`, `TooManyRequests` `too_many_attempts`
/// past the probe allowance or the per-phone cap, `Internal` when storage fails.
pub async fn probe(db: &Db, tenant: &str, ip: &str, phone: Option<&str>, now: i64) -> Result<()> {
    let phone = required_phone("phone", phone)?;
    if LIMITS.probe.check_key(&format!("{tenant}|{ip}")).is_err() || phone_is_capped(db, tenant, &phone, now).await? {
        return Err(too_many());
    }
    Ok(())
}

/// Whether `phone` (raw, the request's `phone_number`) has signed in on `tenant` (slug); uses one
/// of the per-IP probe allowance for `ip`. Errors: `Invalid` on `phone_number`,
/// `TooManyRequests` `too_many_attempts` past the allowance, `Internal` when storage fails.
pub async fn contact_exists(db: &Db, tenant: &str, ip: &str, phone: Option<&str>) -> Result<bool> {
    let phone = required_phone("phone_number", phone)?;
    if LIMITS.probe.check_key(&format!("{tenant}|{ip}")).is_err() {
        return Err(too_many());
    }
    Ok(sqlx::query("SELECT 1 FROM users WHERE tenant = $1 AND phone = $2")
        .bind(tenant)
        .bind(&phone)
        .fetch_optional(&db.pool)
        .await?
        .is_some())
}

/// A message handed to the SMS provider.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct OutboxMessage {
    /// Recipient, leading 0.
    pub phone: String,
    /// Text.
    pub body: String,
    /// `log` or `http`.
    pub provider: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// `tenant`'s (slug) SMS messages, newest first, at most 50; only those to `phone` when given
/// (normalised when it is a mobile number, else compared as given). Errors: `Internal`.
pub async fn sms_outbox(db: &Db, tenant: &str, phone: Option<&str>) -> Result<Vec<OutboxMessage>> {
    let phone = phone.map(|p| super::codes::normalise_phone(p).unwrap_or_else(|| p.to_string()));
    Ok(sqlx::query_as::<_, OutboxMessage>(
        "SELECT phone, body, provider, created_at FROM sms_outbox WHERE tenant = $1 AND ($2 = '' OR phone = $2) ORDER BY id DESC LIMIT 50",
    )
    .bind(tenant)
    .bind(phone.unwrap_or_default())
    .fetch_all(&db.pool)
    .await?)
}
