//! Host settings: `forecourt.toml` at the project root, every key overridable by a `FORECOURT_*`
//! environment variable (figment). `DATABASE_URL` is also honoured, below `FORECOURT_DATABASE_URL`.
//!
//! Implements docs/features/platform.md "Foundation" (config) and ARCHITECTURE.md "Layers".

use std::path::{Path, PathBuf};

use figment::{
    Figment,
    providers::{Env, Format, Serialized, Toml},
};
use serde::{Deserialize, Serialize};

/// Which search engine the host uses (ARCHITECTURE.md "Search").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchBackendKind {
    /// In-process index (the default; needs nothing).
    Embedded,
    /// A Meilisearch server at `meili_url`.
    Meilisearch,
}

/// Log line format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines (default).
    Pretty,
    /// One JSON object per line.
    Json,
}

/// Default of [`Settings::search_cache_entries`]: search answers cached per tenant.
pub const DEFAULT_SEARCH_CACHE_ENTRIES: usize = 512;
/// Default of `search_open_indexes`: most tenants' embedded search indexes open at once.
pub const DEFAULT_SEARCH_OPEN_INDEXES: usize = 1000;

/// All host settings. Every field has a default, so an empty or absent `forecourt.toml` is valid.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Address `forecourt serve` listens on (default `127.0.0.1:8080`).
    pub bind: String,
    /// sqlx database URL. `sqlite://...` or `postgres://...`. Empty means
    /// `sqlite://<data_dir>/forecourt.db` (created if missing, WAL journal).
    pub database_url: String,
    /// Directory for the SQLite file, the search index and caches (default `data`).
    pub data_dir: PathBuf,
    /// Directory holding `<slug>/tenant.toml` folders (default `tenants`).
    pub tenants_dir: PathBuf,
    /// Search backend (default `embedded`).
    pub search_backend: SearchBackendKind,
    /// Meilisearch URL, used when `search_backend = "meilisearch"`.
    pub meili_url: Option<String>,
    /// Meilisearch API key.
    pub meili_key: Option<String>,
    /// Search answers kept per tenant by the results cache (default 512, kept 30 s, dropped
    /// when the tenant's stock changes; docs/features/platform.md "Search"). 0 turns the cache
    /// off: every search is computed (BENCHMARKS.md's uncached figures run so).
    pub search_cache_entries: usize,
    /// Most tenants' embedded search indexes open at once (default 1000; 0: no limit). An index
    /// opens on its tenant's first search or stock change; past the limit the least recently
    /// used close (their mapped files and decoded columns released) and reopen on their next
    /// search, in about a millisecond for a tenant of 60 cars (BENCHMARKS.md "Many tenants").
    /// Read at start.
    pub search_open_indexes: usize,
    /// Bytes of rendered answers (documents and hot JSON with their brotli and gzip variants)
    /// kept per tenant by the rendered-response cache (default 64 MiB; docs/features/platform.md
    /// "Rendered-response cache"). 0 turns the cache off.
    pub render_cache_tenant_bytes: u64,
    /// Bytes of rendered answers kept for every tenant together (default 256 MiB): one cache
    /// whatever the number of tenants, each tenant also within `render_cache_tenant_bytes`
    /// (docs/features/platform.md "Rendered-response cache"). 0 turns the cache off.
    pub render_cache_bytes: u64,
    /// Seconds a rendered answer is served at most before it is rendered again, for what
    /// changes with the clock rather than with a journaled change (default 60). 0 turns the
    /// cache off.
    pub render_cache_max_age_secs: u64,
    /// Directory of built plugin components (`*.wasm`), default `plugins/dist`.
    pub plugin_dir: PathBuf,
    /// Directory of the built UI shell, default `ui-shell/dist`.
    pub ui_dist_dir: PathBuf,
    /// Directory of the template remotes, each built to `<dir>/<template>/dist`, default
    /// `ui-plugins`.
    pub ui_plugins_dir: PathBuf,
    /// Wall-clock time a plugin call may run, `init` included, milliseconds (default 10).
    pub plugin_deadline_ms: u64,
    /// Epoch ticker period of the plugin runtime, milliseconds (default 10): a runaway call is cut
    /// between the deadline and the deadline plus one tick.
    pub plugin_epoch_tick_ms: u64,
    /// Linear memory cap per plugin instance, MiB (default 16).
    pub plugin_memory_mib: u32,
    /// Largest plugin answer accepted per call, bytes (default 1 MiB).
    pub plugin_max_output_bytes: usize,
    /// Consecutive failures that switch a plugin off for a tenant until reload (default 5; 0 =
    /// never).
    pub plugin_breaker_failures: u32,
    /// Bearer token for `/api/v1/admin/*`. Unset or empty disables the admin API (403).
    pub admin_token: Option<String>,
    /// Import each tenant's `[[stock.feeds]]` at start-up when the file changed since the last
    /// import (default true).
    pub import_feeds_on_start: bool,
    /// Log format (default `pretty`).
    pub log_format: LogFormat,
    /// Largest request body accepted, in bytes (default 64 MiB; stock imports are the big ones).
    pub max_body_bytes: usize,
    /// Session cookies marked Secure with the `__Host-` prefix (docs/features/platform.md
    /// "Sign-in and watchlist"). Default: on, unless `bind` is a loopback address (plain-http local
    /// development).
    pub secure_cookies: Option<bool>,
    /// SMS provider for sign-in codes and SMS lead receipts: `log` (default; development sink: the message is logged
    /// and kept in the `sms_outbox` table, readable at `GET /api/v1/admin/sms-outbox`) or `http`.
    pub sms_provider: SmsProviderKind,
    /// `http` provider: endpoint receiving `POST {to, body, sender}` as JSON (https).
    pub sms_url: Option<String>,
    /// `http` provider: environment variable holding its bearer token.
    pub sms_token_env: Option<String>,
    /// SMTP server for ADF/XML lead emails and the shoppers' lead receipts (docs/features/platform.md
    /// "Leads"); unset: email destinations fail and are retried until it is set or they are
    /// dead-lettered, and no lead gets an email receipt row.
    pub smtp_host: Option<String>,
    /// SMTP port (default: 25 without TLS, 587 with STARTTLS, 465 with TLS).
    pub smtp_port: Option<u16>,
    /// `none` (plain SMTP, for a local relay), `starttls` or `tls` (default `starttls`).
    pub smtp_tls: SmtpTls,
    /// SMTP user name, when the server wants one.
    pub smtp_username: Option<String>,
    /// Environment variable holding the SMTP password.
    pub smtp_password_env: Option<String>,
    /// Sender of lead emails (default `Forecourt Leads <leads@forecourt.invalid>`); a receipt is
    /// sent from its address under the dealership's name.
    pub mail_from: String,
    /// Lead submissions accepted per minute per site and client IP (default 20).
    pub lead_submissions_per_minute: u32,
    // Lead delivery (docs/features/platform.md "Leads"): per-destination workers.
    /// Lead destinations (a tenant's webhook, each email address) delivered at once, each one
    /// lead at a time (default 16; 0 counts as 1).
    pub lead_delivery_concurrency: usize,
    /// Whether destinations a tenant chooses (partner plugins' requests, lead webhooks, the
    /// payment provider's API base, pulled feed URLs) may be loopback or private addresses
    /// (default false: refused, so a tenant folder cannot reach this machine's or the private
    /// network's services; `host/src/outbound.rs`). Set it for local stubs in development and
    /// tests.
    pub outbound_private_networks: bool,
    /// Time one delivery to one destination (webhook answer, SMTP exchange) may take, seconds
    /// (default 10; 0 counts as 1): a receiver that does not answer within it is a failed try,
    /// retried with backoff.
    pub lead_delivery_timeout_seconds: u64,
    // --- Sign-in codes: keyed hash and lockout (docs/features/platform.md "Sign-in and watchlist"). ---
    /// Server secret keying the HMAC-SHA-256 of sign-in codes, at least 32 characters. Unset:
    /// the variable named by `code_secret_env`, else a random secret generated on first use and
    /// kept in `<data_dir>/code_secret` (mode 0600), so restarts keep pending codes valid.
    pub code_secret: Option<Secret>,
    /// Environment variable holding the code secret (used when `code_secret` is unset).
    pub code_secret_env: Option<String>,
    /// Earlier code secrets, still accepted when checking a code (rotation: keep the old secret
    /// here for the 10 minutes a code lives; sessions never depend on it). Each at least 32
    /// characters.
    pub code_secrets_previous: Vec<Secret>,
    /// Wrong codes for one phone from one client IP within `sign_in_client_window_seconds`
    /// before that client is refused for that phone (default 5).
    pub sign_in_failures_per_client: u32,
    /// Codes sent to one phone for one client IP within `sign_in_client_window_seconds`
    /// (default 5).
    pub sign_in_sends_per_client: u32,
    /// The per-client window, seconds (default 3600).
    pub sign_in_client_window_seconds: u32,
    /// Wrong codes for one phone from all clients within `sign_in_phone_window_seconds` before
    /// the phone is refused for everyone until the window passes (default 15).
    pub sign_in_failures_per_phone: u32,
    /// Codes sent to one phone from all clients within `sign_in_phone_window_seconds`
    /// (default 10).
    pub sign_in_sends_per_phone: u32,
    /// The per-phone ceiling's window, seconds (default 900: the longest anyone else can lock a
    /// phone out).
    pub sign_in_phone_window_seconds: u32,
    // --- end of sign-in codes ---
    // --- The HTTP edge (docs/features/platform.md "Foundation": client IP, limits, shutdown) ---
    /// CIDRs of the reverse proxies in front of the host (e.g. `["127.0.0.1/32", "10.0.0.0/8"]`).
    /// Only a connection from one of them has its client IP taken from `Forwarded` (the rightmost
    /// `for=`), else `X-Forwarded-For` (the rightmost address); every other connection is its peer
    /// address. Default: none (the headers are never read).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Time a connection has to send a request's headers, milliseconds (default 10 000); then the
    /// connection is closed.
    pub header_read_timeout_ms: u64,
    /// Longest request target (path and query) accepted, bytes (default 8192); longer is a 414.
    pub max_uri_bytes: usize,
    /// After SIGTERM or SIGINT, how long `/readyz` answers 503 while the host still serves, so a
    /// load balancer stops sending, milliseconds. Default: 0 when `bind` is a loopback address
    /// (local development), else 5000.
    pub shutdown_ready_grace_ms: Option<u64>,
    /// Then, once the listener is closed, how long in-flight requests have to finish before their
    /// connections are closed, milliseconds (default 10 000).
    pub shutdown_drain_ms: u64,
    // --- Operations (docs/operations.md "Metrics and readiness", "Tracing") ---
    /// Journal sequences a tenant's search index may be behind before `/readyz` answers 503
    /// `search_lagging` (default 1000; 0: the lag never makes the host unready). A sequence is
    /// one committed import or stored quote.
    pub readiness_max_search_lag: u64,
    /// OTLP/HTTP (protobuf) endpoint the tracing spans are exported to, e.g.
    /// `http://127.0.0.1:4318/v1/traces` (the full traces URL). Unset (the default): no export.
    pub otlp_endpoint: Option<String>,
    /// `service.name` of the exported spans (default `forecourt`).
    pub otlp_service_name: String,
}

