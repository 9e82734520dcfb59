//! Tenant plugins: WASM components that override the host's default behaviour per tenant (issue 3
//! items 2, 3; ARCHITECTURE.md "Plugins", "Extension points (WIT)"; `plugins/README.md`).
//!
//! * [`runtime`]: one wasmtime engine, components compiled at load (off the request path) and
//!   cached on disk under `<data_dir>/plugin-cache`, an `InstancePre` per component, a fresh store
//!   per call with a deadline (epoch interruption, ticker thread) and a memory cap; no WASI.
//! * [`defaults`]: the host's own rule for every point (the specs' default behaviour).
//! * [`answers`]: the host's types for what a point decides, and the checks on plugin answers.
//! * [`PluginHost`]: per tenant, which enabled plugin decides which point; batch calls (a page of
//!   cars per call); failures (trap, timeout, memory cap, oversize or invalid answer) fall back to
//!   the default, are logged with tenant, plugin and version, counted in [`PluginHost::metrics`],
//!   and after [`PluginLimits::breaker_failures`] consecutive failures switch the plugin off for
//!   that tenant until the host reloads. A shopper's request never fails because of a plugin.
//!
//! Load rules (the tenant's `[[plugins]]` in `tenant.toml`): the component is
//! `<plugin_dir>/<name>.wasm` (missing: start-up stops and says to run `bash plugins/build.sh`);
//! it must be built against a supported WIT version (`forecourt:platform@0.1.0`) and import
//! nothing; its `init` must accept the tenant's `config` (a rejection stops start-up with the
//! plugin's message); two enabled plugins may not implement the same point for one tenant.

pub mod answers;
pub mod defaults;
pub mod fixtures;
pub mod runtime;
pub mod wit;

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU32, Ordering},
    },
};

use serde::Serialize;
use utoipa::ToSchema;

pub use answers::{
    Calculator, Eligibility, FinanceOffer, Frequency, NumberRange, Phone, PriceView, Repayment, RepaymentRequest, StockCondition, Tag,
    TagKind, TermInput, TermUnit,
};
pub use runtime::{CallOutcome, Failure, LoadedComponent, PluginLimits, Runtime};

use crate::{
    config::Settings,
    model::Car,
    tenant::{Tenant, TenantConfig, TenantRegistry},
};
use answers::{AnswerSize, Invalid};
use defaults::HOST;
use runtime::Call;

/// An extension point (one WIT interface).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Point {
    /// `stock-filter` (shopper-core §5).
    StockFilter,
    /// `tag-rules` (shopper-core §4).
    TagRules,
    /// `finance-lender` (shopper-core §5, §9).
    FinanceLender,
    /// `eligibility` (shopper-core §5, lfm §4-§5).
    Eligibility,
    /// `price-display` (shopper-core §4).
    PriceDisplay,
    /// `phone-format` (shopper-core §9, lfm §3).
    PhoneFormat,
}

impl Point {
    /// Every point.
    pub const ALL: [Point; 6] = [
        Point::StockFilter,
        Point::TagRules,
        Point::FinanceLender,
        Point::Eligibility,
        Point::PriceDisplay,
        Point::PhoneFormat,
    ];

