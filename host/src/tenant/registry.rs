//! Loading tenants from disk (`tenants/<slug>/tenant.toml` and the content files) and the
//! registry that finds a tenant by slug or by a request's `Host`.

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, Ordering},
    },
};

use arc_swap::ArcSwap;

use figment::{
    Figment,
    providers::{Format, Toml},
};

use super::{
    config::{DEFAULT_INCLUDE_SOLD_CARS_DAYS, TenantConfig},
    error::{TenantError, invalid},
    validate::validate,
};
use crate::{
    config::describe_figment_error,
    content::{self, site::Content},
};

/// A loaded, validated tenant.
#[derive(Debug)]
pub struct Tenant {
    /// The parsed configuration.
    pub config: TenantConfig,
    /// The tenant's folder (feeds and mapping paths are relative to it).
    pub dir: PathBuf,
    /// The content files, rendered at load (`crate::content`).
    pub content: Content,
    /// Which load of the process this is ([`next_generation`]): a reload gives the tenant a new
    /// one, and what was built from a config (its plugins) names the generation it was built for.
    pub generation: u64,
}

static GENERATIONS: AtomicU64 = AtomicU64::new(1);

/// A new tenant generation, unique in the process and growing (every [`load_tenant`] takes one).
pub fn next_generation() -> u64 {
    GENERATIONS.fetch_add(1, Ordering::Relaxed)
}

impl Tenant {
    /// The tenant key used in every storage query.
    pub fn slug(&self) -> &str {
        &self.config.slug
    }

    /// Sold-car visibility window of a dealership in days (default 3).
    pub fn include_sold_cars_days(&self, dealership_slug: &str) -> u32 {
        self.config
            .dealerships
            .iter()
            .find(|d| d.slug == dealership_slug)
            .and_then(|d| d.config.include_sold_cars_days)
            .unwrap_or(DEFAULT_INCLUDE_SOLD_CARS_DAYS)
    }
}

/// Where a tenant stands on this host (docs/operations.md "Reload and quarantine").
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TenantState {
    /// Its current files loaded and warmed: it serves them.
    Serving,
    /// Its last reload failed: it keeps serving the config it had before, and the fault says why.
    ServingLastGood,
    /// It has no good config on this host (its files failed at start or when it was added): its
    /// host names answer a 503 page, and the fault says why.
    Quarantined,
    /// Found at start, its warm-up not finished: a request to it waits for it (and only for it).
    Warming,
}

/// A tenant found at start whose warm-up has not finished (`crate::live`): the first to
/// [`Pending::claim`] it warms it, and requests to its host names [`Pending::wait`] for that.
#[derive(Debug)]
pub struct Pending {
    /// The tenant's slug (its folder's name).
    pub slug: String,
    /// Its folder.
    pub folder: PathBuf,
    /// The host names it claims ([`claimed_hosts`]).
    pub hosts: Vec<String>,
    claimed: std::sync::atomic::AtomicBool,
    done: tokio::sync::watch::Sender<bool>,
}

impl Pending {
    /// True for the first caller only: that caller warms the tenant.
    pub fn claim(&self) -> bool {
        !self.claimed.swap(true, Ordering::AcqRel)
    }

    /// Waits until the tenant serves or is quarantined (or was removed).
    pub async fn wait(&self) {
        let mut rx = self.done.subscribe();
        let _ = rx.wait_for(|d| *d).await;
    }

    /// Whether a request is waiting for it now.
    pub fn has_waiters(&self) -> bool {
        self.done.receiver_count() > 0
    }

    fn finish(&self) {
        self.done.send_replace(true);
    }
}

/// Why a tenant's files were refused, at start or at a reload: what `/readyz`, `forecourt check`
/// and `GET /api/v1/admin/tenants` report.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TenantFault {
    /// The tenant's slug (its folder's name).
    pub tenant: String,
    /// The step that failed: `config` (tenant.toml or a content file), `plugins` (a component,
    /// a capability, `plugin.init`), `storage` (syncing its dealerships and locations) or `feeds`.
    pub stage: &'static str,
    /// The exact error, naming file, key, plugin and reason as the failing step reported it.
    pub error: String,
    /// When it was refused, unix seconds.
    pub since: i64,
    /// The host names it answers under while quarantined (its `hosts` as far as they could be
    /// read, and `<slug>.localhost`).
    #[serde(skip)]
    pub hosts: Vec<String>,
}

