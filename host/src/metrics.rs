//! The process's Prometheus registry ([`registry`]), served as text at `GET /metrics` (admin
//! token) by [`render`]. Any part of the host adds its series by registering them here once
//! (a `LazyLock` beside its code, as [`plugin_series`] does); the plugin series are:
//!
//! | series | type | labels |
//! |---|---|---|
//! | `forecourt_plugin_calls_total` | counter | tenant, plugin, point |
//! | `forecourt_plugin_failures_total` | counter | tenant, plugin, point, kind (`timeout`, `fuel`, `memory`, `trap`, `oversize`, `invalid`, `init`, `refused`) |
//! | `forecourt_plugin_skipped_total` | counter | tenant, plugin, point, reason (`breaker`, `budget`, `unavailable`) |
//! | `forecourt_plugin_fuel_used_total` | counter | tenant, plugin, point |
//! | `forecourt_plugin_call_seconds` | histogram | tenant, plugin, point |
//! | `forecourt_plugin_breaker_state` | gauge (0 closed, 1 open, 2 half-open) | tenant, plugin, point |
//! | `forecourt_plugin_outbound_requests_total` | counter | tenant, plugin, outcome (`answered`, `denied`, `over_budget`, `timeout`, `capped`, `failed`) |
//!
//! The HTTP edge's and the caches' series ([`http_series`], [`cache_series`]), counted as
//! requests are answered:
//!
//! | series | type | labels |
//! |---|---|---|
//! | `forecourt_http_requests_total` | counter | tenant (`""` for an unknown host or a host-wide route), kind (`document`, `api`, `asset`, `feed`, `admin`, `health`), status (`2xx`, `3xx`, `4xx`, `5xx`) |
//! | `forecourt_http_request_duration_seconds` | histogram | tenant, kind |
//! | `forecourt_cache_hits_total` | counter | cache (`search_results`, `listings_feed`, `rendered`), tenant |
//! | `forecourt_cache_misses_total` | counter | cache, tenant |
//! | `forecourt_cache_bytes` | gauge (set at each scrape) | cache (`rendered`), tenant |
//!
//! And the gauges set at each scrape from storage and the indexer ([`ops_gauges`], set by
//! `operations::refresh_gauges` just before [`render`]):
//!
//! | series | type | labels |
//! |---|---|---|
//! | `forecourt_lead_outbox_pending` | gauge | tenant |
//! | `forecourt_lead_outbox_oldest_pending_age_seconds` | gauge (0 when nothing is pending) | tenant |
//! | `forecourt_lead_outbox_dead` | gauge | tenant |
//! | `forecourt_search_index_lag` | gauge (journal sequences not yet applied) | tenant |
//! | `forecourt_search_journal_head` | gauge (the tenant's last journal sequence) | tenant |

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
    // Every host series is listed from the first scrape on (a vector with no labels yet shows
    // its HELP and TYPE only).
    let _ = (http_series(), cache_series(), ops_gauges());
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
    /// Partner integrations' outbound requests by outcome (tenant, plugin, outcome).
    pub outbound: IntCounterVec,
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
        outbound: register(
            IntCounterVec::new(
                Opts::new(
                    "forecourt_plugin_outbound_requests_total",
                    "Outbound HTTP requests of partner-integration plugins, by outcome",
                ),
                &["tenant", "plugin", "outcome"],
            )
            .expect("valid counter"),
        ),
    }
});

/// The plugin series, registered on first use.
pub fn plugin_series() -> &'static PluginSeries {
    &PLUGIN_SERIES
}

/// The HTTP edge's series (see the module's table).
pub struct HttpSeries {
    /// Answers by tenant, route kind and status class.
    pub requests: IntCounterVec,
    /// Time from the request's arrival to its answer's head, seconds, by tenant and route kind.
    pub duration: HistogramVec,
}

