//! Live tenants (docs/operations.md "Reload and quarantine"): the start that serves every good
//! tenant and quarantines the rest, and the reload that changes one tenant, or every changed
//! one, while the others keep serving.
//!
//! A tenant is **warmed aside** ([`warm`]): its folder read and validated (`tenant.toml`,
//! content, template), its plugins prepared (components compiled or taken from the cache,
//! capabilities checked, `plugin.init` run with its config), its dealerships and locations synced
//! to storage in one transaction. Only then is it swapped in: its plugins first (kept beside the
//! set they replace, for the requests that began on the previous config), then the tenant
//! itself ([`TenantRegistry::put`]), then the caches keyed on its old config are dropped for it
//! alone (its search answers and rendered pages through its content version, its listings
//! feeds). A tenant whose warm-up fails is **quarantined** ([`TenantRegistry::set_fault`]): it
//! keeps serving its last good config if it had one, else its host names answer a 503 page, and
//! `/readyz`, `forecourt check` and `GET /api/v1/admin/tenants` name it with the exact error.
//!
//! Several hosts on one storage follow each other through the `tenant_reloads` table: a reload
//! asked on one host (its admin API, SIGHUP, `forecourt reload`) takes a generation there, and
//! every host polls the table each [`FOLLOW_INTERVAL`] and reloads the tenants named above the
//! generation it has applied, from the tenants folder it reads (the folder is each host's own
//! copy of the deployed files; storage carries only the signal, so no host reads another's disk).

use std::{
    collections::{BTreeSet, HashMap},
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex,
        atomic::{AtomicI64, Ordering},
    },
    time::Duration,
};

use sha2::{Digest, Sha256};

use crate::{
    config::Settings,
    db::Db,
    live_settings::{LiveSettings, SettingsOutcome, SettingsReload},
    plugins::{PluginHost, TenantPlugins, TenantSpec, component_stem},
    repo::TenantRepo,
    search::index::Search,
    tenant::{Pending, Tenant, TenantFault, TenantRegistry, TenantState, claimed_hosts, load_tenant, tenant_folders},
};

/// How often each host reads `tenant_reloads` for reloads asked elsewhere.
pub const FOLLOW_INTERVAL: Duration = Duration::from_secs(1);

/// The scope word of a reload of every tenant in `tenant_reloads`.
const ALL: &str = "*";

/// What a reload did to one tenant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Its files did not change since they were last loaded: nothing was done.
    Unchanged,
    /// A new config was warmed and swapped in.
    Reloaded,
    /// A tenant new to this host now serves.
    Added,
    /// Its folder is gone: it no longer serves.
    Removed,
    /// Its files were refused: nothing changed for it (it keeps its last good config, if any).
    Failed,
}

