//! The request extractors of the JSON API ([`Json`], [`Query`], [`Path`], [`Form`]): axum's own
//! extractors answer a bad request with a `text/plain` line; these answer with the one error
//! envelope (ARCHITECTURE.md "Layers"; docs/features/platform.md "Foundation": "One error
//! envelope"), naming the field at fault where one is known (serde_path_to_error gives the path
//! of a body or query field; axum's path rejection gives the parameter's name).
//!
//! | what is wrong | status | `code` | `field` |
//! |---|---|---|---|
//! | body is not JSON (`Content-Type`) | 415 | `unsupported_media_type` | `content-type` |
//! | body larger than `max_body_bytes` | 413 | `payload_too_large` | `body` |
//! | body is not well-formed JSON | 400 | `malformed_json` | `body` |
//! | a field of the wrong type, missing or unknown | 400 | `invalid_field` | the field's path |
//! | a query parameter that does not parse | 400 | `invalid_field` | the parameter |
//! | a path parameter that does not parse or is not UTF-8 | 400 | `invalid_field` | the parameter |

use axum::{
    body::Bytes,
    extract::{FromRequest, FromRequestParts, Request, rejection::BytesRejection},
    http::{HeaderMap, StatusCode, header, request::Parts},
    response::{IntoResponse, Response},
};
use serde::{Serialize, de::DeserializeOwned};

use crate::http::error::ApiError;

/// A JSON body (`Content-Type: application/json` or `+json`), decoded into `T`; as a response, `T`
/// serialised as JSON. Rejections: see the module table.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !has_content_type(req.headers(), is_json_type) {
            return Err(unsupported_media_type("application/json"));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(body_rejection)?;
        decode_json(&bytes).map(Json)
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// Decodes a JSON document into `T`. A number with no fractional part (`12.0`) is read as the
/// integer it is (JSON Schema's `integer` includes it; SECURITY.md "API conformance"), so an
/// integer field takes it. Errors: 400 `malformed_json` on `body` for a syntax error; 400
/// `invalid_field` naming the field's path (`a.b[0]`) for a wrong type, a missing or an unknown
/// field.
pub fn decode_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut document: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::bad_field("body", "malformed_json", format!("The body is not well-formed JSON: {e}")))?;
    integral_floats_as_integers(&mut document);
    serde_path_to_error::deserialize(document).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        ApiError::invalid(&field_of(&path, &inner.to_string()), inner.to_string())
    })
}

/// Rewrites, everywhere in `v`, a float with no fractional part that fits an `i64` (`12.0`,
/// `-1.0`) as that integer; other numbers are kept as they are.
fn integral_floats_as_integers(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Number(n) if n.is_f64() => {
            if let Some(f) = n.as_f64()
                && f.fract() == 0.0
                && f >= i64::MIN as f64
                && f < i64::MAX as f64
            {
                *v = serde_json::Value::from(f as i64);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integral_floats_as_integers),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(integral_floats_as_integers),
        _ => {}
    }
}

/// The query string decoded into `T` (an absent query is an empty one). Rejection: 400
/// `invalid_field` naming the parameter.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        decode_urlencoded(parts.uri.query().unwrap_or("").as_bytes()).map(Query)
    }
}

/// A form: on GET and HEAD the query string, otherwise an `application/x-www-form-urlencoded`
/// body, decoded into `T`. Rejections: 415 `unsupported_media_type` on `content-type`, 413
/// `payload_too_large`, 400 `invalid_field` naming the field.
#[derive(Debug, Clone, Copy, Default)]
pub struct Form<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if matches!(*req.method(), axum::http::Method::GET | axum::http::Method::HEAD) {
            return decode_urlencoded(req.uri().query().unwrap_or("").as_bytes()).map(Form);
        }
        if !has_content_type(req.headers(), |m| m == "application/x-www-form-urlencoded") {
            return Err(unsupported_media_type("application/x-www-form-urlencoded"));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(body_rejection)?;
        decode_urlencoded(&bytes).map(Form)
    }
}

/// Decodes `application/x-www-form-urlencoded` bytes (a query string or a form body) into `T`.
/// Error: 400 `invalid_field` naming the parameter.
pub fn decode_urlencoded<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(bytes));
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let message = e.inner().to_string();
        ApiError::invalid(&field_of(&path, &message), message)
    })
}

/// The path parameters decoded into `T`. Rejection: 400 `invalid_field` naming the parameter
/// (`path` when neither axum nor the route says which), 500 `internal` for a route that has none.
#[derive(Debug, Clone, Copy, Default)]
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        use axum::extract::{path::ErrorKind, rejection::PathRejection};
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(Path(v)),
            Err(PathRejection::FailedToDeserializePathParams(e)) => {
                let message = e.body_text();
                let field = match e.kind() {
                    ErrorKind::ParseErrorAtKey { key, .. }
                    | ErrorKind::InvalidUtf8InPathParam { key }
                    | ErrorKind::DeserializeError { key, .. } => key.clone(),
                    // A single parameter decoded as a plain value: axum names no key, the route does.
                    _ => match axum::extract::RawPathParams::from_request_parts(parts, state).await {
                        Ok(raw) if raw.iter().count() == 1 => raw.iter().map(|(k, _)| k.to_string()).collect(),
                        _ => "path".to_string(),
                    },
                };
                if e.status().is_server_error() {
                    return Err(ApiError::internal(message));
                }
                Err(ApiError::invalid(&field, message))
            }
            Err(e) => Err(ApiError::internal(e.body_text())),
        }
    }
}

