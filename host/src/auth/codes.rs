//! Sign-in by SMS code and host sessions (docs/features/platform.md "Sign-in and watchlist";
//! docs/features/locations-forms-marketing.md §2 "Sign-in screen", §3 "verification record", §4
//! "Phone verification", §7, §8).
//!
//! * Phones are Australian mobile numbers normalised to a leading 0 ([`normalise_phone`]).
//! * Codes: 6 digits from the operating system's secure random source, stored only as an
//!   HMAC-SHA-256 keyed with the server's code secret ([`super::keys`]), single use, valid
//!   [`CODE_TTL_SECONDS`], bound to the phone and the tenant; a new code supersedes the phone's
//!   earlier ones. At most [`GUESSES_PER_CODE`] guesses are evaluated per code (claimed by one
//!   conditional UPDATE, so concurrent guesses cannot race past it).
//! * Lockout ([`super::sign_in::Lockout`], numbers in config): wrong codes and sends are limited
//!   per (phone, client IP) over an hour (a new code does not reset them; past the limit that
//!   client is refused for that phone, the right code included), plus a per-phone ceiling for all
//!   clients together over a shorter window, so another client can lock a phone out for at most
//!   that window.
//! * Sends are also capped per client IP and per tenant ([`SENDS_PER_IP`], [`SENDS_PER_TENANT`];
//!   kept in storage by [`crate::rate_limit`], so every host shares them).
//! * Sessions: tower-sessions with [`DbSessionStore`] (this host's database; the 128-bit session
//!   id is stored only as its SHA-256), cookie `__Host-forecourt_session` (Secure, HttpOnly,
//!   SameSite=Lax; plain `forecourt_session` without Secure in loopback development), a new id at
//!   sign-in, deleted at sign-out, at most [`SESSION_DAYS`] days. A session is bound to the
//!   tenant that issued it: on another tenant's host it grants nothing.
//! * The HTTP side (the session cookie, the client IP, the Origin check and the signed-in
//!   extractor) is the edge's: `http::session`. The send-code and verify flows with their
//!   storage are in [`mod@super::sign_in`], the watchlist in [`super::watchlist`].

use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tower_sessions::{
    Expiry, Session, SessionStore,
    session::{Id, Record},
    session_store,
};

use crate::{
    db::Db,
    error::{Error, ErrorKind, REQUIRED},
    rate_limit::Quota,
};

/// Codes are valid this long, seconds (docs/features/platform.md "Sign-in and watchlist": 10 minutes).
pub const CODE_TTL_SECONDS: i64 = 600;
/// Guesses evaluated per code (docs/features/platform.md "Sign-in and watchlist": "at most 5
/// wrong guesses per code"); later ones are refused with [`TOO_MANY`].
pub const GUESSES_PER_CODE: i64 = 5;
/// Longest session, days (docs/features/platform.md "Sign-in and watchlist": at most 30 days).
pub const SESSION_DAYS: i64 = 30;
/// Sending a code gives up after this long (docs/features/locations-forms-marketing.md §7: 15 seconds).
pub const SEND_TIMEOUT: Duration = Duration::from_secs(15);

/// 'Too many verification attempts. Please try again later.' (docs/features/locations-forms-marketing.md §8).
pub const TOO_MANY: &str = "Too many verification attempts. Please try again later.";
/// 'The verification code is invalid. Please try again.' (docs/features/locations-forms-marketing.md §8).
pub const INVALID_CODE: &str = "The verification code is invalid. Please try again.";
/// 'Code must be 6 digits.' (docs/features/platform.md "Sign-in and watchlist").
pub const CODE_SHAPE: &str = "Code must be 6 digits.";
/// The message for a phone that is not an Australian mobile number.
pub const INVALID_PHONE: &str = "Please enter a valid Australian mobile number.";

/// Normalises an Australian phone number (mobile or landline) to ten digits with a leading 0
/// (`+61 7 3000 0000` -> `0730000000`, `61412345678` -> `0412345678`; docs/features/locations-forms-marketing.md
/// §3 "Saved user details"). Spaces, dashes, dots and brackets are ignored. Returns None unless
/// the result is ten digits starting 02, 03, 04, 05, 07 or 08.
pub fn normalise_au_number(raw: &str) -> Option<String> {
    let kept: String = raw.chars().filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')')).collect();
    let digits = if let Some(rest) = kept.strip_prefix("+61") {
        format!("0{}", rest.strip_prefix('0').unwrap_or(rest))
    } else if kept.len() == 11 && kept.starts_with("61") {
        format!("0{}", &kept[2..])
    } else {
        kept
    };
    let ok =
        digits.len() == 10 && digits.bytes().all(|b| b.is_ascii_digit()) && matches!(&digits[..2], "02" | "03" | "04" | "05" | "07" | "08");
    ok.then_some(digits)
}

