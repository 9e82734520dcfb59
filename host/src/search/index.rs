//! The search index kept in sync with storage ([`SearchService`], [`Search`]): the configured
//! backend plus a results cache; every committed import calls [`notify_stock_changed`] and the
//! tenant is reindexed, the cache invalidated. [`start`] opens it at start-up.

use std::{
    collections::{BTreeMap, HashMap, VecDeque},
    sync::{Arc, LazyLock, Mutex},
    time::{Duration, Instant},
};

use super::{
    backend::{SearchBackend, SearchError},
    doc::SearchDoc,
};
use crate::{
    config::{SearchBackendKind, Settings},
    db::Db,
    repo::TenantRepo,
    tenant::TenantRegistry,
};

static CHANGES: LazyLock<tokio::sync::broadcast::Sender<String>> = LazyLock::new(|| tokio::sync::broadcast::channel(256).0);

/// Tells every search service of this process that `tenant`'s stock changed (called after a
/// committed import). Never blocks, never fails.
pub fn notify_stock_changed(tenant: &str) {
    let _ = CHANGES.send(tenant.to_string());
}

/// Results cache capacity (entries); the oldest entry is evicted when full (docs/features/shopper-core.md §9).
pub const CACHE_CAPACITY: usize = 512;
/// Cached results live at most this long (the sold window and just-arrived tags move with time).
pub const CACHE_TTL: Duration = Duration::from_secs(30);

/// A FIFO cache: insertion order, the oldest evicted when full; cleared per tenant on changes.
pub struct ResultsCache<V> {
    map: HashMap<(String, String), (Instant, V)>,
    order: VecDeque<(String, String)>,
    capacity: usize,
}

impl<V: Clone> ResultsCache<V> {
    /// An empty cache of `capacity` entries.
    pub fn new(capacity: usize) -> Self {
        ResultsCache {
            map: HashMap::new(),
            order: VecDeque::new(),
            capacity: capacity.max(1),
        }
    }

    /// A live entry.
    pub fn get(&self, tenant: &str, key: &str) -> Option<V> {
        self.map
            .get(&(tenant.to_string(), key.to_string()))
            .filter(|(at, _)| at.elapsed() < CACHE_TTL)
            .map(|(_, v)| v.clone())
    }

    /// Stores an entry, evicting the oldest when full.
    pub fn put(&mut self, tenant: &str, key: &str, v: V) {
        let k = (tenant.to_string(), key.to_string());
        if self.map.insert(k.clone(), (Instant::now(), v)).is_none() {
            self.order.push_back(k);
        }
        while self.map.len() > self.capacity {
            match self.order.pop_front() {
                Some(old) => {
                    self.map.remove(&old);
                }
                None => break,
            }
        }
    }

    /// Drops every entry of `tenant`.
    pub fn invalidate(&mut self, tenant: &str) {
        self.map.retain(|(t, _), _| t != tenant);
        self.order.retain(|(t, _)| t != tenant);
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// No entries.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// A cached answer, whatever type the API layer stores.
pub type CachedAnswer = Arc<dyn std::any::Any + Send + Sync>;

/// The search engine of the host plus its results cache.
pub struct SearchService {
    /// The backend.
    pub backend: Arc<dyn SearchBackend>,
    /// Cached answers (the API's response type) by tenant and canonical address form.
    pub cache: Mutex<ResultsCache<CachedAnswer>>,
    /// What each tenant's indexed documents hash to, kept beside an on-disk index so a start
    /// with unchanged stock reuses it ([`SearchService::refresh_tenant`]).
    fingerprints: Option<Fingerprints>,
}

/// Per-tenant hashes of the indexed documents, in a JSON file written atomically.
struct Fingerprints {
    path: std::path::PathBuf,
    map: Mutex<BTreeMap<String, String>>,
}

impl Fingerprints {
    fn load(path: std::path::PathBuf) -> Fingerprints {
        let map = std::fs::read(&path)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default();
        Fingerprints {
            path,
            map: Mutex::new(map),
        }
    }

    fn get(&self, tenant: &str) -> Option<String> {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).get(tenant).cloned()
    }

    /// Records (or with None forgets) a tenant's hash and writes the file (temp file, then
    /// rename). A failed write is logged: the next start then rebuilds, which is safe.
    fn set(&self, tenant: &str, hash: Option<String>) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        match hash {
            Some(h) => map.insert(tenant.to_string(), h),
            None => map.remove(tenant),
        };
        let tmp = self.path.with_extension("json.tmp");
        let written = serde_json::to_vec(&*map)
            .map_err(std::io::Error::other)
            .and_then(|b| std::fs::write(&tmp, b))
            .and_then(|()| std::fs::rename(&tmp, &self.path));
        if let Err(e) = written {
            tracing::warn!(path = %self.path.display(), error = %e, "cannot record the search index fingerprint");
        }
    }
}

