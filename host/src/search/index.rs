//! The search index kept in sync with storage ([`SearchService`], [`Search`]): the configured
//! backend, a results cache, and an indexer that follows the storage's change journal
//! (`stock::journal`). [`start`] opens it at start-up.
//!
//! The indexer (ARCHITECTURE.md "Search"): each tenant's index records the journal epoch and the
//! last sequence it applied ([`IndexState`]). A round reads every tenant's journal head; a tenant
//! behind reads its entries after that sequence in bounded batches, loads those cars from
//! storage and applies their documents (or deletions, for cars no longer shown) as one change
//! set; an entry for the whole tenant, an unknown epoch or layout, or a sequence already pruned
//! rebuilds the tenant aside from storage in batches and swaps. Each applied change drops the
//! tenant's cached answers. Rounds run when this process commits a change
//! ([`notify_stock_changed`]) and every [`POLL_INTERVAL`], so changes made by a CLI import or
//! another host are found too, and a search engine that was down catches up when it is back.

use std::{
    collections::{BTreeSet, HashMap, VecDeque},
    sync::{
        Arc, LazyLock, Mutex, RwLock,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use super::{
    backend::{IndexState, SearchBackend, SearchError},
    doc::SearchDoc,
};
use crate::{
    config::{SearchBackendKind, Settings},
    db::Db,
    repo::TenantRepo,
    stock::journal::{self, Head},
    tenant::{Tenant, TenantRegistry},
};

static CHANGES: LazyLock<tokio::sync::broadcast::Sender<String>> = LazyLock::new(|| tokio::sync::broadcast::channel(256).0);

/// Wakes every search indexer of this process to apply `tenant`'s journaled changes now (called
/// after a committed import). Never blocks, never fails; indexers also poll.
pub fn notify_stock_changed(tenant: &str) {
    content_version(tenant).fetch_add(1, Ordering::AcqRel);
    let _ = CHANGES.send(tenant.to_string());
}

/// Each tenant's content version ([`Search::generation_of`]): moved by this process's commits
/// ([`notify_stock_changed`]), so they show at once, before its indexer applies them, and by
/// every change the indexer applies (`SearchService::set_applied`). One atomic counter per
/// tenant, so a reader (every rendered-response cache hit) takes no lock once it holds the
/// tenant's counter ([`content_version`]).
static CONTENT_VERSIONS: LazyLock<RwLock<HashMap<String, Arc<AtomicU64>>>> = LazyLock::new(RwLock::default);

/// The counter of `tenant`'s content version (created at 0 on first use), for a reader that
/// keeps it (`http::render_cache` keeps one per tenant) and reads it with
/// [`Search::generation_of`]. The counter only ever grows.
pub fn content_version(tenant: &str) -> Arc<AtomicU64> {
    if let Some(v) = CONTENT_VERSIONS.read().unwrap_or_else(|e| e.into_inner()).get(tenant) {
        return v.clone();
    }
    CONTENT_VERSIONS
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .entry(tenant.to_string())
        .or_default()
        .clone()
}

/// How often an indexer reads the journal heads when nothing woke it (changes made by another
/// process).
pub const POLL_INTERVAL: Duration = Duration::from_millis(200);
/// Journal rows read per batch (bounded memory; at least one whole entry).
pub const JOURNAL_BATCH: usize = 10_000;
/// Cars read from storage per batch of a full rebuild.
pub const REBUILD_BATCH: i64 = 2_000;
/// Bumped when what a document holds changes without its values changing (the index layout):
/// every index's recorded layout then differs and it is rebuilt (v2: the text analyzer folds
/// accents and indexes hyphenated words joined, README "Search semantics"; v3: `price_reduced_at`).
const DOCS_VERSION: &str = "forecourt-search-docs-v3";

/// Results cache capacity per tenant (entries); a tenant's oldest entry is evicted when it is
/// full (docs/features/shopper-core.md §9).
pub const CACHE_CAPACITY: usize = crate::config::DEFAULT_SEARCH_CACHE_ENTRIES;
/// Results cache budget per tenant, bytes of cached answers (their JSON size): one tenant's
/// large answers (a plugin's near-cap texts) evict only that tenant's own entries.
pub const CACHE_TENANT_BYTES: usize = 8 << 20;
/// Results cache budget for every tenant together, bytes: a host of thousands of tenants keeps
/// the answers shoppers asked for last, not each tenant's budget (expired entries go first,
/// then the oldest of the tenant holding the most).
pub const CACHE_TOTAL_BYTES: usize = 64 << 20;
/// Cached results live at most this long (the sold window and just-arrived tags move with time).
pub const CACHE_TTL: Duration = Duration::from_secs(30);

/// One tenant's entries: insertion order, sizes.
struct TenantEntries<V> {
    map: HashMap<String, (Instant, V, usize)>,
    order: VecDeque<String>,
    bytes: usize,
}

impl<V> TenantEntries<V> {
    /// Drops the oldest entry; false when there is none.
    fn evict_oldest(&mut self) -> bool {
        while let Some(old) = self.order.pop_front() {
            if let Some((_, _, n)) = self.map.remove(&old) {
                self.bytes -= n;
                return true;
            }
        }
        false
    }
}

/// A FIFO cache kept per tenant: each tenant has its own entry capacity and byte budget, so no
/// tenant can evict another's entries while the whole cache is within its total budget (past it,
/// expired entries are dropped, then the oldest entries of the tenant holding the most bytes);
/// cleared per tenant on changes.
///
/// Each tenant has a generation, bumped by [`ResultsCache::invalidate`]: an answer computed
/// from the index as it was before a change ([`ResultsCache::generation`] read before the
/// query) is not stored after it ([`ResultsCache::put_at`]), so a search racing the indexer
/// cannot cache a stale answer for [`CACHE_TTL`].
pub struct ResultsCache<V> {
    tenants: HashMap<String, TenantEntries<V>>,
    generations: HashMap<String, u64>,
    capacity: usize,
    budget: usize,
    /// Bytes of every tenant's entries.
    total: usize,
    /// Most bytes of every tenant together.
    total_budget: usize,
}

impl<V: Clone> ResultsCache<V> {
    /// An empty cache of `capacity` entries per tenant and [`CACHE_TENANT_BYTES`] per tenant.
    pub fn new(capacity: usize) -> Self {
        Self::with_budget(capacity, CACHE_TENANT_BYTES)
    }

    /// An empty cache of `capacity` entries and `budget` bytes per tenant (capacity 0: nothing
    /// is ever stored, every search is computed).
    pub fn with_budget(capacity: usize, budget: usize) -> Self {
        Self::with_budgets(capacity, budget, CACHE_TOTAL_BYTES)
    }

    /// [`ResultsCache::with_budget`] with `total_budget` bytes for every tenant together.
    pub fn with_budgets(capacity: usize, budget: usize, total_budget: usize) -> Self {
        ResultsCache {
            tenants: HashMap::new(),
            generations: HashMap::new(),
            capacity,
            budget,
            total: 0,
            total_budget,
        }
    }

    /// A live entry.
    pub fn get(&self, tenant: &str, key: &str) -> Option<V> {
        self.tenants
            .get(tenant)?
            .map
            .get(key)
            .filter(|(at, _, _)| at.elapsed() < CACHE_TTL)
            .map(|(_, v, _)| v.clone())
    }

    /// Stores an entry of `bytes` (its serialized size), evicting the tenant's oldest entries
    /// until the tenant is within its capacity and byte budget. An entry larger than the whole
    /// budget is not stored.
    pub fn put(&mut self, tenant: &str, key: &str, v: V, bytes: usize) {
        if bytes > self.budget || bytes > self.total_budget || self.capacity == 0 {
            return;
        }
        let before = self.bytes(tenant);
        let t = self.tenants.entry(tenant.to_string()).or_insert_with(|| TenantEntries {
            map: HashMap::new(),
            order: VecDeque::new(),
            bytes: 0,
        });
        match t.map.insert(key.to_string(), (Instant::now(), v, bytes)) {
            Some((_, _, old)) => t.bytes -= old,
            None => t.order.push_back(key.to_string()),
        }
        t.bytes += bytes;
        while t.map.len() > self.capacity || t.bytes > self.budget {
            if !t.evict_oldest() {
                break;
            }
        }
        self.total = self.total - before + t.bytes;
        if self.total > self.total_budget {
            self.shrink_to_total();
        }
    }

    /// Brings every tenant's entries together within the total budget: expired entries are
    /// dropped, then the oldest of the tenant holding the most bytes, one at a time.
    fn shrink_to_total(&mut self) {
        for t in self.tenants.values_mut() {
            t.map.retain(|_, (at, _, _)| at.elapsed() < CACHE_TTL);
            t.order.retain(|k| t.map.contains_key(k));
            t.bytes = t.map.values().map(|(_, _, n)| n).sum();
        }
        self.tenants.retain(|_, t| !t.map.is_empty());
        self.total = self.tenants.values().map(|t| t.bytes).sum();
        while self.total > self.total_budget {
            let Some(t) = self.tenants.values_mut().max_by_key(|t| t.bytes) else {
                break;
            };
            let held = t.bytes;
            if !t.evict_oldest() {
                break;
            }
            self.total -= held - t.bytes;
        }
        self.tenants.retain(|_, t| !t.map.is_empty());
    }

    /// Drops every entry of `tenant` and bumps its generation.
    pub fn invalidate(&mut self, tenant: &str) {
        if let Some(t) = self.tenants.remove(tenant) {
            self.total -= t.bytes;
        }
        *self.generations.entry(tenant.to_string()).or_default() += 1;
    }

    /// `tenant`'s generation: how many times its entries were invalidated (0 at first).
    pub fn generation(&self, tenant: &str) -> u64 {
        self.generations.get(tenant).copied().unwrap_or(0)
    }

    /// [`ResultsCache::put`] of an answer computed at `generation` (read with
    /// [`ResultsCache::generation`] before computing it): not stored when the tenant was
    /// invalidated since. Returns whether it was offered to the cache.
    pub fn put_at(&mut self, tenant: &str, key: &str, v: V, bytes: usize, generation: u64) -> bool {
        if self.generation(tenant) != generation {
            return false;
        }
        self.put(tenant, key, v, bytes);
        true
    }

    /// Bytes cached for `tenant`.
    pub fn bytes(&self, tenant: &str) -> usize {
        self.tenants.get(tenant).map_or(0, |t| t.bytes)
    }

    /// Bytes cached for every tenant together (at most the total budget).
    pub fn total_bytes(&self) -> usize {
        self.total
    }

    /// Number of entries, all tenants.
    pub fn len(&self) -> usize {
        self.tenants.values().map(|t| t.map.len()).sum()
    }

    /// No entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A cached answer, whatever type the API layer stores.
pub type CachedAnswer = Arc<dyn std::any::Any + Send + Sync>;

/// The search engine of the host, its results cache and its indexer's progress.
pub struct SearchService {
    /// The backend.
    pub backend: Arc<dyn SearchBackend>,
    /// Cached answers (the API's response type) by tenant and canonical address form.
    pub cache: Mutex<ResultsCache<CachedAnswer>>,
    /// What each tenant's index holds, as this process last applied or read it.
    applied: Mutex<HashMap<String, IndexState>>,
    /// Serialises indexer rounds (the follower and explicit calls).
    round: tokio::sync::Mutex<()>,
    /// The tenants the indexer serves (set by each round), and those whose last round failed
    /// (logged when they start and stop failing, not at every poll).
    tenants: Mutex<(BTreeSet<String>, BTreeSet<String>)>,
    /// Each tenant's [`layout`], by the tenant generation it was computed for (a round of many
    /// tenants would otherwise serialise every tenant's locations again).
    layouts: Mutex<HashMap<String, (u64, String)>>,
    /// When a round last read every tenant's index state from the backend (the other rounds
    /// skip the tenants whose applied state is their journal head).
    last_full: Mutex<Option<Instant>>,
    /// One lock per tenant, held while its index is brought up to date.
    steps: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

/// How often a round reads the index state of tenants that look up to date (an index rebuilt by
/// another process, `forecourt reindex`, shows within this).
const FULL_CHECK: Duration = Duration::from_secs(1);

/// The layout a tenant's documents are built with: a hash of [`DOCS_VERSION`] and the parts of
/// the tenant's config a document holds (dealership and location names).
pub fn layout(t: &Tenant) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(DOCS_VERSION);
    h.update(serde_json::to_vec(&(&t.config.dealerships, &t.config.locations)).unwrap_or_default());
    hex::encode(&h.finalize()[..16])
}

/// Whether a car of this status is indexed (shown statuses: in stock, coming soon, sold).
fn indexed_status(status: &str) -> bool {
    matches!(status, "in_stock" | "coming_soon" | "sold")
}

/// How far one tenant's index is behind its journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TenantLag {
    /// Tenant slug.
    pub tenant: String,
    /// Journal sequences not yet applied (the whole head when the index follows another epoch
    /// or none).
    pub behind: i64,
    /// The tenant's journal head: the last sequence given out (0: none yet).
    pub head: i64,
}

impl SearchService {
    /// A service over `backend` with a results cache of [`CACHE_CAPACITY`] entries per tenant;
    /// the indexer starts with [`SearchService::catch_up`] or [`SearchService::follow_journal`].
    pub fn new(backend: Arc<dyn SearchBackend>) -> SearchService {
        Self::with_cache_entries(backend, CACHE_CAPACITY)
    }

    /// A service over `backend` whose results cache keeps `entries` answers per tenant (the
    /// `search_cache_entries` setting; 0: no answer is cached, every search is computed).
    pub fn with_cache_entries(backend: Arc<dyn SearchBackend>, entries: usize) -> SearchService {
        SearchService {
            backend,
            cache: Mutex::new(ResultsCache::new(entries)),
            applied: Mutex::default(),
            round: tokio::sync::Mutex::new(()),
            tenants: Mutex::default(),
            layouts: Mutex::default(),
            last_full: Mutex::default(),
            steps: Mutex::default(),
        }
    }

    /// `t`'s [`layout`], computed once per tenant generation.
    fn layout_of(&self, t: &Tenant) -> String {
        let mut all = self.layouts.lock().unwrap_or_else(|e| e.into_inner());
        match all.get(t.slug()) {
            Some((g, l)) if *g == t.generation => l.clone(),
            _ => {
                let l = layout(t);
                all.insert(t.slug().to_string(), (t.generation, l.clone()));
                l
            }
        }
    }

    fn applied(&self, slug: &str) -> Option<IndexState> {
        self.applied.lock().unwrap_or_else(|e| e.into_inner()).get(slug).cloned()
    }

    /// Records what `slug`'s index now holds and drops its cached answers.
    fn set_applied(&self, slug: &str, state: IndexState) {
        self.applied
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(slug.to_string(), state);
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).invalidate(slug);
        content_version(slug).fetch_add(1, Ordering::AcqRel);
    }

    /// Rebuilds one tenant's index from storage, aside, then swaps it in: the cars of shown
    /// statuses read in keyset batches of [`REBUILD_BATCH`] (memory bounded by one batch and
    /// the engine's writer), recording the journal head read before storage (later changes are
    /// replayed over it). Clears the tenant's cached answers. Returns the number of documents.
    ///
    /// Errors: storage or the engine failed (the tenant keeps its previous index).
    pub async fn reindex_tenant(&self, db: &Db, tenants: &TenantRegistry, slug: &str) -> anyhow::Result<usize> {
        match tenants.by_slug(slug) {
            Some(t) => self.rebuild_tenant(db, &t).await,
            None => Ok(0),
        }
    }

    /// [`SearchService::reindex_tenant`] of the tenant `t`.
    async fn rebuild_tenant(&self, db: &Db, t: &Tenant) -> anyhow::Result<usize> {
        let slug = t.slug();
        let head = Some(journal::head(db, slug).await?);
        let repo = TenantRepo::new(db, slug);
        let mut rebuild = self.backend.rebuild(slug).await?;
        let (mut after, mut n) = (0, 0);
        loop {
            let cars = repo.cars_after(after, REBUILD_BATCH).await?;
            let Some(last) = cars.last() else { break };
            after = last.id;
            let docs: Vec<SearchDoc> = cars
                .iter()
                .filter(|c| indexed_status(&c.status))
                .map(|c| SearchDoc::from_car(t, c))
                .collect();
            n += docs.len();
            let more = cars.len() as i64 == REBUILD_BATCH;
            drop(cars);
            rebuild.add(docs).await?;
            if !more {
                break;
            }
        }
        let state = IndexState {
            epoch: head.as_ref().map(|h| h.epoch.clone()).unwrap_or_default(),
            seq: head.map_or(0, |h| h.seq),
            layout: layout(t),
        };
        rebuild.finish(state.clone()).await?;
        self.set_applied(slug, state);
        Ok(n)
    }

    /// Reindexes every tenant ([`SearchService::reindex_tenant`]); returns (tenant, documents)
    /// pairs. Errors: the first failure.
    pub async fn reindex_all(&self, db: &Db, tenants: &TenantRegistry) -> anyhow::Result<Vec<(String, usize)>> {
        let mut out = Vec::new();
        for t in tenants.iter() {
            out.push((t.slug().to_string(), self.reindex_tenant(db, tenants, t.slug()).await?));
        }
        Ok(out)
    }

    /// Applies the journal entries of `slug` after `from` (up to the head `head`) in batches of
    /// [`JOURNAL_BATCH`] rows: each batch's cars are read from storage and written as one change
    /// set (deleted when gone or no longer shown). Falls back to a rebuild for an entry of the
    /// whole tenant. Errors: storage or the engine failed (what was applied stays recorded).
    async fn replay(&self, db: &Db, t: &Tenant, mut from: IndexState, head: &Head) -> anyhow::Result<()> {
        let slug = t.slug();
        let repo = TenantRepo::new(db, slug);
        while from.seq < head.seq {
            let e = journal::read_after(db, slug, from.seq, JOURNAL_BATCH).await?;
            if e.whole_tenant {
                self.rebuild_tenant(db, t).await?;
                return Ok(());
            }
            if e.through == from.seq {
                // The head moved past rows not visible yet: the next round reads them.
                return Ok(());
            }
            let mut upserts = Vec::new();
            let mut deletes = Vec::new();
            for ids in e.car_ids.chunks(200) {
                let cars = repo.cars_by_ids(ids).await?;
                for id in ids {
                    match cars.iter().find(|c| c.id == *id) {
                        Some(c) if indexed_status(&c.status) => upserts.push(SearchDoc::from_car(t, c)),
                        _ => deletes.push(*id),
                    }
                }
            }
            from.seq = e.through;
            self.backend.apply(slug, upserts, deletes, from.clone()).await?;
            self.set_applied(slug, from.clone());
        }
        Ok(())
    }

    /// One indexer round: reads every tenant's journal head (creating missing heads when
    /// `create_heads`) and brings each tenant's index up to it, by replay or by rebuild
    /// ([`SearchService::replay`], [`SearchService::reindex_tenant`]). A tenant that fails is
    /// retried next round (logged when it starts failing and when it recovers). Returns how many
    /// tenants failed; errors when the heads cannot be read.
    pub async fn catch_up(&self, db: &Db, tenants: &TenantRegistry, create_heads: bool) -> anyhow::Result<usize> {
        let _round = self.round.lock().await;
        let heads = if create_heads {
            let all: Vec<_> = tenants.iter().collect();
            let slugs: Vec<&str> = all.iter().map(|t| t.slug()).collect();
            journal::heads(db, &slugs).await?
        } else {
            journal::read_heads(db).await?
        };
        self.tenants.lock().unwrap_or_else(|e| e.into_inner()).0 = tenants.iter().map(|t| t.slug().to_string()).collect();
        let full = {
            let mut last = self.last_full.lock().unwrap_or_else(|e| e.into_inner());
            let due = create_heads || last.is_none_or(|at| at.elapsed() >= FULL_CHECK);
            if due {
                *last = Some(Instant::now());
            }
            due
        };
        let heads: HashMap<&str, &Head> = heads.iter().map(|h| (h.tenant.as_str(), h)).collect();
        let mut failed = 0;
        for t in tenants.iter() {
            let slug = t.slug();
            let Some(&head) = heads.get(slug) else {
                continue;
            };
            if !self.bring_up_to_date(db, &t, head, full).await {
                failed += 1;
            }
        }
        Ok(failed)
    }

    /// Brings tenant `t`'s index up to its journal head now (creating the head when missing), as a
    /// round would: what a tenant's warm-up and reload do before it serves, so its first search
    /// sees its stock. Errors: storage or the engine failed (the next indexer round retries).
    pub async fn catch_up_tenant(&self, db: &Db, t: &Tenant) -> anyhow::Result<()> {
        let head = journal::head(db, t.slug()).await?;
        if self.bring_up_to_date(db, t, &head, false).await {
            Ok(())
        } else {
            anyhow::bail!("the search index of {} could not be brought up to date", t.slug())
        }
    }

    /// One tenant's step of a round: replays or rebuilds `t`'s index up to `head` unless this
    /// process applied exactly it already (checked against the backend anyway when `full`).
    /// One step per tenant at a time (a warm-up and a round never rebuild the same index
    /// together). Returns false when it failed (logged once when it starts failing).
    async fn bring_up_to_date(&self, db: &Db, t: &Tenant, head: &Head, full: bool) -> bool {
        let slug = t.slug();
        let lock = self
            .steps
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(slug.to_string())
            .or_default()
            .clone();
        let _step = lock.lock().await;
        let layout_now = self.layout_of(t);
        // Up to date as this process applied it: nothing to read (but once per FULL_CHECK).
        if !full
            && self
                .applied(slug)
                .is_some_and(|a| a.epoch == head.epoch && a.seq == head.seq && a.layout == layout_now)
        {
            return true;
        }
        let result = async {
            let mut cur = self.applied(slug);
            // The index may have been rebuilt by another process (`forecourt reindex`).
            if let Some(st) = self.backend.state(slug).await?
                && cur.as_ref().is_none_or(|c| st.seq < c.seq || st.epoch != c.epoch)
            {
                cur = Some(st);
            }
            let fresh =
                cur.filter(|c| c.epoch == head.epoch && c.layout == layout_now && c.seq >= head.pruned_through && c.seq <= head.seq);
            match fresh {
                None => self.rebuild_tenant(db, t).await.map(|_| ()),
                Some(c) if c.seq < head.seq => self.replay(db, t, c, head).await,
                Some(c) => {
                    if self.applied(slug).as_ref() != Some(&c) {
                        self.set_applied(slug, c);
                    }
                    Ok(())
                }
            }
        }
        .await;
        let mut known = self.tenants.lock().unwrap_or_else(|e| e.into_inner());
        match result {
            Err(e) => {
                if known.1.insert(slug.to_string()) {
                    tracing::warn!(tenant = %slug, error = %e, "search indexer: tenant not brought up to date, retrying");
                }
                false
            }
            Ok(()) => {
                if known.1.remove(slug) {
                    tracing::info!(tenant = %slug, "search indexer: tenant up to date again");
                }
                true
            }
        }
    }

    /// How far the index of each tenant the indexer serves is behind its journal head, read now
    /// from storage. Errors: the storage error.
    pub async fn lag(&self, db: &Db) -> Result<Vec<TenantLag>, sqlx::Error> {
        let heads = journal::read_heads(db).await?;
        let served = self.tenants.lock().unwrap_or_else(|e| e.into_inner()).0.clone();
        Ok(heads
            .into_iter()
            .filter(|h| served.contains(&h.tenant))
            .map(|h| {
                let behind = match self.applied(&h.tenant) {
                    Some(a) if a.epoch == h.epoch => (h.seq - a.seq).max(0),
                    _ => h.seq.max(1),
                };
                TenantLag {
                    tenant: h.tenant,
                    behind,
                    head: h.seq,
                }
            })
            .collect())
    }

    /// Runs indexer rounds ([`SearchService::catch_up`]) for as long as the service lives:
    /// at once, then whenever this process commits a change and every [`POLL_INTERVAL`].
    pub fn follow_journal(self: &Arc<Self>, db: Db, tenants: Arc<TenantRegistry>) {
        let mut rx = CHANGES.subscribe();
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut failing = false;
            loop {
                let Some(svc) = weak.upgrade() else { return };
                match svc.catch_up(&db, &tenants, false).await {
                    Ok(0) => failing = false,
                    Ok(_) => failing = true,
                    Err(e) => {
                        if !failing {
                            tracing::error!(error = %e, "search indexer cannot read the change journal");
                        }
                        failing = true;
                    }
                }
                drop(svc);
                tokio::select! {
                    r = rx.recv() => if matches!(r, Err(tokio::sync::broadcast::error::RecvError::Closed)) { return },
                    () = tokio::time::sleep(POLL_INTERVAL) => {}
                }
            }
        });
    }
}

