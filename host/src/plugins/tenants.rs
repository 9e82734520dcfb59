//! The plugins each tenant enables: [`EnabledPlugin`], [`TenantPlugins`] (which plugin decides
//! which point, with one circuit breaker per point) and the load of one tenant's `[[plugins]]`.

use sha2::{Digest, Sha256};

use std::{
    collections::{BTreeMap, BTreeSet, HashMap},
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
};

use crate::{
    plugins::{
        breaker::Breaker,
        decided::Decided,
        error::PluginError,
        partner::{CallGrant, OutboundGrant},
        points::{point::Point, stock_filter::StockCondition},
        runtime::{LoadedComponent, Runtime, read_component},
        since_v0_1_0::{TenantContext, tenant_context},
    },
    tenant::{PluginConfig, Tenant, TenantConfig, TenantRegistry},
};

/// A plugin enabled for one tenant.
pub struct EnabledPlugin {
    /// The compiled component (shared between tenants; each call gets its own store).
    pub component: Arc<LoadedComponent>,
    /// The tenant's `config`, as JSON text for `plugin.init`.
    pub config_json: String,
    /// Hosts the plugin's tag images may come from (`image_hosts` in `tenant.toml`).
    pub image_hosts: Vec<String>,
    /// What its partner calls may reach (`[plugins.capabilities]`, resolved at load).
    pub grant: Arc<CallGrant>,
}

/// The plugins of one tenant and which one decides each point.
pub struct TenantPlugins {
    /// The tenant generation (`crate::tenant::Tenant::generation`) these were built for.
    pub generation: u64,
    pub(super) ctx: TenantContext,
    pub(super) plugins: Vec<EnabledPlugin>,
    by_point: [Option<usize>; Point::COUNT],
    breakers: [Breaker; Point::COUNT],
    pub(super) stock_cache: Mutex<HashMap<u8, Decided<Vec<StockCondition>>>>,
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

    /// The circuit breaker of `point` (of the plugin deciding it for this tenant).
    pub fn breaker(&self, point: Point) -> &Breaker {
        &self.breakers[point.index()]
    }
}

impl TenantPlugins {
    /// No plugin: every point is the host's default for this tenant.
    pub fn none(spec: &TenantSpec) -> TenantPlugins {
        TenantPlugins {
            generation: spec.generation,
            ctx: tenant_context(&spec.config),
            plugins: Vec::new(),
            by_point: [None; Point::COUNT],
            breakers: Default::default(),
            stock_cache: Mutex::new(HashMap::new()),
        }
    }
}

/// What the load needs from one tenant.
pub struct TenantSpec {
    /// The tenant's `tenant.toml` (named in errors).
    pub file: PathBuf,
    /// The tenant's config (its `[[plugins]]`).
    pub config: TenantConfig,
    /// The tenant's generation (`crate::tenant::Tenant::generation`).
    pub generation: u64,
}

impl TenantSpec {
    /// The spec of a loaded tenant.
    pub fn of(t: &Tenant) -> TenantSpec {
        TenantSpec {
            file: t.dir.join("tenant.toml"),
            config: t.config.clone(),
            generation: t.generation,
        }
    }
}

/// The load specs of every tenant in the registry.
pub fn specs(tenants: &TenantRegistry) -> Vec<TenantSpec> {
    tenants.iter().map(|t| TenantSpec::of(&t)).collect()
}

/// Whether `p` lets its plugin reach a partner (an `http` grant with at least one origin): only
/// then is a component compiled for the partner engine too.
fn reaches_partner(p: &PluginConfig) -> bool {
    p.capabilities.http.as_ref().is_some_and(|g| !g.allowed_outbound_hosts.is_empty())
}

/// The component file stem of a `[[plugins]]` entry: `name`, or `name@version` when the tenant
/// pins a version (docs/operations.md "Plugin versions: rollout and rollback").
pub fn component_stem(p: &PluginConfig) -> String {
    match &p.version {
        Some(v) => format!("{}@{v}", p.name),
        None => p.name.clone(),
    }
}

/// A compiled component's key: its file stem and whether its partner side was compiled.
type ComponentKey = (String, bool);

/// Compiled components, shared by every tenant that enables the same file: keyed by file stem
/// ([`component_stem`]) and whether the partner engine's side was compiled, each with the
/// SHA-256 of the file it came from, so a changed file is compiled again at the next load that
/// reads it while the previous artefact stays with the tenants still using it.
#[derive(Default)]
pub struct Components {
    /// (file stem, compiled for the partner engine too) -> (the file's SHA-256, the component).
    map: Mutex<BTreeMap<ComponentKey, (String, Arc<LoadedComponent>)>>,
}

