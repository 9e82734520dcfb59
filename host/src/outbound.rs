//! The one HTTP client for the calls the host makes out: partner plugins' requests
//! (`plugins/partner.rs`, docs/features/platform.md "Plugins and extension points"), the SMS
//! gateway (docs/features/platform.md "Sign-in and watchlist"), payments and lead webhooks
//! (docs/features/platform.md "Leads"). One pool of connections (rustls), and redirects are not
//! followed: a partner or webhook that redirects is misconfigured (or hostile), and following
//! would send a signed body, or a plugin's request, somewhere not granted. Each call sets its own
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
