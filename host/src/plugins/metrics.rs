//! Counters per (tenant, plugin, point): [`PointCounters`], the rows [`PluginMetric`] (served at
//! `GET /api/v1/admin/plugins` and by `forecourt plugins status`) and the store [`Metrics`],
//! which also feeds the Prometheus series of `crate::metrics` (`GET /metrics`).

use std::{
    collections::{BTreeMap, VecDeque},
    sync::Mutex,
};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::plugins::{breaker::BreakerState, points::point::Point};

/// Counters of one (tenant, plugin, point).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PointCounters {
    /// Calls made.
    pub calls: u64,
    /// Calls whose answer was used.
    pub answered: u64,
    /// Calls the plugin declined (`err(message)`).
    pub declined: u64,
    /// Calls cut by the wall-clock deadline (the backstop; not counted by the breaker).
    pub timeout: u64,
    /// Calls that used up their fuel (the per-call instruction budget).
    pub fuel: u64,
    /// Calls that hit the memory cap.
    pub memory: u64,
    /// Other traps (panics).
    pub trap: u64,
    /// Answers over the output cap (measured in guest memory, never copied).
    pub oversize: u64,
    /// Wrong-shaped or out-of-range answers.
    pub invalid: u64,
    /// `init` failures at call time.
    pub init: u64,
    /// Partner calls that had an outbound request refused (an origin not granted, over
    /// `max_requests`).
    pub refused: u64,
    /// Calls skipped because the circuit breaker was open.
    pub skipped: u64,
    /// Calls skipped or cut because the request's plugin fuel budget was spent.
    pub budget: u64,
    /// Calls the host could not run (instance pool full).
    pub unavailable: u64,
    /// Fuel units used by all calls.
    pub fuel_used: u64,
}

impl PointCounters {
    /// All failures (timeout, fuel, memory, trap, oversize, invalid, init, refused).
    pub fn failures(&self) -> u64 {
        self.timeout + self.fuel + self.memory + self.trap + self.oversize + self.invalid + self.init + self.refused
    }
}

/// One metrics row.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PluginMetric {
    /// Tenant slug.
    pub tenant: String,
    /// Plugin `name@version`.
    pub plugin: String,
    /// The point.
    pub point: Point,
    /// Its counters.
    pub counters: PointCounters,
    /// Median wall-clock time of the last (up to) 1,024 calls, microseconds.
    pub p50_us: u64,
    /// 99th percentile of the same, microseconds.
    pub p99_us: u64,
    /// The point's circuit breaker.
    pub breaker: BreakerState,
    /// Whether the breaker is open or half-open (the point is skipped).
    pub breaker_open: bool,
}

/// The limits every plugin call runs under, as `GET /api/v1/admin/plugins` shows them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LimitsView {
    /// Fuel units per call, `init` included.
    pub fuel_per_call: u64,
    /// Fuel units per request, across every point of a page.
    pub request_fuel: u64,
    /// Wall-clock deadline per call (the backstop), milliseconds.
    pub deadline_ms: u64,
    /// Linear memory per instance, bytes.
    pub memory_bytes: usize,
    /// Largest answer per call, bytes (measured in guest memory before copying).
    pub max_output_bytes: usize,
    /// Consecutive failures that open a point's breaker (0: never).
    pub breaker_failures: u32,
    /// Cool-down of an open breaker before its half-open trial, milliseconds.
    pub breaker_cooldown_ms: u64,
}

/// What `GET /api/v1/admin/plugins` answers: the limits (none when plugins are disabled) and
/// one row per (tenant, plugin, point) called since start.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PluginsStatus {
    /// The limits; null when the host runs without a plugin runtime.
    pub limits: Option<LimitsView>,
    /// The rows, in (tenant, plugin, point) order.
    pub plugins: Vec<PluginMetric>,
}

/// Key of a counter row: tenant slug, plugin `name@version`, point.
pub type MetricKey = (String, String, Point);

/// Call times kept per row for the percentiles.
const TIMES: usize = 1024;

/// Counters and recent call times of one row.
#[derive(Default)]
pub struct Row {
    /// The counters.
    pub counters: PointCounters,
    times: VecDeque<u64>,
}