/// How the SMTP connection is secured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// Plain SMTP (a local relay).
    None,
    /// STARTTLS upgrade (port 587).
    #[default]
    Starttls,
    /// TLS from the start (port 465).
    Tls,
}

/// Where sign-in codes go (docs/features/platform.md "Sign-in and watchlist": "an SMS provider adapter").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmsProviderKind {
    /// Development sink: logged and stored in `sms_outbox`.
    #[default]
    Log,
    /// An HTTP SMS gateway at `sms_url`.
    Http,
}

impl Settings {
    /// Whether session cookies are Secure with the `__Host-` prefix: `secure_cookies`, else on
    /// unless `bind` is a loopback address.
    pub fn cookies_secure(&self) -> bool {
        self.secure_cookies.unwrap_or_else(|| !self.binds_loopback())
    }

    /// Whether `bind` is a loopback address (plain-http local development).
    fn binds_loopback(&self) -> bool {
        let host = self.bind.rsplit_once(':').map_or(self.bind.as_str(), |(h, _)| h);
        matches!(host.trim_matches(['[', ']']), "127.0.0.1" | "localhost" | "::1")
    }

    /// How long `/readyz` answers 503 before the listener closes on shutdown:
    /// `shutdown_ready_grace_ms`, else 0 on a loopback `bind` and 5 s otherwise.
    pub fn shutdown_ready_grace(&self) -> std::time::Duration {
        let ms = self.shutdown_ready_grace_ms.unwrap_or(if self.binds_loopback() { 0 } else { 5000 });
        std::time::Duration::from_millis(ms)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bind: "127.0.0.1:8080".into(),
            database_url: String::new(),
            data_dir: PathBuf::from("data"),
            tenants_dir: PathBuf::from("tenants"),
            search_backend: SearchBackendKind::Embedded,
            meili_url: None,
            meili_key: None,
            search_cache_entries: DEFAULT_SEARCH_CACHE_ENTRIES,
            search_open_indexes: DEFAULT_SEARCH_OPEN_INDEXES,
            render_cache_tenant_bytes: 64 * 1024 * 1024,
            render_cache_bytes: 256 * 1024 * 1024,
            render_cache_max_age_secs: 60,
            plugin_dir: PathBuf::from("plugins/dist"),
            ui_dist_dir: PathBuf::from("ui-shell/dist"),
            ui_plugins_dir: PathBuf::from("ui-plugins"),
            plugin_deadline_ms: 10,
            plugin_epoch_tick_ms: 10,
            plugin_memory_mib: 16,
            plugin_max_output_bytes: 1 << 20,
            plugin_breaker_failures: 5,
            admin_token: None,
            import_feeds_on_start: true,
            log_format: LogFormat::Pretty,
            max_body_bytes: 64 * 1024 * 1024,
            secure_cookies: None,
            sms_provider: SmsProviderKind::Log,
            sms_url: None,
            sms_token_env: None,
            smtp_host: None,
            smtp_port: None,
            smtp_tls: SmtpTls::Starttls,
            smtp_username: None,
            smtp_password_env: None,
            mail_from: "Forecourt Leads <leads@forecourt.invalid>".into(),
            lead_submissions_per_minute: 20,
            // Lead delivery.
            lead_delivery_concurrency: 16,
            lead_delivery_timeout_seconds: 10,
            outbound_private_networks: false,
            // Sign-in codes: keyed hash and lockout.
            code_secret: None,
            code_secret_env: None,
            code_secrets_previous: Vec::new(),
            sign_in_failures_per_client: 5,
            sign_in_sends_per_client: 5,
            sign_in_client_window_seconds: 3600,
            sign_in_failures_per_phone: 15,
            sign_in_sends_per_phone: 10,
            sign_in_phone_window_seconds: 900,
            trusted_proxies: Vec::new(),
            header_read_timeout_ms: 10_000,
            max_uri_bytes: 8192,
            shutdown_ready_grace_ms: None,
            shutdown_drain_ms: 10_000,
            readiness_max_search_lag: 1000,
            otlp_endpoint: None,
            otlp_service_name: "forecourt".into(),
        }
    }
}