    /// The WIT interface name, for example `tag-rules`.
    pub fn interface(self) -> &'static str {
        match self {
            Point::StockFilter => "stock-filter",
            Point::TagRules => "tag-rules",
            Point::FinanceLender => "finance-lender",
            Point::Eligibility => "eligibility",
            Point::PriceDisplay => "price-display",
            Point::PhoneFormat => "phone-format",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Why plugins could not be loaded. Each message names the file or plugin and says what to do.
#[derive(Debug, thiserror::Error)]
pub enum PluginError {
    /// The engine could not be built.
    #[error("plugin engine: {0}")]
    Engine(String),
    /// The component file is missing.
    #[error("plugin `{plugin}`: component {path} cannot be read ({reason}); build the plugins with `bash plugins/build.sh` (or point `plugin_dir` at the built components)", path = path.display())]
    Missing {
        /// Plugin name.
        plugin: String,
        /// Expected path.
        path: PathBuf,
        /// OS error.
        reason: String,
    },
    /// The component is not a usable plugin.
    #[error("plugin `{plugin}`: {reason}")]
    Invalid {
        /// Plugin name.
        plugin: String,
        /// Why.
        reason: String,
    },
    /// The component targets a WIT version this host does not support.
    #[error("plugin `{plugin}`: unsupported WIT version: {found}; this host supports forecourt:platform@{supported} (wit/since_v{supported}/); rebuild the plugin against it", supported = wit::WIT_VERSION)]
    UnsupportedWit {
        /// Plugin name.
        plugin: String,
        /// What the component was built against.
        found: String,
    },
    /// A tenant's plugin entry failed; wraps the cause with the tenant file.
    #[error("{file}: plugins.{index} (`{plugin}`): {reason}", file = file.display())]
    Tenant {
        /// The tenant's `tenant.toml`.
        file: PathBuf,
        /// Index in `[[plugins]]`.
        index: usize,
        /// Plugin name.
        plugin: String,
        /// What went wrong.
        reason: String,
    },
}

/// The answer for one item and who decided it: `host` or `name@version` of the plugin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decided<T> {
    /// The answer.
    pub value: T,
    /// `host` or the plugin's `name@version`.
    pub decided_by: String,
}

impl<T> Decided<T> {
    fn host(value: T) -> Decided<T> {
        Decided {
            value,
            decided_by: HOST.into(),
        }
    }
}

/// Who decided each part of a car's presentation: `host` or a plugin's `name@version`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DecidedBy {
    /// The tag (`tag-rules`).
    pub tag: String,
    /// The price view (`price-display`).
    pub price_view: String,
    /// Eligibility (`eligibility`): the plugin when it decided at least one action.
    pub eligibility: String,
    /// The phone (`phone-format`).
    pub phone: String,
    /// Finance (`finance-lender`).
    pub finance: String,
}

/// Everything the points decide about one car (shopper-core §4-§5, §9).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CarPresentation {
    /// The card/VDP tag; null for no tag.
    pub tag: Option<Tag>,
    /// The price view.
    pub price_view: PriceView,
    /// Which actions the car offers.
    pub eligibility: Eligibility,
    /// The number to call about the car; null when the tenant has none.
    pub phone: Option<Phone>,
    /// Finance calculator, widget and estimate; null when finance is not offered for the car.
    pub finance: Option<FinanceOffer>,
    /// Who decided each part.
    pub decided_by: DecidedBy,
}

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

/// A plugin enabled for one tenant.
pub struct EnabledPlugin {
    /// The compiled component (shared between tenants; each call gets its own store).
    pub component: Arc<LoadedComponent>,
    /// The tenant's `config`, as JSON text for `plugin.init`.
    pub config_json: String,
    consecutive_failures: AtomicU32,
    open: AtomicBool,
}

impl EnabledPlugin {
    /// Whether the circuit breaker has switched this plugin off for its tenant.
    pub fn breaker_open(&self) -> bool {
        self.open.load(Ordering::Relaxed)
    }
}

/// The plugins of one tenant and which one decides each point.
pub struct TenantPlugins {
    ctx: wit::TenantContext,
    plugins: Vec<EnabledPlugin>,
    by_point: [Option<usize>; 6],
    stock_cache: Mutex<HashMap<u8, Decided<Vec<StockCondition>>>>,
}

impl TenantPlugins {
    /// The enabled plugins, in `tenant.toml` order.
    pub fn plugins(&self) -> &[EnabledPlugin] {
        &self.plugins
    }

    /// The plugin deciding `point`, if any.
    pub fn for_point(&self, point: Point) -> Option<&EnabledPlugin> {
        self.by_point[point.index()].map(|i| &self.plugins[i])
    }
}

