//! The wasmtime side (docs/features/platform.md "Plugins and extension points"): one [`Engine`]
//! with the component model, epoch interruption and the pooling allocator; the epoch ticker on its
//! own OS thread; components compiled off the request path and cached on disk; one [`InstancePre`]
//! per component; a fresh [`Store`] per call with a memory cap ([`StoreLimits`]) and a wall-clock
//! deadline; no WASI and no host functions at all.

use std::{
    hash::{Hash, Hasher},
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use sha2::{Digest, Sha256};
use wasmtime::{
    Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, ResourceLimiter, Store, StoreLimits, StoreLimitsBuilder, Trap,
    component::{Component, Instance, InstancePre, Linker, types::ComponentItem},
};

use crate::plugins::error::PluginError;
use crate::plugins::points::check::AnswerSize;
use crate::plugins::points::point::Point;
use crate::plugins::since_v0_1_0::{self as wit, PointExports, WIT_PACKAGE, WIT_VERSION};

/// Runtime limits of every plugin call. The defaults are the ones `plugins/README.md` promises.
#[derive(Debug, Clone)]
pub struct PluginLimits {
    /// Wall-clock time per call, `init` included (default 10 ms).
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
    /// Consecutive failures that switch a plugin off for a tenant until reload (default 5; 0 never).
    pub breaker_failures: u32,
    /// Most plugin instances alive at once in the pool (default 128; each slot reserves 4 GiB of
    /// address space, not memory); a call that finds the pool full uses the host default without
    /// counting against the plugin.
    pub max_instances: u32,
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
            max_instances: 128,
        }
    }
}

impl PluginLimits {
    /// The limits from host settings (`plugin_deadline_ms`, `plugin_epoch_tick_ms`,
    /// `plugin_memory_mib`, `plugin_max_output_bytes`, `plugin_breaker_failures`).
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

/// Per-store state: the memory limiter, and whether it refused a grow (to name a memory-cap
/// failure as such).
pub struct StoreState {
    limits: StoreLimits,
    /// A `memory.grow` past the cap was refused during this call.
    pub memory_refused: bool,
}

impl ResourceLimiter for StoreState {
    fn memory_growing(&mut self, current: usize, desired: usize, maximum: Option<usize>) -> wasmtime::Result<bool> {
        let ok = self.limits.memory_growing(current, desired, maximum)?;
        if !ok {
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
    limits: PluginLimits,
    cache_dir: Option<PathBuf>,
    _ticker: Ticker,
}

/// Why a call did not give a usable answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The deadline cut the call (`wasm trap: interrupt`).
    Timeout,
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
}

impl Failure {
    /// A short name for logs and metrics: `timeout`, `memory`, `trap`, `oversize`, `invalid`,
    /// `init`.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Timeout => "timeout",
            Failure::MemoryCap => "memory",
            Failure::Trap(_) => "trap",
            Failure::Oversize(_) => "oversize",
            Failure::Invalid(_) => "invalid",
            Failure::InitRejected(_) => "init",
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Timeout => write!(f, "deadline exceeded (wasm trap: interrupt)"),
            Failure::MemoryCap => write!(f, "memory cap reached"),
            Failure::Trap(m) => write!(f, "trap: {m}"),
            Failure::Oversize(n) => write!(f, "answer of {n} bytes is over the output cap"),
            Failure::Invalid(m) => write!(f, "invalid answer: {m}"),
            Failure::InitRejected(m) => write!(f, "init rejected the config: {m}"),
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
}

/// A live instance in its own store, for one call (or, in benchmarks, for timing the parts).
pub struct Call<'a> {
    /// The store (fresh per call).
    pub store: Store<StoreState>,
    /// The instance.
    pub instance: Instance,
    component: &'a LoadedComponent,
}

/// An [`std::hash::Hasher`] over SHA-256, so the engine's compatibility hash gives the same key
/// in every process.
struct ShaHasher(Sha256);

impl Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        let d = self.0.clone().finalize();
        u64::from_le_bytes(d[..8].try_into().expect("8 bytes"))
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

/// Prefix of the failure that means "the instance pool is full".
const POOL_FULL: &str = "instance pool full";

fn classify(err: &wasmtime::Error, memory_refused: bool) -> Failure {
    if let Some(trap) = err.downcast_ref::<Trap>() {
        if *trap == Trap::Interrupt {
            return Failure::Timeout;
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
        let stop = Arc::new(AtomicBool::new(false));
        let handle = {
            let engine = engine.clone();
            let stop = stop.clone();
            let tick = limits.tick;
            std::thread::Builder::new()
                .name("forecourt-plugin-epoch".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::park_timeout(tick);
                        engine.increment_epoch();
                    }
                })
                .map_err(|e| PluginError::Engine(format!("cannot start the epoch ticker: {e}")))?
        };
        Ok(Runtime {
            engine,
            linker,
            limits,
            cache_dir,
            _ticker: Ticker {
                stop,
                handle: Some(handle),
            },
        })
    }