/// A secret setting (the sign-in code secret): at least [`Secret::MIN_LEN`] characters, never
/// shown by `Debug`. Deserializing a shorter value fails, naming the key.
#[derive(Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// Shortest accepted secret, characters (256 bits of hex, or a long passphrase).
    pub const MIN_LEN: usize = 32;

    /// `value` as a secret, or None when it is shorter than [`Secret::MIN_LEN`] characters.
    pub fn new(value: &str) -> Option<Secret> {
        (value.chars().count() >= Self::MIN_LEN).then(|| Secret(value.to_string()))
    }

    /// The secret's bytes (UTF-8), to key a MAC.
    pub fn expose(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl<'de> Deserialize<'de> for Secret {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Secret::new(&s).ok_or_else(|| serde::de::Error::custom(format!("a secret needs at least {} characters", Secret::MIN_LEN)))
    }
}

/// Error loading settings: names the source (file or variable), the key and the reason.
#[derive(Debug, thiserror::Error)]
#[error("invalid settings: {0}")]
pub struct SettingsError(String);

impl Settings {
    /// Loads defaults, then `config_file` (if it exists), then `DATABASE_URL`, then
    /// `FORECOURT_*` variables (e.g. `FORECOURT_BIND`, `FORECOURT_ADMIN_TOKEN`).
    ///
    /// Errors name the offending key and where it came from (figment metadata).
    pub fn load(config_file: &Path) -> Result<Settings, SettingsError> {
        Self::figment(config_file)
            .extract()
            .map_err(|e| SettingsError(describe_figment_error(e)))
    }