/// The host's search engine as held in the application state: set at start by
/// `http::server::prepare`, or (when built without one, as in tests) an in-memory embedded index
/// built from storage on first use.
#[derive(Clone, Default)]
pub struct Search(Arc<tokio::sync::OnceCell<Arc<SearchService>>>);

impl Search {
    /// A ready service.
    pub fn ready(svc: Arc<SearchService>) -> Search {
        let cell = tokio::sync::OnceCell::new();
        let _ = cell.set(svc);
        Search(Arc::new(cell))
    }

    /// The service, building the in-memory fallback on first use (every tenant indexed, then
    /// the journal followed).
    pub async fn get(&self, db: &Db, tenants: &Arc<TenantRegistry>) -> Result<Arc<SearchService>, SearchError> {
        self.0
            .get_or_try_init(|| async {
                let backend = super::embedded::EmbeddedBackend::in_ram()?;
                let svc = Arc::new(SearchService::new(Arc::new(backend)));
                let failed = svc
                    .catch_up(db, tenants, true)
                    .await
                    .map_err(|e| SearchError::Unavailable(format!("cannot build the search index: {e}")))?;
                if failed > 0 {
                    return Err(SearchError::Unavailable("cannot build the search index".into()));
                }
                svc.follow_journal(db.clone(), tenants.clone());
                Ok(svc)
            })
            .await
            .cloned()
    }