/// One consistent view of the tenants: swapped whole by every change, so a reader sees either
/// the tenant before a reload or after it, never half of each.
#[derive(Debug, Default, Clone)]
struct Snapshot {
    by_slug: BTreeMap<String, Arc<Tenant>>,
    by_host: HashMap<String, Arc<Tenant>>,
    faults: BTreeMap<String, Arc<TenantFault>>,
    /// Host names of faulted tenants that serve nothing (a 503 page rather than "not found").
    fault_hosts: HashMap<String, Arc<TenantFault>>,
    /// Tenants still warming after start, by slug and by host name.
    pending: BTreeMap<String, Arc<Pending>>,
    pending_hosts: HashMap<String, Arc<Pending>>,
}

/// All tenants, resolvable by slug and by host name, and the faults of those whose files were
/// refused. Live: [`TenantRegistry::put`], [`TenantRegistry::remove`] and
/// [`TenantRegistry::set_fault`] swap in a new view atomically (a request already holding a
/// tenant's `Arc` finishes on it), so one tenant can be added, changed or removed while every
/// other keeps serving (docs/operations.md "Reload and quarantine").
#[derive(Default)]
pub struct TenantRegistry {
    live: ArcSwap<Snapshot>,
    /// Serialises the writers (readers never wait).
    write: Mutex<()>,
}

impl std::fmt::Debug for TenantRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.live.load();
        f.debug_struct("TenantRegistry")
            .field("tenants", &s.by_slug.keys().collect::<Vec<_>>())
            .field("faults", &s.faults.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// The tenant folders of `dir` (those holding a `tenant.toml`; names starting with `_` or `.`
/// skipped), in name order. Errors: [`TenantError::Dir`] when `dir` cannot be read.
pub fn tenant_folders(dir: &Path) -> Result<Vec<PathBuf>, TenantError> {
    let entries = std::fs::read_dir(dir).map_err(|e| TenantError::Dir {
        dir: dir.to_owned(),
        reason: e.to_string(),
    })?;
    let mut folders: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("tenant.toml").is_file())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            !name.starts_with('_') && !name.starts_with('.')
        })
        .collect();
    folders.sort();
    Ok(folders)
}

/// The host names a tenant folder claims, read leniently (for a tenant whose file failed its
/// checks): the `hosts` strings of its `tenant.toml` when the file is TOML at all, and
/// `<folder name>.localhost`; lower-cased.
pub fn claimed_hosts(folder: &Path) -> Vec<String> {
    let name = folder.file_name().and_then(|n| n.to_str()).unwrap_or("").to_ascii_lowercase();
    let mut hosts: Vec<String> = std::fs::read_to_string(folder.join("tenant.toml"))
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .and_then(|t| t.get("hosts").and_then(|h| h.as_array()).cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|h| h.as_str().map(|s| s.trim().to_ascii_lowercase()))
        .collect();
    hosts.push(format!("{name}.localhost"));
    hosts
}

/// `host` as the registry keys it: port, surrounding space and trailing dot removed,
/// lower-cased (IPv6 literals like `[::1]` kept whole).
fn host_key(host: &str) -> String {
    let host = host.trim().trim_end_matches('.');
    let host = match host.rsplit_once(':') {
        Some((h, port)) if (!h.ends_with(']') || h.starts_with('[')) && port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => host,
    };
    host.trim_end_matches('.').to_ascii_lowercase()
}

/// The host names of `t`: its `hosts` and `<slug>.localhost`, lower-cased.
fn hosts_of(t: &Tenant) -> Vec<String> {
    let mut hosts: Vec<String> = t.config.hosts.iter().map(|h| h.to_ascii_lowercase()).collect();
    hosts.push(format!("{}.localhost", t.slug()));
    hosts
}

