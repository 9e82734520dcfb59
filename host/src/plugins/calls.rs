//! The one path every extension point runs through: batches within the input caps, a guarded call
//! per batch (deadline, memory cap, output cap, answer checks), the circuit breaker, the metrics,
//! and the merge of plugin answers with the host defaults into [`Decided`] answers.

use std::sync::atomic::Ordering;

use crate::{
    plugins::{
        decided::Decided,
        host::PluginHost,
        metrics::PointCounters,
        points::{
            check::check_count,
            extension::{Env, ExtensionPoint},
            point::Point,
        },
        runtime::{CallOutcome, Failure},
        tenants::EnabledPlugin,
    },
    tenant::Tenant,
};

impl PluginHost {
    /// Runs `P` for `tenant` over `items` (the WIT form of `hosts`, same order and length) at
    /// `now` (unix seconds): the plugin deciding `P::POINT` where it answers, the host default
    /// elsewhere. One answer per item, in order; never fails.
    pub(super) fn run<P: ExtensionPoint>(
        &self,
        tenant: &Tenant,
        hosts: &[P::Host],
        items: &[P::Item],
        now: i64,
    ) -> Vec<Decided<P::Answer>> {
        let (opinions, id) = self.batch::<P>(tenant.slug(), items, now);
        let env = Env { tenant, now };
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
    /// host default (no plugin, no opinion, declined, failed, breaker open). Also returns the
    /// plugin's id when one was asked.
    fn batch<P: ExtensionPoint>(&self, tenant: &str, inputs: &[P::Item], now: i64) -> (Vec<Option<P::Opinion>>, Option<String>) {
        let point = P::POINT;
        let mut out: Vec<Option<P::Opinion>> = (0..inputs.len()).map(|_| None).collect();
        let (Some(rt), Some(tp)) = (self.runtime.as_ref(), self.tenants.get(tenant)) else {
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
        ctx.now = now.max(0) as u64;
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
            if plugin.breaker_open() {
                self.count(tenant, plugin, point, |c| c.skipped += 1);
                return (out, Some(id));
            }
            let outcome = rt.call(
                &plugin.component,
                &plugin.config_json,
                |component, call| P::call(component, call, &ctx, chunk),
                |answers: Vec<P::Wit>| {
                    check_count(&answers, chunk.len())?;
                    answers.into_iter().map(P::check).collect::<Result<Vec<_>, _>>()
                },
            );
            self.record(tenant, plugin, point, &outcome);
            if let CallOutcome::Answer(values) = outcome {
                for (slot, v) in out[start..end].iter_mut().zip(values) {
                    *slot = v;
                }
            }
            start = end;
        }
        (out, Some(id))
    }

    fn count(&self, tenant: &str, plugin: &EnabledPlugin, point: Point, f: impl FnOnce(&mut PointCounters)) {
        self.metrics.count(tenant, plugin.component.id(), point, f);
    }

    fn record<T>(&self, tenant: &str, plugin: &EnabledPlugin, point: Point, outcome: &CallOutcome<T>) {
        let id = plugin.component.id();
        match outcome {
            CallOutcome::Answer(_) | CallOutcome::Declined(_) => {
                plugin.consecutive_failures.store(0, Ordering::Relaxed);
                if let CallOutcome::Declined(msg) = outcome {
                    tracing::debug!(tenant, plugin = %id, point = point.interface(), message = %msg, "plugin declined the call; host default used");
                }
                self.count(tenant, plugin, point, |c| {
                    c.calls += 1;
                    match outcome {
                        CallOutcome::Answer(_) => c.answered += 1,
                        _ => c.declined += 1,
                    }
                });
            }
            CallOutcome::Failed(f) => {
                let n = plugin.consecutive_failures.fetch_add(1, Ordering::Relaxed) + 1;
                tracing::warn!(
                    tenant,
                    plugin = %plugin.component.name,
                    version = %plugin.component.version,
                    point = point.interface(),
                    failure = f.kind(),
                    reason = %f,
                    consecutive = n,
                    "plugin failed; host default used"
                );
                self.count(tenant, plugin, point, |c| {
                    c.calls += 1;
                    match f {
                        Failure::Timeout => c.timeout += 1,
                        Failure::MemoryCap => c.memory += 1,
                        Failure::Trap(_) => c.trap += 1,
                        Failure::Oversize(_) => c.oversize += 1,
                        Failure::Invalid(_) => c.invalid += 1,
                        Failure::InitRejected(_) => c.init += 1,
                    }
                });
                let limit = self.runtime.as_ref().map_or(0, |r| r.limits().breaker_failures);
                if limit > 0 && n >= limit && !plugin.open.swap(true, Ordering::Relaxed) {
                    tracing::error!(
                        tenant,
                        plugin = %plugin.component.name,
                        version = %plugin.component.version,
                        failures = n,
                        "plugin switched off for this tenant until reload (circuit breaker)"
                    );
                }
            }
            CallOutcome::Unavailable(m) => {
                tracing::warn!(tenant, plugin = %id, point = point.interface(), reason = %m, "plugin call not run; host default used");
                self.count(tenant, plugin, point, |c| c.unavailable += 1);
            }
        }
    }
}
