//! The domain's error: what went wrong, in terms a shopper or a client can act on, with no HTTP in
//! it. Domain modules (`auth`, `leads`, `search`, ...) return [`Error`]; the HTTP edge maps its
//! [`ErrorKind`] onto a status and the JSON envelope (`http::error`), and nowhere else.

use std::fmt;

/// The class of an [`Error`]; the edge maps each to one HTTP status (in brackets).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The thing asked for does not exist for this tenant (404).
    NotFound,
    /// The input is wrong; `field` names the part at fault (400).
    Invalid,
    /// No signed-in shopper where one is needed (401).
    Unauthorized,
    /// Refused whoever asks (403).
    Forbidden,
    /// The input is fine but clashes with what is stored, e.g. a car already reserved (409).
    Conflict,
    /// The input is well formed but cannot be acted on, e.g. finance not offered for the car or
    /// a sold car saved to a watchlist (422).
    Unprocessable,
    /// The site does not offer this service, e.g. no registration lookup configured (501).
    NotImplemented,
    /// Too many attempts; try again later (429).
    TooManyRequests,
    /// A partner service (lender, SMS, payment provider) failed (502).
    Upstream,
    /// A part of the platform (search engine, storage) does not answer now (503).
    Unavailable,
    /// A fault of ours; the cause is logged, never shown (500).
    Internal,
}

/// A domain error: kind, machine-readable `code` (`not_found`, `invalid_field`, `car_reserved`,
/// ...), a message a shopper can read, and the input field at fault when there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Class of the error.
    pub kind: ErrorKind,
    /// Machine-readable code.
    pub code: String,
    /// Human-readable message.
    pub message: String,
    /// The input field at fault, when there is one.
    pub field: Option<String>,
}

/// A domain result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// Any kind, code and message, with no field.
    pub fn new(kind: ErrorKind, code: &str, message: impl Into<String>) -> Error {
        Error {
            kind,
            code: code.into(),
            message: message.into(),
            field: None,
        }
    }

    /// The same error naming `field` as the one at fault.
    pub fn with_field(mut self, field: &str) -> Error {
        self.field = Some(field.into());
        self
    }

    /// `NotFound` with code `not_found`.
    pub fn not_found(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::NotFound, "not_found", message)
    }

    /// `Invalid` with code `invalid_field`, naming the field.
    pub fn invalid(field: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid, "invalid_field", message).with_field(field)
    }

    /// `Invalid` with its own code, naming the field (e.g. `invalid_postcode` on `postcode`).
    pub fn bad_field(field: &str, code: &str, message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Invalid, code, message).with_field(field)
    }

    /// `Internal` with code `internal` and the generic message; the cause is logged here with
    /// tracing and never sent to the client.
    pub fn internal(cause: impl fmt::Display) -> Error {
        tracing::error!(error = %cause, "internal error");
        Error::new(ErrorKind::Internal, "internal", INTERNAL)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{} ({field}): {}", self.code, self.message),
            None => write!(f, "{}: {}", self.code, self.message),
        }
    }
}

impl std::error::Error for Error {}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        Error::internal(e)
    }
}

/// The message of every `Internal` error.
pub const INTERNAL: &str = "An unknown error occurred.";

/// 'This is a required field.' (docs/features/locations-forms-marketing.md §5, §8): the message for
/// any missing required field, on the lead forms and at sign-in.
pub const REQUIRED: &str = "This is a required field.";

/// 'Invalid postcode. Please enter a 4-digit number.' (docs/features/locations-forms-marketing.md
/// §5): a postcode that is not exactly four digits, on every form and in the delivery calculator.
pub const INVALID_POSTCODE: &str = "Invalid postcode. Please enter a 4-digit number.";