impl TenantRegistry {
    /// Reads and validates every tenant folder of `dir` ([`tenant_folders`]) with its content
    /// files, in folder-name order. Any invalid file fails the whole load (the CLI's one-tenant
    /// commands and tests; `forecourt serve` loads each tenant on its own and quarantines the
    /// ones that fail, `crate::live`). Errors: [`TenantError::Dir`] when `dir` cannot be read,
    /// [`TenantError::None`] when it holds no tenant, else the first tenant's error
    /// ([`load_tenant`], [`Self::from_tenants`]).
    pub fn load_dir(dir: &Path) -> Result<TenantRegistry, TenantError> {
        let mut tenants = Vec::new();
        for folder in tenant_folders(dir)? {
            tenants.push(load_tenant(&folder)?);
        }
        if tenants.is_empty() {
            return Err(TenantError::None(dir.to_owned()));
        }
        TenantRegistry::from_tenants(tenants)
    }

    /// [`TenantRegistry::load_dir`] for the commands that work on the tenants that load (`forecourt
    /// reindex`, `forecourt plugins status`): a folder whose files are refused, or whose slug or
    /// host another folder already claimed, is left out and named with its error instead of
    /// stopping the command (as `forecourt serve` quarantines it). Returns the registry and the
    /// refused folders' (slug, error). Errors: the folder cannot be read or holds no tenant.
    pub fn load_dir_skipping(dir: &Path) -> Result<(TenantRegistry, Vec<(String, TenantError)>), TenantError> {
        let folders = tenant_folders(dir)?;
        if folders.is_empty() {
            return Err(TenantError::None(dir.to_owned()));
        }
        let reg = TenantRegistry::default();
        let mut refused = Vec::new();
        for folder in folders {
            let slug = folder.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if let Err(e) = load_tenant(&folder).and_then(|t| reg.put_new(t)) {
                refused.push((slug, e));
            }
        }
        Ok((reg, refused))
    }

    /// Builds a registry from loaded tenants, each reachable by its slug, its `hosts` and
    /// `<slug>.localhost`. Errors: [`TenantError::Invalid`] naming the second tenant's file when
    /// two tenants share a slug or a host.
    pub fn from_tenants(tenants: Vec<Tenant>) -> Result<TenantRegistry, TenantError> {
        let reg = TenantRegistry::default();
        for t in tenants {
            reg.put_new(t)?;
        }
        Ok(reg)
    }

    /// [`TenantRegistry::put`] of a tenant whose slug no tenant here has yet. Errors: the slug is
    /// taken (naming the tenant's file), or [`TenantRegistry::put`]'s.
    fn put_new(&self, t: Tenant) -> Result<Arc<Tenant>, TenantError> {
        if self.by_slug(t.slug()).is_some() {
            return Err(TenantError::Invalid {
                file: t.dir.join("tenant.toml"),
                key: "slug".into(),
                reason: format!("slug `{}` is used by another tenant", t.slug()),
            });
        }
        self.put(t)
    }

    /// Adds `tenant`, or replaces the tenant of its slug, and clears its fault: one atomic swap.
    /// Returns the tenant as now served. Errors: [`TenantError::Invalid`] on `hosts.N` when one
    /// of its host names is claimed by another tenant (nothing changes then).
    pub fn put(&self, tenant: Tenant) -> Result<Arc<Tenant>, TenantError> {
        self.put_all(vec![tenant]).pop().expect("one answer per tenant")
    }

    /// [`TenantRegistry::put`] of many tenants in one swap (a warm-up's batch): one answer per
    /// tenant, in order; a tenant refused for a host name changes nothing for itself.
    pub fn put_all(&self, tenants: Vec<Tenant>) -> Vec<Result<Arc<Tenant>, TenantError>> {
        let _w = self.write.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = Snapshot::clone(&self.live.load());
        let mut finished = Vec::new();
        let out = tenants
            .into_iter()
            .map(|t| {
                let slug = t.slug().to_string();
                let put = Self::insert(&mut next, t);
                if put.is_ok() {
                    Self::drop_fault(&mut next, &slug);
                    finished.extend(Self::drop_pending(&mut next, &slug));
                }
                put
            })
            .collect();
        self.live.store(Arc::new(next));
        for p in finished {
            p.finish();
        }
        out
    }