/// Bumped when what a document holds changes without its values changing (the index layout):
/// every stored fingerprint then differs and the index is rebuilt.
const FINGERPRINT_VERSION: &str = "forecourt-search-docs-v1";

/// A hash of a tenant's documents in index order (SHA-256, hex): ids, text, every keyword value
/// and the bits of every number.
pub fn fingerprint(docs: &[SearchDoc]) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(FINGERPRINT_VERSION);
    for d in docs {
        h.update(d.id.to_le_bytes());
        h.update((d.text.len() as u64).to_le_bytes());
        h.update(&d.text);
        for (k, vs) in &d.keywords {
            h.update(k.as_bytes());
            h.update((vs.len() as u64).to_le_bytes());
            for v in vs {
                h.update((v.len() as u64).to_le_bytes());
                h.update(v.as_bytes());
            }
        }
        for (k, v) in &d.numbers {
            h.update(k.as_bytes());
            h.update(v.to_bits().to_le_bytes());
        }
        h.update([0xff]);
    }
    hex::encode(h.finalize())
}

/// Cars loaded from storage per indexing round trip.
const INDEX_CHUNK: i64 = 2000;

impl SearchService {
    /// A service over `backend`.
    pub fn new(backend: Arc<dyn SearchBackend>) -> SearchService {
        SearchService {
            backend,
            cache: Mutex::new(ResultsCache::new(CACHE_CAPACITY)),
            fingerprints: None,
        }
    }

    /// A service over an on-disk `backend` whose per-tenant fingerprints are kept in the JSON
    /// file `path` (beside the index), so [`SearchService::refresh_tenant`] can skip tenants
    /// whose stock has not changed since the index was written.
    pub fn with_fingerprints(backend: Arc<dyn SearchBackend>, path: std::path::PathBuf) -> SearchService {
        SearchService {
            fingerprints: Some(Fingerprints::load(path)),
            ..SearchService::new(backend)
        }
    }

    /// Reindexes one tenant from storage (cars of shown statuses) and clears its cache entries.
    /// Returns the number of documents.
    pub async fn reindex_tenant(&self, db: &Db, tenants: &TenantRegistry, slug: &str) -> anyhow::Result<usize> {
        let docs = Self::docs(db, tenants, slug).await?;
        self.write_tenant(slug, docs).await
    }

    /// Like [`SearchService::reindex_tenant`], but leaves the index as it is when the tenant's
    /// documents hash to the fingerprint recorded when it was last written (start-up over an
    /// on-disk index). Returns the number of documents and whether the index was rewritten.
    pub async fn refresh_tenant(&self, db: &Db, tenants: &TenantRegistry, slug: &str) -> anyhow::Result<(usize, bool)> {
        let docs = Self::docs(db, tenants, slug).await?;
        if let Some(fp) = &self.fingerprints
            && fp.get(slug).as_deref() == Some(fingerprint(&docs).as_str())
        {
            return Ok((docs.len(), false));
        }
        Ok((self.write_tenant(slug, docs).await?, true))
    }

