//! The one error envelope of the JSON API (ARCHITECTURE.md "Layers"):
//! `{"error": {"code": "...", "message": "...", "field": "..."}}`.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::ToSchema;

/// Error body.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Machine-readable code, e.g. `not_found`, `invalid_field`, `unauthorized`.
    pub code: String,
    /// Human-readable message.
    pub message: String,
    /// The request field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// The envelope.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorEnvelope {
    /// The error.
    pub error: ErrorBody,
}

/// An API error: status plus envelope.
#[derive(Debug)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// Envelope content.
    pub body: ErrorBody,
}

impl ApiError {
    /// Any status, code and message.
    pub fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                code: code.into(),
                message: message.into(),
                field: None,
            },
        }
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 400 `invalid_field` naming the field.
    pub fn invalid(field: &str, message: impl Into<String>) -> ApiError {
        let mut e = ApiError::new(StatusCode::BAD_REQUEST, "invalid_field", message);
        e.body.field = Some(field.into());
        e
    }

    /// 400 with its own `code`, naming the field (e.g. `invalid_postcode` on `postcode`).
    pub fn bad_field(field: &str, code: &str, message: impl Into<String>) -> ApiError {
        let mut e = ApiError::new(StatusCode::BAD_REQUEST, code, message);
        e.body.field = Some(field.into());
        e
    }

    /// The same error answered with `status` instead.
    pub fn with_status(mut self, status: StatusCode) -> ApiError {
        self.status = status;
        self
    }

    /// 500 `internal`; the cause is logged, never sent.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        crate::error::Error::internal(cause).into()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::internal(e)
    }
}

/// The one place a domain error becomes HTTP: its kind picks the status, its code, message and
/// field fill the envelope.
impl From<crate::error::Error> for ApiError {
    fn from(e: crate::error::Error) -> Self {
        use crate::error::ErrorKind as K;
        let status = match e.kind {
            K::NotFound => StatusCode::NOT_FOUND,
            K::Invalid => StatusCode::BAD_REQUEST,
            K::Unauthorized => StatusCode::UNAUTHORIZED,
            K::Forbidden => StatusCode::FORBIDDEN,
            K::Conflict => StatusCode::CONFLICT,
            K::Unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
            K::NotImplemented => StatusCode::NOT_IMPLEMENTED,
            K::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            K::Upstream => StatusCode::BAD_GATEWAY,
            K::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            K::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError {
            status,
            body: ErrorBody {
                code: e.code,
                message: e.message,
                field: e.field,
            },
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(ErrorEnvelope { error: self.body })).into_response()
    }
}

impl From<crate::search::backend::SearchError> for ApiError {
    fn from(e: crate::search::backend::SearchError) -> Self {
        crate::error::Error::from(e).into()
    }
}

/// The `code` of an error answer that carries no envelope of its own, from its status.
fn code_for(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST => "bad_request",
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::FORBIDDEN => "forbidden",
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::NOT_ACCEPTABLE => "not_acceptable",
        StatusCode::REQUEST_TIMEOUT => "request_timeout",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::URI_TOO_LONG => "uri_too_long",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
        StatusCode::UNPROCESSABLE_ENTITY => "unprocessable",
        StatusCode::TOO_MANY_REQUESTS => "too_many_requests",
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => "headers_too_large",
        StatusCode::SERVICE_UNAVAILABLE => "unavailable",
        s if s.is_server_error() => "internal",
        _ => "error",
    }
}

/// The field an error answer without an envelope is about, when its status names one.
fn field_for(status: StatusCode) -> Option<&'static str> {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => Some("body"),
        StatusCode::URI_TOO_LONG => Some("uri"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => Some("content-type"),
        StatusCode::METHOD_NOT_ALLOWED => Some("method"),
        _ => None,
    }
}

/// Middleware: every error answer (4xx, 5xx) that is neither JSON nor an HTML document (axum's
/// `text/plain` rejections, the empty 405 of a known path, the body limit's 413, a caught panic)
/// becomes the envelope with the same status and headers (`Allow` of a 405 kept), a `code` from
/// the status and the field its status names (docs/features/platform.md "Foundation": "One error
/// envelope"). A short text body becomes the message; a server error's text is logged, never sent.
pub async fn envelope_errors(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let res = next.run(req).await;
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let media = res
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_ascii_lowercase();
    if media.starts_with("application/json") || media.starts_with("text/html") || media.starts_with("application/problem+json") {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    let text = if media.starts_with("text/plain") && parts.headers.get(axum::http::header::CONTENT_ENCODING).is_none() {
        axum::body::to_bytes(body, 2048)
            .await
            .ok()
            .and_then(|b| String::from_utf8(b.to_vec()).ok())
            .filter(|t| !t.trim().is_empty())
    } else {
        None
    };
    let message = match text {
        Some(t) if !status.is_server_error() => t.trim().to_string(),
        Some(t) => {
            tracing::error!(status = %status, cause = %t, "error answer");
            status.canonical_reason().unwrap_or("Error").to_string()
        }
        None => status.canonical_reason().unwrap_or("Error").to_string(),
    };
    let mut e = ApiError::new(status, code_for(status), message);
    e.body.field = field_for(status).map(str::to_string);
    let mut out = e.into_response();
    for name in [
        axum::http::header::CONTENT_TYPE,
        axum::http::header::CONTENT_LENGTH,
        axum::http::header::CONTENT_ENCODING,
    ] {
        parts.headers.remove(name);
    }
    let own: Vec<_> = out.headers().keys().cloned().collect();
    for (name, value) in parts.headers.iter().filter(|(n, _)| !own.contains(n)) {
        out.headers_mut().append(name.clone(), value.clone());
    }
    out
}
