//! The wasmtime side (docs/features/platform.md "Plugins and extension points"): one [`Engine`]
//! with the component model, epoch interruption and the pooling allocator; the epoch ticker on its
//! own OS thread; components compiled off the request path and cached on disk; one [`InstancePre`]
//! per component; a fresh [`Store`] per call with a memory cap ([`StoreLimits`]), a fuel budget
//! (an instruction count: the deterministic cost limit) and a wall-clock deadline (the backstop);
//! answers measured in guest memory before they are copied (`lift.rs`); no WASI and no host
//! functions at all.

use std::{
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use wasmtime::{
    Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, ResourceLimiter, Store, StoreLimits, StoreLimitsBuilder, Trap,
    component::{Component, ComponentExportIndex, Instance, InstancePre, Linker, types::ComponentItem},
};

use std::collections::BTreeSet;

use crate::plugins::compile_cache::compile_cached;
use crate::plugins::error::PluginError;
use crate::plugins::lift::{Refused, cut};
use crate::plugins::partner::{Capability, PartnerComponent, PartnerEngine, required_capabilities};
use crate::plugins::points::point::Point;
use crate::plugins::since_v0_1_0::{self as wit, PointExports, WIT_PACKAGE, WIT_VERSION};

/// Runtime limits of every plugin call. The defaults are the ones `plugins/README.md` promises.
#[derive(Debug, Clone)]
pub struct PluginLimits {
    /// Wall-clock time per call, `init` included (default 10 ms): a backstop only. A call cut by
    /// it is counted (`timeout`) but never trips the breaker: with fuel spent by the instruction
    /// count, running out of wall-clock time means the machine was busy, not the plugin slow.
    pub deadline: Duration,
    /// Epoch ticker period (default 10 ms). A runaway call is cut between `deadline` and
    /// `deadline + tick` after it starts.
    pub tick: Duration,
    /// Wall-clock time for the load-time calls (`plugin.info`, and `plugin.init` checking the
    /// tenant's config), default 5 s: start-up is off the request path and must not fail
    /// because a busy machine descheduled a call; a plugin that is too slow per call fails its
    /// calls instead (and the circuit breaker switches it off).
    pub load_deadline: Duration,
    /// Linear memory per instance, bytes (default 16 MiB).
    pub memory_bytes: usize,
    /// Largest answer accepted per call, bytes of strings and list items (default 1 MiB).
    pub max_output_bytes: usize,
    /// Most input items (cars, requests, numbers) per call; bigger batches are split (default 100).
    pub max_batch: usize,
    /// Largest input per call, approximate bytes (default 1 MiB); bigger batches are split.
    pub max_input_bytes: usize,
    /// Consecutive failures of one (tenant, plugin, point) that open its circuit breaker
    /// (default 5; 0 never). Every failure kind counts but a timeout (see `deadline`).
    pub breaker_failures: u32,
    /// How long an open breaker skips the point before one half-open trial call (default 30 s).
    pub breaker_cooldown: Duration,
    /// Fuel (wasmtime instruction units, about one per WASM instruction) per call, `init`
    /// included (default 5,000,000). Out of fuel is a `fuel` failure, the same on any machine.
    pub fuel_per_call: u64,
    /// Fuel of one request's plugin calls, across every point and batch of a page (default
    /// 20,000,000). Once spent, the rest of the request uses host defaults (counted `budget`,
    /// not a failure).
    pub request_fuel: u64,
    /// Fuel of each load-time call (`plugin.info`, `plugin.init` checking the config), default
    /// 500,000,000.
    pub load_fuel: u64,
    /// Most plugin instances alive at once in the pool (default 128; each slot reserves 4 GiB of
    /// address space, not memory); a call that finds the pool full uses the host default without
    /// counting against the plugin.
    pub max_instances: u32,
    /// Most linear memory `plugin.init` may leave behind at load, bytes (default 8 MiB): init
    /// runs again before every call, so memory it fills is paid on each one (a plugin whose
    /// init filled its memory made every SRP 568 ms at p50, issue 40); one over it is refused
    /// at load ([`Failure::InitMemory`]).
    pub init_memory_bytes: usize,
}

impl Default for PluginLimits {
    fn default() -> Self {
        PluginLimits {
            deadline: Duration::from_millis(10),
            tick: Duration::from_millis(10),
            load_deadline: Duration::from_secs(5),
            memory_bytes: 16 << 20,
            max_output_bytes: 1 << 20,
            max_batch: 100,
            max_input_bytes: 1 << 20,
            breaker_failures: 5,
            breaker_cooldown: Duration::from_secs(30),
            fuel_per_call: 5_000_000,
            request_fuel: 20_000_000,
            load_fuel: 500_000_000,
            max_instances: 128,
            init_memory_bytes: 8 << 20,
        }
    }
}

impl PluginLimits {
    /// The limits from host settings (`plugin_deadline_ms`, `plugin_epoch_tick_ms`,
    /// `plugin_memory_mib`, `plugin_max_output_bytes`, `plugin_breaker_failures`); fuel and
    /// cool-down keep their defaults.
    pub fn from_settings(s: &crate::config::Settings) -> PluginLimits {
        PluginLimits {
            deadline: Duration::from_millis(s.plugin_deadline_ms.max(1)),
            tick: Duration::from_millis(s.plugin_epoch_tick_ms.max(1)),
            memory_bytes: (s.plugin_memory_mib.max(1) as usize) << 20,
            max_output_bytes: s.plugin_max_output_bytes.max(1),
            breaker_failures: s.plugin_breaker_failures,
            ..PluginLimits::default()
        }
    }

    /// Epoch ticks a call may run: enough that a call always gets at least `deadline`.
    pub fn deadline_ticks(&self) -> u64 {
        self.ticks(self.deadline)
    }

    /// Epoch ticks that give at least `d` of wall-clock time (at most `d` plus one tick).
    pub fn ticks(&self, d: Duration) -> u64 {
        let tick = self.tick.as_nanos().max(1);
        (d.as_nanos().div_ceil(tick) as u64) + 1
    }
}

/// Per-store state: the memory limiter, whether it refused a grow (to name a memory-cap
/// failure as such), and the output cap answers are measured against.
pub struct StoreState {
    limits: StoreLimits,
    /// A `memory.grow` past the cap was refused during this call.
    pub memory_refused: bool,
    /// Largest answer accepted, bytes ([`PluginLimits::max_output_bytes`]).
    pub output_cap: usize,
    /// Largest linear memory size granted in this store, bytes (see [`StoreState::memory_peak`]).
    memory_peak: usize,
}

impl StoreState {
    /// A store's state under `limits`: the memory cap (one memory, at most 8 instances and
    /// tables; a refused grow is reported to the guest, not trapped) and the output cap. Used by
    /// the pure points' stores and, inside `PartnerState`, by the partner calls'.
    pub fn new(limits: &PluginLimits) -> StoreState {
        StoreState {
            limits: StoreLimitsBuilder::new()
                .memory_size(limits.memory_bytes)
                .instances(8)
                .tables(8)
                .memories(1)
                .trap_on_grow_failure(false)
                .build(),
            memory_refused: false,
            output_cap: limits.max_output_bytes,
            memory_peak: 0,
        }
    }

    /// The largest size the instance's linear memory reached in this store so far, bytes: its
    /// initial size at instantiation, then every grow the cap allowed (`forecourt plugin run`
    /// reports it against the memory cap).
    pub fn memory_peak(&self) -> usize {
        self.memory_peak
    }
}

impl ResourceLimiter for StoreState {
    fn memory_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> wasmtime::Result<bool> {
        let ok = self.limits.memory_growing(current, desired, maximum)?;
        if ok {
            self.memory_peak = self.memory_peak.max(desired);
        } else {
            self.memory_refused = true;
        }
        Ok(ok)
    }

    fn table_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> wasmtime::Result<bool> {
        self.limits.table_growing(current, desired, maximum)
    }

    fn instances(&self) -> usize {
        self.limits.instances()
    }

    fn tables(&self) -> usize {
        self.limits.tables()
    }

    fn memories(&self) -> usize {
        self.limits.memories()
    }
}

/// Stops the ticker thread when the runtime is dropped.
struct Ticker {
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            h.thread().unpark();
            let _ = h.join();
        }
    }
}