    /// Replaces the tenant's documents, clears its cached answers and records the fingerprint
    /// (forgotten before the write, so a failed write leaves none).
    async fn write_tenant(&self, slug: &str, docs: Vec<SearchDoc>) -> anyhow::Result<usize> {
        let n = docs.len();
        let hash = self.fingerprints.as_ref().map(|f| {
            f.set(slug, None);
            fingerprint(&docs)
        });
        self.backend.replace_tenant(slug, docs).await?;
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).invalidate(slug);
        if let Some(f) = &self.fingerprints {
            f.set(slug, hash);
        }
        Ok(n)
    }

    /// The tenant's documents from storage: cars of shown statuses, in id order.
    async fn docs(db: &Db, tenants: &TenantRegistry, slug: &str) -> anyhow::Result<Vec<SearchDoc>> {
        let Some(t) = tenants.by_slug(slug) else { return Ok(Vec::new()) };
        let repo = TenantRepo::new(db, slug);
        let mut docs = Vec::new();
        let mut offset = 0;
        loop {
            let cars = repo.cars(INDEX_CHUNK, offset).await?;
            let n = cars.len() as i64;
            docs.extend(
                cars.iter()
                    .filter(|c| matches!(c.status.as_str(), "in_stock" | "coming_soon" | "sold"))
                    .map(|c| SearchDoc::from_car(t, c)),
            );
            if n < INDEX_CHUNK {
                break;
            }
            offset += n;
        }
        Ok(docs)
    }

    /// Reindexes every tenant; returns (tenant, documents) pairs.
    pub async fn reindex_all(&self, db: &Db, tenants: &TenantRegistry) -> anyhow::Result<Vec<(String, usize)>> {
        let mut out = Vec::new();
        for t in tenants.iter() {
            out.push((t.slug().to_string(), self.reindex_tenant(db, tenants, t.slug()).await?));
        }
        Ok(out)
    }

    /// Follows [`notify_stock_changed`]: reindexes the changed tenant (changes arriving within
    /// 50 ms are batched) for as long as the service lives.
    pub fn follow_changes(self: &Arc<Self>, db: Db, tenants: Arc<TenantRegistry>) {
        let mut rx = CHANGES.subscribe();
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let first = match rx.recv().await {
                    Ok(t) => vec![t],
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => tenants.iter().map(|t| t.slug().to_string()).collect(),
                    Err(_) => return,
                };
                tokio::time::sleep(Duration::from_millis(50)).await;
                let mut changed = first;
                while let Ok(t) = rx.try_recv() {
                    changed.push(t);
                }
                changed.sort();
                changed.dedup();
                let Some(svc) = weak.upgrade() else { return };
                for slug in changed {
                    if let Err(e) = svc.reindex_tenant(&db, &tenants, &slug).await {
                        tracing::error!(tenant = %slug, error = %e, "search reindex after stock change failed");
                    }
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

    /// The service, building the in-memory fallback on first use.
    pub async fn get(&self, db: &Db, tenants: &Arc<TenantRegistry>) -> Result<Arc<SearchService>, SearchError> {
        self.0
            .get_or_try_init(|| async {
                let backend = super::embedded::EmbeddedBackend::in_ram()?;
                let svc = Arc::new(SearchService::new(Arc::new(backend)));
                svc.follow_changes(db.clone(), tenants.clone());
                svc.reindex_all(db, tenants)
                    .await
                    .map_err(|e| SearchError::Unavailable(format!("cannot build the search index: {e}")))?;
                Ok(svc)
            })
            .await
            .cloned()
    }
}

/// The embedded index directory under the data dir.
pub fn embedded_dir(settings: &Settings) -> std::path::PathBuf {
    settings.data_dir.join("search").join("tantivy-v1")
}

/// The configured backend (`search_backend`): the tantivy index under the data dir, or
/// Meilisearch at `meili_url`.
pub async fn open_backend(settings: &Settings) -> anyhow::Result<Arc<dyn SearchBackend>> {
    match settings.search_backend {
        SearchBackendKind::Embedded => Ok(Arc::new(super::embedded::EmbeddedBackend::open(&embedded_dir(settings))?)),
        SearchBackendKind::Meilisearch => {
            let url = settings
                .meili_url
                .as_deref()
                .ok_or_else(|| anyhow::anyhow!("search_backend = \"meilisearch\" needs meili_url"))?;
            Ok(Arc::new(super::meili::MeiliBackend::new(url, settings.meili_key.as_deref())?))
        }
    }
}

/// The configured backend as a service. The embedded index lives on disk, so its service keeps
/// per-tenant fingerprints beside it (a tenant whose stock is unchanged keeps its index at the
/// next start); Meilisearch may be shared or changed outside this host, so it is always refilled.
pub async fn open_service(settings: &Settings) -> anyhow::Result<SearchService> {
    let backend = open_backend(settings).await?;
    Ok(match settings.search_backend {
        SearchBackendKind::Embedded => SearchService::with_fingerprints(backend, embedded_dir(settings).join("fingerprints.json")),
        SearchBackendKind::Meilisearch => SearchService::new(backend),
    })
}

/// Starts search for `serve`: opens the backend, brings every tenant's index up to date with
/// storage (so imports made before start are searchable; an on-disk embedded index whose tenant's
/// documents are unchanged is kept as it is) and follows stock changes. The embedded index holds a
/// writer lock only while writing.
pub async fn start(settings: &Settings, db: &Db, tenants: &Arc<TenantRegistry>) -> anyhow::Result<Search> {
    let started = Instant::now();
    let svc = Arc::new(open_service(settings).await?);
    // An engine that is down must not stop the host: search answers 503 until it is back and
    // the next stock change (or `forecourt reindex`) fills it.
    let mut docs = 0;
    let mut rebuilt = Vec::new();
    let mut failed = None;
    for t in tenants.iter() {
        match svc.refresh_tenant(db, tenants, t.slug()).await {
            Ok((n, wrote)) => {
                docs += n;
                if wrote {
                    rebuilt.push(t.slug().to_string());
                }
            }
            Err(e) => failed = Some(e),
        }
    }
    match failed {
        None => tracing::info!(
            backend = svc.backend.name(),
            docs,
            rebuilt = ?rebuilt,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "search index ready"
        ),
        Some(e) => {
            tracing::error!(backend = svc.backend.name(), error = %e, "search index not built; search answers 503 until the engine is back")
        }
    }
    svc.follow_changes(db.clone(), tenants.clone());
    Ok(Search::ready(svc))
}
