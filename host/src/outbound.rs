//! The one HTTP client for the calls the host makes out: lender quotes (docs/features/platform.md
//! "Finance and delivery tools"), the SMS gateway (docs/features/platform.md
//! "Sign-in and watchlist") and lead webhooks (docs/features/platform.md "Leads"). One pool of
//! connections (rustls), and redirects are not followed: a lender or webhook that redirects is
//! misconfigured, and following would send a signed body somewhere else. Each call sets its own
//! timeout.

use std::sync::LazyLock;

static CLIENT: LazyLock<reqwest::Client> = LazyLock::new(|| {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("an HTTP client with rustls")
});

/// The shared client. Takes nothing; returns the process's client (cheap to use from any task).
pub fn client() -> &'static reqwest::Client {
    &CLIENT
}

/// Why a call to a configured service ([`post_json`]) gave no usable answer.
#[derive(Debug)]
pub enum CallError {
    /// The service answered 404: it has no such record (an unknown registration, say).
    NotFound,
    /// Anything else: it did not answer in time, answered another error status, or its body was
    /// not the expected JSON. The text is for the log only.
    Failed(String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::NotFound => f.write_str("not found (404)"),
            CallError::Failed(why) => f.write_str(why),
        }
    }
}

/// POSTs `body` as JSON to a tenant's configured service (a lender's quote or create-customer
/// path, a rego lookup; docs/features/platform.md "Finance and delivery tools" and "Leads") and
/// reads a JSON answer of type `T`.
///
/// Takes the endpoint, the name of an environment variable holding a bearer token (a missing
/// variable is logged and the call goes without), the time the service has (ms) and, when the
/// call must not be repeated by the service, an `Idempotency-Key`. Returns the parsed answer, or
/// [`CallError::NotFound`] on 404 and [`CallError::Failed`] otherwise.
pub async fn post_json<T: serde::de::DeserializeOwned>(
    url: &str,
    token_env: Option<&str>,
    timeout_ms: u64,
    body: &impl serde::Serialize,
    idempotency_key: Option<&str>,
) -> Result<T, CallError> {
    let mut req = client().post(url).timeout(std::time::Duration::from_millis(timeout_ms)).json(body);
    if let Some(var) = token_env {
        match std::env::var(var) {
            Ok(token) => req = req.bearer_auth(token),
            Err(_) => tracing::warn!(url, var, "the service's token variable is not set"),
        }
    }
    if let Some(key) = idempotency_key {
        req = req.header("Idempotency-Key", key);
    }
    let res = req.send().await.map_err(|e| CallError::Failed(e.to_string()))?;
    match res.status() {
        reqwest::StatusCode::NOT_FOUND => Err(CallError::NotFound),
        s if !s.is_success() => Err(CallError::Failed(format!("status {s}"))),
        _ => res.json::<T>().await.map_err(|e| CallError::Failed(e.to_string())),
    }
}