/// One tenant's line of a [`ReloadReport`].
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct TenantReload {
    /// The tenant's slug.
    pub tenant: String,
    /// What was done.
    pub outcome: Outcome,
    /// Where the tenant stands now: `serving`, `serving_last_good`, `quarantined` or `warming`;
    /// absent once removed.
    #[schema(value_type = Option<String>)]
    pub state: Option<TenantState>,
    /// Why it failed (`failed`), naming file, key or plugin and the reason.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Feed imports that failed after the swap (the tenant serves its new config with its last
    /// good stock).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// What a reload did: one line per tenant it looked at, in slug order.
#[derive(Debug, Clone, Default, serde::Serialize, utoipa::ToSchema)]
pub struct ReloadReport {
    /// The generation of `tenant_reloads` this reload took (every host on the storage follows
    /// it); 0 when it was not recorded (a host following another's reload).
    pub generation: i64,
    /// The tenants looked at.
    pub tenants: Vec<TenantReload>,
    /// What a reload of every tenant did to the live `forecourt.toml` settings (absent for a
    /// reload of one tenant).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings: Option<SettingsReload>,
}

impl ReloadReport {
    /// Whether some tenant's files, or the settings, were refused.
    pub fn failed(&self) -> bool {
        self.tenants.iter().any(|t| t.outcome == Outcome::Failed)
            || self.settings.as_ref().is_some_and(|s| s.outcome == SettingsOutcome::Failed)
    }
}

/// The live parts a reload changes, and what it remembers between reloads.
pub struct Tenancy {
    /// Serialises reloads in this process.
    reloading: tokio::sync::Mutex<()>,
    /// The fingerprint of each tenant's files as last loaded or refused ([`fingerprint`]).
    prints: Mutex<HashMap<String, String>>,
    /// The highest `tenant_reloads` generation this process has applied.
    applied: AtomicI64,
    /// The `forecourt.toml` settings a reload of every tenant reads again (docs/operations.md
    /// "Live settings").
    pub settings: Arc<LiveSettings>,
}

impl Default for Tenancy {
    /// Nothing remembered: every tenant's files count as changed, no generation applied.
    fn default() -> Tenancy {
        Tenancy::new(0)
    }
}

impl Tenancy {
    fn new(applied: i64) -> Tenancy {
        Tenancy {
            reloading: tokio::sync::Mutex::new(()),
            prints: Mutex::default(),
            applied: AtomicI64::new(applied),
            settings: Arc::default(),
        }
    }

    fn print_of(&self, slug: &str) -> Option<String> {
        self.prints.lock().unwrap_or_else(|e| e.into_inner()).get(slug).cloned()
    }

    fn set_print(&self, slug: &str, print: Option<String>) {
        let mut prints = self.prints.lock().unwrap_or_else(|e| e.into_inner());
        match print {
            Some(p) => prints.insert(slug.to_string(), p),
            None => prints.remove(slug),
        };
    }
}

/// What a warm-up and a swap need: the settings, storage, the live registry and plugin host, the
/// search service (for its caches) and the reload memory.
#[derive(Clone, Copy)]
pub struct Parts<'a> {
    /// Host settings (`tenants_dir`, `ui_plugins_dir`, `import_feeds_on_start`).
    pub settings: &'a Arc<Settings>,
    /// Storage.
    pub db: &'a Db,
    /// The live tenants.
    pub tenants: &'a Arc<TenantRegistry>,
    /// The live plugins.
    pub plugins: &'a Arc<PluginHost>,
    /// Search (its cached answers are dropped for a reloaded tenant).
    pub search: &'a Search,
    /// What reloads remember.
    pub tenancy: &'a Arc<Tenancy>,
}

/// Opens every tenant folder of `settings.tenants_dir` for `forecourt serve`, without warming
/// any: each is marked warming ([`TenantRegistry::set_pending`]: a request to it waits for it
/// alone), to be warmed by [`warm_in_background`] (or by the first request to it). Returns the
/// registry, the plugin host, the reload memory and the warming entries. Errors (the host cannot
/// start at all): the tenants folder cannot be read or holds no tenant, the plugin engine cannot
/// be built, storage fails.
pub async fn open(settings: &Settings, db: &Db) -> anyhow::Result<Opened> {
    let folders = tenant_folders(&settings.tenants_dir)?;
    if folders.is_empty() {
        return Err(crate::tenant::TenantError::None(settings.tenants_dir.clone()).into());
    }
    let tenants = Arc::new(TenantRegistry::default());
    let plugins = Arc::new(PluginHost::for_settings(settings)?);
    let tenancy = Arc::new(Tenancy::new(latest_generation(db).await?));
    let pending = tenants.set_pending(folders.into_iter().map(|f| (slug_of(&f), f)).collect());
    Ok(Opened {
        tenants,
        plugins,
        tenancy,
        pending,
    })
}

/// What [`open`] returns.
pub struct Opened {
    /// The live tenants (every one warming).
    pub tenants: Arc<TenantRegistry>,
    /// The live plugins (none installed yet).
    pub plugins: Arc<PluginHost>,
    /// Reload memory.
    pub tenancy: Arc<Tenancy>,
    /// The warming tenants, in folder order.
    pub pending: Vec<Arc<Pending>>,
}

