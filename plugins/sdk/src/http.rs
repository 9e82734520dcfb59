//! A small blocking HTTP client for partner integrations (`lender-integration`, `rego-lookup`),
//! over `wasi:http/outgoing-handler@0.2.6`.
//!
//! ```
//! use forecourt_plugin_sdk::http::{self, Request};
//!
//! # fn ask() -> Result<(), http::HttpError> {
//! let res = http::send(&Request::post_json("https://api.lender.example/quote", &serde_json::json!({"rego": "ABC123"}))?
//!     .header("Idempotency-Key", "lead-42"))?;
//! if res.is_success() {
//!     let answer: serde_json::Value = res.json()?;
//! }
//! # Ok(())
//! # }
//! ```
//!
//! * Only the origins the tenant lists in `[plugins.capabilities.http] allowed_outbound_hosts`
//!   are reachable; any other fails with the wasi:http code `HTTP-request-denied`
//!   ([`HttpError::code`]). The host caps each call's number of requests, each request's time
//!   (`connection-timeout`, `connection-read-timeout`) and each response body
//!   (`HTTP-response-body-size`).
//! * No secrets: the host adds the credential header the tenant configures for an origin. A
//!   plugin never sets `Authorization` from its config.
//! * Redirects are not followed: a 3xx comes back as a [`Response`] like any other status.
//! * Natively (`cargo test`, [`crate::testing`]) [`send`] goes through the transport a test
//!   installs ([`set_transport`], or [`crate::testing::MockHttp`]); with none it answers the
//!   error code `no-transport`. Plugin logic is tested without a network.

use std::fmt;

/// The wasi:http request body is written in chunks of at most this many bytes
/// (`blocking-write-and-flush` accepts at most 4096).
pub const WRITE_CHUNK: usize = 4096;

/// The HTTP method of a [`Request`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// `GET`
    Get,
    /// `POST`
    Post,
    /// `PUT`
    Put,
    /// `PATCH`
    Patch,
    /// `DELETE`
    Delete,
}

