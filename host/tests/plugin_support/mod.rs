//! Shared helpers of the plugin tests: the real built components in `plugins/dist` (built by
//! `bash plugins/build.sh`; CI builds them before the host tests), tenants that enable them, and
//! a plugin host loaded for those tenants.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use forecourt_host::{
    plugins::{PluginHost, PluginLimits},
    tenant::{Tenant, TenantRegistry},
};

/// `plugins/dist` of this repository.
pub fn dist() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist")
}

/// Fails loudly, by name, when a component the tests need has not been built.
pub fn require(names: &[&str]) {
    for name in names {
        let path = dist().join(format!("{name}.wasm"));
        assert!(
            path.is_file(),
            "{} is missing: run `bash plugins/build.sh` to build the plugin components before the host tests",
            path.display()
        );
    }
}

/// Every real (non-hostile) plugin.
pub const REAL: [&str; 6] = [
    "tag-rules-ev",
    "lender-standard",
    "phone-format-au",
    "price-display-subscription",
    "eligibility-online-purchase",
    "stock-filter-levels",
];

/// The hostile test plugins.
pub const HOSTILE: [&str; 5] = [
    "hostile-loop",
    "hostile-memory-grow",
    "hostile-panic",
    "hostile-short-answer",
    "hostile-huge-answer",
];

/// A tenant `slug` (the minimal test tenant) with `extra` TOML appended (features, phones,
/// `[[plugins]]` ...).
pub fn tenant_with(slug: &str, extra: &str) -> String {
    format!("{}\n{extra}\n", common_tenant_toml(slug))
}

fn common_tenant_toml(slug: &str) -> String {
    format!(
        r#"
slug = "{slug}"
name = "{slug} Motors"
template = "classic"
[[dealerships]]
slug = "{slug}-dealer"
name = "{slug} Dealer"
state = "QLD"
[[locations]]
slug = "{slug}-sales"
name = "{slug} Sales"
dealership = "{slug}-dealer"
primary = true
location_type = "sales"
[locations.address]
city = "Brisbane City"
state = "QLD"
postcode = "4000"
lat = -27.46794
long = 153.02809
[locations.contact_detail]
phone = "+61 7 5550 0999"
"#
    )
}

/// Writes tenants into a temp dir and loads the registry.
pub fn registry(tenants: &[(&str, String)]) -> (tempfile::TempDir, TenantRegistry) {
    let dir = tempfile::tempdir().unwrap();
    for (slug, toml) in tenants {
        std::fs::create_dir_all(dir.path().join(slug)).unwrap();
        std::fs::write(dir.path().join(slug).join("tenant.toml"), toml).unwrap();
    }
    let reg = TenantRegistry::load_dir(dir.path()).expect("tenants load");
    (dir, reg)
}

/// Limits for tests of rules rather than deadlines: a 2 s call deadline, because on a busy
/// 2-core machine (tests and builds in parallel) a thread can be descheduled past the 10 ms
/// default, and the answer would then (correctly) be the host default.
pub fn relaxed() -> PluginLimits {
    PluginLimits {
        deadline: std::time::Duration::from_secs(2),
        ..PluginLimits::default()
    }
}

/// A plugin host for these tenants with the real components and the given limits.
pub fn host_with(reg: &TenantRegistry, limits: PluginLimits) -> PluginHost {
    PluginHost::load(limits, &dist(), None, reg).unwrap_or_else(|e| panic!("plugins load: {e}"))
}

/// The demo tenant's `[[plugins]]` (and the sections the plugins read) copied from
/// `tenants/<slug>/tenant.toml`, on a minimal tenant with that slug: the real demo config
/// without its stock feeds.
pub fn demo_plugins_toml(slug: &str) -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../tenants/{slug}/tenant.toml"))).unwrap();
    let value: toml::Table = toml::from_str(&text).unwrap();
    let mut keep = toml::Table::new();
    for key in [
        "manufacturer",
        "features",
        "specifications",
        "finance",
        "wording",
        "phones",
        "plugins",
    ] {
        if let Some(v) = value.get(key) {
            keep.insert(key.to_string(), v.clone());
        }
    }
    if let Some(level) = value.get("stock").and_then(|s| s.get("filter_level")) {
        let mut stock = toml::Table::new();
        stock.insert("filter_level".into(), level.clone());
        keep.insert("stock".into(), toml::Value::Table(stock));
    }
    let base: toml::Table = toml::from_str(&common_tenant_toml(slug)).unwrap();
    let mut merged = base;
    for (k, v) in keep {
        merged.insert(k, v);
    }
    toml::to_string(&merged).unwrap()
}

/// The tenant `slug` of a registry, as it serves now. The registry is live (a reload swaps its
/// tenants), so what it lends is an `Arc`; a test keeps that one for its whole run.
pub fn tenant(reg: &TenantRegistry, slug: &str) -> &'static Tenant {
    Box::leak(Box::new(reg.by_slug(slug).unwrap()))
}
