//! The process's Prometheus registry ([`registry`]), served as text at `GET /metrics` (admin
//! token) by [`render`]. Any part of the host adds its series by registering them here once
//! (a `LazyLock` beside its code, as [`plugin_series`] does); the plugin series are:
//!
//! | series | type | labels |
//! |---|---|---|
//! | `forecourt_plugin_calls_total` | counter | tenant, plugin, point |
//! | `forecourt_plugin_failures_total` | counter | tenant, plugin, point, kind (`timeout`, `fuel`, `memory`, `trap`, `oversize`, `invalid`, `init`) |
//! | `forecourt_plugin_skipped_total` | counter | tenant, plugin, point, reason (`breaker`, `budget`, `unavailable`) |
//! | `forecourt_plugin_fuel_used_total` | counter | tenant, plugin, point |
//! | `forecourt_plugin_call_seconds` | histogram | tenant, plugin, point |
//! | `forecourt_plugin_breaker_state` | gauge (0 closed, 1 open, 2 half-open) | tenant, plugin, point |

use std::sync::LazyLock;

use prometheus::{Encoder, HistogramOpts, HistogramVec, IntCounterVec, IntGaugeVec, Opts, Registry, TextEncoder};

static REGISTRY: LazyLock<Registry> = LazyLock::new(Registry::new);

/// The process-wide registry every series is registered in.
pub fn registry() -> &'static Registry {
    &REGISTRY
}

/// Every registered series in the Prometheus text format (version 0.0.4), with its content
/// type. Errors only if a series cannot be encoded (never for the series registered here).
pub fn render() -> Result<(String, String), prometheus::Error> {
    let encoder = TextEncoder::new();
    let mut out = Vec::new();
    encoder.encode(&registry().gather(), &mut out)?;
    Ok((encoder.format_type().to_string(), String::from_utf8_lossy(&out).into_owned()))
}

/// The plugin runtime's series (see the module's table).
pub struct PluginSeries {
    /// Calls made.
    pub calls: IntCounterVec,
    /// Failed calls by kind.
    pub failures: IntCounterVec,
    /// Calls not made (or cut) by reason.
    pub skipped: IntCounterVec,
    /// Fuel units used.
    pub fuel: IntCounterVec,
    /// Wall-clock time per call, seconds.
    pub call_seconds: HistogramVec,
    /// Breaker state per point.
    pub breaker: IntGaugeVec,
}

fn register<T: prometheus::core::Collector + Clone + 'static>(c: T) -> T {
    // A second registration (two series of one name) is a programming error caught by tests;
    // the series still counts, it is only not exported twice.
    if let Err(e) = registry().register(Box::new(c.clone())) {
        tracing::warn!(error = %e, "metric series not registered");
    }
    c
}

static PLUGIN_SERIES: LazyLock<PluginSeries> = LazyLock::new(|| {
    let labels = ["tenant", "plugin", "point"];
    let counter = |name: &str, help: &str, extra: &[&str]| {
        let all: Vec<&str> = labels.iter().chain(extra).copied().collect();
        register(IntCounterVec::new(Opts::new(name, help), &all).expect("valid counter"))
    };
    PluginSeries {
        calls: counter("forecourt_plugin_calls_total", "Plugin calls made", &[]),
        failures: counter("forecourt_plugin_failures_total", "Plugin calls that failed, by kind", &["kind"]),
        skipped: counter(
            "forecourt_plugin_skipped_total",
            "Plugin calls not made or cut (breaker open, request budget spent, pool full)",
            &["reason"],
        ),
        fuel: counter("forecourt_plugin_fuel_used_total", "Fuel units used by plugin calls", &[]),
        call_seconds: register(
            HistogramVec::new(
                HistogramOpts::new("forecourt_plugin_call_seconds", "Wall-clock time per plugin call, seconds")
                    .buckets(vec![0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1]),
                &labels,
            )
            .expect("valid histogram"),
        ),
        breaker: register(
            IntGaugeVec::new(
                Opts::new("forecourt_plugin_breaker_state", "Circuit breaker: 0 closed, 1 open, 2 half-open"),
                &labels,
            )
            .expect("valid gauge"),
        ),
    }
});

/// The plugin series, registered on first use.
pub fn plugin_series() -> &'static PluginSeries {
    &PLUGIN_SERIES
}
