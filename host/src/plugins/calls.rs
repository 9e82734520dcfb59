//! The one path every extension point runs through: batches within the input caps, a guarded call
//! per batch (fuel, deadline, memory cap, output cap measured before copying, answer checks),
//! the request's fuel budget, the circuit breaker of the (tenant, plugin, point), the metrics,
//! and the merge of plugin answers with the host defaults into [`Decided`] answers.

use crate::{
    plugins::{
        breaker::{Admit, Budget},
        decided::Decided,
        host::PluginHost,
        metrics::PointCounters,
        points::{
            check::check_count,
            extension::{Env, ExtensionPoint},
            point::Point,
        },
        runtime::{CallOutcome, CallStats, Failure},
        tenants::{EnabledPlugin, TenantPlugins},
    },
    tenant::Tenant,
};

impl PluginHost {
    /// Runs `P` for `tenant` over `items` (the WIT form of `hosts`, same order and length) at
    /// `now` (unix seconds), spending from the request's `budget`: the plugin deciding
    /// `P::POINT` where it answers, the host default elsewhere. One answer per item, in order;
    /// never fails.
    pub(super) fn run<P: ExtensionPoint>(
        &self,
        tenant: &Tenant,
        hosts: &[P::Host],
        items: &[P::Item],
        now: i64,
        budget: &Budget,
    ) -> Vec<Decided<P::Answer>> {
        let tp = self.plugins_of(tenant);
        let image_hosts = tp
            .as_deref()
            .and_then(|tp| tp.for_point(P::POINT))
            .map_or(&[][..], |p| p.image_hosts.as_slice());
        let env = Env { tenant, now, image_hosts };
        let (opinions, id) = self.batch::<P>(&env, tp.as_deref(), items, budget);
        hosts
            .iter()
            .zip(items)
            .zip(opinions)
            .map(|((host, item), opinion)| {
                let (value, by_plugin) = P::decide(&env, host, item, opinion);
                match (&id, by_plugin) {
                    (Some(id), true) => Decided {
                        value,
                        decided_by: id.clone(),
                    },
                    _ => Decided::host(value),
                }
            })
            .collect()
    }

    /// Runs `P` of the tenant's plugin over `inputs` in batches (at most
    /// [`PluginLimits::max_batch`](crate::plugins::runtime::PluginLimits::max_batch) items and
    /// `max_input_bytes` per call). Per item: `Some(opinion)` from the plugin, or `None` for the
    /// host default (no plugin, no opinion, declined, failed, breaker open, budget spent). Also
    /// returns the plugin's id when one was asked.
    fn batch<P: ExtensionPoint>(
        &self,
        env: &Env<'_>,
        tp: Option<&TenantPlugins>,
        inputs: &[P::Item],
        budget: &Budget,
    ) -> (Vec<Option<P::Opinion>>, Option<String>) {
        let point = P::POINT;
        let tenant = env.tenant.slug();
        let mut out: Vec<Option<P::Opinion>> = (0..inputs.len()).map(|_| None).collect();
        let (Some(rt), Some(tp)) = (self.runtime.as_ref(), tp) else {
            return (out, None);
        };
        let Some(plugin) = tp.for_point(point) else {
            return (out, None);
        };
        let id = plugin.component.id();
        if inputs.is_empty() {
            return (out, Some(id));
        }
        let mut ctx = tp.ctx.clone();
        ctx.now = env.now.max(0) as u64;
        let limits = rt.limits();
        let mut start = 0;
        while start < inputs.len() {
            let mut end = start;
            let mut bytes = 0;
            while end < inputs.len() && end - start < limits.max_batch.max(1) {
                let sz = P::item_size(&inputs[end]);
                if end > start && bytes + sz > limits.max_input_bytes {
                    break;
                }
                bytes += sz;
                end += 1;
            }
            let chunk = &inputs[start..end];
            if bytes > limits.max_input_bytes {
                // A single item over the input cap: the host default for it, no call.
                tracing::warn!(tenant, plugin = %id, point = point.interface(), bytes, "input item over the plugin input cap; host default used");
                start = end;
                continue;
            }
            let fuel = budget.left().min(limits.fuel_per_call);
            if fuel == 0 {
                self.skip(tenant, plugin, point, "budget", |c| c.budget += 1);
                return (out, Some(id));
            }
            let admit = tp.breaker(point).admit(self.clock.now_ms(), limits.breaker_cooldown);
            if admit == Admit::Skip {
                self.skip(tenant, plugin, point, "breaker", |c| c.skipped += 1);
                return (out, Some(id));
            }
            let (outcome, stats) = rt.call(
                &plugin.component,
                &plugin.config_json,
                fuel,
                |component, call| P::call(component, call, &ctx, chunk),
                |answers: Vec<P::Wit>| {
                    check_count(&answers, chunk.len())?;
                    answers.into_iter().map(|a| P::check(env, a)).collect::<Result<Vec<_>, _>>()
                },
            );
            budget.spend(stats.fuel);
            if matches!(outcome, CallOutcome::Failed(Failure::Fuel)) && fuel < limits.fuel_per_call {
                // Cut by what was left of the request's budget, not by the plugin's own limit:
                // not the plugin's failure; the rest of the request uses host defaults.
                budget.exhaust();
                tp.breaker(point).neutral();
                self.metrics.time(tenant, &id, point, stats.micros, stats.fuel);
                self.skip(tenant, plugin, point, "budget", |c| c.budget += 1);
                return (out, Some(id));
            }
            self.record(tp, plugin, tenant, point, &outcome, stats);
            if let CallOutcome::Answer(values) = outcome {
                for (slot, v) in out[start..end].iter_mut().zip(values) {
                    *slot = v;
                }
            }
            start = end;
        }
        (out, Some(id))
    }