/// Tenants warmed and not yet swapped in, committed together (one swap of the registry and one
/// of the plugin host per batch, rather than one per tenant).
const BATCH: usize = 64;

/// Warms the `pending` tenants on a task, as many at once as the machine has cores: each is
/// loaded, its plugins prepared, its storage synced and its changed feeds imported (a feed that
/// fails is logged: the tenant serves the stock it has), then swapped in with the others of its
/// batch; a batch is committed at once when a request waits for one of its tenants. A tenant
/// that fails is quarantined. Tenants a request claimed first are warmed by that request
/// ([`warm_now`]). Returns the task, which ends when every tenant is warm or quarantined.
pub fn warm_in_background(owned: FollowParts, pending: Vec<Arc<Pending>>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let started = std::time::Instant::now();
        let total = pending.len();
        let k = std::thread::available_parallelism().map_or(2, |n| n.get()).max(2);
        let owned = Arc::new(owned);
        let verified = Arc::new(Mutex::new(BTreeSet::new()));
        let mut queue = pending.into_iter();
        let mut tasks = tokio::task::JoinSet::new();
        let mut batch = Vec::new();
        loop {
            while tasks.len() < k {
                let Some(p) = queue.next() else { break };
                if p.claim() {
                    let (owned, verified) = (owned.clone(), verified.clone());
                    tasks.spawn(async move { warm_one(owned.parts(), p, &verified).await });
                }
            }
            match tasks.join_next().await {
                None => break,
                Some(Ok(Some(item))) => batch.push(item),
                Some(Ok(None)) => {}
                Some(Err(e)) => tracing::error!(error = %e, "a tenant's warm-up task failed"),
            }
            if batch.len() >= BATCH || tasks.is_empty() || batch.iter().any(|w: &Warmed| w.0.has_waiters()) {
                commit(owned.parts(), std::mem::take(&mut batch));
            }
        }
        commit(owned.parts(), batch);
        tracing::info!(
            tenants = total,
            serving = owned.tenants.len(),
            quarantined = owned.tenants.faults().len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "every tenant warm"
        );
    })
}

/// Warms tenant `p` now, for a request that found it warming and claimed it first; the request
/// waits on [`Pending::wait`]. Runs on its own task, so a request that goes away does not stop it.
pub fn warm_now(owned: FollowParts, p: Arc<Pending>) {
    tokio::spawn(async move {
        let verified = Mutex::new(BTreeSet::new());
        if let Some(w) = warm_one(owned.parts(), p, &verified).await {
            commit(owned.parts(), vec![w]);
        }
    });
}

/// A warmed tenant waiting for its batch: its entry, the tenant, its plugins, its fingerprint.
type Warmed = (Arc<Pending>, Tenant, Arc<TenantPlugins>, String);

/// Warms one start-up tenant; a refusal quarantines it (None).
async fn warm_one(parts: Parts<'_>, p: Arc<Pending>, verified: &Mutex<BTreeSet<String>>) -> Option<Warmed> {
    let mut seen = verified.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let warmed = warm(parts, &p.folder, &mut seen).await;
    verified.lock().unwrap_or_else(|e| e.into_inner()).extend(seen);
    match warmed {
        Ok((t, plugins)) => {
            if let Err(e) = crate::stock::journal::head(parts.db, t.slug()).await {
                quarantine(parts, &p.folder, "storage", format!("creating its search journal head failed: {e}"));
                return None;
            }
            if parts.tenancy.settings.now(parts.settings).import_feeds_on_start
                && let Err(e) = crate::feeds::import_tenant_feeds(parts.db, &t).await
            {
                tracing::error!(tenant = %t.slug(), error = %format!("{e:#}"), "feed import failed; the tenant serves its last good stock");
            }
            if let Err(e) = index_now(parts, &t).await {
                tracing::warn!(tenant = %t.slug(), error = %format!("{e:#}"), "search index not up to date yet; the indexer retries");
            }
            let print = with_components(fingerprint(&t.dir, Some(&t)), &parts.settings.plugin_dir, &t);
            Some((p, t, plugins, print))
        }
        Err(Refusal(stage, error)) => {
            parts.tenancy.set_print(&p.slug, Some(fingerprint(&p.folder, None)));
            quarantine(parts, &p.folder, stage, error);
            None
        }
    }
}