/// The engine, its epoch ticker and the compile cache.
pub struct Runtime {
    engine: Engine,
    linker: Linker<StoreState>,
    partner: PartnerEngine,
    /// Swapped whole by [`Runtime::set_call_limits`] (a settings reload); the engine's own
    /// limits (memory, instances, tick) are fixed at build.
    limits: arc_swap::ArcSwap<PluginLimits>,
    cache_dir: Option<PathBuf>,
    _ticker: Ticker,
}

/// Why a call did not give a usable answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The deadline cut the call (`wasm trap: interrupt`): the wall-clock backstop.
    Timeout,
    /// The call used up its fuel (`wasm trap: all fuel consumed`).
    Fuel,
    /// The guest trapped after a `memory.grow` past the cap was refused.
    MemoryCap,
    /// Any other trap (a panic is `unreachable`), with wasmtime's message.
    Trap(String),
    /// The answer was larger than the output cap, bytes.
    Oversize(usize),
    /// The answer was wrong-shaped or out of range.
    Invalid(String),
    /// `init` refused the config it had accepted at load.
    InitRejected(String),
    /// A partner call sent (or tried to send) a request its grant does not allow: an origin
    /// not in `allowed_outbound_hosts`, or more than `max_requests`.
    Refused(String),
    /// `plugin.init` left more linear memory than [`PluginLimits::init_memory_bytes`] at load
    /// (bytes left, the bound).
    InitMemory(usize, usize),
}

