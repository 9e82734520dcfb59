//! Sign-in, session and watchlist endpoints (issue 10; locations-forms-marketing §2 "Sign-in
//! screen", §4 "Phone verification", §7, §8; shopper-core §4 "Watchlist toggle", §7 watchlist
//! calls). The rules are in [`crate::auth`].
//!
//! | route | what |
//! |---|---|
//! | `POST /api/v1/auth/send-code` | sends a code by SMS (event 36) |
//! | `POST /api/v1/auth/verify` | checks it, signs in (event 37), stores the verification record |
//! | `GET /api/v1/auth/me` | the signed-in user, or 401 |
//! | `POST /api/v1/auth/sign-out` | ends the session on the host |
//! | `POST /api/rate-limit` | the spec's probe: non-OK when too many attempts |
//! | `GET /api/check-if-contact-exists?phone_number=` | whether the phone has signed in here |
//! | `POST /api/watchlist/save-car`, `/remove-car` | the signed-in user's watchlist (event 39) |
//! | `GET /api/v1/watchlist` | the saved cars with their current status and price |
//! | `GET /api/v1/admin/sms-outbox?phone=` | the messages sent (admin token; the development sink) |

use axum::{
    Json, Router,
    extract::{Query, State},
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use tower_sessions::Session;
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::{self, LIMITS, User},
    config::SmsProviderKind,
    db::Db,
    http::session::{self, ClientIp, SignedIn},
    http::state::{AppState, CurrentTenant},
    plugins::{PriceView, unix_now},
    repo::TenantRepo,
};
use crate::{error::REQUIRED, http::error::ApiError};

/// Routes that use the session cookie, with the session layer and the Origin check.
pub fn router(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/api/v1/auth/send-code", post(post_send_code))
        .route("/api/v1/auth/verify", post(post_verify))
        .route("/api/v1/auth/me", get(get_me))
        .route("/api/v1/auth/sign-out", post(post_sign_out))
        .route("/api/rate-limit", post(post_rate_limit))
        .route("/api/check-if-contact-exists", get(get_contact_exists))
        .route("/api/watchlist/save-car", post(post_save_car))
        .route("/api/watchlist/remove-car", post(post_remove_car))
        .route("/api/v1/watchlist", get(get_watchlist))
        .route("/api/v1/admin/sms-outbox", get(get_sms_outbox))
        .layer(session::session_layer(&state.db, &state.settings))
        .layer(axum::middleware::from_fn(session::check_origin))
}

fn required_phone(field: &str, raw: Option<&str>) -> Result<String, ApiError> {
    let raw = raw.unwrap_or("").trim();
    if raw.is_empty() {
        return Err(ApiError::invalid(field, REQUIRED));
    }
    auth::normalise_phone(raw).ok_or_else(|| ApiError::invalid(field, auth::INVALID_PHONE))
}

/// Whether this phone may not get another code now: [`auth::MAX_SENDS_PER_HOUR`] codes in the
/// last hour, or [`auth::MAX_FAILURES`] wrong codes in the failure window. Counted in storage,
/// so the cap holds across hosts and restarts.
async fn phone_is_capped(db: &Db, tenant: &str, phone: &str, now: i64) -> Result<bool, ApiError> {
    let row = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM verification_codes WHERE tenant = $1 AND phone = $2 AND created_at > $3), \
                (SELECT COUNT(*) FROM verification_failures WHERE tenant = $1 AND phone = $2 AND created_at > $4)",
    )
    .bind(tenant)
    .bind(phone)
    .bind(now - 3600)
    .bind(now - auth::FAILURE_WINDOW_SECONDS)
    .fetch_one(&db.pool)
    .await?;
    Ok(row.get::<i64, _>(0) >= auth::MAX_SENDS_PER_HOUR || row.get::<i64, _>(1) >= auth::MAX_FAILURES)
}

fn too_many() -> ApiError {
    ApiError::new(StatusCode::TOO_MANY_REQUESTS, "too_many_attempts", auth::TOO_MANY)
}

async fn record_event(db: &Db, tenant: &str, event_id: i64, subject: &str) {
    let r = sqlx::query("INSERT INTO events (tenant, event_id, subject, created_at) VALUES ($1, $2, $3, $4)")
        .bind(tenant)
        .bind(event_id)
        .bind(subject)
        .bind(unix_now())
        .execute(&db.pool)
        .await;
    if let Err(e) = r {
        // Events never fail the request (locations-forms-marketing §7: tracking).
        tracing::warn!(tenant, event_id, error = %e, "event not recorded");
    }
}