/// The field a serde error is about: the path serde_path_to_error reports (`.` at the top), with
/// the name of a missing or unknown field added (serde names those only in the message).
fn field_of(path: &str, message: &str) -> String {
    let named = ["missing field `", "unknown field `"]
        .iter()
        .find_map(|p| message.split_once(p).and_then(|(_, rest)| rest.split_once('`')).map(|(n, _)| n));
    let base = (path != "." && !path.is_empty()).then_some(path);
    match (base, named) {
        // An unknown field is already the path's last segment; a missing one is not.
        (Some(b), Some(n)) if b == n || b.ends_with(&format!(".{n}")) => b.to_string(),
        (Some(b), Some(n)) => format!("{b}.{n}"),
        (Some(b), None) => b.to_string(),
        (None, Some(n)) => n.to_string(),
        (None, None) => "body".to_string(),
    }
}

/// Whether the request's `Content-Type` (its media type, parameters dropped) passes `accept`.
fn has_content_type(headers: &HeaderMap, accept: impl Fn(&str) -> bool) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or("").trim().to_ascii_lowercase())
        .is_some_and(|m| accept(&m))
}

/// `application/json` or any `application/*+json`.
fn is_json_type(media: &str) -> bool {
    media == "application/json" || (media.starts_with("application/") && media.ends_with("+json"))
}

/// 415 `unsupported_media_type` on `content-type`, naming the type wanted.
fn unsupported_media_type(wanted: &str) -> ApiError {
    let mut e = ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
        format!("Expected a body with `Content-Type: {wanted}`"),
    );
    e.body.field = Some("content-type".into());
    e
}

/// A body that could not be read: 413 `payload_too_large` past the limit, else 400 `invalid_body`.
fn body_rejection(e: BytesRejection) -> ApiError {
    let mut err = if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "The request body is too large")
    } else {
        ApiError::new(StatusCode::BAD_REQUEST, "invalid_body", e.body_text())
    };
    err.body.field = Some("body".into());
    err
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Body {
        name: String,
        car: Inner,
    }
    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        id: i64,
    }

    fn field(r: Result<Body, ApiError>) -> (StatusCode, String, Option<String>) {
        let e = r.unwrap_err();
        (e.status, e.body.code, e.body.field)
    }

    #[test]
    fn json_errors_name_the_field() {
        let bad = |s: &str| field(decode_json::<Body>(s.as_bytes()));
        let invalid = |f: &str| (StatusCode::BAD_REQUEST, "invalid_field".to_string(), Some(f.to_string()));
        assert_eq!(bad(r#"{"name":"a","car":{"id":"x"}}"#), invalid("car.id"));
        assert_eq!(bad(r#"{"name":"a","car":{}}"#), invalid("car.id"));
        assert_eq!(bad(r#"{"car":{"id":1}}"#), invalid("name"));
        assert_eq!(bad(r#"{"name":"a","car":{"id":1},"x":1}"#), invalid("x"));
        assert_eq!(bad(r#"{"name":1}"#), invalid("name"));
        assert_eq!(bad(r#"{"name":"a","car":{"id":1,"colour":"red"}}"#), invalid("car.colour"));
        let malformed = (StatusCode::BAD_REQUEST, "malformed_json".to_string(), Some("body".to_string()));
        // An integral float is the integer it is; a fractional one is not an integer.
        assert_eq!(decode_json::<Body>(br#"{"name":"a","car":{"id":12.0}}"#).unwrap().car.id, 12);
        assert_eq!(decode_json::<Body>(br#"{"name":"a","car":{"id":-1.0}}"#).unwrap().car.id, -1);
        assert_eq!(bad(r#"{"name":"a","car":{"id":1.5}}"#), invalid("car.id"));
        assert_eq!(bad(r#"{"name":"#), malformed);
        assert_eq!(bad(r#"{"name":"a","car":{"id":1}} trailing"#), malformed);
    }

    #[test]
    fn query_errors_name_the_parameter() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Q {
            page: Option<u32>,
            q: String,
        }
        let e = decode_urlencoded::<Q>(b"q=x&page=two").unwrap_err();
        assert_eq!((e.status, e.body.field.as_deref()), (StatusCode::BAD_REQUEST, Some("page")));
        let e = decode_urlencoded::<Q>(b"page=2").unwrap_err();
        assert_eq!(e.body.field.as_deref(), Some("q"));
        assert_eq!(decode_urlencoded::<Q>(b"q=a%20b&page=3").unwrap().page, Some(3));
    }
}
