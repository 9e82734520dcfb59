//! [`PluginHost`]'s partner calls (WIT `forecourt:platform@0.2.0`): the lender's quote and
//! create-customer (`lender-integration`) and the registration lookup (`rego-lookup`), each through
//! the plugin that implements the point for the tenant, under the point's circuit breaker and
//! counts, with the plugin's answer checked before the host uses it.

use crate::{
    plugins::{
        breaker::Admit,
        host::PluginHost,
        partner::{CallFuture, PartnerComponent, PartnerState},
        points::point::Point,
        runtime::{CallOutcome, Failure},
        since_v0_2_0::{
            PartnerError,
            lender_integration::{FinanceApplication, LenderQuote, QuoteRequest},
            rego_lookup::{RegisteredVehicle, Registration},
        },
    },
    tenant::is_service_url,
};

use wasmtime::{Store, component::Instance};

/// What a partner call came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Partner<T> {
    /// No plugin implements the point for the tenant, or it answered `not-offered`: the host
    /// does what it does without a partner.
    NotOffered,
    /// The partner's checked answer, and the plugin that gave it (`name@version`).
    Answer {
        /// The answer.
        value: T,
        /// The plugin's `name@version`.
        decided_by: String,
    },
    /// The partner does not know the record (`not-found`).
    NotFound {
        /// The plugin's `name@version`.
        decided_by: String,
    },
    /// No usable answer: the partner was unavailable or refused, the plugin failed (trap, fuel,
    /// memory, time, a refused request, an invalid answer) or its breaker is open. The reason is
    /// for the log; the shopper gets the spec's message.
    Failed {
        /// The plugin's `name@version`.
        decided_by: String,
        /// Why, for the log.
        reason: String,
    },
}

/// A plugin's answer checked: the host's value, or the failure it counts as.
type Checked<T> = Result<T, Failure>;

/// Bytes of the strings in an answer, measured against the output cap.
fn text_bytes<'a>(texts: impl IntoIterator<Item = Option<&'a String>>) -> usize {
    texts.into_iter().flatten().map(String::len).sum()
}

fn check_quote(q: LenderQuote, cap: usize) -> Checked<LenderQuote> {
    let n = text_bytes([q.lender_name.as_ref()]);
    if n > cap {
        return Err(Failure::Oversize(n));
    }
    let rate = |v: f64| v.is_finite() && (0.0..=100.0).contains(&v);
    if !rate(q.advertised_rate) || !rate(q.comparison_rate) {
        return Err(Failure::Invalid(
            "advertised-rate and comparison-rate must be 0 to 100 percent".into(),
        ));
    }
    if q.weekly_repayment.is_some_and(|w| !(w.is_finite() && w > 0.0 && w < 1_000_000.0)) {
        return Err(Failure::Invalid("weekly-repayment must be above 0 dollars".into()));
    }
    Ok(LenderQuote {
        lender_name: q
            .lender_name
            .map(|s| s.trim().chars().take(100).collect())
            .filter(|s: &String| !s.is_empty()),
        ..q
    })
}

/// The redirect address when it is one the visitor may be sent to (https, or local for
/// testing, and a valid URL of at most 2,000 bytes); `None` otherwise.
fn check_redirect(url: String, cap: usize) -> Checked<Option<String>> {
    if url.len() > cap {
        return Err(Failure::Oversize(url.len()));
    }
    let usable = url.len() <= 2_000 && is_service_url(&url) && reqwest::Url::parse(&url).is_ok();
    Ok(usable.then_some(url))
}

fn check_vehicle(v: RegisteredVehicle, cap: usize) -> Checked<RegisteredVehicle> {
    let n = v.make.len()
        + v.model.len()
        + text_bytes([
            v.badge.as_ref(),
            v.body.as_ref(),
            v.colour.as_ref(),
            v.vin.as_ref(),
            v.nvic.as_ref(),
        ]);
    if n > cap {
        return Err(Failure::Oversize(n));
    }
    let now_year = jiff::Zoned::now().year() as u32;
    if v.make.trim().is_empty() || v.model.trim().is_empty() || !(1900..=now_year + 1).contains(&v.year) {
        return Err(Failure::Invalid("the vehicle has no make, model or plausible year".into()));
    }
    Ok(v)
}

impl PluginHost {
    /// Whether `tenant` has a plugin implementing partner `point` that its grant lets reach at
    /// least one origin (a plugin enabled with `allowed_outbound_hosts = []` is there for its
    /// pure points only). The forms show the lookup and the lender hand-off only then, and
    /// only then is the plugin asked.
    pub fn offers(&self, tenant: &str, point: Point) -> bool {
        self.current(tenant)
            .as_deref()
            .and_then(|tp| tp.for_point(point))
            .is_some_and(|p| p.grant.http.as_ref().is_some_and(|g| !g.origins.is_empty()))
    }

