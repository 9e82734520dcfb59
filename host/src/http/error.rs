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
