//! Signing in by SMS code, with its storage: the lockout (per client and per phone), wrong-code
//! failures, code rows, users and their verification records, the SMS send (through
//! [`super::sms`]), and the sign-in events (36 code sent, 37 signed in).
//!
//! Every function takes the tenant (or its slug) the host resolved from the request, never one
//! from the client, and returns the domain's [`Error`]: `Invalid` (400) for a malformed phone or
//! code, `Unauthorized` (401) for a wrong code, `TooManyRequests` (429) past a cap, `Upstream`
//! (502) when the SMS provider fails.

use serde::Serialize;
use tower_sessions::Session;
use utoipa::ToSchema;

use super::{
    codes::{
        CODE_SHAPE, CODE_TTL_SECONDS, GUESSES_PER_CODE, INVALID_CODE, PROBES_PER_IP, SENDS_PER_IP, SENDS_PER_TENANT, User, is_code,
        new_code, required_phone, sign_in, too_many,
    },
    keys::{CodeKeys, new_nonce},
    sms::{self, REDACTED_CODE, Sms},
};
use crate::{
    config::Settings,
    db::Db,
    error::{Error, ErrorKind, REQUIRED, Result},
    plugins::unix_now,
    rate_limit,
    tenant::Tenant,
};

/// Event id stored when a code is sent.
const EVENT_CODE_SENT: i64 = 36;
/// Event id stored when a shopper signs in.
const EVENT_SIGNED_IN: i64 = 37;

/// The lockout's numbers (settings `sign_in_*`; docs/features/platform.md "Sign-in and
/// watchlist"): wrong codes and sends per (phone, client IP) over the client window, and a
/// ceiling per phone for all clients together over the shorter phone window. Counted in storage,
/// so they hold across hosts and restarts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lockout {
    /// Wrong codes per (phone, client) in the client window.
    pub failures_per_client: i64,
    /// Codes sent per (phone, client) in the client window.
    pub sends_per_client: i64,
    /// The client window, seconds.
    pub client_window_seconds: i64,
    /// Wrong codes per phone, all clients, in the phone window.
    pub failures_per_phone: i64,
    /// Codes sent per phone, all clients, in the phone window.
    pub sends_per_phone: i64,
    /// The phone window, seconds.
    pub phone_window_seconds: i64,
}

impl Lockout {
    /// The numbers `settings` configures.
    pub fn from_settings(settings: &Settings) -> Lockout {
        Lockout {
            failures_per_client: settings.sign_in_failures_per_client.into(),
            sends_per_client: settings.sign_in_sends_per_client.into(),
            client_window_seconds: settings.sign_in_client_window_seconds.into(),
            failures_per_phone: settings.sign_in_failures_per_phone.into(),
            sends_per_phone: settings.sign_in_sends_per_phone.into(),
            phone_window_seconds: settings.sign_in_phone_window_seconds.into(),
        }
    }
}

/// What the lockout counts for one phone and client, in one statement.
#[derive(sqlx::FromRow)]
struct Counts {
    /// Codes sent to the phone for this client in the client window.
    client_sends: i64,
    /// Wrong codes for the phone from this client in the client window.
    client_failures: i64,
    /// Codes sent to the phone in the phone window.
    phone_sends: i64,
    /// Wrong codes for the phone in the phone window.
    phone_failures: i64,
}

impl Counts {
    /// Whether no more codes may be checked: too many failures from this client or in all.
    fn checks_refused(&self, l: &Lockout) -> bool {
        self.client_failures >= l.failures_per_client || self.phone_failures >= l.failures_per_phone
    }

    /// Whether no more codes may be sent: checks are refused, or too many sends.
    fn sends_refused(&self, l: &Lockout) -> bool {
        self.checks_refused(l) || self.client_sends >= l.sends_per_client || self.phone_sends >= l.sends_per_phone
    }
}

/// The lockout counts of `phone` (normalised) of `tenant` (slug) for `client` (IP) at `now`
/// (unix seconds). Errors: `Internal` when storage fails.
async fn counts(db: &Db, lockout: &Lockout, tenant: &str, phone: &str, client: &str, now: i64) -> Result<Counts> {
    Ok(sqlx::query_as::<_, Counts>(
        "SELECT (SELECT COUNT(*) FROM verification_codes WHERE tenant = $1 AND phone = $2 AND client = $3 AND created_at > $4) AS client_sends, \
                (SELECT COUNT(*) FROM verification_failures WHERE tenant = $1 AND phone = $2 AND client = $3 AND created_at > $4) AS client_failures, \
                (SELECT COUNT(*) FROM verification_codes WHERE tenant = $1 AND phone = $2 AND created_at > $5) AS phone_sends, \
                (SELECT COUNT(*) FROM verification_failures WHERE tenant = $1 AND phone = $2 AND created_at > $5) AS phone_failures",
    )
    .bind(tenant)
    .bind(phone)
    .bind(client)
    .bind(now - lockout.client_window_seconds)
    .bind(now - lockout.phone_window_seconds)
    .fetch_one(&db.pool)
    .await?)
}