static HTTP_SERIES: LazyLock<HttpSeries> = LazyLock::new(|| HttpSeries {
    requests: register(
        IntCounterVec::new(
            Opts::new(
                "forecourt_http_requests_total",
                "HTTP requests answered, by tenant, route kind and status class",
            ),
            &["tenant", "kind", "status"],
        )
        .expect("valid counter"),
    ),
    duration: register(
        HistogramVec::new(
            HistogramOpts::new(
                "forecourt_http_request_duration_seconds",
                "Time from a request's arrival to its answer's head, seconds",
            )
            .buckets(vec![0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0]),
            &["tenant", "kind"],
        )
        .expect("valid histogram"),
    ),
});

/// The HTTP series, registered on first use.
pub fn http_series() -> &'static HttpSeries {
    &HTTP_SERIES
}

/// Hits and misses of the host's in-process caches (see the module's table).
pub struct CacheSeries {
    /// Lookups answered from the cache, by cache and tenant.
    pub hits: IntCounterVec,
    /// Lookups that had to compute the answer, by cache and tenant.
    pub misses: IntCounterVec,
    /// Bytes a cache holds, by cache and tenant (the rendered-response cache's, set at each
    /// scrape by `GET /metrics`).
    pub bytes: IntGaugeVec,
}

impl CacheSeries {
    /// Counts one lookup of `cache` (`search_results`, `listings_feed`, `rendered`) for `tenant`: a hit when
    /// `hit`, else a miss.
    pub fn record(&self, cache: &str, tenant: &str, hit: bool) {
        let series = if hit { &self.hits } else { &self.misses };
        series.with_label_values(&[cache, tenant]).inc();
    }
}

static CACHE_SERIES: LazyLock<CacheSeries> = LazyLock::new(|| CacheSeries {
    hits: register(
        IntCounterVec::new(
            Opts::new("forecourt_cache_hits_total", "Cache lookups answered from the cache"),
            &["cache", "tenant"],
        )
        .expect("valid counter"),
    ),
    misses: register(
        IntCounterVec::new(
            Opts::new("forecourt_cache_misses_total", "Cache lookups that computed the answer"),
            &["cache", "tenant"],
        )
        .expect("valid counter"),
    ),
    bytes: register(
        IntGaugeVec::new(Opts::new("forecourt_cache_bytes", "Bytes held by a cache"), &["cache", "tenant"]).expect("valid gauge"),
    ),
});

/// The cache series, registered on first use.
pub fn cache_series() -> &'static CacheSeries {
    &CACHE_SERIES
}

/// The gauges computed at scrape time from storage and the indexer (see the module's table).
pub struct OpsGauges {
    /// Lead deliveries pending (not yet delivered, not dead), per tenant.
    pub outbox_pending: IntGaugeVec,
    /// Age of the oldest pending delivery, seconds (its lead's creation to now), per tenant.
    pub outbox_oldest_age: IntGaugeVec,
    /// Dead-lettered deliveries, per tenant.
    pub outbox_dead: IntGaugeVec,
    /// Journal sequences the search index has not applied yet, per tenant.
    pub search_lag: IntGaugeVec,
    /// The tenant's last journal sequence.
    pub journal_head: IntGaugeVec,
}

static OPS_GAUGES: LazyLock<OpsGauges> = LazyLock::new(|| {
    let gauge = |name: &str, help: &str| register(IntGaugeVec::new(Opts::new(name, help), &["tenant"]).expect("valid gauge"));
    OpsGauges {
        outbox_pending: gauge("forecourt_lead_outbox_pending", "Lead deliveries pending (read at scrape time)"),
        outbox_oldest_age: gauge(
            "forecourt_lead_outbox_oldest_pending_age_seconds",
            "Age of the oldest pending lead delivery, seconds (0 when none is pending)",
        ),
        outbox_dead: gauge("forecourt_lead_outbox_dead", "Lead deliveries dead-lettered"),
        search_lag: gauge(
            "forecourt_search_index_lag",
            "Journal sequences the search index has not applied yet",
        ),
        journal_head: gauge("forecourt_search_journal_head", "The tenant's last search journal sequence"),
    }
});

/// The scrape-time gauges, registered on first use.
pub fn ops_gauges() -> &'static OpsGauges {
    &OPS_GAUGES
}