    /// The limits every call runs under.
    pub fn limits(&self) -> &PluginLimits {
        &self.limits
    }

    /// The engine.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Cache key of a component: SHA-256 of its bytes plus the engine's precompile compatibility
    /// hash (a different wasmtime version or config gives a different key).
    fn cache_path(&self, bytes: &[u8]) -> Option<PathBuf> {
        let dir = self.cache_dir.as_ref()?;
        let content = hex::encode(Sha256::digest(bytes));
        let mut h = ShaHasher(Sha256::new());
        self.engine.precompile_compatibility_hash().hash(&mut h);
        let engine_key = hex::encode(h.0.finalize());
        Some(dir.join(format!("{}-{}.cwasm", &content[..32], &engine_key[..16])))
    }

    /// Compiles a component, or loads it from the disk cache. A cache file that fails to
    /// deserialize (corrupt, other engine) is a miss: the component is compiled and the file
    /// rewritten.
    pub fn compile(&self, name: &str, bytes: &[u8]) -> Result<Component, PluginError> {
        let cache = self.cache_path(bytes);
        if let Some(path) = &cache
            && path.is_file()
        {
            // The file is read into memory rather than mapped: another process rewriting or
            // truncating a mapped cache file would crash this one (SIGBUS).
            let loaded = std::fs::read(path).map_err(anyhow::Error::from).and_then(|bytes| {
                // SAFETY: the cache directory holds only files this host wrote with
                // `Component::serialize` for this engine configuration (the key includes the
                // engine's compatibility hash); wasmtime still checks the header and refuses a
                // file from another engine or version.
                unsafe { Component::deserialize(&self.engine, bytes) }
            });
            match loaded {
                Ok(c) => {
                    tracing::debug!(plugin = name, cache = %path.display(), "plugin component loaded from cache");
                    return Ok(c);
                }
                Err(e) => tracing::warn!(plugin = name, cache = %path.display(), error = %e, "plugin cache entry unusable; recompiling"),
            }
        }
        let started = Instant::now();
        let component = Component::from_binary(&self.engine, bytes).map_err(|e| PluginError::Invalid {
            plugin: name.into(),
            reason: format!("not a valid WASM component: {e:#}"),
        })?;
        tracing::info!(
            plugin = name,
            ms = started.elapsed().as_millis() as u64,
            "plugin component compiled"
        );
        if let Some(path) = cache
            && let Err(e) = write_cache(&path, &component)
        {
            tracing::warn!(plugin = name, cache = %path.display(), error = %e, "cannot write plugin cache");
        }
        Ok(component)
    }

    /// Compiles (or loads from cache) `<dir>/<name>.wasm`, checks its WIT version, imports and
    /// exports, pre-instantiates it and reads its `plugin.info`.
    pub fn load(&self, dir: &Path, name: &str) -> Result<LoadedComponent, PluginError> {
        let path = dir.join(format!("{name}.wasm"));
        let bytes = std::fs::read(&path).map_err(|e| PluginError::Missing {
            plugin: name.into(),
            path: path.clone(),
            reason: e.to_string(),
        })?;
        let component = self.compile(name, &bytes)?;
        let points = self.check_shape(name, &component)?;
        let pre = self.linker.instantiate_pre(&component).map_err(|e| PluginError::Invalid {
            plugin: name.into(),
            reason: format!("cannot be linked (it may import something the host does not give): {e:#}"),
        })?;
        let invalid = |e: wasmtime::Error| PluginError::Invalid {
            plugin: name.into(),
            reason: format!("{e:#}"),
        };
        let plugin_idx = wit::plugin::GuestIndices::new(&pre).map_err(invalid)?;
        let mut exports: [Option<PointExports>; Point::COUNT] = Default::default();
        for p in &points {
            exports[p.index()] = Some(PointExports::new(*p, &pre).map_err(invalid)?);
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
        };
        let info = {
            let mut call = self
                .instantiate_with_deadline(&loaded, self.limits.load_deadline)
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

    /// Reads the component's type: it must export `plugin@0.1.0` and at least one point of this
    /// WIT version, import nothing but the type-only `types` interface (no WASI), and not be built
    /// against another version of the package.
    fn check_shape(&self, name: &str, component: &Component) -> Result<Vec<Point>, PluginError> {
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
                && let Some((_, version)) = rest.split_once('@')
                && version != WIT_VERSION
            {
                versions.push(version.to_string());
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
        for (import, item) in ty.imports(&self.engine) {
            let type_only = import == wit::export_name("types")
                && match item {
                    ComponentItem::ComponentInstance(inst) => inst.exports(&self.engine).all(|(_, i)| matches!(i, ComponentItem::Type(_))),
                    _ => false,
                };
            if !type_only {
                return Err(invalid(format!(
                    "imports `{import}`; plugins get no WASI and no host functions (only the type-only `{}`)",
                    wit::export_name("types")
                )));
            }
        }
        let points: Vec<Point> = Point::ALL
            .into_iter()
            .filter(|p| component.get_export_index(None, &wit::export_name(p.interface())).is_some())
            .collect();
        if points.is_empty() {
            return Err(invalid("exports no extension point".into()));
        }
        Ok(points)
    }

    /// A fresh store with the memory cap and the deadline armed, and the component instantiated
    /// in it.
    pub fn instantiate<'a>(&self, component: &'a LoadedComponent) -> Result<Call<'a>, Failure> {
        self.instantiate_with_deadline(component, self.limits.deadline)
    }

    /// [`Runtime::instantiate`] with another wall-clock deadline (the load-time calls).
    fn instantiate_with_deadline<'a>(&self, component: &'a LoadedComponent, deadline: Duration) -> Result<Call<'a>, Failure> {
        let limits = StoreLimitsBuilder::new()
            .memory_size(self.limits.memory_bytes)
            .instances(8)
            .tables(8)
            .memories(1)
            .trap_on_grow_failure(false)
            .build();
        let mut store = Store::new(
            &self.engine,
            StoreState {
                limits,
                memory_refused: false,
            },
        );
        store.limiter(|s| s);
        store.set_epoch_deadline(self.limits.ticks(deadline));
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

