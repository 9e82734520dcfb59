//! [`PluginHost`]: the runtime and every tenant's enabled plugins, their load, the metrics, the
//! breaker clock, and one public method per extension-point function (each a call of the
//! generic path in `calls.rs` with a fresh request budget, except [`PluginHost::present`], whose
//! points share one).

use std::{
    collections::{BTreeMap, BTreeSet, HashMap},
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
};

use arc_swap::ArcSwap;

use crate::{
    config::Settings,
    model::Car,
    plugins::{
        breaker::{BreakerState, Budget, Clock},
        decided::{CarPresentation, Decided, DecidedBy, HOST},
        error::PluginError,
        metrics::{LimitsView, MetricKey, Metrics, PluginMetric, PluginsStatus, PointCounters},
        points::{
            eligibility::{Eligibility, Evaluate},
            finance_lender::{FinanceOffer, Offers, Repayment, RepaymentRequest, Repayments, wit_request},
            phone_format::{CarPhones, FormatNumbers, Phone},
            point::Point,
            price_display::{PriceView, Views},
            stock_filter::{Conditions, StockCondition, stock_conditions},
            tag_rules::{Tag, Tags},
        },
        runtime::{LoadedComponent, PluginLimits, Runtime},
        since_v0_1_0::{Car as WitCar, car as wit_car},
        tenants::{Components, TenantPlugins, TenantSpec, load_tenant, specs},
    },
    tenant::{Tenant, TenantRegistry},
};

/// One tenant's plugins as installed: the current set, and the one it replaced, kept for the
/// requests that began on the tenant's previous config (a reload finishes those on what they
/// started with).
#[derive(Clone)]
pub(super) struct Slot {
    current: Arc<TenantPlugins>,
    previous: Option<Arc<TenantPlugins>>,
}

/// The plugin host: the runtime and every tenant's enabled plugins. Live: a tenant's plugins are
/// prepared aside ([`PluginHost::prepare_verified`], blocking: compile and `plugin.init`) and swapped in
/// whole ([`PluginHost::install`]) while every other tenant's keep serving; a replaced set's
/// breakers and stock-condition cache go with it.
pub struct PluginHost {
    pub(super) runtime: Option<Runtime>,
    tenants: ArcSwap<HashMap<String, Slot>>,
    /// Serialises the writers of `tenants`.
    write: Mutex<()>,
    components: Components,
    plugin_dir: PathBuf,
    pub(super) metrics: Metrics,
    pub(super) clock: Clock,
}

/// Unix seconds now.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

impl PluginHost {
    /// A host with no plugins and no engine: every point uses the host default.
    pub fn disabled() -> PluginHost {
        PluginHost {
            runtime: None,
            tenants: ArcSwap::default(),
            write: Mutex::new(()),
            components: Components::default(),
            plugin_dir: PathBuf::new(),
            metrics: Metrics::default(),
            clock: Clock::system(),
        }
    }

    /// A host with the runtime of `limits` and no tenant yet: components from `plugin_dir`,
    /// compiled components kept in `cache_dir` between runs (`None`: no disk cache). Tenants are
    /// added with [`PluginHost::prepare_verified`] and [`PluginHost::install`]. Errors: the engine cannot
    /// be built.
    pub fn empty(limits: PluginLimits, plugin_dir: &Path, cache_dir: Option<PathBuf>) -> Result<PluginHost, PluginError> {
        Ok(PluginHost {
            runtime: Some(Runtime::new(limits, cache_dir)?),
            plugin_dir: plugin_dir.to_owned(),
            ..PluginHost::disabled()
        })
    }

    /// Takes the per-call limits of `settings` that a settings reload may change
    /// (`plugin_deadline_ms`, `plugin_max_output_bytes`, `plugin_breaker_failures`;
    /// [`Runtime::set_call_limits`]). Nothing to do without a runtime.
    pub fn set_call_limits(&self, settings: &Settings) {
        if let Some(rt) = &self.runtime {
            rt.set_call_limits(&PluginLimits::from_settings(settings));
        }
    }

    /// [`PluginHost::empty`] with the settings' limits, `plugin_dir` and the compile cache in
    /// `<data_dir>/plugin-cache`.
    pub fn for_settings(settings: &Settings) -> Result<PluginHost, PluginError> {
        PluginHost::empty(
            PluginLimits::from_settings(settings),
            &settings.plugin_dir,
            Some(settings.data_dir.join("plugin-cache")),
        )
    }