impl Method {
    /// The method as sent (`GET`).
    pub fn as_str(&self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Patch => "PATCH",
            Method::Delete => "DELETE",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An outgoing request: method, absolute `http(s)://` URL, headers in order, body bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The method.
    pub method: Method,
    /// The absolute URL (`https://api.lender.example/v2/quotes?amount=30000`).
    pub url: String,
    /// Header names and values, in order (names as given; HTTP compares them case-insensitively).
    pub headers: Vec<(String, String)>,
    /// The body (empty for none).
    pub body: Vec<u8>,
}

impl Request {
    /// A request with no headers and no body.
    pub fn new(method: Method, url: impl Into<String>) -> Self {
        Request {
            method,
            url: url.into(),
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// `GET url`.
    pub fn get(url: impl Into<String>) -> Self {
        Request::new(Method::Get, url)
    }

    /// `POST url` with `value` as a JSON body and `Content-Type: application/json`. Errors:
    /// code `invalid-json` when `value` does not serialise.
    pub fn post_json(url: impl Into<String>, value: &impl serde::Serialize) -> Result<Self, HttpError> {
        let body = serde_json::to_vec(value).map_err(|e| HttpError::new("invalid-json", Some(e.to_string())))?;
        Ok(Request::new(Method::Post, url)
            .header("Content-Type", "application/json")
            .body(body))
    }

    /// Adds a header (builder style).
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// Sets the body (builder style).
    pub fn body(mut self, body: impl Into<Vec<u8>>) -> Self {
        self.body = body.into();
        self
    }

    /// The first value of header `name` (case-insensitive).
    pub fn header_value(&self, name: &str) -> Option<&str> {
        find_header(&self.headers, name)
    }

    /// The body parsed as JSON (for tests of request building). Errors: code `invalid-json`.
    pub fn json<T: serde::de::DeserializeOwned>(&self) -> Result<T, HttpError> {
        parse_json(&self.body).map_err(|e| HttpError::new("invalid-json", Some(format!("request body: {e}"))))
    }
}

/// A response: status, headers (names lower-case as wasi:http gives them), the whole body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The status code (`200`).
    pub status: u16,
    /// Header names and values, in order.
    pub headers: Vec<(String, String)>,
    /// The body, read to its end.
    pub body: Vec<u8>,
}

impl Response {
    /// A response with `status`, no headers and no body (for test transports).
    pub fn new(status: u16) -> Self {
        Response {
            status,
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// A `status` response with `value` as its JSON body (for test transports).
    pub fn with_json(status: u16, value: &impl serde::Serialize) -> Self {
        Response::new(status)
            .with_header("content-type", "application/json")
            .with_body(serde_json::to_vec(value).expect("a serialisable value"))
    }

    /// Adds a header (builder style).
    pub fn with_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// Sets the body (builder style).
    pub fn with_body(mut self, body: impl Into<Vec<u8>>) -> Self {
        self.body = body.into();
        self
    }

    /// A 2xx status.
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        find_header(&self.headers, name)
    }

    /// The body parsed as JSON of type `T`. Errors: code `invalid-json` with serde's message.
    ///
    /// The body is parsed into a `serde_json::Value` first, then into `T`: the same JSON parser
    /// the config goes through, so a plugin carries one copy of it (smaller components).
    pub fn json<T: serde::de::DeserializeOwned>(&self) -> Result<T, HttpError> {
        parse_json(&self.body).map_err(|e| HttpError::new("invalid-json", Some(format!("status {}: {e}", self.status))))
    }

    /// The body as a JSON object read field by field ([`JsonObject`]). Errors: code
    /// `invalid-json` when the body is not JSON or not an object.
    ///
    /// Reading fields by hand keeps a component smaller than `#[derive(Deserialize)]` answer
    /// types with [`Response::json`] (each derived type adds its own deserializer code).
    pub fn json_object(&self) -> Result<JsonObject, HttpError> {
        let value: serde_json::Value =
            parse_json(&self.body).map_err(|e| HttpError::new("invalid-json", Some(format!("status {}: {e}", self.status))))?;
        JsonObject::from_value(value, "")
    }

    /// The body as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// A JSON object read field by field ([`Response::json_object`]). A field that is missing or
/// `null` is `None` for the `opt_` readers and an error for the others; errors have code
/// `invalid-json` and name the field with its path (`quote.rates.annual_pct: expected a string`).
#[derive(Debug, Clone, PartialEq)]
pub struct JsonObject {
    map: serde_json::Map<String, serde_json::Value>,
    /// The path of this object with a trailing dot (`quote.`), empty at the top.
    path: String,
}

impl JsonObject {
    fn from_value(value: serde_json::Value, path: &str) -> Result<Self, HttpError> {
        match value {
            serde_json::Value::Object(map) => Ok(JsonObject {
                map,
                path: path.to_string(),
            }),
            _ => Err(HttpError::new(
                "invalid-json",
                Some(format!(
                    "{}: expected an object",
                    if path.is_empty() { "the body" } else { path.trim_end_matches('.') }
                )),
            )),
        }
    }

    fn error(&self, key: &str, what: &str) -> HttpError {
        HttpError::new("invalid-json", Some(format!("{}{key}: {what}", self.path)))
    }

    /// The value of `key`; `None` when it is missing or `null`.
    pub fn get(&self, key: &str) -> Option<&serde_json::Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// The number at `key`, `None` when missing or `null`.
    pub fn opt_f64(&self, key: &str) -> Result<Option<f64>, HttpError> {
        self.get(key)
            .map(|v| v.as_f64().ok_or_else(|| self.error(key, "expected a number")))
            .transpose()
    }

    /// The number at `key`.
    pub fn f64(&self, key: &str) -> Result<f64, HttpError> {
        self.opt_f64(key)?.ok_or_else(|| self.error(key, "missing"))
    }

    /// The whole number at `key` (0 to 4294967295).
    pub fn u32(&self, key: &str) -> Result<u32, HttpError> {
        let v = self.get(key).ok_or_else(|| self.error(key, "missing"))?;
        v.as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| self.error(key, "expected a whole number"))
    }

    /// The string at `key`, `None` when missing or `null`.
    pub fn opt_str(&self, key: &str) -> Result<Option<String>, HttpError> {
        self.get(key)
            .map(|v| v.as_str().map(str::to_string).ok_or_else(|| self.error(key, "expected a string")))
            .transpose()
    }

    /// The string at `key`.
    pub fn str(&self, key: &str) -> Result<String, HttpError> {
        self.opt_str(key)?.ok_or_else(|| self.error(key, "missing"))
    }

    /// The object at `key`.
    pub fn object(&self, key: &str) -> Result<JsonObject, HttpError> {
        let v = self.get(key).ok_or_else(|| self.error(key, "missing"))?;
        JsonObject::from_value(v.clone(), &format!("{}{key}.", self.path))
    }
}

/// JSON text to `T` through `serde_json::Value` (see [`Response::json`]).
fn parse_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    serde_json::from_value(value).map_err(|e| e.to_string())
}

fn find_header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// Why a request gave no [`Response`].
///
/// [`HttpError::code`] is the wasi:http `error-code` case as the WIT spells it when the host
/// answered one (`HTTP-request-denied`: the origin is not granted or the call's request cap is
/// reached; `connection-timeout`, `connection-read-timeout`, `HTTP-response-timeout`: too slow;
/// `HTTP-response-body-size`: the body is over the host's cap; `DNS-error`, `connection-refused`,
/// ...), or one of the SDK's own: `invalid-url`, `invalid-header`, `invalid-json`, `body-stream`
/// (writing or reading a body failed without a code), `no-transport` (natively: no test transport
/// installed). Display is `code` or `code: detail`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpError {
    code: String,
    detail: Option<String>,
}

impl HttpError {
    /// An error with `code` and optional detail (test transports use the wasi:http codes:
    /// `HttpError::new("connection-timeout", None)`).
    pub fn new(code: impl Into<String>, detail: Option<String>) -> Self {
        HttpError { code: code.into(), detail }
    }

