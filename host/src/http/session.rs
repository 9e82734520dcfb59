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
    if !is_trusted(peer, trusted) {
        return peer;
    }
    client_ip::rightmost_forwarded(headers)
        .or_else(|_| client_ip::rightmost_x_forwarded_for(headers))
        .map(|ip| ip.to_canonical())
        .unwrap_or(peer)
}

/// Whether `peer` (canonical: an IPv4-mapped address as IPv4) is inside one of `trusted`.
fn is_trusted(peer: IpAddr, trusted: &[ipnet::IpNet]) -> bool {
    trusted.iter().any(|net| net.contains(&peer))
}

/// Whether a request that came from `peer` with `headers` reached the proxy in front of the host
/// over https: only when `peer` is inside one of `trusted` (the `trusted_proxies` setting), by
/// the proximate (rightmost) element's `proto=` of `Forwarded` (RFC 7239), else the rightmost
/// value of `X-Forwarded-Proto` (what the nearest proxy set or appended). Any other peer's
/// headers say nothing (false): a client cannot make the host write https links by sending them.
pub fn forwarded_https(peer: IpAddr, headers: &HeaderMap, trusted: &[ipnet::IpNet]) -> bool {
    if !is_trusted(peer.to_canonical(), trusted) {
        return false;
    }
    let proximate = |name| headers.get_all(name).iter().next_back().and_then(|v| v.to_str().ok());
    let from_forwarded = proximate(header::FORWARDED)
        .and_then(|v| forwarded_header_value::ForwardedHeaderValue::from_forwarded(v).ok())
        .and_then(|f| f.proximate().forwarded_proto);
    match from_forwarded {
        Some(proto) => proto == forwarded_header_value::Protocol::Https,
        None => proximate(X_FORWARDED_PROTO)
            .and_then(|v| v.rsplit(',').next())
            .is_some_and(|p| p.trim().eq_ignore_ascii_case("https")),
    }
}

/// The `X-Forwarded-Proto` header. Inside the router it carries the host's own verdict: the
/// [`client_ip`] layer removes what the client sent and sets `https` only when
/// [`forwarded_https`] holds.
pub const X_FORWARDED_PROTO: header::HeaderName = header::HeaderName::from_static("x-forwarded-proto");

/// Whether the request was made over https, as the [`client_ip`] layer decided (its
/// `X-Forwarded-Proto`); the host itself serves plain HTTP, so a request is https only through a
/// trusted proxy. Base URLs (`web::seo::base_url`) and the rendered-response cache's keys use it.
pub fn is_https(headers: &HeaderMap) -> bool {
    headers
        .get(X_FORWARDED_PROTO)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"https"))
}

/// Middleware: puts the request's [`ClientIp`] in its extensions, by [`forwarded_client`] with the
/// `trusted_proxies` setting (docs/features/platform.md "Foundation"), so the per-IP limits
/// (lead submissions, sign-in codes) count clients, not the proxy; and replaces
/// `X-Forwarded-Proto` with the host's verdict ([`forwarded_https`]: `https`, or no header).
/// A request without connection info (a router called in-process) is left as it is.
pub async fn client_ip(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    if let Some(peer) = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip()) {
        let settings = state.settings_now();
        let trusted = &settings.trusted_proxies;
        let ip = forwarded_client(peer, req.headers(), trusted);
        let https = forwarded_https(peer, req.headers(), trusted);
        req.extensions_mut().insert(ClientIp(ip.to_string()));
        let headers = req.headers_mut();
        headers.remove(X_FORWARDED_PROTO);
        if https {
            headers.insert(X_FORWARDED_PROTO, axum::http::HeaderValue::from_static("https"));
        }
    }
    next.run(req).await
}

/// Refuses a state-changing request (not GET, HEAD or OPTIONS) to any route whose `Origin` names
/// another site than its `Host` (SECURITY.md; docs/features/platform.md "Sign-in and watchlist":
/// "State-changing requests check Origin"): 403 `cross_origin`. Requests without an Origin (non-browser clients) pass;
/// SameSite=Lax already keeps the cookie off cross-site posts in browsers.
pub async fn check_origin(req: Request, next: Next) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        && let Some(origin) = req.headers().get(header::ORIGIN)
    {
        let host = crate::http::headers::request_host(req.headers(), req.uri()).unwrap_or("");
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

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue};

    use super::{X_FORWARDED_PROTO, forwarded_https};

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_a_trusted_proxy_says_the_request_was_https() {
        let trusted = ["10.0.0.0/8".parse().unwrap()];
        let proxy = "10.1.2.3".parse().unwrap();
        let client = "203.0.113.9".parse().unwrap();
        let xfp = headers(&[("x-forwarded-proto", "https")]);
        assert!(forwarded_https(proxy, &xfp, &trusted));
        assert!(!forwarded_https(client, &xfp, &trusted), "an untrusted peer's header says nothing");
        assert!(!forwarded_https(proxy, &xfp, &[]), "no trusted proxies: nobody is trusted");
        assert!(!forwarded_https(proxy, &HeaderMap::new(), &trusted));
        // The rightmost value is the nearest proxy's; the ones left of it are the client's say.
        assert!(!forwarded_https(proxy, &headers(&[("x-forwarded-proto", "https, http")]), &trusted));
        assert!(forwarded_https(
            proxy,
            &headers(&[("x-forwarded-proto", "http"), ("x-forwarded-proto", "HTTPS")]),
            &trusted
        ));
        // Forwarded (RFC 7239) wins over X-Forwarded-Proto when it names a proto.
        let both = headers(&[
            ("forwarded", "for=192.0.2.60;proto=http, for=198.51.100.17;proto=https"),
            ("x-forwarded-proto", "http"),
        ]);
        assert!(forwarded_https(proxy, &both, &trusted));
        let forwarded_http = headers(&[("forwarded", "for=192.0.2.60;proto=http"), ("x-forwarded-proto", "https")]);
        assert!(!forwarded_https(proxy, &forwarded_http, &trusted));
        let no_proto = headers(&[("forwarded", "for=192.0.2.60"), ("x-forwarded-proto", "https")]);
        assert!(forwarded_https(proxy, &no_proto, &trusted));
        assert_eq!(X_FORWARDED_PROTO, "x-forwarded-proto");
    }
}