/// Normalises an Australian mobile number (sign-in codes go by SMS) as [`normalise_au_number`]
/// does (`+61 412 345 678` -> `0412345678`); None unless it is a mobile (`04` or `05`).
pub fn normalise_phone(raw: &str) -> Option<String> {
    normalise_au_number(raw).filter(|d| d.starts_with("04") || d.starts_with("05"))
}

/// The phone in international form for SMS gateways (`0412345678` -> `+61412345678`).
pub fn international(phone: &str) -> String {
    format!("+61{}", &phone[1..])
}

/// A fresh 6-digit code from the operating system's secure random source (uniform: values
/// from the biased top of the u32 range are drawn again).
pub fn new_code() -> String {
    const LIMIT: u32 = u32::MAX - (u32::MAX % 1_000_000);
    loop {
        let mut b = [0u8; 4];
        getrandom::fill(&mut b).expect("the operating system's random source");
        let v = u32::from_le_bytes(b);
        if v < LIMIT {
            return format!("{:06}", v % 1_000_000);
        }
    }
}

/// The phone in `raw` (a request's `field`), normalised as [`normalise_phone`] does. Errors:
/// `Invalid` (`invalid_field` on `field`) with [`REQUIRED`] when it is missing or blank, with
/// [`INVALID_PHONE`] when it is not an Australian mobile number.
pub fn required_phone(field: &str, raw: Option<&str>) -> Result<String, Error> {
    let raw = raw.unwrap_or("").trim();
    if raw.is_empty() {
        return Err(Error::invalid(field, REQUIRED));
    }
    normalise_phone(raw).ok_or_else(|| Error::invalid(field, INVALID_PHONE))
}

/// The refusal of one more code or check: `TooManyRequests`, code `too_many_attempts`, message
/// [`TOO_MANY`].
pub fn too_many() -> Error {
    Error::new(ErrorKind::TooManyRequests, "too_many_attempts", TOO_MANY)
}

/// Whether a string has the code shape: exactly six ASCII digits.
pub fn is_code(s: &str) -> bool {
    s.len() == 6 && s.bytes().all(|b| b.is_ascii_digit())
}

/// Codes sent per tenant and client IP: 20 an hour, 20 at once (docs/features/platform.md
/// "Sign-in and watchlist"). Key `tenant|ip`. Counted in storage ([`crate::rate_limit`]), so
/// the budget is the same whichever host a request reaches. (The per-phone caps are the
/// [`super::sign_in::Lockout`].)
pub const SENDS_PER_IP: Quota = Quota::per_hour("sms_ip", 20);
/// Codes sent per tenant, all clients: 300 an hour, 300 at once. Key `tenant`.
pub const SENDS_PER_TENANT: Quota = Quota::per_hour("sms_tenant", 300);
/// `POST /api/rate-limit` and contact checks per tenant and client IP: 60 an hour, 60 at once.
/// Key `tenant|ip`.
pub const PROBES_PER_IP: Quota = Quota::per_hour("probe", 60);

/// Sessions in this host's database (docs/features/platform.md "Sign-in and watchlist":
/// "Sessions ... stored on the host"). The row key is the SHA-256 of the session id; the tenant and
/// user are kept beside the data so sessions can be listed and revoked per user.
#[derive(Debug, Clone)]
pub struct DbSessionStore {
    db: Db,
}

impl DbSessionStore {
    /// A store over `db`'s `sessions` table.
    pub fn new(db: Db) -> DbSessionStore {
        DbSessionStore { db }
    }
}

fn id_hash(id: &Id) -> String {
    hex::encode(Sha256::digest(id.to_string().as_bytes()))
}

fn backend(e: impl std::fmt::Display) -> session_store::Error {
    session_store::Error::Backend(e.to_string())
}

/// A stored session as [`DbSessionStore::load`] reads it.
#[derive(sqlx::FromRow)]
struct SessionRow {
    /// The session data, JSON text.
    data: String,
    /// Expiry, unix seconds.
    expires_at: i64,
}