    /// The generic partner call: the tenant's plugin for `point`, its breaker, the call on the
    /// partner engine, the counts and the log; `check` turns the plugin's answer into the
    /// host's or the failure it counts as.
    async fn partner<W: Send, T>(
        &self,
        tenant: &str,
        point: Point,
        f: impl for<'a> FnOnce(&'a PartnerComponent, &'a mut Store<PartnerState>, &'a Instance) -> CallFuture<'a, Result<W, PartnerError>>
        + Send,
        check: impl FnOnce(W, usize) -> Checked<T>,
    ) -> Partner<T> {
        let (Some(rt), Some(tp)) = (self.runtime.as_ref(), self.current(tenant)) else {
            return Partner::NotOffered;
        };
        let Some(plugin) = tp.for_point(point) else {
            return Partner::NotOffered;
        };
        let Some(component) = plugin.component.partner.as_ref().filter(|_| self.offers(tenant, point)) else {
            return Partner::NotOffered;
        };
        let id = plugin.component.id();
        let limits = rt.limits();
        if tp.breaker(point).admit(self.clock.now_ms(), limits.breaker_cooldown) == Admit::Skip {
            self.skip(tenant, plugin, point, "breaker", |c| c.skipped += 1);
            return Partner::Failed {
                decided_by: id,
                reason: "circuit breaker open".into(),
            };
        }
        let cap = limits.max_output_bytes;
        let (outcome, stats) = rt
            .partner()
            .call(
                &limits,
                component,
                &plugin.config_json,
                plugin.grant.clone(),
                f,
                |answer| match answer {
                    Ok(w) => check(w, cap).map(Ok),
                    Err(e) => Ok(Err(e)),
                },
            )
            .await;
        self.record(&tp, plugin, tenant, point, &outcome, stats);
        match outcome {
            CallOutcome::Answer(Ok(value)) => Partner::Answer { value, decided_by: id },
            CallOutcome::Answer(Err(PartnerError::NotOffered)) => Partner::NotOffered,
            CallOutcome::Answer(Err(PartnerError::NotFound)) => Partner::NotFound { decided_by: id },
            CallOutcome::Answer(Err(PartnerError::Unavailable(m) | PartnerError::Refused(m))) => {
                let reason = crate::plugins::lift::cut(&m, 500);
                tracing::warn!(tenant, plugin = %id, point = point.interface(), %reason, "partner gave no answer");
                Partner::Failed { decided_by: id, reason }
            }
            CallOutcome::Failed(f) => Partner::Failed {
                decided_by: id,
                reason: f.to_string(),
            },
            CallOutcome::Declined(m) | CallOutcome::Unavailable(m) => Partner::Failed { decided_by: id, reason: m },
        }
    }

    /// The lender's weekly quote for `request` through the tenant's `lender-integration` plugin.
    /// Rates are checked to be 0 to 100 percent and the weekly figure above 0 dollars (else the
    /// call counts as `invalid`). Never errors: see [`Partner`].
    pub async fn quote(&self, tenant: &str, request: QuoteRequest) -> Partner<LenderQuote> {
        self.partner(
            tenant,
            Point::LenderIntegration,
            move |c, store, instance| {
                Box::pin(async move {
                    let idx = c.lender().ok_or_else(|| anyhow::anyhow!("no lender-integration export"))?;
                    idx.load(&mut *store, instance)?.call_quote(&mut *store, &request).await
                })
            },
            check_quote,
        )
        .await
    }

    /// Creates the customer at the lender through the tenant's `lender-integration` plugin:
    /// `Answer(Some(url))` with the https address to send the visitor to, `Answer(None)` when
    /// the plugin answered an address that is not one (not https, not a URL, over 2,000
    /// bytes). Never errors: see [`Partner`].
    pub async fn create_customer(&self, tenant: &str, application: FinanceApplication) -> Partner<Option<String>> {
        self.partner(
            tenant,
            Point::LenderIntegration,
            move |c, store, instance| {
                Box::pin(async move {
                    let idx = c.lender().ok_or_else(|| anyhow::anyhow!("no lender-integration export"))?;
                    idx.load(&mut *store, instance)?
                        .call_create_customer(&mut *store, &application)
                        .await
                })
            },
            check_redirect,
        )
        .await
    }

    /// The vehicle registered as `registration` through the tenant's `rego-lookup` plugin; the
    /// answer must have a make, a model and a year from 1900 to next year (else it counts as
    /// `invalid`). Never errors: see [`Partner`].
    pub async fn rego_lookup(&self, tenant: &str, registration: Registration) -> Partner<RegisteredVehicle> {
        self.partner(
            tenant,
            Point::RegoLookup,
            move |c, store, instance| {
                Box::pin(async move {
                    let idx = c.rego().ok_or_else(|| anyhow::anyhow!("no rego-lookup export"))?;
                    idx.load(&mut *store, instance)?.call_lookup(&mut *store, &registration).await
                })
            },
            check_vehicle,
        )
        .await
    }
}