impl Row {
    /// `(p50, p99)` of the recent call times, microseconds (0 with no calls).
    pub fn percentiles(&self) -> (u64, u64) {
        if self.times.is_empty() {
            return (0, 0);
        }
        let mut t: Vec<u64> = self.times.iter().copied().collect();
        t.sort_unstable();
        let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
        (at(0.5), at(0.99))
    }
}

/// The counters of every (tenant, plugin, point) that was called, behind a lock.
#[derive(Default)]
pub struct Metrics(Mutex<BTreeMap<MetricKey, Row>>);

impl Metrics {
    /// Applies `f` to the counters of (`tenant`, `plugin` id, `point`), creating them at zero.
    pub fn count(&self, tenant: &str, plugin: String, point: Point, f: impl FnOnce(&mut PointCounters)) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut m.entry((tenant.to_string(), plugin, point)).or_default().counters);
    }

    /// Records one call's time (microseconds) and fuel units for (`tenant`, `plugin`, `point`),
    /// here and in the Prometheus series.
    pub fn time(&self, tenant: &str, plugin: &str, point: Point, micros: u64, fuel: u64) {
        {
            let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
            let row = m.entry((tenant.to_string(), plugin.to_string(), point)).or_default();
            row.counters.fuel_used += fuel;
            if row.times.len() == TIMES {
                row.times.pop_front();
            }
            row.times.push_back(micros);
        }
        let s = crate::metrics::plugin_series();
        let labels = [tenant, plugin, point.interface()];
        s.call_seconds.with_label_values(&labels).observe(micros as f64 / 1e6);
        s.fuel.with_label_values(&labels).inc_by(fuel);
    }

    /// Every row so far, in (tenant, plugin, point) order: counters and `(p50, p99)` in
    /// microseconds.
    pub fn snapshot(&self) -> Vec<(MetricKey, PointCounters, (u64, u64))> {
        let m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        m.iter().map(|(k, r)| (k.clone(), r.counters.clone(), r.percentiles())).collect()
    }
}

impl PluginsStatus {
    /// The status as a text table for `forecourt plugins status`: the limits, then one line per
    /// (tenant, plugin, point) with calls, answered, failures by kind (only the non-zero ones),
    /// skipped, fuel used, p50/p99 (ms) and the breaker.
    pub fn table(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        match &self.limits {
            Some(l) => {
                let _ = writeln!(
                    out,
                    "limits: fuel {} per call, {} per request; deadline {} ms; memory {} MiB; answer {} KiB; breaker after {} failures, cool-down {} s",
                    l.fuel_per_call,
                    l.request_fuel,
                    l.deadline_ms,
                    l.memory_bytes >> 20,
                    l.max_output_bytes >> 10,
                    l.breaker_failures,
                    l.breaker_cooldown_ms / 1000
                );
            }
            None => out.push_str("plugins are disabled on this host\n"),
        }
        let _ = writeln!(
            out,
            "{:<27} {:<34} {:<18} {:>7} {:>8} {:<28} {:>7} {:>12} {:>8} {:>8} breaker",
            "tenant", "plugin", "point", "calls", "answered", "failures", "skipped", "fuel", "p50 ms", "p99 ms"
        );
        for r in &self.plugins {
            let c = &r.counters;
            let kinds = [
                ("timeout", c.timeout),
                ("fuel", c.fuel),
                ("memory", c.memory),
                ("trap", c.trap),
                ("oversize", c.oversize),
                ("invalid", c.invalid),
                ("init", c.init),
                ("refused", c.refused),
            ];
            let failures: Vec<String> = kinds.iter().filter(|(_, n)| *n > 0).map(|(k, n)| format!("{k}={n}")).collect();
            let _ = writeln!(
                out,
                "{:<27} {:<34} {:<18} {:>7} {:>8} {:<28} {:>7} {:>12} {:>8.2} {:>8.2} {:?}",
                r.tenant,
                r.plugin,
                r.point.interface(),
                c.calls,
                c.answered,
                if failures.is_empty() { "-".to_string() } else { failures.join(",") },
                c.skipped + c.budget + c.unavailable,
                c.fuel_used,
                r.p50_us as f64 / 1000.0,
                r.p99_us as f64 / 1000.0,
                r.breaker
            );
        }
        out
    }
}
