//! Sign-in, session and watchlist endpoints (docs/features/platform.md "Sign-in and watchlist";
//! docs/features/locations-forms-marketing.md §2 "Sign-in screen", §4 "Phone verification", §7, §8;
//! docs/features/shopper-core.md §4 "Watchlist toggle", §7 watchlist calls). The rules and their
//! storage are in [`crate::auth`]: these handlers parse the request, call the domain and wrap its
//! answer.
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
//! | `GET /api/v1/admin/sms-outbox?phone=` | the messages sent (admin token): in full from the `log` development sink's memory, redacted from storage with `http` |

use crate::http::extract::{Json, Query};
use axum::{
    Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;
use utoipa::{IntoParams, ToSchema};

use crate::{
    auth::{
        User,
        sign_in::{self, CodeCheck, CodeSent},
        sms::{self, OutboxMessage},
        watchlist::{self, Watchlist, WatchlistAnswer, WatchlistChange},
    },
    http::{
        error::ApiError,
        session::{self, ClientIp, SignedIn},
        state::{AppState, CurrentTenant},
    },
    plugins::unix_now,
};

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
}

/// A code request (docs/features/locations-forms-marketing.md §7 "send one-time code by sms": the user data).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SendCodeBody {
    /// Australian mobile number (`0412 345 678` or `+61 412 345 678`).
    #[schema(required = true, nullable = false, pattern = "^(\\+61 ?|0)4[0-9]{2} ?[0-9]{3} ?[0-9]{3}$")]
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

/// Sends a 6-digit sign-in code (docs/features/platform.md "Sign-in and watchlist").
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
    let sent = sign_in::send_code(&state.db, &state.settings_now(), &t, &ip, body.phone.as_deref(), unix_now()).await?;
    Ok(Json(sent))
}

/// A code to check.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyBody {
    /// The phone the code was sent to.
    #[schema(required = true, nullable = false, pattern = "^(\\+61 ?|0)4[0-9]{2} ?[0-9]{3} ?[0-9]{3}$")]
    pub phone: Option<String>,
    /// The 6-digit code.
    #[schema(required = true, nullable = false, pattern = "^[0-9]{6}$")]
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

/// Checks a code and signs in (docs/features/platform.md "Sign-in and watchlist";
/// docs/features/locations-forms-marketing.md §4 "Phone verification").
#[utoipa::path(post, path = "/api/v1/auth/verify", tag = "auth", request_body = VerifyBody,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = Me),
        (status = 400, description = "Phone or code malformed (field `phone` or `code`)", body = crate::http::error::ErrorEnvelope),
        (status = 401, description = "The verification code is invalid", body = crate::http::error::ErrorEnvelope),
        (status = 429, description = "Too many wrong codes for this phone from this address, for this phone in all, or for this code", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_verify(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    session: Session,
    Json(body): Json<VerifyBody>,
) -> Result<Json<Me>, ApiError> {
    let check = CodeCheck {
        phone: body.phone.as_deref(),
        code: body.code.as_deref(),
        dealership_slug: body.dealership_slug.as_deref(),
        client: &ip,
    };
    let user = sign_in::verify(&state.db, &state.settings_now(), &t, &session, check, unix_now()).await?;
    Ok(Json(Me { user }))
}

/// The signed-in user of this site.
#[utoipa::path(get, path = "/api/v1/auth/me", tag = "auth",
    responses((status = 200, body = Me), (status = 401, description = "Not signed in on this site", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_me(SignedIn(user, _): SignedIn) -> Json<Me> {
    Json(Me { user })
}

/// Ends the session on the host and clears the cookie, when the session is this host's tenant's
/// (a session of another tenant, its cookie replayed here, is left alone: 204 all the same).
#[utoipa::path(post, path = "/api/v1/auth/sign-out", tag = "auth", responses((status = 204, description = "Signed out")))]
pub async fn post_sign_out(CurrentTenant(t): CurrentTenant, session: Session) -> Result<StatusCode, ApiError> {
    let of: Option<String> = session.get(crate::auth::codes::KEY_TENANT).await.map_err(ApiError::internal)?;
    if of.is_none() || of.as_deref() == Some(t.slug()) {
        session.flush().await.map_err(ApiError::internal)?;
    }
    Ok(StatusCode::NO_CONTENT)
}

/// `{phone}` (docs/features/locations-forms-marketing.md §7 `POST /api/rate-limit`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct RateLimitBody {
    /// The phone about to get a code.
    #[schema(required = true, nullable = false, pattern = "^(\\+61 ?|0)4[0-9]{2} ?[0-9]{3} ?[0-9]{3}$")]
    pub phone: Option<String>,
}

/// The rate-limit probe: 200 `{ok: true}` while codes may still be sent to this phone from
/// this address; 429 otherwise (docs/features/locations-forms-marketing.md §7, §8).
#[utoipa::path(post, path = "/api/rate-limit", tag = "auth", request_body = RateLimitBody,
    responses((status = 200, description = "Allowed"), (status = 429, description = "Too many attempts", body = crate::http::error::ErrorEnvelope)))]