/// Whether `phone` (normalised) of `tenant` (slug) may not get another code for `client` (IP)
/// at `now` (unix seconds) under the [`Lockout`] of `settings`. Errors: `Internal` when storage
/// fails.
pub async fn phone_is_capped(db: &Db, settings: &Settings, tenant: &str, phone: &str, client: &str, now: i64) -> Result<bool> {
    let lockout = Lockout::from_settings(settings);
    Ok(counts(db, &lockout, tenant, phone, client, now).await?.sends_refused(&lockout))
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

/// The sign-in text with `code` (or [`REDACTED_CODE`]) for the site called `site`.
fn code_text(code: &str, site: &str) -> String {
    format!("{code} is your {site} sign-in code. It expires in 10 minutes.")
}

/// Sends a fresh 6-digit sign-in code for `tenant` to `phone` (raw, as the form sent it) asked
/// from client address `ip` at `now` (unix seconds): checks the [`Lockout`] of `settings` in
/// storage, then the shared per-IP and per-tenant limits ([`SENDS_PER_IP`], [`SENDS_PER_TENANT`]),
/// stores its keyed hash ([`CodeKeys::mac`]) valid for [`CODE_TTL_SECONDS`], hands the text to
/// the SMS provider of `settings` ([`sms::send`]; storage keeps it redacted) and records event
/// 36. Returns where it went. Errors: `Invalid` on `phone` (missing or not a mobile), `TooManyRequests`
/// `too_many_attempts` past a cap, `Upstream` `sms_failed` when the provider fails or times out,
/// `Internal` when the code secret or storage fails.
pub async fn send_code(db: &Db, settings: &Settings, tenant: &Tenant, ip: &str, phone: Option<&str>, now: i64) -> Result<CodeSent> {
    let phone = required_phone("phone", phone)?;
    let slug = tenant.slug();
    if phone_is_capped(db, settings, slug, &phone, ip, now).await?
        || !rate_limit::check(db, &SENDS_PER_IP, &format!("{slug}|{ip}")).await?
        || !rate_limit::check(db, &SENDS_PER_TENANT, slug).await?
    {
        return Err(too_many());
    }
    let keys = CodeKeys::from_settings(settings)?;
    let (code, nonce) = (new_code(), new_nonce());
    sqlx::query(
        "INSERT INTO verification_codes (tenant, phone, client, code_mac, nonce, created_at, expires_at, attempts) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0)",
    )
    .bind(slug)
    .bind(&phone)
    .bind(ip)
    .bind(keys.mac(slug, &phone, &code, &nonce))
    .bind(&nonce)
    .bind(now)
    .bind(now + CODE_TTL_SECONDS)
    .execute(&db.pool)
    .await?;
    let (body, redacted) = (code_text(&code, &tenant.config.name), code_text(REDACTED_CODE, &tenant.config.name));
    sms::send(
        db,
        settings,
        slug,
        Sms {
            phone: &phone,
            body: &body,
            redacted: &redacted,
        },
    )
    .await?;
    record_event(db, slug, EVENT_CODE_SENT, &phone).await;
    Ok(CodeSent {
        sent: true,
        phone,
        expires_in_seconds: CODE_TTL_SECONDS,
    })
}

/// The newest code row of a phone.
#[derive(sqlx::FromRow)]
struct CodeRow {
    /// Row id.
    id: i64,
    /// The keyed hash ([`CodeKeys::mac`]), hex.
    code_mac: String,
    /// The send's nonce, hex.
    nonce: String,
    /// When it was used, unix seconds.
    used_at: Option<i64>,
    /// When it expires, unix seconds.
    expires_at: i64,
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
    /// The client's IP (the request's `ClientIp`): wrong codes are counted per phone and client.
    pub client: &'a str,
}

fn invalid_code() -> Error {
    Error::new(ErrorKind::Unauthorized, "invalid_code", INVALID_CODE)
}

/// Checks `check` against `tenant`'s newest code for the phone at `now` (unix seconds) and,
/// when it matches, marks the code used (single use), stores the user and an `sms`
/// verification record, starts a signed-in `session` ([`sign_in`]) and records event 37.
/// Returns the signed-in user.
///
/// The guess is claimed first by one conditional UPDATE (`attempts < GUESSES_PER_CODE` on a
/// live, unused code), so concurrent guesses evaluate at most [`GUESSES_PER_CODE`] per code; a
/// wrong one is then counted against the phone and client ([`Lockout`] of `settings`). A check
/// with no live code evaluates nothing and counts nothing.
///
/// Errors: `Invalid` on `phone` or `code` (missing, not a mobile, not 6 digits),
/// `TooManyRequests` `too_many_attempts` past the lockout or the code's guesses (the right code
/// included), `Unauthorized` `invalid_code` ([`INVALID_CODE`]) for a wrong, used, superseded or
/// expired code, `Internal` when the code secret, storage or the session fails.
pub async fn verify(db: &Db, settings: &Settings, tenant: &Tenant, session: &Session, check: CodeCheck<'_>, now: i64) -> Result<User> {
    let phone = required_phone("phone", check.phone)?;
    let code = check.code.unwrap_or("").trim();
    if code.is_empty() {
        return Err(Error::invalid("code", REQUIRED));
    }
    if !is_code(code) {
        return Err(Error::invalid("code", CODE_SHAPE));
    }
    let (slug, pool) = (tenant.slug(), &db.pool);
    let lockout = Lockout::from_settings(settings);
    if counts(db, &lockout, slug, &phone, check.client, now)
        .await?
        .checks_refused(&lockout)
    {
        return Err(too_many());
    }
    let keys = CodeKeys::from_settings(settings)?;
    // The newest code only: a new send supersedes the earlier ones.
    let row = sqlx::query_as::<_, CodeRow>(
        "SELECT id, code_mac, nonce, used_at, expires_at FROM verification_codes WHERE tenant = $1 AND phone = $2 ORDER BY id DESC LIMIT 1",
    )
    .bind(slug)
    .bind(&phone)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row.filter(|r| r.used_at.is_none() && r.expires_at > now) else {
        return Err(invalid_code());
    };
    // Claim one guess: the only statement that decides whether this guess is evaluated.
    let claimed: Option<i64> = sqlx::query_scalar(
        "UPDATE verification_codes SET attempts = attempts + 1 \
         WHERE id = $1 AND used_at IS NULL AND expires_at > $2 AND attempts < $3 RETURNING attempts",
    )
    .bind(row.id)
    .bind(now)
    .bind(GUESSES_PER_CODE)
    .fetch_optional(pool)
    .await?;
    if claimed.is_none() {
        let attempts: i64 = sqlx::query_scalar("SELECT attempts FROM verification_codes WHERE id = $1")
            .bind(row.id)
            .fetch_one(pool)
            .await?;
        return Err(if attempts >= GUESSES_PER_CODE { too_many() } else { invalid_code() });
    }
    if !keys.matches(&row.code_mac, slug, &phone, code, &row.nonce) {
        sqlx::query("INSERT INTO verification_failures (tenant, phone, client, created_at) VALUES ($1, $2, $3, $4)")
            .bind(slug)
            .bind(&phone)
            .bind(check.client)
            .bind(now)
            .execute(pool)
            .await?;
        return Err(invalid_code());
    }
    // Single use: only the request that marks the code used signs in.
    let used = sqlx::query("UPDATE verification_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(row.id)
        .execute(pool)
        .await?
        .rows_affected()
        == 1;
    if !used {
        return Err(invalid_code());
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
/// (unix seconds): Ok while codes may still be sent to it from `ip` ([`phone_is_capped`] under
/// the lockout of `settings`). Uses one of the per-IP probe allowance ([`PROBES_PER_IP`], shared
/// by every host). Errors: `Invalid` on `phone`, `TooManyRequests` `too_many_attempts` past the probe allowance
/// or the lockout, `Internal` when storage fails.
pub async fn probe(db: &Db, settings: &Settings, tenant: &str, ip: &str, phone: Option<&str>, now: i64) -> Result<()> {
    let phone = required_phone("phone", phone)?;
    if !rate_limit::check(db, &PROBES_PER_IP, &format!("{tenant}|{ip}")).await?
        || phone_is_capped(db, settings, tenant, &phone, ip, now).await?
    {
        return Err(too_many());
    }
    Ok(())
}

/// Whether `phone` (raw, the request's `phone_number`) has signed in on `tenant` (slug); uses one
/// of the per-IP probe allowance for `ip`. Errors: `Invalid` on `phone_number`,
/// `TooManyRequests` `too_many_attempts` past the allowance, `Internal` when storage fails.
pub async fn contact_exists(db: &Db, tenant: &str, ip: &str, phone: Option<&str>) -> Result<bool> {
    let phone = required_phone("phone_number", phone)?;
    if !rate_limit::check(db, &PROBES_PER_IP, &format!("{tenant}|{ip}")).await? {
        return Err(too_many());
    }
    Ok(sqlx::query("SELECT 1 FROM users WHERE tenant = $1 AND phone = $2")
        .bind(tenant)
        .bind(&phone)
        .fetch_optional(&db.pool)
        .await?
        .is_some())
}