impl Failure {
    /// A short name for logs and metrics: `timeout`, `fuel`, `memory`, `trap`, `oversize`,
    /// `invalid`, `init`.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Timeout => "timeout",
            Failure::Fuel => "fuel",
            Failure::MemoryCap => "memory",
            Failure::Trap(_) => "trap",
            Failure::Oversize(_) => "oversize",
            Failure::Invalid(_) => "invalid",
            Failure::InitRejected(_) => "init",
            Failure::Refused(_) => "refused",
            Failure::InitMemory(..) => "init_memory",
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout => write!(f, "deadline exceeded (wasm trap: interrupt)"),
            Failure::Fuel => write!(f, "fuel exhausted (wasm trap: all fuel consumed)"),
            Failure::MemoryCap => write!(f, "memory cap reached"),
            Failure::Trap(m) => write!(f, "trap: {m}"),
            Failure::Oversize(n) => write!(f, "answer of {n} bytes is over the output cap"),
            Failure::Invalid(m) => write!(f, "invalid answer: {m}"),
            Failure::InitRejected(m) => write!(f, "init rejected the config: {m}"),
            Failure::Refused(m) => write!(f, "outbound request refused: {m}"),
            Failure::InitMemory(left, bound) => write!(
                f,
                "plugin.init left {:.1} MiB of linear memory, over the {:.1} MiB bound: init runs again before every call, so what it leaves is paid on each one (build large tables lazily, or keep init small)",
                *left as f64 / 1_048_576.0,
                *bound as f64 / 1_048_576.0
            ),
        }
    }
}

/// The result of one guarded call.
#[derive(Debug)]
pub enum CallOutcome<T> {
    /// A checked answer.
    Answer(T),
    /// The plugin declined the call (`err(message)`): host defaults, not a failure.
    Declined(String),
    /// The plugin failed: host defaults, logged, counted.
    Failed(Failure),
    /// The host could not run the call (instance pool full): host defaults, not the plugin's fault.
    Unavailable(String),
}