    /// The figment the settings are extracted from (exposed for tests and `forecourt config`).
    pub fn figment(config_file: &Path) -> Figment {
        let mut fig = Figment::from(Serialized::defaults(Settings::default()));
        // An absent settings file means "all defaults"; a present one must be valid.
        if config_file.exists() {
            fig = fig.merge(Toml::file_exact(config_file));
        }
        fig.merge(Env::raw().only(&["DATABASE_URL"]).map(|_| "database_url".into()))
            .merge(Env::prefixed("FORECOURT_").filter(|k| is_setting_var(k.as_str())))
    }

    /// The database URL actually used: `database_url`, or the SQLite file under `data_dir`.
    pub fn effective_database_url(&self) -> String {
        if self.database_url.trim().is_empty() {
            format!("sqlite://{}", self.data_dir.join("forecourt.db").display())
        } else {
            self.database_url.clone()
        }
    }
}

/// `FORECOURT_CONFIG` names the file; `FORECOURT_TEST_*`, `FORECOURT_E2E_*` and
/// `FORECOURT_FAULT_*` belong to the test harnesses. Every other `FORECOURT_*` must be a setting.
fn is_setting_var(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    k != "config" && !k.starts_with("test_") && !k.starts_with("e2e_") && !k.starts_with("fault_")
}

