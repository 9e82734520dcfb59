//! Counters per (tenant, plugin, point): [`PointCounters`], the rows [`PluginMetric`] and the
//! store [`Metrics`].

use std::{collections::BTreeMap, sync::Mutex};

use serde::Serialize;
use utoipa::ToSchema;

use crate::plugins::points::point::Point;

/// Counters of one (tenant, plugin, point).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct PointCounters {
    /// Calls made.
    pub calls: u64,
    /// Calls whose answer was used.
    pub answered: u64,
    /// Calls the plugin declined (`err(message)`).
    pub declined: u64,
    /// Calls cut by the deadline.
    pub timeout: u64,
    /// Calls that hit the memory cap.
    pub memory: u64,
    /// Other traps (panics).
    pub trap: u64,
    /// Answers over the output cap.
    pub oversize: u64,
    /// Wrong-shaped or out-of-range answers.
    pub invalid: u64,
    /// `init` failures at call time.
    pub init: u64,
    /// Calls skipped because the circuit breaker was open.
    pub skipped: u64,
    /// Calls the host could not run (instance pool full).
    pub unavailable: u64,
}

impl PointCounters {
    /// All failures (timeout, memory, trap, oversize, invalid, init).
    pub fn failures(&self) -> u64 {
        self.timeout + self.memory + self.trap + self.oversize + self.invalid + self.init
    }
}

/// One metrics row.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PluginMetric {
    /// Tenant slug.
    pub tenant: String,
    /// Plugin `name@version`.
    pub plugin: String,
    /// The point.
    pub point: Point,
    /// Its counters.
    pub counters: PointCounters,
    /// Whether the circuit breaker has switched the plugin off for the tenant.
    pub breaker_open: bool,
}

/// Key of a counter row: tenant slug, plugin `name@version`, point.
pub type MetricKey = (String, String, Point);

/// The counters of every (tenant, plugin, point) that was called, behind a lock.
#[derive(Default)]
pub struct Metrics(Mutex<BTreeMap<MetricKey, PointCounters>>);

impl Metrics {
    /// Applies `f` to the counters of (`tenant`, `plugin` id, `point`), creating them at zero.
    pub fn count(&self, tenant: &str, plugin: String, point: Point, f: impl FnOnce(&mut PointCounters)) {
        let mut m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(m.entry((tenant.to_string(), plugin, point)).or_default());
    }

    /// Every row so far, in (tenant, plugin, point) order.
    pub fn snapshot(&self) -> Vec<(MetricKey, PointCounters)> {
        let m = self.0.lock().unwrap_or_else(|e| e.into_inner());
        m.iter().map(|(k, c)| (k.clone(), c.clone())).collect()
    }
}