    /// Loads every tenant's plugins as `forecourt plugins status` does: limits from the settings,
    /// components from `plugin_dir`, the compile cache in `<data_dir>/plugin-cache`. Compiles on
    /// a blocking thread (off the async runtime). Errors: the first tenant whose plugins fail.
    pub async fn load_for(settings: &Settings, tenants: &TenantRegistry) -> Result<PluginHost, PluginError> {
        let limits = PluginLimits::from_settings(settings);
        let dir = settings.plugin_dir.clone();
        let cache = Some(settings.data_dir.join("plugin-cache"));
        let specs = specs(tenants);
        tokio::task::spawn_blocking(move || PluginHost::load_specs(limits, &dir, cache, specs))
            .await
            .map_err(|e| PluginError::Engine(format!("plugin load task failed: {e}")))?
    }

    /// Loads every tenant's `[[plugins]]` from `plugin_dir` (blocking: compiles components).
    /// `cache_dir` holds compiled components between runs; `None` disables the cache. Errors:
    /// the first tenant whose plugins fail (`forecourt serve` quarantines such a tenant instead,
    /// `crate::live`).
    pub fn load(
        limits: PluginLimits,
        plugin_dir: &Path,
        cache_dir: Option<PathBuf>,
        tenants: &TenantRegistry,
    ) -> Result<PluginHost, PluginError> {
        PluginHost::load_specs(limits, plugin_dir, cache_dir, specs(tenants))
    }

    fn load_specs(
        limits: PluginLimits,
        plugin_dir: &Path,
        cache_dir: Option<PathBuf>,
        specs: Vec<TenantSpec>,
    ) -> Result<PluginHost, PluginError> {
        let started = std::time::Instant::now();
        let host = PluginHost::empty(limits, plugin_dir, cache_dir)?;
        let mut verified = BTreeSet::new();
        let mut prepared = Vec::with_capacity(specs.len());
        for spec in specs {
            prepared.push((spec.config.slug.clone(), host.prepare_verified(&spec, &mut verified)?));
        }
        host.install_all(prepared);
        if !verified.is_empty() {
            tracing::info!(
                components = verified.len(),
                ms = started.elapsed().as_millis() as u64,
                "plugins loaded"
            );
        }
        Ok(host)
    }

    /// Prepares one tenant's plugins aside (blocking: reads each component file not in
    /// `verified` (the files this load pass already read), compiles what changed, runs
    /// `plugin.init` with the tenant's config), without touching what serves. Errors:
    /// [`PluginError::Tenant`] naming the tenant file, the entry and the reason.
    pub fn prepare_verified(&self, spec: &TenantSpec, verified: &mut BTreeSet<String>) -> Result<Arc<TenantPlugins>, PluginError> {
        match &self.runtime {
            Some(rt) => load_tenant(rt, &self.plugin_dir, &self.components, verified, spec).map(Arc::new),
            None if spec.config.plugins.is_empty() => Ok(Arc::new(TenantPlugins::none(spec))),
            None => Err(PluginError::Engine("this host runs no plugin engine".into())),
        }
    }

    /// Makes `plugins` tenant `slug`'s, atomically; the set it replaces stays for the requests
    /// that began on the tenant's previous generation.
    pub fn install(&self, slug: &str, plugins: Arc<TenantPlugins>) {
        let _w = self.write.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = HashMap::clone(&self.tenants.load());
        let previous = next.remove(slug).map(|s| s.current);
        next.insert(
            slug.to_string(),
            Slot {
                current: plugins,
                previous,
            },
        );
        self.tenants.store(Arc::new(next));
        self.forget_unused_components(&self.tenants.load());
    }

    /// [`PluginHost::install`] of many tenants in one swap (a start).
    pub fn install_all(&self, prepared: Vec<(String, Arc<TenantPlugins>)>) {
        let _w = self.write.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = HashMap::clone(&self.tenants.load());
        for (slug, plugins) in prepared {
            let previous = next.remove(&slug).map(|s| s.current);
            next.insert(
                slug,
                Slot {
                    current: plugins,
                    previous,
                },
            );
        }
        self.tenants.store(Arc::new(next));
    }

    /// Removes tenant `slug`'s plugins (a tenant removed from the host).
    pub fn remove(&self, slug: &str) {
        let _w = self.write.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = HashMap::clone(&self.tenants.load());
        if next.remove(slug).is_some() {
            self.tenants.store(Arc::new(next));
            self.forget_unused_components(&self.tenants.load());
        }
    }