/// A component compiled and ready to instantiate.
pub struct LoadedComponent {
    /// Component file stem, for example `tag-rules-ev`.
    pub name: String,
    /// The plugin's own version (`plugin.info`), for example `0.1.0`.
    pub version: String,
    /// One line from `plugin.info`.
    pub description: String,
    /// Extension points the component exports.
    pub points: Vec<Point>,
    /// Bytes of the component file.
    pub size: usize,
    pre: InstancePre<StoreState>,
    plugin_idx: wit::plugin::GuestIndices,
    /// Export indices per point, in [`Point::ALL`] order; `None` when not exported.
    exports: [Option<PointExports>; Point::COUNT],
    /// Export index of each point's interface, in [`Point::ALL`] order.
    interfaces: [Option<ComponentExportIndex>; Point::COUNT],
    /// The capabilities the component imports (partner integrations only); its tenants must
    /// grant each.
    pub capabilities: BTreeSet<Capability>,
    /// The partner side (compiled for the async engine), when it implements a partner
    /// integration and some tenant lets it reach a partner.
    pub partner: Option<PartnerComponent>,
}

/// The bytes of component file `<dir>/<stem>.wasm` of plugin `plugin`. Errors:
/// [`PluginError::Missing`] naming the plugin, the path and the OS error.
pub fn read_component(dir: &Path, stem: &str, plugin: &str) -> Result<Vec<u8>, PluginError> {
    let path = dir.join(format!("{stem}.wasm"));
    std::fs::read(&path).map_err(|e| PluginError::Missing {
        plugin: plugin.into(),
        path,
        reason: e.to_string(),
    })
}

impl LoadedComponent {
    /// `name@version`, as the API's `decided_by` shows it.
    pub fn id(&self) -> String {
        format!("{}@{}", self.name, self.version)
    }

    /// The export indices of `point`; `None` when the component does not implement it.
    pub fn exports(&self, point: Point) -> Option<&PointExports> {
        self.exports[point.index()].as_ref()
    }

    /// The export index of function `name` (for example `tags`) of `point`'s interface. Errors
    /// when the component does not export it (the host only calls the plugin deciding `point`,
    /// whose exports load checked).
    pub fn func(&self, point: Point, name: &str) -> wasmtime::Result<ComponentExportIndex> {
        let iface = self.interfaces[point.index()]
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("plugin `{}` does not export `{}`", self.name, point.interface()))?;
        self.pre
            .component()
            .get_export_index(Some(iface), name)
            .ok_or_else(|| anyhow::anyhow!("plugin `{}` does not export `{}.{name}`", self.name, point.interface()))
    }
}

/// What one guarded call cost: fuel units used (`init` included) and wall-clock time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallStats {
    /// Fuel units used.
    pub fuel: u64,
    /// Wall-clock time, microseconds (for the metrics' p50/p99, never for a verdict).
    pub micros: u64,
}

/// A live instance in its own store, for one call (or, in benchmarks, for timing the parts).
pub struct Call<'a> {
    /// The store (fresh per call).
    pub store: Store<StoreState>,
    /// The instance.
    pub instance: Instance,
    component: &'a LoadedComponent,
}

/// Prefix of the failure that means "the instance pool is full".
const POOL_FULL: &str = "instance pool full";

/// The failure an error of a call means: a refused answer, the deadline, fuel, the memory cap
/// (when a grow was refused) or another trap.
pub(crate) fn classify(err: &wasmtime::Error, memory_refused: bool) -> Failure {
    match err.downcast_ref::<Refused>() {
        Some(Refused::Oversize(n)) => return Failure::Oversize(*n),
        Some(Refused::Count(m)) => return Failure::Invalid(m.clone()),
        None => {}
    }
    if let Some(trap) = err.downcast_ref::<Trap>() {
        if *trap == Trap::Interrupt {
            return Failure::Timeout;
        }
        if *trap == Trap::OutOfFuel {
            return Failure::Fuel;
        }
        if memory_refused {
            return Failure::MemoryCap;
        }
        return Failure::Trap(trap.to_string());
    }
    if memory_refused {
        return Failure::MemoryCap;
    }
    Failure::Trap(format!("{err:#}"))
}