/// Brings tenant `t`'s search index up to its stock before it serves (a first search after a
/// start or a reload sees the cars its feeds just imported, not an empty page until the next
/// indexer round). Nothing to do while no search service is built. Errors: storage or the engine.
async fn index_now(parts: Parts<'_>, t: &Tenant) -> anyhow::Result<()> {
    match parts.search.built() {
        Some(svc) => svc.catch_up_tenant(parts.db, t).await,
        None => Ok(()),
    }
}

/// Swaps a batch of warmed tenants in: their plugins, then the tenants (one swap each); a tenant
/// whose host name another claims is quarantined.
fn commit(parts: Parts<'_>, batch: Vec<Warmed>) {
    if batch.is_empty() {
        return;
    }
    parts
        .plugins
        .install_all(batch.iter().map(|(_, t, p, _)| (t.slug().to_string(), p.clone())).collect());
    let folders: Vec<(PathBuf, String)> = batch.iter().map(|(p, _, _, print)| (p.folder.clone(), print.clone())).collect();
    let puts = parts.tenants.put_all(batch.into_iter().map(|(_, t, _, _)| t).collect());
    for ((folder, print), put) in folders.into_iter().zip(puts) {
        parts.tenancy.set_print(&slug_of(&folder), Some(print));
        if let Err(e) = put {
            quarantine(parts, &folder, "config", e.to_string());
        }
    }
}