pub async fn post_rate_limit(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    Json(body): Json<RateLimitBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    sign_in::probe(&state.db, &state.settings_now(), t.slug(), &ip, body.phone.as_deref(), unix_now()).await?;
    Ok(Json(serde_json::json!({"ok": true})))
}

/// `?phone_number=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ContactParams {
    /// The phone to look up.
    #[param(required = true, nullable = false, pattern = "^(\\+61 ?|0)4[0-9]{2} ?[0-9]{3} ?[0-9]{3}$")]
    pub phone_number: Option<String>,
}

/// Whether this phone has signed in on this site (docs/features/locations-forms-marketing.md §7
/// `GET /api/check-if-contact-exists`); capped per address like the probe.
#[utoipa::path(get, path = "/api/check-if-contact-exists", tag = "auth", params(ContactParams),
    responses((status = 200, description = "`{exists}`"), (status = 400, body = crate::http::error::ErrorEnvelope), (status = 429, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_contact_exists(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    ClientIp(ip): ClientIp,
    Query(q): Query<ContactParams>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let exists = sign_in::contact_exists(&state.db, t.slug(), &ip, q.phone_number.as_deref()).await?;
    Ok(Json(serde_json::json!({"exists": exists})))
}

/// `{phone_number, car_id}` (docs/features/shopper-core.md §7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WatchlistBody {
    /// The signed-in user's phone (must be the session's: 403 `wrong_user` otherwise).
    #[schema(required = true, nullable = false, pattern = "^(\\+61 ?|0)4[0-9]{2} ?[0-9]{3} ?[0-9]{3}$")]
    pub phone_number: Option<String>,
    /// The car's id (404 when the site has no such car).
    #[schema(required = true, nullable = false)]
    pub car_id: Option<i64>,
}

/// Saves or removes a car through the domain (a sold car is a 422 `car_sold`).
async fn watchlist_change(
    state: &AppState,
    tenant: &str,
    user: &User,
    body: WatchlistBody,
    save: bool,
) -> Result<WatchlistAnswer, ApiError> {
    let change = WatchlistChange {
        phone_number: body.phone_number.as_deref(),
        car_id: body.car_id,
        save,
    };
    Ok(watchlist::change(&state.db, tenant, user, change, unix_now()).await?)
}

/// Saves a car to the signed-in user's watchlist (docs/features/shopper-core.md §4, §7). A sold car cannot be
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
    Ok(Json(watchlist_change(&state, t.slug(), &user, body, true).await?))
}

/// Removes a car from the signed-in user's watchlist (docs/features/shopper-core.md §7).
#[utoipa::path(post, path = "/api/watchlist/remove-car", tag = "watchlist", request_body = WatchlistBody,
    responses((status = 200, body = WatchlistAnswer), (status = 401, description = "Not signed in", body = crate::http::error::ErrorEnvelope),
        (status = 403, description = "`phone_number` is not the signed-in user's (`wrong_user`)", body = crate::http::error::ErrorEnvelope),
        (status = 404, body = crate::http::error::ErrorEnvelope)))]
pub async fn post_remove_car(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    SignedIn(user, _): SignedIn,
    Json(body): Json<WatchlistBody>,
) -> Result<Json<WatchlistAnswer>, ApiError> {
    Ok(Json(watchlist_change(&state, t.slug(), &user, body, false).await?))
}

/// The signed-in user's saved cars with their current status and price (docs/features/platform.md
/// "Sign-in and watchlist").
#[utoipa::path(get, path = "/api/v1/watchlist", tag = "watchlist",
    responses((status = 200, body = Watchlist), (status = 401, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_watchlist(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    SignedIn(user, _): SignedIn,
) -> Result<Json<Watchlist>, ApiError> {
    Ok(Json(watchlist::list(state.platform(), &t, user.id, unix_now()).await?))
}

/// `?phone=`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct OutboxParams {
    /// Only messages to this phone (normalised).
    pub phone: Option<String>,
}

/// The tenant's SMS messages, newest first (at most 50; admin token required). Codes are
/// readable only when `sms_provider` is `log` (the development sink): the full messages come from
/// the host process's memory (its newest 500, gone at restart), never from storage. With `http`
/// the stored messages are listed with the code masked (`••••••`).
#[utoipa::path(get, path = "/api/v1/admin/sms-outbox", tag = "admin", params(OutboxParams),
    security(("admin_token" = [])),
    responses((status = 200, description = "With `sms_provider = \"log\"`: the full messages this process sent (codes readable). With `http`: the stored messages, codes masked", body = [OutboxMessage]), (status = 401, body = crate::http::error::ErrorEnvelope), (status = 403, body = crate::http::error::ErrorEnvelope)))]
pub async fn get_sms_outbox(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: HeaderMap,
    Query(q): Query<OutboxParams>,
) -> Result<Json<Vec<OutboxMessage>>, ApiError> {
    super::admin::authorize(&state, &headers)?;
    Ok(Json(
        sms::sms_outbox(&state.db, &state.settings, t.slug(), q.phone.as_deref()).await?,
    ))
}