/// Renders every error in a figment error chain as `key: reason (in source)`.
pub fn describe_figment_error(err: figment::Error) -> String {
    err.into_iter()
        .map(|e| {
            let key = if e.path.is_empty() {
                "(root)".to_string()
            } else {
                e.path.join(".")
            };
            let source = e
                .metadata
                .as_ref()
                .and_then(|m| m.source.as_ref().map(|s| s.to_string()).or(Some(m.name.to_string())))
                .unwrap_or_else(|| "defaults".into());
            format!("{source}: key `{key}`: {}", e.kind)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
#[allow(clippy::result_large_err)] // figment::Jail's closures return figment::Error
mod tests {
    use super::*;

    #[test]
    fn defaults_need_no_file() {
        figment::Jail::expect_with(|jail| {
            jail.clear_env();
            let s = Settings::load(Path::new("missing.toml")).expect("defaults");
            assert_eq!(s.bind, "127.0.0.1:8080");
            assert_eq!(s.effective_database_url(), "sqlite://data/forecourt.db");
            Ok(())
        });
    }

    #[test]
    fn env_overrides_file_and_database_url() {
        figment::Jail::expect_with(|jail| {
            jail.clear_env();
            jail.create_file("forecourt.toml", "bind = \"127.0.0.1:9000\"\nadmin_token = \"a\"")?;
            jail.set_env("FORECOURT_ADMIN_TOKEN", "from-env");
            jail.set_env("DATABASE_URL", "postgres://x@127.0.0.1/db");
            let s = Settings::load(Path::new("forecourt.toml")).expect("load");
            assert_eq!(s.bind, "127.0.0.1:9000");
            assert_eq!(s.admin_token.as_deref(), Some("from-env"));
            assert_eq!(s.effective_database_url(), "postgres://x@127.0.0.1/db");
            jail.set_env("FORECOURT_DATABASE_URL", "sqlite://other.db");
            let s = Settings::load(Path::new("forecourt.toml")).expect("load");
            assert_eq!(s.effective_database_url(), "sqlite://other.db");
            Ok(())
        });
    }

    #[test]
    fn code_secrets_are_long_hidden_and_read_from_env() {
        figment::Jail::expect_with(|jail| {
            jail.clear_env();
            jail.create_file("forecourt.toml", "code_secret = \"too short\"\n")?;
            let err = Settings::load(Path::new("forecourt.toml")).unwrap_err().to_string();
            assert!(err.contains("code_secret") && err.contains("32 characters"), "{err}");
            let long = "a code secret of at least 32 characters";
            jail.set_env("FORECOURT_CODE_SECRET", long);
            let s = Settings::load(Path::new("forecourt.toml")).expect("the env wins");
            assert_eq!(s.code_secret.as_ref().map(Secret::expose), Some(long.as_bytes()));
            assert!(!format!("{s:?}").contains(long), "Debug hides the secret");
            assert_eq!((s.sign_in_failures_per_client, s.sign_in_failures_per_phone), (5, 15));
            Ok(())
        });
    }

    #[test]
    fn edge_settings_parse_cidrs_and_name_a_bad_one() {
        figment::Jail::expect_with(|jail| {
            jail.clear_env();
            jail.create_file("forecourt.toml", "trusted_proxies = [\"127.0.0.1/32\", \"10.0.0.0/8\"]\n")?;
            let s = Settings::load(Path::new("forecourt.toml")).expect("load");
            assert_eq!(s.trusted_proxies.len(), 2);
            assert!(s.trusted_proxies[1].contains(&"10.1.2.3".parse::<std::net::IpAddr>().unwrap()));
            assert_eq!(s.shutdown_ready_grace(), std::time::Duration::ZERO, "loopback bind: no grace");
            jail.set_env("FORECOURT_BIND", "0.0.0.0:8080");
            let s = Settings::load(Path::new("forecourt.toml")).expect("load");
            assert_eq!(s.shutdown_ready_grace(), std::time::Duration::from_secs(5));
            jail.set_env("FORECOURT_TRUSTED_PROXIES", "[\"10.0.0.300/8\"]");
            let err = Settings::load(Path::new("forecourt.toml")).unwrap_err().to_string();
            assert!(err.contains("trusted_proxies"), "{err}");
            Ok(())
        });
    }

    #[test]
    fn bad_key_is_named_with_its_file() {
        figment::Jail::expect_with(|jail| {
            jail.clear_env();
            jail.create_file("forecourt.toml", "search_backend = \"elastic\"\n")?;
            let err = Settings::load(Path::new("forecourt.toml")).unwrap_err().to_string();
            assert!(err.contains("search_backend"), "{err}");
            assert!(err.contains("forecourt.toml"), "{err}");
            Ok(())
        });
    }
}
