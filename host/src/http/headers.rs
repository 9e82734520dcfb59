//! Headers: the response headers the edge sets on documents (the Content-Security-Policy), and
//! the host a request was sent to.

/// Content-Security-Policy of every response: scripts, styles and data from the site itself only
/// (inline data and JSON-LD are not executable scripts); images also from https CDNs; no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; media-src 'self' https:; \
frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com; object-src 'none'; \
base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The Content-Security-Policy of a tenant's documents: [`CONTENT_SECURITY_POLICY`] with the
/// origins of the tenant's embedded service-booking frames (`leads.service_frames`, docs/features/platform.md "Leads")
/// added to `frame-src`. Takes the tenant; returns the header value.
pub fn content_security_policy(t: &crate::tenant::Tenant) -> String {
    let mut origins: Vec<String> = t
        .config
        .leads
        .service_frames
        .iter()
        .filter_map(|f| reqwest::Url::parse(&f.url).ok())
        .map(|u| u.origin().ascii_serialization())
        .collect();
    origins.sort();
    origins.dedup();
    if origins.is_empty() {
        return CONTENT_SECURITY_POLICY.to_string();
    }
    CONTENT_SECURITY_POLICY.replacen("frame-src ", &format!("frame-src {} ", origins.join(" ")), 1)
}

/// The host name a request was sent to: `Host`, else the URI authority (HTTP/2). Takes the
/// request's headers and URI; None when neither names one.
pub(crate) fn request_host<'a>(headers: &'a axum::http::HeaderMap, uri: &'a axum::http::Uri) -> Option<&'a str> {
    headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| uri.authority().map(|a| a.as_str()))
}