    fn forget_unused_components(&self, map: &HashMap<String, Slot>) {
        let in_use: BTreeSet<*const LoadedComponent> = map
            .values()
            .flat_map(|s| std::iter::once(&s.current).chain(&s.previous))
            .flat_map(|tp| tp.plugins())
            .map(|p| Arc::as_ptr(&p.component))
            .collect();
        self.components.retain_used(&in_use);
    }

    /// The plugins a request on `tenant` runs with: those built for its generation (the
    /// previous set while a request that began before a reload finishes), else the current set.
    pub(super) fn plugins_of(&self, tenant: &Tenant) -> Option<Arc<TenantPlugins>> {
        let map = self.tenants.load();
        let slot = map.get(tenant.slug())?;
        match &slot.previous {
            Some(p) if p.generation == tenant.generation && slot.current.generation != tenant.generation => Some(p.clone()),
            _ => Some(slot.current.clone()),
        }
    }

    /// Tenant `slug`'s current plugins.
    pub(super) fn current(&self, slug: &str) -> Option<Arc<TenantPlugins>> {
        self.tenants.load().get(slug).map(|s| s.current.clone())
    }

    /// This host with a manual breaker clock ([`Clock::manual`]): cool-downs pass only when
    /// [`PluginHost::clock`]`().advance(..)` says so (tests).
    pub fn with_manual_clock(mut self) -> PluginHost {
        self.clock = Clock::manual();
        self
    }

    /// The clock breaker cool-downs read.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// A fresh request budget ([`PluginLimits::request_fuel`]; unlimited without a runtime).
    pub fn budget(&self) -> Budget {
        Budget::new(self.runtime.as_ref().map_or(u64::MAX, |r| r.limits().request_fuel))
    }

    /// The runtime (absent on [`PluginHost::disabled`]).
    pub fn runtime(&self) -> Option<&Runtime> {
        self.runtime.as_ref()
    }

    /// The components loaded now, by plugin name (a snapshot).
    pub fn components(&self) -> BTreeMap<String, Arc<LoadedComponent>> {
        self.components.by_name()
    }

    /// A tenant's current plugins (none when the tenant is unknown to this host).
    pub fn tenant(&self, slug: &str) -> Option<Arc<TenantPlugins>> {
        self.current(slug)
    }

    /// Counters per (tenant, plugin, point), with the call-time percentiles and the breaker
    /// state: a row for every point of every enabled plugin (zero before its first call), in
    /// (tenant, plugin, point) order.
    pub fn metrics(&self) -> Vec<PluginMetric> {
        let mut rows: BTreeMap<MetricKey, (PointCounters, (u64, u64))> = self
            .metrics
            .snapshot()
            .into_iter()
            .map(|(key, counters, pct)| (key, (counters, pct)))
            .collect();
        let tenants = self.tenants.load();
        for (slug, slot) in tenants.iter() {
            let tp = &slot.current;
            for p in tp.plugins() {
                for point in &p.component.points {
                    rows.entry((slug.clone(), p.component.id(), *point)).or_default();
                }
            }
        }
        rows.into_iter()
            .map(|((tenant, plugin, point), (counters, (p50_us, p99_us)))| {
                let breaker = tenants
                    .get(&tenant)
                    .filter(|t| t.current.for_point(point).is_some_and(|p| p.component.id() == plugin))
                    .map_or(BreakerState::Closed, |t| t.current.breaker(point).state());
                PluginMetric {
                    tenant,
                    plugin,
                    point,
                    counters,
                    p50_us,
                    p99_us,
                    breaker,
                    breaker_open: breaker != BreakerState::Closed,
                }
            })
            .collect()
    }

    /// The limits and every (tenant, plugin, point) row: what `GET /api/v1/admin/plugins` and
    /// `forecourt plugins status` show.
    pub fn status(&self) -> PluginsStatus {
        PluginsStatus {
            limits: self.runtime.as_ref().map(|r| {
                let l = r.limits();
                LimitsView {
                    fuel_per_call: l.fuel_per_call,
                    request_fuel: l.request_fuel,
                    deadline_ms: u64::try_from(l.deadline.as_millis()).unwrap_or(u64::MAX),
                    memory_bytes: l.memory_bytes,
                    max_output_bytes: l.max_output_bytes,
                    breaker_failures: l.breaker_failures,
                    breaker_cooldown_ms: u64::try_from(l.breaker_cooldown.as_millis()).unwrap_or(u64::MAX),
                }
            }),
            plugins: self.metrics(),
        }
    }