impl Components {
    /// The component of file `<plugin_dir>/<stem>.wasm` for plugin `name`: the one already
    /// compiled when the file's digest is unchanged (`verified` holds the stems whose file was
    /// already read in this load pass, so a start of many tenants reads each file once), else
    /// compiled now (blocking). With `partner`, one compiled for the partner engine too. Errors:
    /// the file cannot be read, or the component is refused (`Runtime::load_bytes`).
    pub fn get(
        &self,
        runtime: &Runtime,
        plugin_dir: &Path,
        name: &str,
        stem: &str,
        partner: bool,
        verified: &mut BTreeSet<String>,
    ) -> Result<Arc<LoadedComponent>, PluginError> {
        let known = |partner_side: bool| -> Option<(String, Arc<LoadedComponent>)> {
            self.map
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get(&(stem.to_string(), partner_side))
                .cloned()
        };
        let held = known(true).or_else(|| if partner { None } else { known(false) });
        if let Some((_, c)) = held.as_ref().filter(|_| verified.contains(stem)) {
            return Ok(c.clone());
        }
        let bytes = read_component(plugin_dir, stem, name)?;
        let digest = hex::encode(Sha256::digest(&bytes));
        verified.insert(stem.to_string());
        if let Some((d, c)) = held
            && d == digest
        {
            return Ok(c);
        }
        let c = Arc::new(runtime.load_bytes(name, &bytes, partner)?);
        self.map
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((stem.to_string(), partner), (digest, c.clone()));
        Ok(c)
    }

    /// The components held now by plugin name (the latest compiled of each name).
    pub fn by_name(&self) -> BTreeMap<String, Arc<LoadedComponent>> {
        self.map
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .map(|(_, c)| (c.name.clone(), c.clone()))
            .collect()
    }

    /// Drops the components no tenant uses any more (those `in_use` does not hold); their
    /// compiled artefacts stay in the disk cache for a rollback.
    pub fn retain_used(&self, in_use: &BTreeSet<*const LoadedComponent>) {
        self.map
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|_, (_, c)| in_use.contains(&Arc::as_ptr(c)));
    }
}

/// Loads one tenant's `[[plugins]]`: each component from `plugin_dir` (compiled once and shared
/// through `components`; for the partner engine too when the tenant lets it reach a partner), a
/// pinned `version` checked against the component's own, its config checked by `plugin.init`,
/// and at most one plugin per point. Blocking (compiles). Errors name the tenant file, the
/// entry index and the plugin.
pub fn load_tenant(
    runtime: &Runtime,
    plugin_dir: &Path,
    components: &Components,
    verified: &mut BTreeSet<String>,
    spec: &TenantSpec,
) -> Result<TenantPlugins, PluginError> {
    let mut plugins: Vec<EnabledPlugin> = Vec::new();
    let mut by_point: [Option<usize>; Point::COUNT] = [None; Point::COUNT];
    for (index, p) in spec.config.plugins.iter().enumerate() {
        let fail = |reason: String| PluginError::Tenant {
            file: spec.file.clone(),
            index,
            plugin: p.name.clone(),
            reason,
        };
        let stem = component_stem(p);
        let component = components
            .get(runtime, plugin_dir, &p.name, &stem, reaches_partner(p), verified)
            .map_err(|e| fail(e.to_string()))?;
        if let Some(pinned) = &p.version
            && *pinned != component.version
        {
            return Err(fail(format!(
                "pins version `{pinned}`, but {stem}.wasm is version `{}` (plugin.info)",
                component.version
            )));
        }
        if let Some(missing) = component.capabilities.iter().find(|c| !c.granted_by(&p.capabilities)) {
            return Err(fail(format!(
                "imports the capability `{}`, which tenant `{}` does not grant it; grant it in [plugins.capabilities] (plugins/README.md \"Capabilities\") or disable the plugin",
                missing.name(),
                spec.config.slug
            )));
        }
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
            image_hosts: p.image_hosts.iter().map(|h| h.trim().to_ascii_lowercase()).collect(),
            grant: Arc::new(CallGrant {
                tenant: spec.config.slug.clone(),
                plugin: component.id(),
                http: p
                    .capabilities
                    .http
                    .as_ref()
                    .map(|g| Arc::new(OutboundGrant::resolve(&spec.config.slug, &component.id(), g))),
                logging: p.capabilities.logging,
            }),
            component,
            config_json,
        });
    }
    Ok(TenantPlugins {
        generation: spec.generation,
        ctx: tenant_context(&spec.config),
        plugins,
        by_point,
        breakers: Default::default(),
        stock_cache: Mutex::new(HashMap::new()),
    })
}