    /// Drops what was cached from `tenant`'s previous config (its config was reloaded): its
    /// cached search answers, and, by moving its content version ([`notify_stock_changed`]),
    /// everything rendered at the old one; wakes the indexers (a changed document layout is
    /// rebuilt by their next round).
    pub fn tenant_reloaded(&self, tenant: &str) {
        if let Some(svc) = self.0.get() {
            svc.cache.lock().unwrap_or_else(|e| e.into_inner()).invalidate(tenant);
        }
        notify_stock_changed(tenant);
    }

    /// The service when it was built (at start, or by a first search); None before.
    pub fn built(&self) -> Option<Arc<SearchService>> {
        self.0.get().cloned()
    }

    /// A tenant's content generation: moves whenever the indexer applies a journaled change of
    /// the tenant (from this process or another one sharing the storage) and whenever this
    /// process commits one ([`notify_stock_changed`]); never goes back. None while no search
    /// service is built. What is rendered from storage at one generation stays valid until it
    /// moves (the rendered-response cache, `http::render_cache`).
    ///
    /// `version` is the tenant's counter ([`content_version`]), which the caller keeps: the read
    /// is one atomic load, no lock.
    pub fn generation_of(&self, version: &AtomicU64) -> Option<u64> {
        self.0.get()?;
        Some(version.load(Ordering::Acquire))
    }