/// The plugin host: the runtime and every tenant's enabled plugins. One per loaded set of tenants;
/// a reload builds a new one (which also closes every circuit breaker).
pub struct PluginHost {
    runtime: Option<Runtime>,
    tenants: HashMap<String, TenantPlugins>,
    components: BTreeMap<String, Arc<LoadedComponent>>,
    metrics: Mutex<BTreeMap<(String, String, Point), PointCounters>>,
}

/// What the load needs from one tenant.
struct TenantSpec {
    file: PathBuf,
    config: TenantConfig,
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
            tenants: HashMap::new(),
            components: BTreeMap::new(),
            metrics: Mutex::new(BTreeMap::new()),
        }
    }

    /// Loads every tenant's plugins as `forecourt serve` does: limits from the settings, components
    /// from `plugin_dir`, the compile cache in `<data_dir>/plugin-cache`. Compiles on a blocking
    /// thread (off the async runtime).
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
    /// `cache_dir` holds compiled components between runs; `None` disables the cache.
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
        let runtime = Runtime::new(limits, cache_dir)?;
        let mut components: BTreeMap<String, Arc<LoadedComponent>> = BTreeMap::new();
        let mut tenants = HashMap::new();
        for spec in specs {
            let mut plugins = Vec::new();
            let mut by_point: [Option<usize>; 6] = [None; 6];
            for (index, p) in spec.config.plugins.iter().enumerate() {
                let fail = |reason: String| PluginError::Tenant {
                    file: spec.file.clone(),
                    index,
                    plugin: p.name.clone(),
                    reason,
                };
                let component = match components.get(&p.name) {
                    Some(c) => c.clone(),
                    None => {
                        let c = Arc::new(runtime.load(plugin_dir, &p.name).map_err(|e| fail(e.to_string()))?);
                        components.insert(p.name.clone(), c.clone());
                        c
                    }
                };
                let config_json = serde_json::to_string(&p.config).map_err(|e| fail(format!("config cannot be sent as JSON: {e}")))?;
                match runtime.check_config(&component, &config_json) {
                    Ok(Ok(())) => {}
                    Ok(Err(message)) => return Err(fail(format!("the plugin rejected its config: {message}"))),
                    Err(f) => return Err(fail(format!("plugin.init failed: {f}"))),
                }
                for point in &component.points {
                    if let Some(prev) = by_point[point.index()] {
                        let other: &EnabledPlugin = &plugins[prev];
                        return Err(fail(format!(
                            "implements `{}`, which plugin `{}` already decides for this tenant; enable one of them",
                            point.interface(),
                            other.component.name
                        )));
                    }
                    by_point[point.index()] = Some(plugins.len());
                }
                tracing::info!(tenant = %spec.config.slug, plugin = %component.id(), points = ?component.points, "plugin enabled");
                plugins.push(EnabledPlugin {
                    component,
                    config_json,
                    consecutive_failures: AtomicU32::new(0),
                    open: AtomicBool::new(false),
                });
            }
            tenants.insert(
                spec.config.slug.clone(),
                TenantPlugins {
                    ctx: wit::tenant_context(&spec.config),
                    plugins,
                    by_point,
                    stock_cache: Mutex::new(HashMap::new()),
                },
            );
        }
        if !components.is_empty() {
            tracing::info!(
                components = components.len(),
                ms = started.elapsed().as_millis() as u64,
                "plugins loaded"
            );
        }
        Ok(PluginHost {
            runtime: Some(runtime),
            tenants,
            components,
            metrics: Mutex::new(BTreeMap::new()),
        })
    }

    /// The runtime (absent on [`PluginHost::disabled`]).
    pub fn runtime(&self) -> Option<&Runtime> {
        self.runtime.as_ref()
    }

    /// Loaded components by name.
    pub fn components(&self) -> &BTreeMap<String, Arc<LoadedComponent>> {
        &self.components
    }

    /// A tenant's plugins (none when the tenant enables none or is unknown to this host).
    pub fn tenant(&self, slug: &str) -> Option<&TenantPlugins> {
        self.tenants.get(slug)
    }

    /// Counters per (tenant, plugin, point), with the breaker state.
    pub fn metrics(&self) -> Vec<PluginMetric> {
        let m = self.metrics.lock().unwrap_or_else(|e| e.into_inner());
        m.iter()
            .map(|((tenant, plugin, point), counters)| {
                let breaker_open = self
                    .tenants
                    .get(tenant)
                    .and_then(|t| t.plugins.iter().find(|p| &p.component.id() == plugin))
                    .is_some_and(EnabledPlugin::breaker_open);
                PluginMetric {
                    tenant: tenant.clone(),
                    plugin: plugin.clone(),
                    point: *point,
                    counters: counters.clone(),
                    breaker_open,
                }
            })
            .collect()
    }

    fn count(&self, tenant: &str, plugin: &EnabledPlugin, point: Point, f: impl FnOnce(&mut PointCounters)) {
        let mut m = self.metrics.lock().unwrap_or_else(|e| e.into_inner());
        f(m.entry((tenant.to_string(), plugin.component.id(), point)).or_default());
    }

    /// Runs `point` of the tenant's plugin over `inputs` in batches (at most
    /// [`PluginLimits::max_batch`] items and [`PluginLimits::max_input_bytes`] per call). Per item:
    /// `Some(answer)` from the plugin, or `None` for the host default (no plugin, no opinion,
    /// declined, failed, breaker open). Also returns the plugin's id when one was asked.
    #[allow(clippy::too_many_arguments)]
    fn batch<I, W, A>(
        &self,
        tenant: &str,
        point: Point,
        inputs: &[I],
        input_size: impl Fn(&I) -> usize,
        now: i64,
        invoke: impl Fn(&LoadedComponent, &mut Call<'_>, &wit::TenantContext, &[I]) -> wasmtime::Result<Result<Vec<W>, String>>,
        convert: impl Fn(W) -> Result<Option<A>, Invalid>,
    ) -> (Vec<Option<A>>, Option<String>)
    where
        W: AnswerSize,
    {
        let mut out: Vec<Option<A>> = (0..inputs.len()).map(|_| None).collect();
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
                let sz = input_size(&inputs[end]);
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
                |component, call| invoke(component, call, &ctx, chunk),
                |answers: Vec<W>| {
                    answers::check_count(&answers, chunk.len())?;
                    answers.into_iter().map(&convert).collect::<Result<Vec<_>, _>>()
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

    fn wit_cars(&self, tenant: &Tenant, cars: &[Car]) -> Vec<wit::Car> {
        let provider = tenant.config.finance.provider.as_deref();
        cars.iter().map(|c| wit::car(c, provider)).collect()
    }

    /// The tag of each car (`tag-rules`; default [`defaults::tag_for`]). `now` is unix seconds.
    pub fn tags(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Option<Tag>>> {
        let wcars = self.wit_cars(tenant, cars);
        self.tags_wit(tenant, cars, &wcars, now)
    }

    fn tags_wit(&self, tenant: &Tenant, cars: &[Car], wcars: &[wit::Car], now: i64) -> Vec<Decided<Option<Tag>>> {
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::TagRules,
            wcars,
            wit::car_size,
            now,
            |c, call, ctx, chunk| {
                let idx = c.idx.tag_rules.as_ref().expect("exported");
                idx.load(&mut call.store, &call.instance)?.call_tags(&mut call.store, ctx, chunk)
            },
            answers::tag_answer,
        );
        merge(cars, answers, id, |car| defaults::tag_for(&tenant.config, car, now))
    }

    /// The price view of each car (`price-display`; default [`defaults::price_view_for`]).
    pub fn price_views(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<PriceView>> {
        let wcars = self.wit_cars(tenant, cars);
        self.price_views_wit(tenant, cars, &wcars, now)
    }

    fn price_views_wit(&self, tenant: &Tenant, cars: &[Car], wcars: &[wit::Car], now: i64) -> Vec<Decided<PriceView>> {
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::PriceDisplay,
            wcars,
            wit::car_size,
            now,
            |c, call, ctx, chunk| {
                let idx = c.idx.price_display.as_ref().expect("exported");
                idx.load(&mut call.store, &call.instance)?.call_views(&mut call.store, ctx, chunk)
            },
            |v| v.map(answers::price_view).transpose(),
        );
        merge(cars, answers, id, |car| defaults::price_view_for(&tenant.config, car))
    }

    /// The eligibility of each car (`eligibility`; per action, the plugin's answer or
    /// [`defaults::eligibility_for`]). Reserve is never offered for an unavailable or already
    /// reserved car (the feed's flag or a paid deposit hold), whatever the plugin says (WIT
    /// `eligibility.reserve`).
    pub fn eligibility(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Eligibility>> {
        let wcars = self.wit_cars(tenant, cars);
        self.eligibility_wit(tenant, cars, &wcars, now)
    }

    fn eligibility_wit(&self, tenant: &Tenant, cars: &[Car], wcars: &[wit::Car], now: i64) -> Vec<Decided<Eligibility>> {
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::Eligibility,
            wcars,
            wit::car_size,
            now,
            |c, call, ctx, chunk| {
                let idx = c.idx.eligibility.as_ref().expect("exported");
                idx.load(&mut call.store, &call.instance)?
                    .call_evaluate(&mut call.store, ctx, chunk)
            },
            |e| Ok(Some(e)),
        );
        cars.iter()
            .zip(answers)
            .map(|(car, answer)| {
                let d = defaults::eligibility_for(&tenant.config, car);
                let Some(a) = answer else { return Decided::host(d) };
                let any = [
                    a.reserve,
                    a.online_purchase,
                    a.trade_in,
                    a.history_report,
                    a.compare_favourite,
                    a.autograb_report,
                    a.test_drive_only,
                ]
                .iter()
                .any(Option::is_some);
                let test_drive_only = a.test_drive_only.unwrap_or(d.test_drive_only);
                let value = Eligibility {
                    reserve: a.reserve.unwrap_or(d.reserve && !test_drive_only) && car.is_available() && !car.reserved.0,
                    online_purchase: a.online_purchase.unwrap_or(d.online_purchase),
                    trade_in: a.trade_in.unwrap_or(d.trade_in),
                    history_report: a.history_report.unwrap_or(d.history_report),
                    compare_favourite: a.compare_favourite.unwrap_or(d.compare_favourite),
                    autograb_report: a.autograb_report.unwrap_or(d.autograb_report),
                    test_drive_only,
                };
                match (&id, any) {
                    (Some(id), true) => Decided {
                        value,
                        decided_by: id.clone(),
                    },
                    _ => Decided::host(value),
                }
            })
            .collect()
    }

    /// The number to call about each car (`phone-format` `car-phones`; default
    /// [`defaults::phone_for`]).
    pub fn car_phones(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Option<Phone>>> {
        let wcars = self.wit_cars(tenant, cars);
        self.car_phones_wit(tenant, cars, &wcars, now)
    }

    fn car_phones_wit(&self, tenant: &Tenant, cars: &[Car], wcars: &[wit::Car], now: i64) -> Vec<Decided<Option<Phone>>> {
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::PhoneFormat,
            wcars,
            wit::car_size,
            now,
            |c, call, ctx, chunk| {
                let idx = c.idx.phone_format.as_ref().expect("exported");
                idx.load(&mut call.store, &call.instance)?
                    .call_car_phones(&mut call.store, ctx, chunk)
            },
            // `none` is no opinion: the host picks the number.
            |p| p.map(|p| answers::phone(p).map(Some)).transpose(),
        );
        merge(cars, answers, id, |car| defaults::phone_for(&tenant.config, car))
    }

    /// Formats phone numbers as written in config (locations, dealers) (`phone-format`
    /// `format-numbers`; default [`defaults::format_phone`]).
    pub fn format_numbers(&self, tenant: &Tenant, numbers: &[String], now: i64) -> Vec<Decided<Phone>> {
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::PhoneFormat,
            numbers,
            |n| 16 + n.len(),
            now,
            |c, call, ctx, chunk| {
                let idx = c.idx.phone_format.as_ref().expect("exported");
                idx.load(&mut call.store, &call.instance)?
                    .call_format_numbers(&mut call.store, ctx, chunk)
            },
            |p| p.map(answers::phone).transpose(),
        );
        merge(numbers, answers, id, |n| defaults::format_phone(n))
    }

    /// Finance for each car (`finance-lender` `offers`; default [`defaults::finance_for`]): the
    /// calculator limits, the widget and the estimate, or none when finance is not offered.
    pub fn finance_offers(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<Decided<Option<FinanceOffer>>> {
        let wcars = self.wit_cars(tenant, cars);
        self.finance_offers_wit(tenant, cars, &wcars, now)
    }

    fn finance_offers_wit(&self, tenant: &Tenant, cars: &[Car], wcars: &[wit::Car], now: i64) -> Vec<Decided<Option<FinanceOffer>>> {
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::FinanceLender,
            wcars,
            wit::car_size,
            now,
            |c, call, ctx, chunk| {
                let idx = c.idx.finance_lender.as_ref().expect("exported");
                idx.load(&mut call.store, &call.instance)?.call_offers(&mut call.store, ctx, chunk)
            },
            answers::finance_offer,
        );
        let mut out = Vec::with_capacity(cars.len());
        for ((car, wcar), answer) in cars.iter().zip(wcars).zip(answers) {
            out.push(match (answer, &id) {
                (Some(v), Some(id)) => Decided {
                    value: v,
                    decided_by: id.clone(),
                },
                _ => Decided::host(defaults::finance_for(&tenant.config, car, wcar.quote.as_ref())),
            });
        }
        out
    }

    /// Repayments (`finance-lender` `repayments`; default [`defaults::repayment`]), one per
    /// request, in order (shopper-core §5, §9).
    pub fn repayments(&self, tenant: &Tenant, requests: &[RepaymentRequest], now: i64) -> Vec<Decided<Repayment>> {
        let wreqs: Vec<wit::finance_lender::RepaymentRequest> = requests
            .iter()
            .map(|r| wit::finance_lender::RepaymentRequest {
                amount: r.amount,
                deposit: r.deposit,
                term_years: r.term_years,
                interest: r.interest,
                residual: r.residual,
                frequency: answers::wit_frequency(r.frequency),
                establishment_fee: r.establishment_fee,
                advertised_repayment: r.advertised_repayment,
            })
            .collect();
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::FinanceLender,
            &wreqs,
            |_| 96,
            now,
            |c, call, ctx, chunk| {
                let idx = c.idx.finance_lender.as_ref().expect("exported");
                idx.load(&mut call.store, &call.instance)?
                    .call_repayments(&mut call.store, ctx, chunk)
            },
            |r| answers::repayment(r).map(Some),
        );
        merge(requests, answers, id, defaults::repayment)
    }

    /// The tenant's extra stock conditions for filter `level` (`stock-filter`; default none),
    /// host-side values the search ANDs into every stock query (shopper-core §5). Cached per
    /// tenant and level once answered (the WIT says the answer depends only on config and level).
    pub fn stock_conditions(&self, tenant: &Tenant, level: u8) -> Decided<Vec<StockCondition>> {
        let tp = self.tenants.get(tenant.slug());
        if let Some(tp) = tp
            && let Some(hit) = tp.stock_cache.lock().unwrap_or_else(|e| e.into_inner()).get(&level)
        {
            return hit.clone();
        }
        let decided = self.stock_conditions_uncached(tenant, level);
        if let Some(tp) = tp
            && decided.decided_by != HOST
        {
            tp.stock_cache
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(level, decided.clone());
        }
        decided
    }

    /// [`PluginHost::stock_conditions`] without the cache: always asks the plugin (benchmarks,
    /// and a caller that wants a fresh answer).
    pub fn stock_conditions_uncached(&self, tenant: &Tenant, level: u8) -> Decided<Vec<StockCondition>> {
        let (answers, id) = self.batch(
            tenant.slug(),
            Point::StockFilter,
            &[level],
            |_| 8,
            unix_now(),
            |c, call, ctx, chunk| {
                let idx = c.idx.stock_filter.as_ref().expect("exported");
                let guest = idx.load(&mut call.store, &call.instance)?;
                Ok(guest
                    .call_conditions(&mut call.store, ctx, chunk[0])?
                    .map(|list| vec![StockAnswer(list)]))
            },
            |StockAnswer(list)| {
                list.into_iter()
                    .map(answers::stock_condition)
                    .collect::<Result<Vec<_>, _>>()
                    .map(Some)
            },
        );
        match (answers.into_iter().next().flatten(), id) {
            (Some(list), Some(id)) => Decided {
                value: list,
                decided_by: id,
            },
            _ => Decided::host(defaults::stock_conditions(tenant, level)),
        }
    }

    /// Everything the points decide for a page of cars (one batched call per point), at `now`
    /// (unix seconds). Never fails: any plugin problem gives the host default for that part.
    pub fn present(&self, tenant: &Tenant, cars: &[Car], now: i64) -> Vec<CarPresentation> {
        let wcars = self.wit_cars(tenant, cars);
        let tags = self.tags_wit(tenant, cars, &wcars, now);
        let prices = self.price_views_wit(tenant, cars, &wcars, now);
        let elig = self.eligibility_wit(tenant, cars, &wcars, now);
        let phones = self.car_phones_wit(tenant, cars, &wcars, now);
        let finance = self.finance_offers_wit(tenant, cars, &wcars, now);
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

    /// [`PluginHost::present`] on a blocking thread (plugin calls are synchronous and may run up
    /// to the deadline each). If that thread cannot run, every part is the host default.
    pub async fn present_async(self: &Arc<Self>, tenant: Arc<Tenant>, cars: Vec<Car>, now: i64) -> Vec<CarPresentation> {
        let host = self.clone();
        let t = tenant.clone();
        let c = cars.clone();
        match tokio::task::spawn_blocking(move || host.present(&t, &c, now)).await {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(tenant = tenant.slug(), error = %e, "plugin task failed; host defaults used");
                PluginHost::disabled().present(&tenant, &cars, now)
            }
        }
    }
}

/// The stock-filter answer as one batch item (its size counts toward the output cap).
struct StockAnswer(Vec<wit::stock_filter::Condition>);

impl AnswerSize for StockAnswer {
    fn answer_size(&self) -> usize {
        self.0.answer_size()
    }
}

/// Plugin answers where given (decided by `id`), host defaults elsewhere.
fn merge<I, A>(items: &[I], answers: Vec<Option<A>>, id: Option<String>, default: impl Fn(&I) -> A) -> Vec<Decided<A>> {
    items
        .iter()
        .zip(answers)
        .map(|(item, answer)| match (answer, &id) {
            (Some(value), Some(id)) => Decided {
                value,
                decided_by: id.clone(),
            },
            _ => Decided::host(default(item)),
        })
        .collect()
}

fn specs(tenants: &TenantRegistry) -> Vec<TenantSpec> {
    tenants
        .iter()
        .map(|t| TenantSpec {
            file: t.dir.join("tenant.toml"),
            config: t.config.clone(),
        })
        .collect()
}