/// A code request (locations-forms-marketing §7 "send one-time code by sms": the user data).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SendCodeBody {
    /// Australian mobile number (`0412 345 678` or `+61 412 345 678`).
    pub phone: Option<String>,
    /// First name, when the form has it.
    pub first_name: Option<String>,
    /// Last name, when the form has it.
    pub last_name: Option<String>,
    /// Email, when the form has it.
    pub email: Option<String>,
    /// The dealership the visitor signs in with.
    pub dealership_slug: Option<String>,
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

/// Hands one message to the SMS provider (the development sink logs it and keeps it in
/// `sms_outbox`), within [`auth::SEND_TIMEOUT`].
async fn send_sms(state: &AppState, tenant: &str, phone: &str, body: &str) -> Result<(), ApiError> {
    let s = &state.settings;
    let (provider, status) = match s.sms_provider {
        SmsProviderKind::Log => {
            tracing::info!(tenant, phone, message = body, "SMS (development sink)");
            ("log", "logged".to_string())
        }
        SmsProviderKind::Http => {
            let url = s
                .sms_url
                .as_deref()
                .ok_or_else(|| ApiError::internal("sms_provider = \"http\" needs sms_url"))?;
            let mut req = crate::outbound::client()
                .post(url)
                .timeout(auth::SEND_TIMEOUT)
                .json(&serde_json::json!({"to": auth::international(phone), "body": body, "sender": tenant}));
            if let Some(token) = s.sms_token_env.as_deref().and_then(|v| std::env::var(v).ok()) {
                req = req.bearer_auth(token);
            }
            match req.send().await {
                Ok(r) if r.status().is_success() => ("http", "sent".to_string()),
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
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

fn sms_failed(tenant: &str, why: String) -> ApiError {
    tracing::warn!(tenant, error = %why, "SMS provider failed");
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        "sms_failed",
        "The code could not be sent. Please try again.",
    )
}

/// Sends a 6-digit sign-in code (issue 10 §1-§2).
#[utoipa::path(post, path = "/api/v1/auth/send-code", tag = "auth", request_body = SendCodeBody,
    responses(
        (status = 200, body = CodeSent),
        (status = 400, description = "Phone missing or not an Australian mobile (field `phone`)", body = crate::http::error::ErrorEnvelope),
        (status = 429, description = "Too many codes for this phone, address or site", body = crate::http::error::ErrorEnvelope),
        (status = 502, description = "The SMS provider failed or timed out", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_send_code(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    Json(body): Json<SendCodeBody>,
) -> Result<Json<CodeSent>, ApiError> {
    let phone = required_phone("phone", body.phone.as_deref())?;
    let tenant = t.slug();
    let now = unix_now();
    if phone_is_capped(&state.db, tenant, &phone, now).await?
        || LIMITS.ip.check_key(&format!("{tenant}|{ip}")).is_err()
        || LIMITS.tenant.check_key(&tenant.to_string()).is_err()
    {
        return Err(too_many());
    }
    let (code, salt) = (auth::new_code(), auth::new_salt());
    sqlx::query(
        "INSERT INTO verification_codes (tenant, phone, code_hash, salt, created_at, expires_at, attempts) VALUES ($1, $2, $3, $4, $5, $6, 0)",
    )
    .bind(tenant)
    .bind(&phone)
    .bind(auth::code_hash(&salt, tenant, &phone, &code))
    .bind(&salt)
    .bind(now)
    .bind(now + auth::CODE_TTL_SECONDS)
    .execute(&state.db.pool)
    .await?;
    let text = format!("{code} is your {} sign-in code. It expires in 10 minutes.", t.config.name);
    send_sms(&state, tenant, &phone, &text).await?;
    record_event(&state.db, tenant, 36, &phone).await;
    Ok(Json(CodeSent {
        sent: true,
        phone,
        expires_in_seconds: auth::CODE_TTL_SECONDS,
    }))
}

/// A code to check.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyBody {
    /// The phone the code was sent to.
    pub phone: Option<String>,
    /// The 6-digit code.
    pub code: Option<String>,
    /// The dealership the visitor signs in with (kept on the verification record).
    pub dealership_slug: Option<String>,
}

/// The signed-in user.
#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    /// The user.
    pub user: User,
}

/// Checks a code and signs in (issue 10 §1-§2; lfm §4 "Phone verification").
#[utoipa::path(post, path = "/api/v1/auth/verify", tag = "auth", request_body = VerifyBody,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = Me),
        (status = 400, description = "Phone or code malformed (field `phone` or `code`)", body = crate::http::error::ErrorEnvelope),
        (status = 401, description = "The verification code is invalid", body = crate::http::error::ErrorEnvelope),
        (status = 429, description = "Too many wrong codes for this phone", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_verify(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    session: Session,
    Json(body): Json<VerifyBody>,
) -> Result<Json<Me>, ApiError> {
    let phone = required_phone("phone", body.phone.as_deref())?;
    let code = body.code.as_deref().unwrap_or("").trim().to_string();
    if code.is_empty() {
        return Err(ApiError::invalid("code", REQUIRED));
    }
    if !auth::is_code(&code) {
        return Err(ApiError::invalid("code", auth::CODE_SHAPE));
    }
    let (tenant, now, pool) = (t.slug(), unix_now(), &state.db.pool);
    let failures: i64 = sqlx::query("SELECT COUNT(*) FROM verification_failures WHERE tenant = $1 AND phone = $2 AND created_at > $3")
        .bind(tenant)
        .bind(&phone)
        .bind(now - auth::FAILURE_WINDOW_SECONDS)
        .fetch_one(pool)
        .await?
        .get(0);
    if failures >= auth::MAX_FAILURES {
        return Err(too_many());
    }
    let row = sqlx::query(
        "SELECT id, code_hash, salt FROM verification_codes WHERE tenant = $1 AND phone = $2 AND used_at IS NULL AND expires_at > $3 \
         AND attempts < $4 ORDER BY id DESC LIMIT 1",
    )
    .bind(tenant)
    .bind(&phone)
    .bind(now)
    .bind(auth::MAX_FAILURES)
    .fetch_optional(pool)
    .await?;
    let matched = row.as_ref().is_some_and(|r| {
        let (stored, salt): (String, String) = (r.get(1), r.get(2));
        constant_time_eq::constant_time_eq(auth::code_hash(&salt, tenant, &phone, &code).as_bytes(), stored.as_bytes())
    });
    // Single use: only the request that marks the code used signs in.
    let used = match (&row, matched) {
        (Some(r), true) => {
            sqlx::query("UPDATE verification_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
                .bind(now)
                .bind(r.get::<i64, _>(0))
                .execute(pool)
                .await?
                .rows_affected()
                == 1
        }
        _ => false,
    };
    if !used {
        let mut tx = pool.begin().await?;
        if let Some(r) = &row {
            sqlx::query("UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1")
                .bind(r.get::<i64, _>(0))
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("INSERT INTO verification_failures (tenant, phone, created_at) VALUES ($1, $2, $3)")
            .bind(tenant)
            .bind(&phone)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "invalid_code", auth::INVALID_CODE));
    }
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO users (tenant, phone, created_at, verified_at) VALUES ($1, $2, $3, $3) \
         ON CONFLICT (tenant, phone) DO UPDATE SET verified_at = excluded.verified_at",
    )
    .bind(tenant)
    .bind(&phone)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let id: i64 = sqlx::query("SELECT id FROM users WHERE tenant = $1 AND phone = $2")
        .bind(tenant)
        .bind(&phone)
        .fetch_one(&mut *tx)
        .await?
        .get(0);
    let dealership = body
        .dealership_slug
        .filter(|d| t.config.dealerships.iter().any(|x| &x.slug == d))
        .or_else(|| t.config.dealerships.first().map(|d| d.slug.clone()));
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
    let user = User { id, phone };
    auth::sign_in(&session, tenant, &user).await?;
    record_event(&state.db, tenant, 37, &user.phone).await;
    Ok(Json(Me { user }))
}

/// The signed-in user of this site.
#[utoipa::path(get, path = "/api/v1/auth/me", tag = "auth",
    responses((status = 200, body = Me), (status = 401, description = "Not signed in on this site", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_me(SignedIn(user, _): SignedIn) -> Json<Me> {
    Json(Me { user })
}

/// Ends the session on the host and clears the cookie.
#[utoipa::path(post, path = "/api/v1/auth/sign-out", tag = "auth", responses((status = 204, description = "Signed out")))]
pub async fn post_sign_out(session: Session) -> Result<StatusCode, ApiError> {
    session.flush().await.map_err(ApiError::internal)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `{phone}` (locations-forms-marketing §7 `POST /api/rate-limit`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RateLimitBody {
    /// The phone about to get a code.
    pub phone: Option<String>,
}

/// The rate-limit probe: 200 `{ok: true}` while codes may still be sent to this phone from
/// this address; 429 otherwise (locations-forms-marketing §7, §8).
#[utoipa::path(post, path = "/api/rate-limit", tag = "auth", request_body = RateLimitBody,
    responses((status = 200, description = "Allowed"), (status = 429, description = "Too many attempts", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_rate_limit(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    Json(body): Json<RateLimitBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let phone = required_phone("phone", body.phone.as_deref())?;
    let tenant = t.slug();
    if LIMITS.probe.check_key(&format!("{tenant}|{ip}")).is_err() || phone_is_capped(&state.db, tenant, &phone, unix_now()).await? {
        return Err(too_many());
    }
    Ok(Json(serde_json::json!({"ok": true})))
}

/// `?phone_number=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ContactParams {
    /// The phone to look up.
    pub phone_number: Option<String>,
}

/// Whether this phone has signed in on this site (lfm §7 `GET /api/check-if-contact-exists`);
/// capped per address like the probe.
#[utoipa::path(get, path = "/api/check-if-contact-exists", tag = "auth", params(ContactParams),
    responses((status = 200, description = "`{exists}`"), (status = 400, body = crate::http::error::ErrorEnvelope), (status = 429, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_contact_exists(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    Query(q): Query<ContactParams>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let phone = required_phone("phone_number", q.phone_number.as_deref())?;
    if LIMITS.probe.check_key(&format!("{}|{ip}", t.slug())).is_err() {
        return Err(too_many());
    }
    let exists = sqlx::query("SELECT 1 FROM users WHERE tenant = $1 AND phone = $2")
        .bind(t.slug())
        .bind(&phone)
        .fetch_optional(&state.db.pool)
        .await?
        .is_some();
    Ok(Json(serde_json::json!({"exists": exists})))
}

/// `{phone_number, car_id}` (shopper-core §7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WatchlistBody {
    /// The signed-in user's phone (must be the session's).
    pub phone_number: Option<String>,
    /// The car's id.
    pub car_id: Option<i64>,
}

/// The answer to a save or remove: `success` is what the spec's client reads.
#[derive(Debug, Serialize, ToSchema)]
pub struct WatchlistAnswer {
    /// True when the change was made.
    pub success: bool,
    /// Whether the car is in the watchlist now.
    pub saved: bool,
}

async fn watchlist_change(
    state: &AppState,
    t: &std::sync::Arc<crate::tenant::Tenant>,
    user: &User,
    body: WatchlistBody,
    save: bool,
) -> Result<WatchlistAnswer, ApiError> {
    let phone = required_phone("phone_number", body.phone_number.as_deref())?;
    if phone != user.phone {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "wrong_user",
            "phone_number is not the signed-in user's",
        ));
    }
    let car_id = body.car_id.ok_or_else(|| ApiError::invalid("car_id", REQUIRED))?;
    let car = TenantRepo::new(&state.db, t.slug())
        .cars_by_ids(&[car_id])
        .await?
        .pop()
        .ok_or_else(|| ApiError::not_found(format!("No car {car_id} on this site")))?;
    let mut tx = state.db.pool.begin().await?;
    let already = sqlx::query("SELECT 1 FROM watchlist WHERE tenant = $1 AND user_id = $2 AND car_id = $3")
        .bind(t.slug())
        .bind(user.id)
        .bind(car.id)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    if save && !already {
        if car.status == "sold" {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "car_sold",
                "This car has been sold and cannot be saved.",
            ));
        }
        sqlx::query("INSERT INTO watchlist (tenant, user_id, car_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
            .bind(t.slug())
            .bind(user.id)
            .bind(car.id)
            .bind(unix_now())
            .execute(&mut *tx)
            .await?;
    } else if !save {
        sqlx::query("DELETE FROM watchlist WHERE tenant = $1 AND user_id = $2 AND car_id = $3")
            .bind(t.slug())
            .bind(user.id)
            .bind(car.id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    if save {
        record_event(&state.db, t.slug(), 39, &car.id.to_string()).await;
    }
    Ok(WatchlistAnswer {
        success: true,
        saved: save,
    })
}

/// Saves a car to the signed-in user's watchlist (shopper-core §4, §7). A sold car cannot be
/// saved unless already saved (then this is a no-op success).
#[utoipa::path(post, path = "/api/watchlist/save-car", tag = "watchlist", request_body = WatchlistBody,
    responses((status = 200, body = WatchlistAnswer), (status = 401, description = "Not signed in", body = crate::http::error::ErrorEnvelope),
        (status = 403, body = crate::http::error::ErrorEnvelope), (status = 404, body = crate::http::error::ErrorEnvelope),
        (status = 422, description = "The car is sold", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_save_car(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    SignedIn(user, _): SignedIn,
    Json(body): Json<WatchlistBody>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    Ok(Json(watchlist_change(&state, &t, &user, body, true).await?))
}

/// Removes a car from the signed-in user's watchlist (shopper-core §7).
#[utoipa::path(post, path = "/api/watchlist/remove-car", tag = "watchlist", request_body = WatchlistBody,
    responses((status = 200, body = WatchlistAnswer), (status = 401, body = crate::http::error::ErrorEnvelope), (status = 404, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_remove_car(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    SignedIn(user, _): SignedIn,
    Json(body): Json<WatchlistBody>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    Ok(Json(watchlist_change(&state, &t, &user, body, false).await?))
}

/// One saved car, as it is now.
#[derive(Debug, Serialize, ToSchema)]
pub struct WatchlistCar {
    /// Car id.
    pub car_id: i64,
    /// Slug.
    pub slug: String,
    /// `/cars/{slug}`.
    pub path: String,
    /// 'year make model badge'.
    pub name: String,
    /// in_stock, coming_soon or sold.
    pub status: String,
    /// In stock or coming soon.
    pub available: bool,
    /// The price view from the tenant's plugin (AUD).
    pub price_view: PriceView,
    /// First image URL.
    pub primary_image_url: Option<String>,
    /// When it was saved, unix seconds.
    pub saved_at: i64,
}

/// The signed-in user's watchlist, most recently saved first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Watchlist {
    /// Saved cars.
    pub cars: Vec<WatchlistCar>,
}

/// The signed-in user's saved cars with their current status and price (issue 10 §4).
#[utoipa::path(get, path = "/api/v1/watchlist", tag = "watchlist",
    responses((status = 200, body = Watchlist), (status = 401, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_watchlist(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    SignedIn(user, _): SignedIn,
) -> Result<Json<Watchlist>, ApiError> {
    let rows =
        sqlx::query("SELECT car_id, created_at FROM watchlist WHERE tenant = $1 AND user_id = $2 ORDER BY created_at DESC, car_id DESC")
            .bind(t.slug())
            .bind(user.id)
            .fetch_all(&state.db.pool)
            .await?;
    let saved: Vec<(i64, i64)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    let ids: Vec<i64> = saved.iter().map(|s| s.0).collect();
    let cars = TenantRepo::new(&state.db, t.slug()).cars_by_ids(&ids).await?;
    let (plugins, tenant) = (state.plugins.clone(), t.clone());
    let (cars, views) = tokio::task::spawn_blocking(move || {
        let views = plugins.price_views(&tenant, &cars, unix_now());
        (cars, views)
    })
    .await
    .map_err(ApiError::internal)?;
    let mut out = Vec::new();
    for (car_id, saved_at) in saved {
        if let Some((car, view)) = cars.iter().zip(views.iter()).find(|(c, _)| c.id == car_id) {
            out.push(WatchlistCar {
                car_id,
                slug: car.slug.clone(),
                path: format!("/cars/{}", car.slug),
                name: car.name(),
                status: car.status.clone(),
                available: car.is_available(),
                price_view: view.value.clone(),
                primary_image_url: car.image_urls.0.first().cloned(),
                saved_at,
            });
        }
    }
    Ok(Json(Watchlist { cars: out }))
}

/// `?phone=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct OutboxParams {
    /// Only messages to this phone (normalised).
    pub phone: Option<String>,
}

/// A message handed to the SMS provider.
#[derive(Debug, Serialize, ToSchema)]
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

/// The tenant's SMS messages, newest first (at most 50): the development sink's view (admin
/// token required).
#[utoipa::path(get, path = "/api/v1/admin/sms-outbox", tag = "admin", params(OutboxParams),
    security(("admin_token" = [])),
    responses((status = 200, body = [OutboxMessage]), (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_sms_outbox(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(q): Query<OutboxParams>,
) -> Result<Json<Vec<OutboxMessage>>, ApiError> {
    super::admin::authorize(&state, &headers)?;
    let phone = q
        .phone
        .as_deref()
        .map(|p| auth::normalise_phone(p).unwrap_or_else(|| p.to_string()));
    let rows = sqlx::query(
        "SELECT phone, body, provider, created_at FROM sms_outbox WHERE tenant = $1 AND ($2 = '' OR phone = $2) ORDER BY id DESC LIMIT 50",
    )
    .bind(t.slug())
    .bind(phone.unwrap_or_default())
    .fetch_all(&state.db.pool)
    .await?;
    Ok(Json(
        rows.iter()
            .map(|r| OutboxMessage {
                phone: r.get(0),
                body: r.get(1),
                provider: r.get(2),
                created_at: r.get(3),
            })
            .collect(),
    ))
}
