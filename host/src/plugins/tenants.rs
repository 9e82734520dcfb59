//! The plugins each tenant enables: [`EnabledPlugin`], [`TenantPlugins`] (which plugin decides
//! which point, with one circuit breaker per point) and the load of one tenant's `[[plugins]]`.

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
        runtime::{LoadedComponent, Runtime},
        since_v0_1_0::{TenantContext, tenant_context},
    },
    tenant::{TenantConfig, TenantRegistry},
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

/// What the load needs from one tenant.
pub struct TenantSpec {
    /// The tenant's `tenant.toml` (named in errors).
    pub file: PathBuf,
    /// The tenant's config (its `[[plugins]]`).
    pub config: TenantConfig,
}

/// The load specs of every tenant in the registry.
pub fn specs(tenants: &TenantRegistry) -> Vec<TenantSpec> {
    tenants
        .iter()
        .map(|t| TenantSpec {
            file: t.dir.join("tenant.toml"),
            config: t.config.clone(),
        })
        .collect()
}

/// The plugins some tenant lets reach a partner (an `http` grant with at least one origin): only
/// they are compiled for the partner engine.
pub fn reaching_partners(specs: &[TenantSpec]) -> BTreeSet<String> {
    specs
        .iter()
        .flat_map(|s| &s.config.plugins)
        .filter(|p| p.capabilities.http.as_ref().is_some_and(|g| !g.allowed_outbound_hosts.is_empty()))
        .map(|p| p.name.clone())
        .collect()
}

/// Loads one tenant's `[[plugins]]`: each component from `plugin_dir` (compiled once and shared
/// through `components`, keyed by name; for the partner engine too when it is in `reaching`), its config checked by `plugin.init`, and at most one
/// plugin per point. Errors name the tenant file, the entry index and the plugin.
pub fn load_tenant(
    runtime: &Runtime,
    plugin_dir: &Path,
    components: &mut BTreeMap<String, Arc<LoadedComponent>>,
    reaching: &BTreeSet<String>,
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
        let component = match components.get(&p.name) {
            Some(c) => c.clone(),
            None => {
                let c = Arc::new(
                    runtime
                        .load(plugin_dir, &p.name, reaching.contains(&p.name))
                        .map_err(|e| fail(e.to_string()))?,
                );
                components.insert(p.name.clone(), c.clone());
                c
            }
        };
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
        ctx: tenant_context(&spec.config),
        plugins,
        by_point,
        breakers: Default::default(),
        stock_cache: Mutex::new(HashMap::new()),
    })
}
