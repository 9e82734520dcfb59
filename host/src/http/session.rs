//! The HTTP side of sign-in: the session cookie layer, the client IP, the `Origin` check of
//! state-changing requests and the signed-in extractor. The codes, phones, limits and the session
//! store are the domain's (`crate::auth`).

use std::net::SocketAddr;

use axum::{
    extract::{ConnectInfo, FromRequestParts, Request},
    http::{Method, StatusCode, header, request::Parts},
    middleware::Next,
    response::{IntoResponse, Response},
};
use tower_sessions::{Expiry, Session, SessionManagerLayer, cookie::SameSite};

use crate::{
    auth::{DbSessionStore, SESSION_DAYS, User, current_user},
    config::Settings,
    db::Db,
    http::{error::ApiError, state::CurrentTenant},
};

/// The client's IP (the connection's peer address; `unknown` when the server was not started
/// with connection info, as in router tests).
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or_else(|| "unknown".to_string(), |c| c.0.ip().to_string()),
        ))
    }
}

/// Refuses a state-changing request (not GET, HEAD or OPTIONS) whose `Origin` names another
/// site than its `Host` (docs/features/platform.md "Sign-in and watchlist":
/// "State-changing requests check Origin"). Requests without an Origin (non-browser clients) pass;
/// SameSite=Lax already keeps the cookie off cross-site posts in browsers.
pub async fn check_origin(req: Request, next: Next) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && let Some(origin) = req.headers().get(header::ORIGIN)
    {
        let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
        let origin_host = origin
            .to_str()
            .ok()
            .and_then(|o| o.split_once("://"))
            .map(|(_, rest)| rest.trim_end_matches('/'))
            .unwrap_or("");
        if origin_host.is_empty() || !origin_host.eq_ignore_ascii_case(host) {
            return ApiError::new(StatusCode::FORBIDDEN, "cross_origin", "Cross-origin request refused").into_response();
        }
    }
    next.run(req).await
}

/// The session cookie's name: `__Host-forecourt_session` when Secure, else `forecourt_session`
/// (browsers refuse `__Host-` cookies without Secure).
pub fn cookie_name(secure: bool) -> &'static str {
    if secure { "__Host-forecourt_session" } else { "forecourt_session" }
}

/// The session layer for the signed-in routes (see the module docs).
pub fn session_layer(db: &Db, settings: &Settings) -> SessionManagerLayer<DbSessionStore> {
    let secure = settings.cookies_secure();
    SessionManagerLayer::new(DbSessionStore::new(db.clone()))
        .with_name(cookie_name(secure))
        .with_secure(secure)
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_path("/")
        .with_expiry(Expiry::OnInactivity(time::Duration::days(SESSION_DAYS)))
}

/// Extractor: the signed-in user of the request's tenant; 401 `sign_in_required` otherwise.
pub struct SignedIn(pub User, pub Session);

impl<S: Send + Sync> FromRequestParts<S> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let session = Session::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::internal("the session layer is missing"))?;
        let CurrentTenant(t) = CurrentTenant::from_request_parts(parts, state).await?;
        match current_user(&session, t.slug()).await.map_err(ApiError::from)? {
            Some(u) => Ok(SignedIn(u, session)),
            None => Err(ApiError::new(StatusCode::UNAUTHORIZED, "sign_in_required", "Please sign in")),
        }
    }
}
