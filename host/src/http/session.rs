//! The HTTP side of sign-in: the session cookie layer, the client IP, the `Origin` check of
//! state-changing requests and the signed-in extractor. The codes, phones, limits and the session
//! store are the domain's (`crate::auth`).

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts, Request, State},
    http::{HeaderMap, Method, StatusCode, header, request::Parts},
    middleware::Next,
    response::{IntoResponse, Response},
};
use tower_sessions::{Expiry, Session, SessionManagerLayer, cookie::SameSite};

use crate::{
    auth::{DbSessionStore, SESSION_DAYS, User, current_user},
    config::Settings,
    db::Db,
    http::{
        error::ApiError,
        state::{AppState, CurrentTenant},
    },
};

/// The client's IP: the one [`client_ip`] put in the request (the connection's peer, or the
/// forwarding header's address when the peer is a trusted proxy), else the peer address, else
/// `unknown` (a router called without connection info, as in router tests).
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        if let Some(ip) = parts.extensions.get::<ClientIp>() {
            return Ok(ip.clone());
        }
        Ok(ClientIp(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or_else(|| "unknown".to_string(), |c| c.0.ip().to_canonical().to_string()),
        ))
    }
}

/// The client address of a request that came from `peer` with `headers`: when `peer` is inside
/// one of `trusted` (the `trusted_proxies` setting), the rightmost `for=` of `Forwarded`
/// (RFC 7239), else the rightmost address of `X-Forwarded-For` (what the proxy itself appended;
/// the entries left of it are the client's say and never trusted), else `peer`. Any other peer is
/// its own address: a client cannot choose its IP by sending the headers itself. Parsing is the
/// `client-ip` crate's (the core of axum-client-ip).
pub fn forwarded_client(peer: IpAddr, headers: &HeaderMap, trusted: &[ipnet::IpNet]) -> IpAddr {
    let peer = peer.to_canonical();
    if !trusted.iter().any(|net| net.contains(&peer)) {
        return peer;
    }
    client_ip::rightmost_forwarded(headers)
        .or_else(|_| client_ip::rightmost_x_forwarded_for(headers))
        .map(|ip| ip.to_canonical())
        .unwrap_or(peer)
}

/// Middleware: puts the request's [`ClientIp`] in its extensions, by [`forwarded_client`] with the
/// `trusted_proxies` setting (docs/features/platform.md "Foundation"), so the per-IP limits
/// (lead submissions, sign-in codes) count clients, not the proxy.
pub async fn client_ip(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if let Some(peer) = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()) {
        let ip = forwarded_client(peer, req.headers(), &state.settings.trusted_proxies);
        req.extensions_mut().insert(ClientIp(ip.to_string()));
    }
    next.run(req).await
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