/// A step's failure: the stage (`config`, `plugins`, `storage`) and the exact error.
struct Refusal(&'static str, String);

/// Warms the tenant of `folder` aside: loads and validates it (with its template), prepares its
/// plugins (blocking work on a blocking thread) and syncs its dealerships and locations in one
/// transaction. Nothing that serves changes. Returns the tenant and its plugins, or the stage
/// that refused it and why.
async fn warm(parts: Parts<'_>, folder: &Path, verified: &mut BTreeSet<String>) -> Result<(Tenant, Arc<TenantPlugins>), Refusal> {
    let ui_plugins = parts.settings.ui_plugins_dir.clone();
    let f = folder.to_owned();
    let plugins = parts.plugins.clone();
    let mut v = std::mem::take(verified);
    let (loaded, v) = tokio::task::spawn_blocking(move || {
        let out = load_checked(&f, &ui_plugins, &plugins, &mut v);
        (out, v)
    })
    .await
    .map_err(|e| Refusal("plugins", format!("the warm-up task failed: {e}")))?;
    *verified = v;
    let (t, p) = loaded?;
    if let Some(e) = parts.tenants.host_conflict(&t) {
        return Err(Refusal("config", e.to_string()));
    }
    sync_config(parts.db, &t)
        .await
        .map_err(|e| Refusal("storage", format!("syncing dealerships and locations failed: {e}")))?;
    Ok((t, p))
}

/// Syncs tenant `t`'s dealerships and locations to storage (`TenantRepo::sync_config`, one
/// transaction), unless storage already holds this very config (`tenant_config_synced` keeps the
/// digest of what was last synced): a start of many unchanged tenants writes nothing. Errors:
/// the storage error.
async fn sync_config(db: &Db, t: &Tenant) -> Result<(), sqlx::Error> {
    let json = serde_json::to_string(&(&t.config.dealerships, &t.config.locations)).unwrap_or_default();
    let sha = hex::encode(Sha256::digest(json.as_bytes()));
    let stored: Option<String> = sqlx::query_scalar("SELECT sha256 FROM tenant_config_synced WHERE tenant = $1")
        .bind(t.slug())
        .fetch_optional(&db.pool)
        .await?;
    if stored.as_deref() == Some(sha.as_str()) {
        return Ok(());
    }
    TenantRepo::new(db, t.slug()).sync_config(&t.config).await?;
    sqlx::query(
        "INSERT INTO tenant_config_synced (tenant, sha256) VALUES ($1, $2) ON CONFLICT (tenant) DO UPDATE SET sha256 = excluded.sha256",
    )
    .bind(t.slug())
    .bind(&sha)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Loads the tenant of `folder` and checks it (blocking): its files (`load_tenant`), its template
/// among `ui_plugins_dir`'s remotes and its plugins prepared on `plugins` (within the load pass of
/// `verified`). What a warm-up and `forecourt check` share. Errors: the stage and exact error.
fn load_checked(
    folder: &Path,
    ui_plugins_dir: &Path,
    plugins: &PluginHost,
    verified: &mut BTreeSet<String>,
) -> Result<(Tenant, Arc<TenantPlugins>), Refusal> {
    let t = load_tenant(folder).map_err(|e| Refusal("config", e.to_string()))?;
    if let Some(note) = crate::tenant::check_templates([(t.dir.as_path(), t.config.template.as_str())], ui_plugins_dir)
        .map_err(|e| Refusal("config", e.to_string()))?
    {
        tracing::debug!(tenant = %t.slug(), "{note}");
    }
    let p = plugins
        .prepare_verified(&TenantSpec::of(&t), verified)
        .map_err(|e| Refusal("plugins", e.to_string()))?;
    Ok((t, p))
}

fn quarantine(parts: Parts<'_>, folder: &Path, stage: &'static str, error: String) {
    let slug = slug_of(folder);
    let serving = parts.tenants.by_slug(&slug).is_some();
    tracing::error!(tenant = %slug, stage, error = %error,
        "{}", if serving { "tenant reload refused: it keeps serving its last good config" } else { "tenant quarantined: its sites answer 503" });
    parts.tenants.set_fault(TenantFault {
        tenant: slug,
        stage,
        error,
        since: jiff::Timestamp::now().as_second(),
        hosts: claimed_hosts(folder),
    });
}

fn slug_of(folder: &Path) -> String {
    folder.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string()
}

/// A digest of what a tenant's config is read from: every file under its folder (path, size,
/// modification time; hidden files skipped) and, for a loaded tenant, its content defaults
/// folder and the component files its plugins name. A reload of every tenant warms only those
/// whose digest moved.
fn fingerprint(folder: &Path, loaded: Option<&Tenant>) -> String {
    let mut h = Sha256::new();
    let mut roots = vec![folder.to_owned()];
    if let Some(t) = loaded
        && let Some(d) = &t.config.content_defaults
    {
        roots.push(folder.join(d));
    }
    for root in roots {
        let mut files = Vec::new();
        walk(&root, &mut files, 0);
        files.sort();
        for f in files {
            stamp(&mut h, &f);
        }
    }
    if let Some(t) = loaded {
        // The plugin directory is the host's; the files are named by the tenant's entries.
        for p in &t.config.plugins {
            h.update(component_stem(p).as_bytes());
        }
    }
    hex::encode(h.finalize())
}

/// Adds a component file's stamp to a tenant's fingerprint (see [`fingerprint`]).
fn with_components(print: String, plugin_dir: &Path, t: &Tenant) -> String {
    let mut h = Sha256::new();
    h.update(print.as_bytes());
    for p in &t.config.plugins {
        stamp(&mut h, &plugin_dir.join(format!("{}.wasm", component_stem(p))));
    }
    hex::encode(h.finalize())
}

fn stamp(h: &mut Sha256, f: &Path) {
    h.update(f.to_string_lossy().as_bytes());
    if let Ok(m) = std::fs::metadata(f) {
        h.update(m.len().to_le_bytes());
        let mtime = m
            .modified()
            .ok()
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        h.update(mtime.to_le_bytes());
    }
}

/// The files under `dir` (hidden names skipped; at most 8 levels, at most 10,000 files: a
/// tenant's config is a few files, its media are served from disk and need no reload).
fn walk(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    if depth > 8 || out.len() >= 10_000 {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if e.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        match e.file_type() {
            Ok(ft) if ft.is_dir() => walk(&p, out, depth + 1),
            Ok(_) => out.push(p),
            Err(_) => {}
        }
    }
}

/// Reloads tenant `only` (warmed again even when its files look unchanged), or every tenant
/// whose files changed, was added or was removed (`None`), in this process, and records the
/// reload in `tenant_reloads` so every other host on the storage follows it. Returns what was
/// done per tenant. A tenant whose new files are refused changes nothing and keeps serving its
/// last good config (its line says `failed` with the error). Errors: the tenants folder cannot
/// be read, or storage cannot record the reload.
pub async fn reload(parts: Parts<'_>, only: Option<&str>) -> anyhow::Result<ReloadReport> {
    // Held from the record to the apply: this host's follower does not apply it a second time.
    let _one = parts.tenancy.reloading.lock().await;
    let generation = request(parts.db, only).await?;
    let mut report = apply(parts, only, true).await?;
    parts.tenancy.applied.fetch_max(generation, Ordering::AcqRel);
    report.generation = generation;
    Ok(report)
}

/// Reads the `forecourt.toml` settings again and applies the live ones. Logs a refusal.
fn reload_settings(parts: Parts<'_>) -> SettingsReload {
    let r = parts.tenancy.settings.reload(parts.settings, parts.plugins);
    if let Some(e) = &r.error {
        tracing::error!(error = %e, "settings reload refused; the settings in force are kept");
    }
    r
}

/// Records a reload of `only` (or of every tenant) in `tenant_reloads` without applying it here:
/// every host on the storage applies it within [`FOLLOW_INTERVAL`] (`forecourt reload`).
/// Returns the generation taken. Errors: the storage error.
pub async fn request(db: &Db, only: Option<&str>) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let generation: i64 = sqlx::query_scalar("UPDATE reload_generation SET value = value + 1 WHERE id = 1 RETURNING value")
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO tenant_reloads (tenant, generation, requested_at) VALUES ($1, $2, $3) \
         ON CONFLICT (tenant) DO UPDATE SET generation = excluded.generation, requested_at = excluded.requested_at",
    )
    .bind(only.unwrap_or(ALL))
    .bind(generation)
    .bind(jiff::Timestamp::now().as_second())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(generation)
}