    pub(super) fn skip(&self, tenant: &str, plugin: &EnabledPlugin, point: Point, reason: &str, f: impl FnOnce(&mut PointCounters)) {
        let id = plugin.component.id();
        crate::metrics::plugin_series()
            .skipped
            .with_label_values(&[tenant, id.as_str(), point.interface(), reason])
            .inc();
        self.metrics.count(tenant, id, point, f);
    }

    pub(super) fn record<T>(
        &self,
        tp: &TenantPlugins,
        plugin: &EnabledPlugin,
        tenant: &str,
        point: Point,
        outcome: &CallOutcome<T>,
        stats: CallStats,
    ) {
        let id = plugin.component.id();
        let series = crate::metrics::plugin_series();
        let labels = [tenant, id.as_str(), point.interface()];
        let breaker = tp.breaker(point);
        if let CallOutcome::Unavailable(m) = outcome {
            tracing::warn!(tenant, plugin = %id, point = point.interface(), reason = %m, "plugin call not run; host default used");
            series
                .skipped
                .with_label_values(&[tenant, id.as_str(), point.interface(), "unavailable"])
                .inc();
            self.metrics.count(tenant, id.clone(), point, |c| c.unavailable += 1);
            breaker.neutral();
            self.metrics.time(tenant, &id, point, stats.micros, stats.fuel);
            series.breaker.with_label_values(&labels).set(breaker.state().code());
            return;
        }
        series.calls.with_label_values(&labels).inc();
        self.metrics.time(tenant, &id, point, stats.micros, stats.fuel);
        match outcome {
            CallOutcome::Answer(_) | CallOutcome::Declined(_) => {
                breaker.success();
                if let CallOutcome::Declined(msg) = outcome {
                    tracing::debug!(tenant, plugin = %id, point = point.interface(), message = %msg, "plugin declined the call; host default used");
                }
                self.metrics.count(tenant, id.clone(), point, |c| {
                    c.calls += 1;
                    match outcome {
                        CallOutcome::Answer(_) => c.answered += 1,
                        _ => c.declined += 1,
                    }
                });
            }
            CallOutcome::Failed(f) => {
                series
                    .failures
                    .with_label_values(&[tenant, id.as_str(), point.interface(), f.kind()])
                    .inc();
                self.metrics.count(tenant, id.clone(), point, |c| {
                    c.calls += 1;
                    match f {
                        Failure::Timeout => c.timeout += 1,
                        Failure::Fuel => c.fuel += 1,
                        Failure::MemoryCap => c.memory += 1,
                        Failure::Trap(_) => c.trap += 1,
                        Failure::Oversize(_) => c.oversize += 1,
                        Failure::Invalid(_) => c.invalid += 1,
                        Failure::InitRejected(_) | Failure::InitMemory(..) => c.init += 1,
                        Failure::Refused(_) => c.refused += 1,
                    }
                });
                // A timeout with fuel left may mean the host was too busy to run the call in
                // time: only a run of them counts against the plugin (breaker.rs).
                let threshold = self.runtime.as_ref().map_or(0, |r| r.limits().breaker_failures);
                let opened = if *f == Failure::Timeout {
                    breaker.timeout(self.clock.now_ms(), threshold)
                } else {
                    breaker.failure(self.clock.now_ms(), threshold)
                };
                tracing::warn!(
                    tenant,
                    plugin = %plugin.component.name,
                    version = %plugin.component.version,
                    point = point.interface(),
                    failure = f.kind(),
                    reason = %f,
                    recent_failures = breaker.recent_failures(),
                    timeouts = breaker.timeouts(),
                    fuel = stats.fuel,
                    "plugin failed; host default used"
                );
                if opened {
                    tracing::error!(
                        tenant,
                        plugin = %plugin.component.name,
                        version = %plugin.component.version,
                        point = point.interface(),
                        failures = breaker.recent_failures(),
                        timeouts = breaker.timeouts(),
                        "circuit breaker opened: this point uses host defaults until its cool-down, then one trial call"
                    );
                }
            }
            CallOutcome::Unavailable(_) => {}
        }
        series.breaker.with_label_values(&labels).set(breaker.state().code());
    }
}