    /// The indexer's lag per tenant ([`SearchService::lag`]); None while no service was built
    /// yet. Errors: the storage error.
    pub async fn lag(&self, db: &Db) -> Option<Result<Vec<TenantLag>, sqlx::Error>> {
        let svc = self.0.get()?;
        Some(svc.lag(db).await)
    }
}

/// The embedded index root under the data dir (one directory per tenant).
pub fn embedded_dir(settings: &Settings) -> std::path::PathBuf {
    settings.data_dir.join("search").join("tantivy-v2")
}

/// The configured backend (`search_backend`): the tantivy indexes under the data dir, or
/// Meilisearch at `meili_url`.
pub async fn open_backend(settings: &Settings) -> anyhow::Result<Arc<dyn SearchBackend>> {
    match settings.search_backend {
        SearchBackendKind::Embedded => {
            // The previous layout (one index of every tenant) is rebuilt as the new one.
            std::fs::remove_dir_all(settings.data_dir.join("search").join("tantivy-v1")).ok();
            Ok(Arc::new(super::embedded::EmbeddedBackend::open_bounded(
                &embedded_dir(settings),
                settings.search_open_indexes,
            )?))
        }
        SearchBackendKind::Meilisearch => {
            let url = settings
                .meili_url
                .as_deref()
                .ok_or_else(|| anyhow::anyhow!("search_backend = \"meilisearch\" needs meili_url"))?;
            Ok(Arc::new(super::meili::MeiliBackend::new(url, settings.meili_key.as_deref())?))
        }
    }
}

/// The configured backend as a service (its indexer not started).
pub async fn open_service(settings: &Settings) -> anyhow::Result<SearchService> {
    Ok(SearchService::with_cache_entries(
        open_backend(settings).await?,
        settings.search_cache_entries,
    ))
}

/// Starts search for `serve`: opens the backend, brings every tenant's index up to its journal
/// head (an index that recorded this journal's epoch, the current layout and a sequence still
/// in the journal replays the changes since; any other is rebuilt from storage) and follows the
/// journal. An engine that is down does not stop the host: search answers 503 and the indexer
/// catches up when it is back.
pub async fn start(settings: &Settings, db: &Db, tenants: &Arc<TenantRegistry>) -> anyhow::Result<Search> {
    let started = Instant::now();
    let svc = Arc::new(open_service(settings).await?);
    let failed = svc.catch_up(db, tenants, true).await?;
    if failed == 0 {
        tracing::info!(
            backend = svc.backend.name(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "search index ready"
        );
    } else {
        tracing::error!(
            backend = svc.backend.name(),
            failed,
            "search index not up to date; search may answer 503 until the engine is back"
        );
    }
    svc.follow_journal(db.clone(), tenants.clone());
    Ok(Search::ready(svc))
}