async fn latest_generation(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT value FROM reload_generation WHERE id = 1")
        .fetch_optional(&db.pool)
        .await
        .map(|v| v.unwrap_or(0))
}

/// Applies the reloads other processes recorded in `tenant_reloads` since this one's last:
/// one pass ([`follow`] runs it every [`FOLLOW_INTERVAL`]). Returns the reports of what it
/// applied (none when nothing was asked). Errors: the storage error.
pub async fn follow_once(parts: Parts<'_>) -> anyhow::Result<Vec<ReloadReport>> {
    let _one = parts.tenancy.reloading.lock().await;
    let seen = parts.tenancy.applied.load(Ordering::Acquire);
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT tenant, generation FROM tenant_reloads WHERE generation > $1 ORDER BY generation")
            .bind(seen)
            .fetch_all(&parts.db.pool)
            .await?;
    let Some(top) = rows.iter().map(|r| r.1).max() else {
        return Ok(Vec::new());
    };
    let mut reports = Vec::new();
    if rows.iter().any(|r| r.0 == ALL) {
        reports.push(apply(parts, None, false).await?);
    } else {
        for (slug, _) in &rows {
            reports.push(apply(parts, Some(slug), true).await?);
        }
    }
    parts.tenancy.applied.fetch_max(top, Ordering::AcqRel);
    for r in &mut reports {
        r.generation = top;
    }
    Ok(reports)
}

/// Runs [`follow_once`] every [`FOLLOW_INTERVAL`] for as long as the process serves (a failed
/// pass is logged and tried again).
pub async fn follow(owned: FollowParts) {
    let mut failing = false;
    loop {
        tokio::time::sleep(FOLLOW_INTERVAL).await;
        match follow_once(owned.parts()).await {
            Ok(reports) => {
                failing = false;
                for r in reports {
                    log_report(&r, "reload followed");
                }
            }
            Err(e) => {
                if !failing {
                    tracing::warn!(error = %format!("{e:#}"), "cannot read tenant_reloads; retrying");
                }
                failing = true;
            }
        }
    }
}

