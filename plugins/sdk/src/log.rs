//! Log lines from a partner integration, over `wasi:logging/logging@0.1.0-draft`: the host writes
//! them into its log with the tenant and plugin named, when the tenant grants
//! `[plugins.capabilities] logging = true`. A component that calls none of these imports nothing
//! for logging.
//!
//! ```
//! forecourt_plugin_sdk::log::info("lender-broker", "quote 200");
//! ```
//!
//! Natively (`cargo test`) the lines go to standard error (`[info lender-broker] quote 200`), which
//! the test harness captures. Never log secrets or a shopper's personal details.

/// A log level (the `wasi:logging` levels).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Values of variables and the flow of control.
    Trace,
    /// Of interest to someone debugging.
    Debug,
    /// Of interest to someone monitoring.
    Info,
    /// A hazardous situation.
    Warn,
    /// A serious error.
    Error,
    /// A fatal error.
    Critical,
}

impl Level {
    /// The level as wasi:logging names it (`info`).
    pub fn as_str(&self) -> &'static str {
        match self {
            Level::Trace => "trace",
            Level::Debug => "debug",
            Level::Info => "info",
            Level::Warn => "warn",
            Level::Error => "error",
            Level::Critical => "critical",
        }
    }
}

/// Logs `message` at `level`, grouped under `context` (for example the plugin's name).
pub fn log(level: Level, context: &str, message: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        use crate::wit::capabilities::wasi::logging::logging::{self as wasi, Level as L};
        let l = match level {
            Level::Trace => L::Trace,
            Level::Debug => L::Debug,
            Level::Info => L::Info,
            Level::Warn => L::Warn,
            Level::Error => L::Error,
            Level::Critical => L::Critical,
        };
        wasi::log(l, context, message);
    }
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("[{} {context}] {message}", level.as_str());
}

/// [`log`] at [`Level::Trace`].
pub fn trace(context: &str, message: &str) {
    log(Level::Trace, context, message)
}

/// [`log`] at [`Level::Debug`].
pub fn debug(context: &str, message: &str) {
    log(Level::Debug, context, message)
}

/// [`log`] at [`Level::Info`].
pub fn info(context: &str, message: &str) {
    log(Level::Info, context, message)
}

/// [`log`] at [`Level::Warn`].
pub fn warn(context: &str, message: &str) {
    log(Level::Warn, context, message)
}

/// [`log`] at [`Level::Error`].
pub fn error(context: &str, message: &str) {
    log(Level::Error, context, message)
}