#[async_trait::async_trait]
impl SessionStore for DbSessionStore {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        loop {
            let exists = sqlx::query("SELECT 1 FROM sessions WHERE id_hash = $1")
                .bind(id_hash(&record.id))
                .fetch_optional(&self.db.pool)
                .await
                .map_err(backend)?;
            if exists.is_none() {
                return self.save(record).await;
            }
            record.id = Id::default();
        }
    }

    async fn save(&self, record: &Record) -> session_store::Result<()> {
        let data = serde_json::to_string(&record.data).map_err(|e| session_store::Error::Encode(e.to_string()))?;
        let tenant = record.data.get(KEY_TENANT).and_then(|v| v.as_str()).map(str::to_string);
        let user = record.data.get(KEY_USER).and_then(|v| v.as_i64());
        sqlx::query(
            "INSERT INTO sessions (id_hash, tenant, user_id, data, expires_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (id_hash) DO UPDATE SET tenant = excluded.tenant, user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at",
        )
        .bind(id_hash(&record.id))
        .bind(tenant)
        .bind(user)
        .bind(data)
        .bind(record.expiry_date.unix_timestamp())
        .execute(&self.db.pool)
        .await
        .map_err(backend)?;
        Ok(())
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        let row = sqlx::query_as::<_, SessionRow>("SELECT data, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > $2")
            .bind(id_hash(id))
            .bind(time::OffsetDateTime::now_utc().unix_timestamp())
            .fetch_optional(&self.db.pool)
            .await
            .map_err(backend)?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(Record {
            id: *id,
            data: serde_json::from_str(&row.data).map_err(|e| session_store::Error::Decode(e.to_string()))?,
            expiry_date: time::OffsetDateTime::from_unix_timestamp(row.expires_at).map_err(backend)?,
        }))
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
            .bind(id_hash(id))
            .execute(&self.db.pool)
            .await
            .map_err(backend)?;
        Ok(())
    }
}

/// The session key holding the tenant slug a session was signed in on.
pub(crate) const KEY_TENANT: &str = "tenant";
const KEY_USER: &str = "user_id";
const KEY_PHONE: &str = "phone";

/// A signed-in shopper (phone-verified) of the request's tenant.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct User {
    /// User id (per tenant).
    pub id: i64,
    /// Verified phone, with a leading 0.
    pub phone: String,
}

/// Starts a signed-in session for `user` of `tenant`: a new session id (the old one is
/// dropped), the tenant and user stored, expiring after [`SESSION_DAYS`].
pub async fn sign_in(session: &Session, tenant: &str, user: &User) -> Result<(), Error> {
    session.cycle_id().await.map_err(Error::internal)?;
    session.insert(KEY_TENANT, tenant).await.map_err(Error::internal)?;
    session.insert(KEY_USER, user.id).await.map_err(Error::internal)?;
    session.insert(KEY_PHONE, &user.phone).await.map_err(Error::internal)?;
    session.set_expiry(Some(Expiry::AtDateTime(
        time::OffsetDateTime::now_utc() + time::Duration::days(SESSION_DAYS),
    )));
    Ok(())
}

/// The signed-in user of this tenant, or None (no session, or a session another tenant issued).
pub async fn current_user(session: &Session, tenant: &str) -> Result<Option<User>, Error> {
    let t: Option<String> = session.get(KEY_TENANT).await.map_err(Error::internal)?;
    if t.as_deref() != Some(tenant) {
        return Ok(None);
    }
    let id: Option<i64> = session.get(KEY_USER).await.map_err(Error::internal)?;
    let phone: Option<String> = session.get(KEY_PHONE).await.map_err(Error::internal)?;
    Ok(id.zip(phone).map(|(id, phone)| User { id, phone }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_normalised_to_a_leading_0() {
        for raw in [
            "0412 345 678",
            "+61 412 345 678",
            "+61412345678",
            "61412345678",
            "(04) 1234-5678",
            "+610412345678",
        ] {
            assert_eq!(normalise_phone(raw).as_deref(), Some("0412345678"), "{raw}");
        }
        for bad in ["", "0412", "0712345678", "04123456789", "+1 412 345 678", "04123a5678"] {
            assert_eq!(normalise_phone(bad), None, "{bad}");
        }
        assert_eq!(international("0412345678"), "+61412345678");
    }

    #[test]
    fn codes_are_six_random_digits() {
        let codes: std::collections::HashSet<String> = (0..200).map(|_| new_code()).collect();
        assert!(codes.iter().all(|c| is_code(c)));
        assert!(codes.len() > 190, "random codes repeat rarely");
        assert!(!is_code("12345") && !is_code("12345a") && !is_code("1234567"));
    }
}