    fn insert(next: &mut Snapshot, tenant: Tenant) -> Result<Arc<Tenant>, TenantError> {
        if let Some(e) = Self::conflict(next, &tenant) {
            return Err(e);
        }
        let t = Arc::new(tenant);
        let slug = t.slug().to_string();
        if let Some(old) = next.by_slug.insert(slug, t.clone()) {
            for h in hosts_of(&old) {
                next.by_host.remove(&h);
            }
        }
        for h in hosts_of(&t) {
            next.by_host.insert(h, t.clone());
        }
        Ok(t)
    }

    /// The error of a host name of `t` that another serving tenant claims ([`TenantError::Invalid`]
    /// on `hosts.N`), if any: what [`TenantRegistry::put`] would refuse it for.
    pub fn host_conflict(&self, t: &Tenant) -> Option<TenantError> {
        Self::conflict(&self.live.load(), t)
    }

    fn conflict(s: &Snapshot, t: &Tenant) -> Option<TenantError> {
        hosts_of(t).into_iter().enumerate().find_map(|(i, host)| {
            let other = s.by_host.get(&host).filter(|o| o.slug() != t.slug())?;
            Some(TenantError::Invalid {
                file: t.dir.join("tenant.toml"),
                key: format!("hosts.{i}"),
                reason: format!("host `{host}` is already claimed by tenant `{}`", other.slug()),
            })
        })
    }

    /// Marks the tenant folders `(slug, folder)` as warming (start): their host names
    /// ([`claimed_hosts`]) wait for them. Returns their entries, in order.
    pub fn set_pending(&self, folders: Vec<(String, PathBuf)>) -> Vec<Arc<Pending>> {
        let _w = self.write.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = Snapshot::clone(&self.live.load());
        let out: Vec<Arc<Pending>> = folders
            .into_iter()
            .map(|(slug, folder)| {
                let p = Arc::new(Pending {
                    hosts: claimed_hosts(&folder),
                    slug: slug.clone(),
                    folder,
                    claimed: Default::default(),
                    done: tokio::sync::watch::channel(false).0,
                });
                for h in &p.hosts {
                    next.pending_hosts.entry(h.clone()).or_insert_with(|| p.clone());
                }
                next.pending.insert(slug, p.clone());
                p
            })
            .collect();
        self.live.store(Arc::new(next));
        out
    }

    fn drop_pending(next: &mut Snapshot, slug: &str) -> Option<Arc<Pending>> {
        let p = next.pending.remove(slug)?;
        for h in &p.hosts {
            if next.pending_hosts.get(h).is_some_and(|q| q.slug == slug) {
                next.pending_hosts.remove(h);
            }
        }
        Some(p)
    }

    /// The warming tenant that claims `host` (see [`Self::by_host`] for the form).
    pub fn pending_for_host(&self, host: &str) -> Option<Arc<Pending>> {
        self.live.load().pending_hosts.get(&host_key(host)).cloned()
    }

    /// How many tenants are still warming.
    pub fn pending_count(&self) -> usize {
        self.live.load().pending.len()
    }

    /// Removes tenant `slug` and its fault: its host names answer "not found" from now on.
    /// Returns the tenant it served, if any.
    pub fn remove(&self, slug: &str) -> Option<Arc<Tenant>> {
        let _w = self.write.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = Snapshot::clone(&self.live.load());
        let old = next.by_slug.remove(slug);
        if let Some(old) = &old {
            for h in hosts_of(old) {
                next.by_host.remove(&h);
            }
        }
        Self::drop_fault(&mut next, slug);
        let pending = Self::drop_pending(&mut next, slug);
        self.live.store(Arc::new(next));
        if let Some(p) = pending {
            p.finish();
        }
        old
    }

    /// Records why tenant `fault.tenant`'s files were refused. A tenant that serves keeps
    /// serving its current config ([`TenantState::ServingLastGood`]); one that does not is
    /// [`TenantState::Quarantined`], and its host names (those no serving tenant claims) resolve
    /// to the fault ([`Self::fault_for_host`]).
    pub fn set_fault(&self, fault: TenantFault) {
        let _w = self.write.lock().unwrap_or_else(|e| e.into_inner());
        let mut next = Snapshot::clone(&self.live.load());
        let slug = fault.tenant.clone();
        Self::drop_fault(&mut next, &slug);
        let fault = Arc::new(fault);
        let pending = Self::drop_pending(&mut next, &slug);
        if !next.by_slug.contains_key(&slug) {
            for h in &fault.hosts {
                if !next.by_host.contains_key(h) {
                    next.fault_hosts.entry(h.clone()).or_insert_with(|| fault.clone());
                }
            }
        }
        next.faults.insert(slug, fault);
        self.live.store(Arc::new(next));
        if let Some(p) = pending {
            p.finish();
        }
    }