    /// The code (`HTTP-request-denied`).
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The detail, when there is one (the payload of the wasi:http code, or a message).
    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }

    /// The host refused the request: the origin is not granted, or the call's requests are used up.
    pub fn is_denied(&self) -> bool {
        self.code == "HTTP-request-denied"
    }

    /// The request took too long (connect, first byte or the whole answer).
    pub fn is_timeout(&self) -> bool {
        matches!(
            self.code.as_str(),
            "connection-timeout" | "connection-read-timeout" | "connection-write-timeout" | "HTTP-response-timeout" | "DNS-timeout"
        )
    }
}

impl fmt::Display for HttpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.detail {
            Some(d) => write!(f, "{}: {d}", self.code),
            None => f.write_str(&self.code),
        }
    }
}

impl std::error::Error for HttpError {}

/// An absolute URL split for wasi:http: scheme, authority (`host[:port]`), path with query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlParts<'a> {
    /// `http` or `https`.
    pub scheme: &'a str,
    /// `host[:port]`.
    pub authority: &'a str,
    /// `/path?query` (`/` when the URL has none).
    pub path_with_query: String,
}

/// Splits an absolute `http://` or `https://` URL. Errors: code `invalid-url` naming the URL.
pub fn split_url(url: &str) -> Result<UrlParts<'_>, HttpError> {
    let bad = |why: &str| HttpError::new("invalid-url", Some(format!("{url:?}: {why}")));
    let (scheme, rest) = url.split_once("://").ok_or_else(|| bad("not an absolute URL"))?;
    if !(scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http")) {
        return Err(bad("the scheme must be http or https"));
    }
    let rest = rest.split('#').next().unwrap_or_default();
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    if authority.is_empty() || authority.contains('@') || authority.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad("no valid host"));
    }
    if path.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad("spaces or control characters in the path"));
    }
    let path_with_query = if path.is_empty() {
        "/".to_string()
    } else if path.starts_with('?') {
        format!("/{path}")
    } else {
        path.to_string()
    };
    Ok(UrlParts {
        scheme,
        authority,
        path_with_query,
    })
}

/// Percent-encodes `s` for a URL query value or path segment: everything but `A-Z a-z 0-9 - . _ ~`.
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Sends `req` and waits for the whole response (blocking). Redirects are not followed. Errors:
/// see [`HttpError`].
pub fn send(req: &Request) -> Result<Response, HttpError> {
    imp::send(req)
}

#[cfg(not(target_arch = "wasm32"))]
pub use native::{clear_transport, set_transport};

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::cell::RefCell;

    use super::{HttpError, Request, Response};

    type Transport = Box<dyn Fn(&Request) -> Result<Response, HttpError>>;

    thread_local! {
        static TRANSPORT: RefCell<Option<Transport>> = const { RefCell::new(None) };
    }

    /// Natively only: answer every [`super::send`] of this thread with `transport` (a test's
    /// fake partner). Replaces any transport installed before.
    pub fn set_transport(transport: impl Fn(&Request) -> Result<Response, HttpError> + 'static) {
        TRANSPORT.with(|t| *t.borrow_mut() = Some(Box::new(transport)));
    }

    /// Natively only: remove this thread's transport; [`super::send`] then answers `no-transport`.
    pub fn clear_transport() {
        TRANSPORT.with(|t| *t.borrow_mut() = None);
    }

    pub(super) fn send(req: &Request) -> Result<Response, HttpError> {
        super::split_url(&req.url)?;
        TRANSPORT.with(|t| match t.borrow().as_ref() {
            Some(transport) => transport(req),
            None => Err(HttpError::new(
                "no-transport",
                Some(format!(
                    "{} {}: natively, http::send needs a test transport (forecourt_plugin_sdk::testing::MockHttp or http::set_transport)",
                    req.method, req.url
                )),
            )),
        })
    }
}