    fn wit_cars(&self, tenant: &Tenant, cars: &[Car]) -> Vec<WitCar> {
        let provider = tenant.config.finance.provider.as_deref();
        cars.iter().map(|c| wit_car(c, provider)).collect()
    }

    /// The tag of each car, in order (`tag-rules`; default
    /// [`tag_for`](crate::plugins::points::tag_rules::tag_for)). `now` is unix seconds.
    pub fn tags(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Option<Tag>>> {
        self.run::<Tags>(tenant, cars, &self.wit_cars(tenant, cars), now, &self.budget())
    }

    /// The price view of each car, in order (`price-display`; default
    /// [`price_view_for`](crate::plugins::points::price_display::price_view_for)). `now` is unix
    /// seconds.
    pub fn price_views(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<PriceView>> {
        self.run::<Views>(tenant, cars, &self.wit_cars(tenant, cars), now, &self.budget())
    }

    /// The eligibility of each car, in order (`eligibility`; per action, the plugin's answer or
    /// [`eligibility_for`](crate::plugins::points::eligibility::eligibility_for)). Reserve is never
    /// offered for an unavailable or already reserved car (the feed's flag or a paid deposit
    /// hold), whatever the plugin says (WIT `eligibility.reserve`).
    pub fn eligibility(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Eligibility>> {
        self.run::<Evaluate>(tenant, cars, &self.wit_cars(tenant, cars), now, &self.budget())
    }

    /// The number to call about each car, in order (`phone-format` `car-phones`; default
    /// [`phone_for`](crate::plugins::points::phone_format::phone_for)); `None` when the tenant
    /// has none.
    pub fn car_phones(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Option<Phone>>> {
        self.run::<CarPhones>(tenant, cars, &self.wit_cars(tenant, cars), now, &self.budget())
    }

    /// Formats phone numbers as written in config (locations, dealers), one per number in order
    /// (`phone-format` `format-numbers`; default
    /// [`format_phone`](crate::plugins::points::phone_format::format_phone)).
    pub fn format_numbers(&self, tenant: &Tenant, numbers: &[String], now: i64) -> Vec<Decided<Phone>> {
        self.run::<FormatNumbers>(tenant, numbers, numbers, now, &self.budget())
    }

    /// Finance for each car, in order (`finance-lender` `offers`; default
    /// [`finance_for`](crate::plugins::points::finance_lender::finance_for)): the calculator
    /// limits, the widget and the estimate, or none when finance is not offered.
    pub fn finance_offers(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Option<FinanceOffer>>> {
        self.run::<Offers>(tenant, cars, &self.wit_cars(tenant, cars), now, &self.budget())
    }

    /// Repayments (`finance-lender` `repayments`; default
    /// [`repayment`](crate::plugins::points::finance_lender::repayment)), one per request, in
    /// order (docs/features/shopper-core.md §5, §9).
    pub fn repayments(&self, tenant: &Tenant, requests: &[RepaymentRequest], now: i64) -> Vec<Decided<Repayment>> {
        let wreqs: Vec<_> = requests.iter().map(wit_request).collect();
        self.run::<Repayments>(tenant, requests, &wreqs, now, &self.budget())
    }

    /// The tenant's extra stock conditions for filter `level` (`stock-filter`; default none),
    /// host-side values the search ANDs into every stock query (docs/features/shopper-core.md §5). Cached per
    /// tenant and level once answered (the WIT says the answer depends only on config and level).
    pub fn stock_conditions(&self, tenant: &Tenant, level: u8) -> Decided<Vec<StockCondition>> {
        let tp = self.plugins_of(tenant);
        if let Some(tp) = &tp
            && let Some(hit) = tp.stock_cache.lock().unwrap_or_else(|e| e.into_inner()).get(&level)
        {
            return hit.clone();
        }
        let decided = self.stock_conditions_uncached(tenant, level);
        if let Some(tp) = &tp
            && decided.decided_by != HOST
        {
            tp.stock_cache
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(level, decided.clone());
        }
        decided
    }

    /// [`PluginHost::stock_conditions`] on a blocking thread (a plugin call is synchronous and may
    /// run up to its fuel or deadline), so the async worker is never blocked. A cached answer is
    /// returned without leaving the worker. If the thread cannot run: the host default.
    pub async fn stock_conditions_async(self: &Arc<Self>, tenant: Arc<Tenant>, level: u8) -> Decided<Vec<StockCondition>> {
        if let Some(tp) = self.plugins_of(&tenant) {
            if tp.for_point(Point::StockFilter).is_none() {
                return Decided::host(stock_conditions(&tenant, level));
            }
            if let Some(hit) = tp.stock_cache.lock().unwrap_or_else(|e| e.into_inner()).get(&level) {
                return hit.clone();
            }
        } else {
            return Decided::host(stock_conditions(&tenant, level));
        }
        let host = self.clone();
        let t = tenant.clone();
        match tokio::task::spawn_blocking(move || host.stock_conditions(&t, level)).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(tenant = tenant.slug(), error = %e, "plugin task failed; host default used");
                Decided::host(stock_conditions(&tenant, level))
            }
        }
    }

    /// [`PluginHost::stock_conditions`] without the cache: always asks the plugin (benchmarks,
    /// and a caller that wants a fresh answer).
    pub fn stock_conditions_uncached(&self, tenant: &Tenant, level: u8) -> Decided<Vec<StockCondition>> {
        self.run::<Conditions>(tenant, &[level], &[level], unix_now(), &self.budget())
            .pop()
            .unwrap_or_else(|| Decided::host(stock_conditions(tenant, level)))
    }

    /// Everything the points decide for a page of cars (one batched call per point), at `now`
    /// (unix seconds), all points on one request budget ([`PluginHost::budget`]). Never fails:
    /// any plugin problem gives the host default for that part.
    pub fn present(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<CarPresentation> {
        self.present_within(tenant, cars, now, &self.budget())
    }

    /// [`PluginHost::present`] on a given request `budget`: once it is spent, the remaining
    /// points (and batches) use host defaults.
    pub fn present_within(&self, tenant: &Tenant, cars: &[Car], now: i64, budget: &Budget) -> Vec<CarPresentation> {
        let wcars = self.wit_cars(tenant, cars);
        let tags = self.run::<Tags>(tenant, cars, &wcars, now, budget);
        let prices = self.run::<Views>(tenant, cars, &wcars, now, budget);
        let elig = self.run::<Evaluate>(tenant, cars, &wcars, now, budget);
        let phones = self.run::<CarPhones>(tenant, cars, &wcars, now, budget);
        let finance = self.run::<Offers>(tenant, cars, &wcars, now, budget);
        tags.into_iter()
            .zip(prices)
            .zip(elig)
            .zip(phones)
            .zip(finance)
            .map(|((((t, p), e), ph), f)| CarPresentation {
                decided_by: DecidedBy {
                    tag: t.decided_by,
                    price_view: p.decided_by,
                    eligibility: e.decided_by,
                    phone: ph.decided_by,
                    finance: f.decided_by,
                },
                tag: t.value,
                price_view: p.value,
                eligibility: e.value,
                phone: ph.value,
                finance: f.value,
            })
            .collect()
    }

    /// [`PluginHost::price_views`] on a blocking thread, for a caller that needs only the price
    /// (the market gauge), not the whole presentation. If that thread cannot run, the host's
    /// default views.
    pub async fn price_views_async(self: &Arc<Self>, tenant: Arc<Tenant>, cars: Vec<Car>, now: i64) -> Vec<Decided<PriceView>> {
        self.on_blocking_thread(tenant, cars, now, PluginHost::price_views).await
    }

    /// [`PluginHost::present`] on a blocking thread (plugin calls are synchronous and may run up
    /// to the deadline each). If that thread cannot run, every part is the host default.
    pub async fn present_async(self: &Arc<Self>, tenant: Arc<Tenant>, cars: Vec<Car>, now: i64) -> Vec<CarPresentation> {
        self.on_blocking_thread(tenant, cars, now, PluginHost::present).await
    }

    /// Runs `call` (a point call of this host) on a blocking thread; when that thread cannot
    /// run, the same call on a host without plugins (the host defaults), logged.
    async fn on_blocking_thread<T: Send + 'static>(
        self: &Arc<Self>,
        tenant: Arc<Tenant>,
        cars: Vec<Car>,
        now: i64,
        call: fn(&PluginHost, &Tenant, &[Car], i64) -> T,
    ) -> T {
        let host = self.clone();
        let t = tenant.clone();
        let c = cars.clone();
        match tokio::task::spawn_blocking(move || call(&host, &t, &c, now)).await {
            Ok(v) => v,
            Err(e) => {
                tracing::error!(tenant = tenant.slug(), error = %e, "plugin task failed; host defaults used");
                call(&PluginHost::disabled(), &tenant, &cars, now)
            }
        }
    }
}