    /// [`Runtime::instantiate`], telling a full instance pool (the host's limit, not the plugin's
    /// fault) from a plugin failure.
    fn instantiate_checked<'a>(&self, component: &'a LoadedComponent) -> Result<Call<'a>, CallOutcome<()>> {
        self.instantiate(component).map_err(|f| match f {
            Failure::Trap(m) if m.starts_with(POOL_FULL) => CallOutcome::Unavailable(m),
            f => CallOutcome::Failed(f),
        })
    }

    /// A fresh instance with `plugin.init(config)` done: the start of every call.
    pub fn instantiate_init<'a>(&self, component: &'a LoadedComponent, config_json: &str) -> Result<Call<'a>, CallOutcome<()>> {
        let mut call = self.instantiate_checked(component)?;
        let guest = match component.plugin_idx.load(&mut call.store, &call.instance) {
            Ok(g) => g,
            Err(e) => return Err(CallOutcome::Failed(classify(&e, call.store.data().memory_refused))),
        };
        match guest.call_init(&mut call.store, config_json) {
            Ok(Ok(())) => Ok(call),
            Ok(Err(msg)) => Err(CallOutcome::Failed(Failure::InitRejected(truncate(&msg, 500)))),
            Err(e) => Err(CallOutcome::Failed(classify(&e, call.store.data().memory_refused))),
        }
    }

    /// Runs `plugin.init(config)` once in a fresh store to check a tenant's config (at load,
    /// under [`PluginLimits::load_deadline`]).
    /// `Ok(Err(message))` is the plugin's own rejection.
    pub fn check_config(&self, component: &LoadedComponent, config_json: &str) -> Result<Result<(), String>, Failure> {
        let mut call = self.instantiate_with_deadline(component, self.limits.load_deadline)?;
        let guest = component
            .plugin_idx
            .load(&mut call.store, &call.instance)
            .map_err(|e| classify(&e, false))?;
        let answer = guest
            .call_init(&mut call.store, config_json)
            .map_err(|e| classify(&e, call.store.data().memory_refused))?;
        Ok(answer.map_err(|m| truncate(&m, 2000)))
    }

    /// One guarded call: a fresh instance, `init(config)`, then `f`; the answer's size is checked
    /// against the output cap before `check` converts and checks it.
    pub fn call<R, T>(
        &self,
        component: &LoadedComponent,
        config_json: &str,
        f: impl FnOnce(&LoadedComponent, &mut Call<'_>) -> wasmtime::Result<Result<R, String>>,
        check: impl FnOnce(R) -> Result<T, String>,
    ) -> CallOutcome<T>
    where
        R: AnswerSize,
    {
        let mut call = match self.instantiate_init(component, config_json) {
            Ok(c) => c,
            Err(CallOutcome::Failed(f)) => return CallOutcome::Failed(f),
            Err(CallOutcome::Unavailable(m)) => return CallOutcome::Unavailable(m),
            Err(_) => return CallOutcome::Unavailable("instantiation".into()),
        };
        let answer = match f(component, &mut call) {
            Ok(a) => a,
            Err(e) => return CallOutcome::Failed(classify(&e, call.store.data().memory_refused)),
        };
        // The store (and the guest's memory) goes back to the pool before the answer is checked.
        drop(call);
        let size = answer.answer_size();
        if size > self.limits.max_output_bytes {
            return CallOutcome::Failed(Failure::Oversize(size));
        }
        match answer {
            Err(msg) => CallOutcome::Declined(truncate(&msg, 500)),
            Ok(r) => match check(r) {
                Ok(t) => CallOutcome::Answer(t),
                Err(m) => CallOutcome::Failed(Failure::Invalid(m)),
            },
        }
    }
}

impl Call<'_> {
    /// The component this call runs.
    pub fn component(&self) -> &LoadedComponent {
        self.component
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

fn write_cache(path: &Path, component: &Component) -> anyhow::Result<()> {
    let bytes = component.serialize()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}