#[cfg(not(target_arch = "wasm32"))]
use native as imp;

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::{HttpError, Method, Request, Response, WRITE_CHUNK, split_url};
    use crate::wit::capabilities::wasi::http::outgoing_handler;
    use crate::wit::capabilities::wasi::http::types::{
        ErrorCode, Fields, IncomingBody, Method as WasiMethod, OutgoingBody, OutgoingRequest, Scheme, http_error_code,
    };
    use crate::wit::capabilities::wasi::io::streams::StreamError;

    fn stream_error(what: &str, e: StreamError) -> HttpError {
        match e {
            StreamError::Closed => HttpError::new("body-stream", Some(format!("{what}: stream closed"))),
            StreamError::LastOperationFailed(err) => match http_error_code(&err) {
                Some(code) => error_code(&code),
                None => HttpError::new("body-stream", Some(format!("{what}: {}", err.to_debug_string()))),
            },
        }
    }

    pub(super) fn send(req: &Request) -> Result<Response, HttpError> {
        let url = split_url(&req.url)?;
        let entries: Vec<(String, Vec<u8>)> = req
            .headers
            .iter()
            .map(|(n, v)| (n.to_ascii_lowercase(), v.as_bytes().to_vec()))
            .collect();
        // The error names the headers, not their values: a refused value may be large (the
        // host refuses header bytes past a call's budget), and formatting it would spend fuel.
        let headers = Fields::from_list(&entries).map_err(|e| {
            let names: Vec<&str> = req.headers.iter().map(|(n, _)| n.as_str()).collect();
            HttpError::new("invalid-header", Some(format!("{e:?} in the headers {names:?}")))
        })?;
        let request = OutgoingRequest::new(headers);
        let method = match req.method {
            Method::Get => WasiMethod::Get,
            Method::Post => WasiMethod::Post,
            Method::Put => WasiMethod::Put,
            Method::Patch => WasiMethod::Patch,
            Method::Delete => WasiMethod::Delete,
        };
        let scheme = if url.scheme.eq_ignore_ascii_case("https") {
            Scheme::Https
        } else {
            Scheme::Http
        };
        let invalid = || HttpError::new("invalid-url", Some(req.url.clone()));
        request.set_method(&method).map_err(|_| invalid())?;
        request.set_scheme(Some(&scheme)).map_err(|_| invalid())?;
        request.set_authority(Some(url.authority)).map_err(|_| invalid())?;
        request.set_path_with_query(Some(&url.path_with_query)).map_err(|_| invalid())?;
        let body = request
            .body()
            .map_err(|_| HttpError::new("body-stream", Some("the request body was already taken".into())))?;

        let future = outgoing_handler::handle(request, None).map_err(|e| error_code(&e))?;

        {
            let out = body
                .write()
                .map_err(|_| HttpError::new("body-stream", Some("the request body stream was already taken".into())))?;
            for chunk in req.body.chunks(WRITE_CHUNK) {
                out.blocking_write_and_flush(chunk)
                    .map_err(|e| stream_error("writing the request body", e))?;
            }
        }
        OutgoingBody::finish(body, None).map_err(|e| error_code(&e))?;

        let response = loop {
            match future.get() {
                Some(Ok(Ok(response))) => break response,
                Some(Ok(Err(code))) => return Err(error_code(&code)),
                Some(Err(())) => return Err(HttpError::new("body-stream", Some("the response was already taken".into()))),
                None => future.subscribe().block(),
            }
        };
        let status = response.status();
        let headers = response
            .headers()
            .entries()
            .into_iter()
            .map(|(n, v)| (n, String::from_utf8_lossy(&v).into_owned()))
            .collect();
        let incoming = response
            .consume()
            .map_err(|_| HttpError::new("body-stream", Some("the response body was already taken".into())))?;
        let mut bytes = Vec::new();
        {
            let stream = incoming
                .stream()
                .map_err(|_| HttpError::new("body-stream", Some("the response body stream was already taken".into())))?;
            loop {
                match stream.blocking_read(64 * 1024) {
                    Ok(chunk) => bytes.extend_from_slice(&chunk),
                    Err(StreamError::Closed) => break,
                    Err(e) => return Err(stream_error("reading the response body", e)),
                }
            }
        }
        drop(IncomingBody::finish(incoming));
        Ok(Response {
            status,
            headers,
            body: bytes,
        })
    }

    /// The wasi:http error code as the WIT spells it, with its payload as detail.
    pub(super) fn error_code(code: &ErrorCode) -> HttpError {
        let (name, detail): (&str, Option<String>) = match code {
            ErrorCode::DnsTimeout => ("DNS-timeout", None),
            ErrorCode::DnsError(p) => ("DNS-error", Some(format!("{p:?}"))),
            ErrorCode::DestinationNotFound => ("destination-not-found", None),
            ErrorCode::DestinationUnavailable => ("destination-unavailable", None),
            ErrorCode::DestinationIpProhibited => ("destination-IP-prohibited", None),
            ErrorCode::DestinationIpUnroutable => ("destination-IP-unroutable", None),
            ErrorCode::ConnectionRefused => ("connection-refused", None),
            ErrorCode::ConnectionTerminated => ("connection-terminated", None),
            ErrorCode::ConnectionTimeout => ("connection-timeout", None),
            ErrorCode::ConnectionReadTimeout => ("connection-read-timeout", None),
            ErrorCode::ConnectionWriteTimeout => ("connection-write-timeout", None),
            ErrorCode::ConnectionLimitReached => ("connection-limit-reached", None),
            ErrorCode::TlsProtocolError => ("TLS-protocol-error", None),
            ErrorCode::TlsCertificateError => ("TLS-certificate-error", None),
            ErrorCode::TlsAlertReceived(p) => ("TLS-alert-received", Some(format!("{p:?}"))),
            ErrorCode::HttpRequestDenied => ("HTTP-request-denied", None),
            ErrorCode::HttpRequestLengthRequired => ("HTTP-request-length-required", None),
            ErrorCode::HttpRequestBodySize(n) => ("HTTP-request-body-size", n.map(|n| n.to_string())),
            ErrorCode::HttpRequestMethodInvalid => ("HTTP-request-method-invalid", None),
            ErrorCode::HttpRequestUriInvalid => ("HTTP-request-URI-invalid", None),
            ErrorCode::HttpRequestUriTooLong => ("HTTP-request-URI-too-long", None),
            ErrorCode::HttpRequestHeaderSectionSize(n) => ("HTTP-request-header-section-size", n.map(|n| n.to_string())),
            ErrorCode::HttpRequestHeaderSize(p) => ("HTTP-request-header-size", p.as_ref().map(|p| format!("{p:?}"))),
            ErrorCode::HttpRequestTrailerSectionSize(n) => ("HTTP-request-trailer-section-size", n.map(|n| n.to_string())),
            ErrorCode::HttpRequestTrailerSize(p) => ("HTTP-request-trailer-size", Some(format!("{p:?}"))),
            ErrorCode::HttpResponseIncomplete => ("HTTP-response-incomplete", None),
            ErrorCode::HttpResponseHeaderSectionSize(n) => ("HTTP-response-header-section-size", n.map(|n| n.to_string())),
            ErrorCode::HttpResponseHeaderSize(p) => ("HTTP-response-header-size", Some(format!("{p:?}"))),
            ErrorCode::HttpResponseBodySize(n) => ("HTTP-response-body-size", n.map(|n| n.to_string())),
            ErrorCode::HttpResponseTrailerSectionSize(n) => ("HTTP-response-trailer-section-size", n.map(|n| n.to_string())),
            ErrorCode::HttpResponseTrailerSize(p) => ("HTTP-response-trailer-size", Some(format!("{p:?}"))),
            ErrorCode::HttpResponseTransferCoding(s) => ("HTTP-response-transfer-coding", s.clone()),
            ErrorCode::HttpResponseContentCoding(s) => ("HTTP-response-content-coding", s.clone()),
            ErrorCode::HttpResponseTimeout => ("HTTP-response-timeout", None),
            ErrorCode::HttpUpgradeFailed => ("HTTP-upgrade-failed", None),
            ErrorCode::HttpProtocolError => ("HTTP-protocol-error", None),
            ErrorCode::LoopDetected => ("loop-detected", None),
            ErrorCode::ConfigurationError => ("configuration-error", None),
            ErrorCode::InternalError(s) => ("internal-error", s.clone()),
        };
        HttpError::new(name, detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_split_for_wasi_http() {
        let u = split_url("https://api.lender.example:8443/v2/quotes?amount=1&x=y#frag").unwrap();
        assert_eq!(
            (u.scheme, u.authority, u.path_with_query.as_str()),
            ("https", "api.lender.example:8443", "/v2/quotes?amount=1&x=y")
        );
        assert_eq!(split_url("http://127.0.0.1:9000").unwrap().path_with_query, "/");
        assert_eq!(split_url("https://a.example?q=1").unwrap().path_with_query, "/?q=1");
        for bad in [
            "ftp://a.example/",
            "a.example/x",
            "https:///x",
            "https://user@a.example/",
            "https://a.example/a b",
        ] {
            assert_eq!(split_url(bad).unwrap_err().code(), "invalid-url", "{bad}");
        }
    }

    #[test]
    fn encode_keeps_unreserved_only() {
        assert_eq!(encode("car-loan_1.0~"), "car-loan_1.0~");
        assert_eq!(encode("a b&c=d/é"), "a%20b%26c%3Dd%2F%C3%A9");
    }

    #[test]
    fn without_a_transport_send_says_so() {
        clear_transport();
        let e = send(&Request::get("https://a.example/")).unwrap_err();
        assert_eq!(e.code(), "no-transport");
        assert!(e.to_string().contains("GET https://a.example/"), "{e}");
    }

    #[test]
    fn a_transport_answers_and_helpers_read() {
        set_transport(|req| {
            assert_eq!(req.header_value("content-type"), Some("application/json"));
            Ok(
                Response::with_json(201, &serde_json::json!({"ok": req.json::<serde_json::Value>()?["n"]}))
                    .with_header("Location", "https://x.example/1"),
            )
        });
        let res = send(&Request::post_json("https://a.example/x", &serde_json::json!({"n": 3})).unwrap()).unwrap();
        assert!(res.is_success());
        assert_eq!(res.header("location"), Some("https://x.example/1"));
        assert_eq!(res.json::<serde_json::Value>().unwrap(), serde_json::json!({"ok": 3}));
        assert_eq!(res.json::<u32>().unwrap_err().code(), "invalid-json");
        clear_transport();
    }

    #[test]
    fn json_objects_read_field_by_field() {
        let res = Response::with_json(
            200,
            &serde_json::json!({"a": 1.5, "n": null, "s": "x", "y": 2020, "o": {"p": {"q": "deep"}}, "neg": -1}),
        );
        let o = res.json_object().unwrap();
        assert_eq!((o.f64("a"), o.opt_f64("n"), o.opt_f64("missing")), (Ok(1.5), Ok(None), Ok(None)));
        assert_eq!((o.str("s"), o.opt_str("n"), o.u32("y")), (Ok("x".into()), Ok(None), Ok(2020)));
        assert_eq!(o.object("o").unwrap().object("p").unwrap().str("q"), Ok("deep".into()));
        let e = |r: Result<String, HttpError>| r.unwrap_err().to_string();
        assert_eq!(e(o.str("a")), "invalid-json: a: expected a string");
        assert_eq!(e(o.str("n")), "invalid-json: n: missing");
        assert_eq!(e(o.u32("neg").map(|n| n.to_string())), "invalid-json: neg: expected a whole number");
        assert_eq!(
            e(o.object("o").unwrap().object("p").unwrap().str("r")),
            "invalid-json: o.p.r: missing"
        );
        assert_eq!(e(o.object("s").map(|_| String::new())), "invalid-json: s: expected an object");
        assert_eq!(
            e(Response::with_json(200, &serde_json::json!([1]))
                .json_object()
                .map(|_| String::new())),
            "invalid-json: the body: expected an object"
        );
        assert!(e(Response::new(204).json_object().map(|_| String::new())).starts_with("invalid-json: status 204: EOF"));
    }

    #[test]
    fn errors_display_code_and_detail() {
        let e = HttpError::new("HTTP-response-body-size", Some("262144".into()));
        assert_eq!(e.to_string(), "HTTP-response-body-size: 262144");
        assert!(HttpError::new("HTTP-request-denied", None).is_denied());
        assert!(HttpError::new("connection-read-timeout", None).is_timeout());
    }
}