/// The owned parts a background task holds ([`follow`], [`warm_in_background`]).
#[derive(Clone)]
pub struct FollowParts {
    /// Host settings.
    pub settings: Arc<Settings>,
    /// Storage.
    pub db: Db,
    /// The live tenants.
    pub tenants: Arc<TenantRegistry>,
    /// The live plugins.
    pub plugins: Arc<PluginHost>,
    /// Search.
    pub search: Search,
    /// Reload memory.
    pub tenancy: Arc<Tenancy>,
}

impl FollowParts {
    /// The borrowed view.
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            settings: &self.settings,
            db: &self.db,
            tenants: &self.tenants,
            plugins: &self.plugins,
            search: &self.search,
            tenancy: &self.tenancy,
        }
    }
}

/// Logs one line per tenant a reload changed or refused.
pub fn log_report(r: &ReloadReport, what: &str) {
    for t in r.tenants.iter().filter(|t| t.outcome != Outcome::Unchanged) {
        tracing::info!(tenant = %t.tenant, outcome = ?t.outcome, state = ?t.state, error = ?t.error, generation = r.generation, "{what}");
    }
}

/// The reload itself, in this process: tenant `only` (forced when `force`) or, after the live
/// settings ([`reload_settings`]), every tenant
/// whose fingerprint moved, plus added and removed folders. The caller holds `reloading`.
async fn apply(parts: Parts<'_>, only: Option<&str>, force: bool) -> anyhow::Result<ReloadReport> {
    let dir = &parts.settings.tenants_dir;
    let folders = tenant_folders(dir)?;
    let on_disk: BTreeSet<String> = folders.iter().map(|f| slug_of(f)).collect();
    let mut slugs: BTreeSet<String> = on_disk.clone();
    slugs.extend(parts.tenants.known_slugs());
    if let Some(s) = only {
        slugs.retain(|x| x == s);
        if slugs.is_empty() {
            anyhow::bail!("no tenant `{s}` in {} and none served", dir.display());
        }
    }
    let mut report = ReloadReport {
        // A reload of every tenant reads the settings first, so the tenants' warm-ups see them.
        settings: only.is_none().then(|| reload_settings(parts)),
        ..ReloadReport::default()
    };
    let mut verified = BTreeSet::new();
    for slug in slugs {
        let folder = dir.join(&slug);
        if !on_disk.contains(&slug) {
            parts.plugins.remove(&slug);
            let was = parts.tenants.remove(&slug).is_some();
            parts.tenancy.set_print(&slug, None);
            forget_caches(parts, &slug);
            if was {
                tracing::info!(tenant = %slug, "tenant removed");
            }
            report.tenants.push(line(parts, &slug, Outcome::Removed, None, Vec::new()));
            continue;
        }
        if parts.tenants.state(&slug) == Some(TenantState::Warming) {
            // Its start-up warm-up reads the files as they are now.
            report.tenants.push(line(parts, &slug, Outcome::Unchanged, None, Vec::new()));
            continue;
        }
        let current = parts.tenants.by_slug(&slug);
        let print = current.as_ref().map_or_else(
            || fingerprint(&folder, None),
            |t| with_components(fingerprint(&folder, Some(t)), &parts.settings.plugin_dir, t),
        );
        if !(force && only.is_some()) && parts.tenancy.print_of(&slug).as_deref() == Some(print.as_str()) {
            report.tenants.push(line(parts, &slug, Outcome::Unchanged, None, Vec::new()));
            continue;
        }
        let outcome = match warm(parts, &folder, &mut verified).await {
            Ok((t, p)) => {
                let added = current.is_none();
                let slug = t.slug().to_string();
                parts.plugins.install(&slug, p);
                match parts.tenants.put(t) {
                    Ok(t) => {
                        forget_caches(parts, &slug);
                        let mut warnings = Vec::new();
                        if added && let Err(e) = crate::stock::journal::head(parts.db, &slug).await {
                            warnings.push(format!("search journal head not created: {e}"));
                        }
                        if parts.tenancy.settings.now(parts.settings).import_feeds_on_start
                            && let Err(e) = crate::feeds::import_tenant_feeds(parts.db, &t).await
                        {
                            warnings.push(format!("feed import failed (last good stock kept): {e:#}"));
                        }
                        if let Err(e) = index_now(parts, &t).await {
                            warnings.push(format!("search index not up to date yet (the indexer retries): {e:#}"));
                        }
                        let print = with_components(fingerprint(&folder, Some(&t)), &parts.settings.plugin_dir, &t);
                        parts.tenancy.set_print(&slug, Some(print));
                        (if added { Outcome::Added } else { Outcome::Reloaded }, None, warnings)
                    }
                    Err(e) => {
                        quarantine(parts, &folder, "config", e.to_string());
                        (Outcome::Failed, Some(e.to_string()), Vec::new())
                    }
                }
            }
            Err(Refusal(stage, error)) => {
                quarantine(parts, &folder, stage, error.clone());
                parts.tenancy.set_print(&slug, Some(print));
                (Outcome::Failed, Some(error), Vec::new())
            }
        };
        report.tenants.push(line(parts, &slug, outcome.0, outcome.1, outcome.2));
    }
    Ok(report)
}