impl Runtime {
    /// Builds the engine and starts the epoch ticker. `cache_dir` (normally
    /// `<data_dir>/plugin-cache`) holds compiled components; `None` compiles every time.
    pub fn new(limits: PluginLimits, cache_dir: Option<PathBuf>) -> Result<Runtime, PluginError> {
        let mut pool = PoolingAllocationConfig::new();
        let n = limits.max_instances.max(1);
        // A component may hold a few core instances (its module plus wit-component shims), each
        // with at most one table; one linear memory (the guest's).
        pool.total_component_instances(n)
            .total_core_instances(n.saturating_mul(4))
            .total_memories(n)
            .total_tables(n.saturating_mul(4))
            .max_memories_per_component(1)
            .max_memory_size(limits.memory_bytes)
            // Memory is reset with madvise on return to the pool: a slot keeps nothing resident.
            .linear_memory_keep_resident(0);
        let mut config = Config::new();
        config
            .wasm_component_model(true)
            .epoch_interruption(true)
            .consume_fuel(true)
            .parallel_compilation(true)
            .cranelift_opt_level(wasmtime::OptLevel::Speed)
            .allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
        let engine = Engine::new(&config).map_err(|e| PluginError::Engine(format!("{e:#}")))?;
        let mut linker = Linker::new(&engine);
        // Components import only the type-only `types` interface: an empty instance satisfies it.
        // No WASI and no host function is ever linked.
        linker
            .instance(&wit::export_name("types"))
            .map_err(|e| PluginError::Engine(format!("{e:#}")))?;
        let partner = PartnerEngine::new()?;
        let stop = Arc::new(AtomicBool::new(false));
        let handle = {
            let engine = engine.clone();
            let partner_engine = partner.engine().clone();
            let stop = stop.clone();
            let tick = limits.tick;
            std::thread::Builder::new()
                .name("forecourt-plugin-epoch".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::park_timeout(tick);
                        engine.increment_epoch();
                        partner_engine.increment_epoch();
                    }
                })
                .map_err(|e| PluginError::Engine(format!("cannot start the epoch ticker: {e}")))?
        };
        Ok(Runtime {
            engine,
            linker,
            partner,
            limits: arc_swap::ArcSwap::from_pointee(limits),
            cache_dir,
            _ticker: Ticker {
                stop,
                handle: Some(handle),
            },
        })
    }

    /// The limits every call runs under now (a snapshot: a settings reload swaps them).
    pub fn limits(&self) -> Arc<PluginLimits> {
        self.limits.load_full()
    }

    /// Takes the per-call limits a settings reload may change from `next`: the wall-clock
    /// `deadline`, `max_output_bytes` and `breaker_failures` (docs/operations.md "Live
    /// settings"). The memory cap, the instance pool and the tick are the engine's, fixed at
    /// start. Calls already running keep the limits they started with.
    pub fn set_call_limits(&self, next: &PluginLimits) {
        let mut l = PluginLimits::clone(&self.limits.load());
        l.deadline = next.deadline;
        l.max_output_bytes = next.max_output_bytes;
        l.breaker_failures = next.breaker_failures;
        self.limits.store(Arc::new(l));
    }

    /// The engine.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The partner engine (partner integrations' async calls).
    pub fn partner(&self) -> &PartnerEngine {
        &self.partner
    }

    /// Compiles a component, or loads it from the disk cache ([`compile_cached`]).
    pub fn compile(&self, name: &str, bytes: &[u8]) -> Result<Component, PluginError> {
        compile_cached(&self.engine, self.cache_dir.as_deref(), name, bytes)
    }

    /// Compiles (or loads from cache) `<dir>/<name>.wasm`, checks its WIT version, imports and
    /// exports, pre-instantiates it and reads its `plugin.info`. With `partner` (some tenant
    /// lets it reach a partner), a component implementing a partner integration is also compiled
    /// for the partner engine; otherwise that second compile is skipped.
    pub fn load(&self, dir: &Path, name: &str, partner: bool) -> Result<LoadedComponent, PluginError> {
        self.load_bytes(name, &read_component(dir, name, name)?, partner)
    }

    /// [`Runtime::load`] of a component's bytes already read (`name` is the plugin's name, as
    /// errors and `decided_by` show it).
    pub fn load_bytes(&self, name: &str, bytes: &[u8], partner: bool) -> Result<LoadedComponent, PluginError> {
        let component = self.compile(name, bytes)?;
        let (points, capabilities) = self.check_shape(name, &component)?;
        // A component with capability imports gets them (and its type-only imports) as traps on
        // this engine: its pure points stay synchronous and can reach nothing.
        let stubbed;
        let linker = if capabilities.is_empty() {
            &self.linker
        } else {
            let mut l = Linker::new(&self.engine);
            l.define_unknown_imports_as_traps(&component).map_err(|e| PluginError::Invalid {
                plugin: name.into(),
                reason: format!("{e:#}"),
            })?;
            stubbed = l;
            &stubbed
        };
        let partner = if partner && points.iter().any(|p| p.is_partner()) {
            let c = compile_cached(self.partner.engine(), self.cache_dir.as_deref(), name, bytes)?;
            Some(self.partner.prepare(name, &c)?)
        } else {
            None
        };
        let pre = linker.instantiate_pre(&component).map_err(|e| PluginError::Invalid {
            plugin: name.into(),
            reason: format!("cannot be linked (it may import something the host does not give): {e:#}"),
        })?;
        let invalid = |e: wasmtime::Error| PluginError::Invalid {
            plugin: name.into(),
            reason: format!("{e:#}"),
        };
        let plugin_idx = wit::plugin::GuestIndices::new(&pre).map_err(invalid)?;
        let mut exports: [Option<PointExports>; Point::COUNT] = Default::default();
        let mut interfaces: [Option<ComponentExportIndex>; Point::COUNT] = Default::default();
        for p in points.iter().filter(|p| !p.is_partner()) {
            exports[p.index()] = Some(PointExports::new(*p, &pre).map_err(invalid)?);
            interfaces[p.index()] = component.get_export_index(None, &p.export_name());
        }
        let mut loaded = LoadedComponent {
            name: name.into(),
            version: String::new(),
            description: String::new(),
            points,
            size: bytes.len(),
            pre,
            plugin_idx,
            exports,
            interfaces,
            capabilities,
            partner,
        };
        let info = {
            let mut call = self
                .instantiate_with(&loaded, self.limits.load().load_deadline, self.limits.load().load_fuel)
                .map_err(|f| PluginError::Invalid {
                    plugin: name.into(),
                    reason: format!("cannot be instantiated: {f}"),
                })?;
            let guest = loaded.plugin_idx.load(&mut call.store, &call.instance).map_err(invalid)?;
            guest.call_info(&mut call.store).map_err(|e| PluginError::Invalid {
                plugin: name.into(),
                reason: format!("plugin.info failed: {}", classify(&e, call.store.data().memory_refused)),
            })?
        };
        if info.name != name {
            tracing::warn!(plugin = name, info_name = %info.name, "plugin.info names the plugin differently from its file");
        }
        loaded.version = info.version;
        loaded.description = info.description;
        Ok(loaded)
    }

    /// Reads the component's type: it must export `plugin@0.1.0` and at least one point (pure
    /// points of `@0.1.0`, partner integrations of `@0.2.0`), and not be built against another
    /// version of the package. It may import type-only interfaces (the shared `types` and
    /// `partner`) and, only when it implements a partner integration, the capabilities
    /// [`required_capabilities`] names (which its tenants must grant; checked per tenant at load).
    /// Returns the points and the capabilities.
    fn check_shape(&self, name: &str, component: &Component) -> Result<(Vec<Point>, BTreeSet<Capability>), PluginError> {
        let ty = component.component_type();
        let invalid = |reason: String| PluginError::Invalid {
            plugin: name.into(),
            reason,
        };
        let mut versions = Vec::new();
        let mut exports = Vec::new();
        for (export, _) in ty.exports(&self.engine) {
            exports.push(export.to_string());
            if let Some(rest) = export.strip_prefix(&format!("{WIT_PACKAGE}/"))
                && let Some((iface, version)) = rest.split_once('@')
            {
                let expected = Point::ALL
                    .iter()
                    .find(|p| p.interface() == iface)
                    .map_or(WIT_VERSION, |p| p.wit_version());
                if version != expected {
                    versions.push(version.to_string());
                }
            }
        }
        if !versions.is_empty() || !exports.iter().any(|e| e == &wit::export_name("plugin")) {
            versions.sort();
            versions.dedup();
            let seen = if versions.is_empty() {
                format!("it exports {exports:?}")
            } else {
                format!("it was built against {WIT_PACKAGE}@{}", versions.join(", @"))
            };
            return Err(PluginError::UnsupportedWit {
                plugin: name.into(),
                found: seen,
            });
        }
        let points: Vec<Point> = Point::ALL
            .into_iter()
            .filter(|p| component.get_export_index(None, &p.export_name()).is_some())
            .collect();
        let mut with_functions = Vec::new();
        for (import, item) in ty.imports(&self.engine) {
            // The shared type-only interfaces need nothing from the host; any other import is a
            // capability (or refused).
            let type_only = match item {
                ComponentItem::ComponentInstance(inst) => inst.exports(&self.engine).all(|(_, i)| matches!(i, ComponentItem::Type(_))),
                _ => false,
            };
            let shared_types = import == wit::export_name("types") || import == "forecourt:platform/partner@0.2.0";
            if !(type_only && shared_types) {
                with_functions.push(import.to_string());
            }
        }
        if !with_functions.is_empty() && !points.iter().any(|p| p.is_partner()) {
            return Err(invalid(format!(
                "imports `{}`; the pure points get no WASI and no host functions (only partner integrations may import capabilities)",
                with_functions[0]
            )));
        }
        let capabilities = required_capabilities(with_functions.iter().map(String::as_str)).map_err(invalid)?;
        if points.is_empty() {
            return Err(invalid("exports no extension point".into()));
        }
        Ok((points, capabilities))
    }

    /// A fresh store with the memory cap, the per-call fuel and the deadline armed, and the
    /// component instantiated in it.
    pub fn instantiate<'a>(&self, component: &'a LoadedComponent) -> Result<Call<'a>, Failure> {
        let l = self.limits.load();
        self.instantiate_with(component, l.deadline, l.fuel_per_call)
    }

    /// [`Runtime::instantiate`] with another wall-clock deadline and fuel (the load-time calls,
    /// a call on what is left of a request's budget).
    fn instantiate_with<'a>(&self, component: &'a LoadedComponent, deadline: Duration, fuel: u64) -> Result<Call<'a>, Failure> {
        let limits = self.limits.load();
        let mut store = Store::new(&self.engine, StoreState::new(&limits));
        store.limiter(|s| s);
        store.set_fuel(fuel).map_err(|e| Failure::Trap(format!("cannot set fuel: {e:#}")))?;
        store.set_epoch_deadline(limits.ticks(deadline));
        store.epoch_deadline_trap();
        let instance = component.pre.instantiate(&mut store).map_err(|e| {
            if e.downcast_ref::<wasmtime::PoolConcurrencyLimitError>().is_some() {
                Failure::Trap(format!("{POOL_FULL}: {e}"))
            } else {
                classify(&e, store.data().memory_refused)
            }
        })?;
        Ok(Call {
            store,
            instance,
            component,
        })
    }

    /// [`Runtime::instantiate_with`] the call deadline and `fuel`, telling a full instance pool
    /// (the host's limit, not the plugin's fault) from a plugin failure.
    fn instantiate_checked<'a>(&self, component: &'a LoadedComponent, fuel: u64) -> Result<Call<'a>, CallOutcome<()>> {
        self.instantiate_with(component, self.limits.load().deadline, fuel)
            .map_err(|f| match f {
                Failure::Trap(m) if m.starts_with(POOL_FULL) => CallOutcome::Unavailable(m),
                f => CallOutcome::Failed(f),
            })
    }

    /// A fresh instance with `fuel` and `plugin.init(config)` done: the start of every call.
    pub fn instantiate_init<'a>(&self, component: &'a LoadedComponent, config_json: &str, fuel: u64) -> Result<Call<'a>, CallOutcome<()>> {
        let mut call = self.instantiate_checked(component, fuel)?;
        let guest = match component.plugin_idx.load(&mut call.store, &call.instance) {
            Ok(g) => g,
            Err(e) => return Err(CallOutcome::Failed(classify(&e, call.store.data().memory_refused))),
        };
        match guest.call_init(&mut call.store, config_json) {
            Ok(Ok(())) => Ok(call),
            Ok(Err(msg)) => Err(CallOutcome::Failed(Failure::InitRejected(cut(&msg, 500)))),
            Err(e) => Err(CallOutcome::Failed(classify(&e, call.store.data().memory_refused))),
        }
    }

    /// Runs `plugin.init(config)` once in a fresh store to check a tenant's config (at load,
    /// under [`PluginLimits::load_deadline`]).
    /// `Ok(Err(message))` is the plugin's own rejection; [`Failure::InitMemory`] an init that
    /// leaves more than [`PluginLimits::init_memory_bytes`] of linear memory.
    pub fn check_config(&self, component: &LoadedComponent, config_json: &str) -> Result<Result<(), String>, Failure> {
        let limits = self.limits.load_full();
        let mut call = self.instantiate_with(component, limits.load_deadline, limits.load_fuel)?;
        let guest = component
            .plugin_idx
            .load(&mut call.store, &call.instance)
            .map_err(|e| classify(&e, false))?;
        let answer = guest
            .call_init(&mut call.store, config_json)
            .map_err(|e| classify(&e, call.store.data().memory_refused))?;
        let left = call.store.data().memory_peak();
        if answer.is_ok() && left > limits.init_memory_bytes {
            return Err(Failure::InitMemory(left, limits.init_memory_bytes));
        }
        Ok(answer.map_err(|m| cut(&m, 2000)))
    }

    /// One guarded call with `fuel` units: a fresh instance, `init(config)`, then `f`, which
    /// lifts the answer through `lift.rs` (measured against the output cap in guest memory);
    /// then `check` converts and checks it. Returns the outcome and what the call cost.
    pub fn call<W, T>(
        &self,
        component: &LoadedComponent,
        config_json: &str,
        fuel: u64,
        f: impl FnOnce(&LoadedComponent, &mut Call<'_>) -> wasmtime::Result<Result<W, String>>,
        check: impl FnOnce(W) -> Result<T, String>,
    ) -> (CallOutcome<T>, CallStats) {
        let started = Instant::now();
        let mut fuel_left = fuel;
        let outcome = (|| {
            let mut call = match self.instantiate_init(component, config_json, fuel) {
                Ok(c) => c,
                Err(CallOutcome::Failed(f)) => return CallOutcome::Failed(f),
                Err(CallOutcome::Unavailable(m)) => return CallOutcome::Unavailable(m),
                Err(_) => return CallOutcome::Unavailable("instantiation".into()),
            };
            let answer = f(component, &mut call);
            fuel_left = call.store.get_fuel().unwrap_or(0);
            let answer = match answer {
                Ok(a) => a,
                Err(e) => return CallOutcome::Failed(classify(&e, call.store.data().memory_refused)),
            };
            // The store (and the guest's memory) goes back to the pool before the answer is
            // checked.
            drop(call);
            match answer {
                Err(msg) => CallOutcome::Declined(msg),
                Ok(r) => match check(r) {
                    Ok(t) => CallOutcome::Answer(t),
                    Err(m) => CallOutcome::Failed(Failure::Invalid(m)),
                },
            }
        })();
        if matches!(outcome, CallOutcome::Failed(Failure::Fuel)) {
            fuel_left = 0;
        }
        let stats = CallStats {
            fuel: fuel.saturating_sub(fuel_left),
            micros: started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64,
        };
        (outcome, stats)
    }
}

impl Call<'_> {
    /// The component this call runs.
    pub fn component(&self) -> &LoadedComponent {
        self.component
    }
}
