//! The one HTTP client for the calls the host makes out: lender quotes (issue 8 §2), the SMS
//! gateway (issue 10 §2) and lead webhooks (issue 9 §3). One pool of connections (rustls), and
//! redirects are not followed: a lender or webhook that redirects is misconfigured, and following
//! would send a signed body somewhere else. Each call sets its own timeout.

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
