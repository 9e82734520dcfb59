//! Structured logs with tracing: pretty or JSON lines, filtered by `RUST_LOG`
//! (default `info,sqlx=warn`).

use tracing_subscriber::{EnvFilter, fmt, prelude::*};

use crate::config::LogFormat;

/// Installs the global subscriber once; later calls do nothing.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let registry = tracing_subscriber::registry().with(filter);
    let _ = match format {
        LogFormat::Json => registry
            .with(fmt::layer().json().with_current_span(true).with_writer(std::io::stderr))
            .try_init(),
        LogFormat::Pretty => registry.with(fmt::layer().with_writer(std::io::stderr)).try_init(),
    };
}