fn line(parts: Parts<'_>, slug: &str, outcome: Outcome, error: Option<String>, warnings: Vec<String>) -> TenantReload {
    TenantReload {
        tenant: slug.to_string(),
        outcome,
        state: parts.tenants.state(slug),
        error,
        warnings,
    }
}

/// Drops what was cached from tenant `slug`'s previous config: its search answers and, through
/// its content version, its rendered pages and JSON; its listings feeds.
fn forget_caches(parts: Parts<'_>, slug: &str) {
    parts.search.tenant_reloaded(slug);
    crate::syndication::feed::forget(slug);
}

/// One folder's line of [`check`]: its slug, and `Ok` with a summary of the tenant or `Err` with
/// the stage (`config`, `plugins`) and the exact error.
pub type CheckLine = (String, Result<String, (String, String)>);

/// Every tenant folder's state as `forecourt check` reports it, without serving or storage:
/// each folder loaded and validated, its template checked and its plugins prepared on a plugin
/// host of `settings` (compiled components from the disk cache). Returns the note on what the
/// templates were checked against (none built, none at all), when there is one, and one line per
/// folder (slug, `Ok` with a summary or `Err` with the stage and exact error). Errors: the
/// tenants folder cannot be read, or the plugin engine cannot be built.
pub fn check(settings: &Settings) -> anyhow::Result<(Option<String>, Vec<CheckLine>)> {
    let note = crate::tenant::check_templates(std::iter::empty(), &settings.ui_plugins_dir)?;
    let plugins = PluginHost::for_settings(settings)?;
    let mut verified = BTreeSet::new();
    let mut out = Vec::new();
    let seen = TenantRegistry::default();
    for folder in tenant_folders(&settings.tenants_dir)? {
        let slug = slug_of(&folder);
        let line = load_checked(&folder, &settings.ui_plugins_dir, &plugins, &mut verified)
            .and_then(|(t, _)| {
                let summary = format!(
                    "{} ({} dealerships, {} locations, {} feeds, {} plugins, template {})",
                    t.config.name,
                    t.config.dealerships.len(),
                    t.config.locations.len(),
                    t.config.stock.feeds.len(),
                    t.config.plugins.len(),
                    t.config.template
                );
                seen.put(t).map_err(|e| Refusal("config", e.to_string()))?;
                Ok(summary)
            })
            .map_err(|Refusal(stage, e)| (stage.to_string(), e));
        out.push((slug, line));
    }
    Ok((note, out))
}