    fn drop_fault(next: &mut Snapshot, slug: &str) {
        if next.faults.remove(slug).is_some() {
            next.fault_hosts.retain(|_, f| f.tenant != slug);
        }
    }

    /// The tenant for a `Host` header value (port and trailing dot ignored, case-insensitive), or
    /// None when no serving tenant claims the host.
    pub fn by_host(&self, host: &str) -> Option<Arc<Tenant>> {
        self.live.load().by_host.get(&host_key(host)).cloned()
    }

    /// The fault of the quarantined tenant that claims `host` (see [`Self::by_host`] for the
    /// form), when no serving tenant does.
    pub fn fault_for_host(&self, host: &str) -> Option<Arc<TenantFault>> {
        self.live.load().fault_hosts.get(&host_key(host)).cloned()
    }

    /// The serving tenant with this slug, or None.
    pub fn by_slug(&self, slug: &str) -> Option<Arc<Tenant>> {
        self.live.load().by_slug.get(slug).cloned()
    }

    /// The serving tenants now, in slug order (a snapshot: later changes do not show in it).
    pub fn iter(&self) -> std::vec::IntoIter<Arc<Tenant>> {
        self.live.load().by_slug.values().cloned().collect::<Vec<_>>().into_iter()
    }

    /// How many tenants serve now.
    pub fn len(&self) -> usize {
        self.live.load().by_slug.len()
    }

    /// Whether no tenant serves.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every fault now, in slug order.
    pub fn faults(&self) -> Vec<Arc<TenantFault>> {
        self.live.load().faults.values().cloned().collect()
    }

    /// Tenant `slug`'s fault, if its files were refused.
    pub fn fault(&self, slug: &str) -> Option<Arc<TenantFault>> {
        self.live.load().faults.get(slug).cloned()
    }

    /// Where tenant `slug` stands: None when this host knows no such tenant.
    pub fn state(&self, slug: &str) -> Option<TenantState> {
        let s = self.live.load();
        if s.pending.contains_key(slug) {
            return Some(TenantState::Warming);
        }
        match (s.by_slug.contains_key(slug), s.faults.contains_key(slug)) {
            (true, false) => Some(TenantState::Serving),
            (true, true) => Some(TenantState::ServingLastGood),
            (false, true) => Some(TenantState::Quarantined),
            (false, false) => None,
        }
    }

    /// The slugs this host knows (serving or faulted), in order.
    pub fn known_slugs(&self) -> Vec<String> {
        let s = self.live.load();
        let mut all: Vec<String> = s.by_slug.keys().chain(s.faults.keys()).chain(s.pending.keys()).cloned().collect();
        all.sort();
        all.dedup();
        all
    }
}

/// Loads one tenant folder: parses and validates `<folder>/tenant.toml`, then reads its content
/// files (`<folder>/content/` over the `content_defaults` folder). Returns the tenant. Errors:
/// [`TenantError::Parse`] for a file serde refuses, [`TenantError::Invalid`] naming the file and
/// key for a failed check (including the content files').
pub fn load_tenant(folder: &Path) -> Result<Tenant, TenantError> {
    let file = folder.join("tenant.toml");
    let config: TenantConfig = Figment::from(Toml::file_exact(&file))
        .extract()
        .map_err(|e| TenantError::Parse(describe_figment_error(e)))?;
    validate(&config, folder, &file)?;
    let defaults = config.content_defaults.as_ref().map(|d| folder.join(d));
    if let Some(d) = &defaults
        && (config.content_defaults.as_ref().is_some_and(|c| c.is_absolute()) || !d.is_dir())
    {
        return Err(invalid(&file, "content_defaults", "must be a folder relative to the tenant folder"));
    }
    let content = content::site::load(folder, defaults.as_deref(), &config.slug, &config.name)?;
    Ok(Tenant {
        config,
        dir: folder.to_owned(),
        content,
        generation: next_generation(),
    })
}
