//! The embedded backend: a tantivy index in process (the default; ARCHITECTURE.md "Search").
//!
//! Keyword attributes are indexed lowercased (exact, case-insensitive match) and kept as fast
//! columns with their original text (facet labels; values that differ only by case are counted
//! as one, [`merge_case_variants`]); numbers are f64 fast fields (ranges, sort). The `text` field
//! is analysed by [`text_analyzer`] (words, lower case, accents folded) and also holds each
//! hyphenated word joined ([`joined_words`]), as README "Search semantics" states.
//! A search evaluates the tenant scope and the filter as bitsets on the segments' columns,
//! decoded once per segment into plain arrays ([`super::columns`]), intersects them with the text
//! query's matches from the inverted index, then sorts (key, id), cuts the page and counts facet
//! values by array increments.
//!
//! Each tenant has its own index, in a generation directory `<root>/<tenant>/<generation>/` named
//! by `<root>/<tenant>/state.json` (which also holds the journal sequence the index follows,
//! [`IndexState`]). A car change is one commit on the tenant's index (delete the car's id term,
//! add its new document: readers see the old document or the new one, never neither). A full
//! rebuild writes a new generation directory aside, in batches through one bounded writer, and
//! switches the tenant to it at once (the state file is replaced by a rename); searches running
//! on the old generation finish on it, and its directory is removed.
//!
//! At most `max_open` tenants' indexes on disk are open at once (the `search_open_indexes`
//! setting, default [`DEFAULT_OPEN_INDEXES`]): an index is opened on its tenant's first search or
//! write and, past the limit, the least recently used are closed (their mapped files and decoded
//! columns released; a search running on one finishes on it). A host of 10,000 small tenants so
//! keeps the indexes its shoppers use, not every tenant's (BENCHMARKS.md "Many tenants"). A
//! tenant's state (what its index follows) is read from its state file without opening the index.

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex, RwLock,
        atomic::{AtomicU64, Ordering},
    },
    time::SystemTime,
};

use fixedbitset::FixedBitSet;
use serde::{Deserialize, Serialize};
use tantivy::{
    DocId, Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term,
    query::{BooleanQuery, EnableScoring, FuzzyTermQuery, Occur, Query, TermQuery},
    schema::{FAST, Field, INDEXED, IndexRecordOption, Schema, TextFieldIndexing, TextOptions},
    tokenizer::{AsciiFoldingFilter, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer, TextAnalyzer},
};

use super::{
    backend::{BackendRequest, BackendResult, BoxFuture, IndexState, Rebuild, SearchBackend, SearchError},
    columns::ColumnCache,
    doc::{Filter, KEYWORD_FIELDS, NUMERIC_FIELDS, SearchDoc},
};

const RAW_LOWER: &str = "raw_lower";
/// The text analyzer of the `text` field and of the text query (README "Search semantics").
const TEXT: &str = "forecourt_text";
/// Longest word indexed or searched, bytes (longer words are dropped, as tantivy's default).
const MAX_WORD_BYTES: usize = 40;
/// Index writer memory budget, bytes.
const WRITER_BYTES: usize = 50_000_000;
/// Default most tenants' indexes open at once (the `search_open_indexes` setting).
pub const DEFAULT_OPEN_INDEXES: usize = crate::config::DEFAULT_SEARCH_OPEN_INDEXES;

/// The tantivy backend: one index per tenant, each in its own generation directory, switched as
/// a whole by a full rebuild.
#[derive(Clone)]
pub struct EmbeddedBackend(Arc<Inner>);

/// What the backend and its rebuilds share.
struct Inner {
    /// The index root (`<root>/<tenant>/state.json` and `<root>/<tenant>/<generation>/`); None
    /// for indexes in memory.
    root: Option<PathBuf>,
    /// The fields of [`schema`] (the same in every tenant's index).
    fields: Fields,
    /// The open index of each tenant (at most `max_open` of them when the indexes are on disk).
    tenants: RwLock<HashMap<String, Arc<TenantIndex>>>,
    /// Most indexes open at once (0: no limit; indexes in memory are never closed).
    max_open: usize,
    /// Use counter: each use of an open index stamps it with the next value.
    clock: AtomicU64,
    /// Each tenant's state file (live generation and state) as last read or written, with its
    /// modification time when on disk.
    states: Mutex<HashMap<String, (StateFile, Option<SystemTime>)>>,
    /// Serialises writes in this process; the tantivy writer (and its directory lock) is taken
    /// per write, so another process (`forecourt reindex`) can write the same root.
    writer: Mutex<()>,
}

/// One tenant's open index: its generation, reader and decoded columns.
struct TenantIndex {
    generation: String,
    index: Index,
    reader: IndexReader,
    /// Decoded columns of the live segments.
    columns: ColumnCache,
    /// [`Inner::clock`] at its last use (the least recently used is closed first).
    used: AtomicU64,
}

/// The schema's fields.
struct Fields {
    id: Field,
    text: Field,
    keywords: HashMap<&'static str, Field>,
    numbers: HashMap<&'static str, Field>,
}

/// A tenant's `state.json`: the live generation directory and what the index follows.
#[derive(Serialize, Deserialize)]
struct StateFile {
    generation: String,
    #[serde(flatten)]
    state: IndexState,
}

fn schema() -> Schema {
    let mut b = Schema::builder();
    b.add_i64_field("id", INDEXED | FAST);
    b.add_text_field(
        "text",
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(TEXT)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        ),
    );
    for k in KEYWORD_FIELDS {
        b.add_text_field(
            k,
            TextOptions::default()
                .set_indexing_options(
                    TextFieldIndexing::default()
                        .set_tokenizer(RAW_LOWER)
                        .set_index_option(IndexRecordOption::Basic),
                )
                .set_fast("raw"),
        );
    }
    for n in NUMERIC_FIELDS {
        b.add_f64_field(n, INDEXED | FAST);
    }
    b.build()
}

fn map_err(e: impl std::fmt::Display) -> SearchError {
    SearchError::Backend(e.to_string())
}

impl Fields {
    fn of(s: &Schema) -> Result<Fields, SearchError> {
        let field = |n: &str| s.get_field(n).map_err(map_err);
        Ok(Fields {
            id: field("id")?,
            text: field("text")?,
            keywords: KEYWORD_FIELDS
                .iter()
                .map(|k| Ok((*k, field(k)?)))
                .collect::<Result<_, SearchError>>()?,
            numbers: NUMERIC_FIELDS
                .iter()
                .map(|k| Ok((*k, field(k)?)))
                .collect::<Result<_, SearchError>>()?,
        })
    }

    fn to_doc(&self, d: &SearchDoc) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_i64(self.id, d.id);
        doc.add_text(self.text, &d.text);
        let joined = joined_words(&d.text);
        if !joined.is_empty() {
            doc.add_text(self.text, &joined);
        }
        for (k, vals) in &d.keywords {
            if let Some(f) = self.keywords.get(k) {
                for v in vals {
                    doc.add_text(*f, v);
                }
            }
        }
        for (k, v) in &d.numbers {
            if let Some(f) = self.numbers.get(k) {
                doc.add_f64(*f, *v);
            }
        }
        doc
    }
}

/// The words of a car's text and of a text query (README "Search semantics"): runs of letters
/// and digits (any other character separates words), words of [`MAX_WORD_BYTES`] bytes or more
/// dropped, lower-cased, accents folded to ASCII (`Citroën` is `citroen`).
fn text_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(MAX_WORD_BYTES))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

/// The joined forms of a car's text (README "Search semantics"): each part between white space
/// that holds several words (`Mercedes-Benz`, `F-150`, `CR-V`) written as one word
/// (`MercedesBenz`, `F150`, `CRV`), space separated, so that `mercedesbenz`, `f150` and `crv`
/// find them as `mercedes benz`, `f 150` and `cr v` do. Empty when no part holds several words.
fn joined_words(text: &str) -> String {
    text.split_whitespace()
        .filter_map(|part| {
            let words: Vec<&str> = part.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
            (words.len() > 1).then(|| words.concat())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Facet values that differ only by letter case are one value, as a refinement matches them
/// alike (README "Search semantics"): counted together under the variant that has the most of
/// those cars (ties: the first in byte order). Takes and returns value -> count.
fn merge_case_variants(counts: BTreeMap<String, u64>) -> BTreeMap<String, u64> {
    // Lower-cased value -> (label, the label's own count, the group's count).
    let mut groups: BTreeMap<String, (String, u64, u64)> = BTreeMap::new();
    for (label, n) in counts {
        let g = groups.entry(label.to_lowercase()).or_insert_with(|| (label.clone(), 0, 0));
        if n > g.1 {
            (g.0, g.1) = (label, n);
        }
        g.2 += n;
    }
    groups.into_values().map(|(label, _, n)| (label, n)).collect()
}

/// An index with the tokenizers registered, wrapped with its reader.
fn tenant_index(index: Index, generation: String) -> Result<TenantIndex, SearchError> {
    index
        .tokenizers()
        .register(RAW_LOWER, TextAnalyzer::builder(RawTokenizer::default()).filter(LowerCaser).build());
    index.tokenizers().register(TEXT, text_analyzer());
    let reader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()
        .map_err(map_err)?;
    Ok(TenantIndex {
        generation,
        index,
        reader,
        columns: ColumnCache::default(),
        used: AtomicU64::new(0),
    })
}

/// A tenant slug as a directory name (slugs are `[a-z0-9-]`; anything else is refused).
fn tenant_dir(root: &Path, tenant: &str) -> Result<PathBuf, SearchError> {
    if tenant.is_empty() || !tenant.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(SearchError::Backend(format!("`{tenant}` is not a tenant slug")));
    }
    Ok(root.join(tenant))
}

/// Writes `value` as JSON to `path` atomically (a temporary file, then a rename).
fn write_atomically(path: &Path, value: &impl Serialize) -> Result<(), SearchError> {
    let bytes = serde_json::to_vec(value).map_err(map_err)?;
    crate::fsio::write_atomic(path, &bytes).map_err(map_err)
}

impl Inner {
    /// The tenant's state file and its modification time, if readable.
    fn read_state_file(&self, tenant: &str) -> Option<(StateFile, SystemTime)> {
        let path = tenant_dir(self.root.as_ref()?, tenant).ok()?.join("state.json");
        let mtime = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
        let file = serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?;
        Some((file, mtime))
    }

    /// Re-reads the tenant's state file into the recorded state when the file changed since it
    /// was last read (another process rebuilt or wrote the index): one `stat` when unchanged.
    fn refresh_state(&self, tenant: &str) -> Result<(), SearchError> {
        let Some(root) = &self.root else { return Ok(()) };
        let path = tenant_dir(root, tenant)?.join("state.json");
        let Ok(mtime) = std::fs::metadata(&path).and_then(|m| m.modified()) else {
            return Ok(());
        };
        let seen = self.states.lock().unwrap_or_else(|e| e.into_inner()).get(tenant).and_then(|s| s.1);
        if seen != Some(mtime)
            && let Some((file, mtime)) = self.read_state_file(tenant)
        {
            self.states
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(tenant.to_string(), (file, Some(mtime)));
        }
        Ok(())
    }

    /// The tenant's open index, opened from disk when it is not open or its state file names
    /// another generation (another process rebuilt it); stamped as used now. None when the
    /// tenant has no index yet.
    fn open(&self, tenant: &str) -> Result<Option<Arc<TenantIndex>>, SearchError> {
        let loaded = self.tenants.read().unwrap_or_else(|e| e.into_inner()).get(tenant).cloned();
        let Some(root) = &self.root else {
            return Ok(loaded.inspect(|t| self.touch(t)));
        };
        self.refresh_state(tenant)?;
        let live = self
            .states
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(tenant)
            .map(|s| s.0.generation.clone());
        let Some(generation) = live else {
            return Ok(loaded.inspect(|t| self.touch(t)));
        };
        if let Some(l) = loaded.filter(|l| l.generation == generation) {
            self.touch(&l);
            return Ok(Some(l));
        }
        let dir = tenant_dir(root, tenant)?.join(&generation);
        let index = match Index::open_in_dir(&dir) {
            Ok(i) if i.schema() == schema() => i,
            // A missing or older index is no index: the next start rebuilds it.
            _ => return Ok(None),
        };
        let t = Arc::new(tenant_index(index, generation)?);
        self.insert(tenant, t.clone());
        Ok(Some(t))
    }

    /// Stamps `t` as used now.
    fn touch(&self, t: &TenantIndex) {
        t.used.store(self.clock.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
    }

    /// Makes `t` the tenant's open index, used now, and, past `max_open` indexes on disk, closes
    /// the least recently used down to nine tenths of the limit (one sort per tenth of the limit
    /// opened).
    fn insert(&self, tenant: &str, t: Arc<TenantIndex>) {
        self.touch(&t);
        let mut map = self.tenants.write().unwrap_or_else(|e| e.into_inner());
        map.insert(tenant.to_string(), t);
        if self.root.is_none() || self.max_open == 0 || map.len() <= self.max_open {
            return;
        }
        let keep = (self.max_open - self.max_open / 10).max(1);
        let mut by_use: Vec<(u64, String)> = map
            .iter()
            .filter(|(k, _)| k.as_str() != tenant)
            .map(|(k, v)| (v.used.load(Ordering::Relaxed), k.clone()))
            .collect();
        by_use.sort_unstable();
        let close = map.len().saturating_sub(keep);
        for (_, k) in by_use.into_iter().take(close) {
            map.remove(&k);
        }
        tracing::debug!(closed = close, open = map.len(), "search indexes closed (least recently used)");
    }

    /// A new, empty generation for `tenant`: a directory under the root (or memory).
    fn new_generation(&self, tenant: &str) -> Result<TenantIndex, SearchError> {
        let generation = format!("g{}", uuid::Uuid::new_v4().simple());
        let index = match &self.root {
            None => Index::create_in_ram(schema()),
            Some(root) => {
                let dir = tenant_dir(root, tenant)?.join(&generation);
                std::fs::create_dir_all(&dir).map_err(map_err)?;
                Index::create_in_dir(&dir, schema()).map_err(map_err)?
            }
        };
        tenant_index(index, generation)
    }

    /// Records the tenant's state (and live generation) in memory and, on disk, in its state
    /// file. Errors: the file cannot be written.
    fn save_state(&self, tenant: &str, generation: &str, state: &IndexState) -> Result<(), SearchError> {
        let mtime = match &self.root {
            None => None,
            Some(root) => {
                let path = tenant_dir(root, tenant)?.join("state.json");
                write_atomically(
                    &path,
                    &StateFile {
                        generation: generation.to_string(),
                        state: state.clone(),
                    },
                )?;
                std::fs::metadata(&path).and_then(|m| m.modified()).ok()
            }
        };
        let file = StateFile {
            generation: generation.to_string(),
            state: state.clone(),
        };
        self.states
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(tenant.to_string(), (file, mtime));
        Ok(())
    }

    /// Makes `t` the tenant's live index, records `state` and removes the other generation
    /// directories of the tenant (searches still running on them keep their open files).
    fn switch(&self, tenant: &str, t: TenantIndex, state: &IndexState) -> Result<(), SearchError> {
        self.save_state(tenant, &t.generation, state)?;
        let generation = t.generation.clone();
        self.insert(tenant, Arc::new(t));
        if let Some(root) = &self.root {
            for e in std::fs::read_dir(tenant_dir(root, tenant)?).map_err(map_err)?.flatten() {
                if e.path().is_dir() && e.file_name().to_str() != Some(generation.as_str()) {
                    std::fs::remove_dir_all(e.path()).ok();
                }
            }
        }
        Ok(())
    }
}

impl EmbeddedBackend {
    /// Indexes in memory (tests, and a host without a data dir).
    pub fn in_ram() -> Result<EmbeddedBackend, SearchError> {
        Self::new(None, 0)
    }

    /// The indexes under the directory `root` (created if missing); a tenant's index is opened
    /// on first use, and one written with an older schema counts as missing (rebuilt at start).
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the directory cannot be created.
    pub fn open(root: &Path) -> Result<EmbeddedBackend, SearchError> {
        Self::open_bounded(root, DEFAULT_OPEN_INDEXES)
    }

    /// [`EmbeddedBackend::open`] keeping at most `max_open` tenants' indexes open at once
    /// (0: no limit), the least recently used closed first (module docs).
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the directory cannot be created.
    pub fn open_bounded(root: &Path, max_open: usize) -> Result<EmbeddedBackend, SearchError> {
        std::fs::create_dir_all(root).map_err(map_err)?;
        Self::new(Some(root.to_path_buf()), max_open)
    }

    fn new(root: Option<PathBuf>, max_open: usize) -> Result<EmbeddedBackend, SearchError> {
        Ok(EmbeddedBackend(Arc::new(Inner {
            root,
            fields: Fields::of(&schema())?,
            tenants: RwLock::default(),
            max_open,
            clock: AtomicU64::new(1),
            states: Mutex::default(),
            writer: Mutex::new(()),
        })))
    }

    /// Approximate heap bytes of the columns decoded for searches so far, over every tenant
    /// ([`ColumnCache::heap_bytes`]).
    pub fn decoded_column_bytes(&self) -> usize {
        let tenants = self.0.tenants.read().unwrap_or_else(|e| e.into_inner());
        tenants.values().map(|t| t.columns.heap_bytes()).sum()
    }

    /// Number of tenants' indexes open now (at most the `max_open` given at start, on disk).
    pub fn open_indexes(&self) -> usize {
        self.0.tenants.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Number of documents visible to searches, over every open tenant index.
    pub fn num_docs(&self) -> u64 {
        let tenants = self.0.tenants.read().unwrap_or_else(|e| e.into_inner());
        tenants.values().map(|t| t.reader.searcher().num_docs()).sum()
    }

    /// Replaces every document of `tenant` with `docs` (a rebuild aside, then the switch) and
    /// makes them searchable; the tenant's state is reset to [`IndexState::default`].
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the index cannot be written.
    pub fn replace_tenant_sync(&self, tenant: &str, docs: &[SearchDoc]) -> Result<(), SearchError> {
        let mut r = EmbeddedRebuild::start(self, tenant)?;
        r.add_sync(docs)?;
        r.finish_sync(&IndexState::default())
    }

    /// Applies one change set to `tenant`'s index in one commit: the documents of `deletes` and
    /// of `upserts` (by id) are deleted and `upserts` added, then `state` is recorded. A tenant
    /// without an index gets a new one.
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the index cannot be written.
    pub fn apply_sync(&self, tenant: &str, upserts: &[SearchDoc], deletes: &[i64], state: &IndexState) -> Result<(), SearchError> {
        let inner = &self.0;
        let _guard = inner.writer.lock().unwrap_or_else(|e| e.into_inner());
        let t = match inner.open(tenant)? {
            Some(t) => t,
            None => {
                let t = inner.new_generation(tenant)?;
                inner.switch(tenant, t, state)?;
                inner.open(tenant)?.expect("just switched")
            }
        };
        let mut w: IndexWriter = t.index.writer_with_num_threads(1, WRITER_BYTES).map_err(map_err)?;
        for id in deletes.iter().copied().chain(upserts.iter().map(|d| d.id)) {
            w.delete_term(Term::from_field_i64(inner.fields.id, id));
        }
        for d in upserts {
            w.add_document(inner.fields.to_doc(d)).map_err(map_err)?;
        }
        w.commit().map_err(map_err)?;
        w.wait_merging_threads().map_err(map_err)?;
        t.reader.reload().map_err(map_err)?;
        // A search may have closed `t` (least recently used) and opened the generation again
        // before the commit: that instance sees the commit too.
        let now = inner.tenants.read().unwrap_or_else(|e| e.into_inner()).get(tenant).cloned();
        if let Some(now) = now.filter(|n| !Arc::ptr_eq(n, &t) && n.generation == t.generation) {
            now.reader.reload().map_err(map_err)?;
        }
        inner.save_state(tenant, &t.generation, state)
    }

    /// The tenant's recorded state (re-read when another process changed it), if any.
    pub fn state_sync(&self, tenant: &str) -> Result<Option<IndexState>, SearchError> {
        self.0.refresh_state(tenant)?;
        Ok(self
            .0
            .states
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(tenant)
            .map(|s| s.0.state.clone()))
    }

    fn text_query(&self, t: &TenantIndex, text: &str) -> Vec<Box<dyn Query>> {
        let mut tok = t.index.tokenizers().get(TEXT).expect("the text analyzer is registered");
        let mut words = Vec::new();
        let mut stream = tok.token_stream(text);
        while let Some(t) = stream.next() {
            words.push(t.text.clone());
        }
        let n = words.len();
        words
            .into_iter()
            .enumerate()
            .map(|(i, w)| {
                let term = Term::from_field_text(self.0.fields.text, &w);
                if i + 1 == n {
                    Box::new(FuzzyTermQuery::new_prefix(term, 0, true)) as Box<dyn Query>
                } else {
                    Box::new(TermQuery::new(term, IndexRecordOption::Basic)) as Box<dyn Query>
                }
            })
            .collect()
    }

    /// Runs one request synchronously: the tenant scope and [`BackendRequest::filter`] are
    /// evaluated on the decoded columns ([`super::columns`]), the text query on the inverted
    /// index; matches are then sorted by the sort key (ties by id; cars without the key last)
    /// and counted per facet value.
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the request names an attribute the index does not hold or
    /// the index fails to read.
    pub fn search_sync(&self, req: &BackendRequest) -> Result<BackendResult, SearchError> {
        let Some(t) = self.0.open(&req.tenant)? else {
            return Ok(BackendResult {
                facets: req.facets.iter().map(|f| (f.clone(), BTreeMap::new())).collect(),
                ..BackendResult::default()
            });
        };
        let searcher = t.reader.searcher();
        t.columns.retain(searcher.segment_readers());
        let text = self.text_query(&t, &req.text);
        let weight = if text.is_empty() {
            None
        } else {
            Some(
                BooleanQuery::new(text.into_iter().map(|q| (Occur::Must, q)).collect())
                    .weight(EnableScoring::disabled_from_searcher(&searcher))
                    .map_err(map_err)?,
            )
        };
        let tenant = Filter::eq("tenant", &req.tenant);
        let mut rows: Vec<(f64, i64)> = Vec::new();
        let mut facets: Vec<BTreeMap<String, u64>> = vec![BTreeMap::new(); req.facets.len()];
        let mut docs: Vec<DocId> = Vec::new();
        let mut counts: Vec<u32> = Vec::new();
        let wanted = if req.limit == 0 { 0 } else { req.offset.saturating_add(req.limit) };
        let mut total = 0usize;
        for seg in searcher.segment_readers() {
            let cols = t.columns.segment(seg);
            let mut bits = cols.matching(seg, &tenant)?;
            if !bits.is_clear() {
                bits.intersect_with(&cols.matching(seg, &req.filter)?);
            }
            if let Some(w) = &weight
                && !bits.is_clear()
            {
                let mut found = FixedBitSet::with_capacity(cols.max_doc() as usize);
                w.for_each_no_score(seg, &mut |ds| {
                    for &d in ds {
                        found.insert(d as usize);
                    }
                })
                .map_err(map_err)?;
                bits.intersect_with(&found);
            }
            docs.clear();
            match seg.alive_bitset() {
                Some(alive) => docs.extend(bits.ones().map(|d| d as DocId).filter(|&d| alive.is_alive(d))),
                None => docs.extend(bits.ones().map(|d| d as DocId)),
            }
            if docs.is_empty() {
                continue;
            }
            total += docs.len();
            // A count or facets-only request (limit 0: the disjunctive facets, the count button)
            // reads no sort keys: nothing is ranked.
            if wanted > 0 {
                let ids = cols.ids(seg)?;
                let key = cols.number(seg, &req.sort.0)?;
                rows.extend(docs.iter().map(|&d| (key[d as usize], ids[d as usize])));
            }
            for (f, acc) in req.facets.iter().zip(&mut facets) {
                let col = cols.keyword(seg, f)?;
                counts.clear();
                counts.resize(col.labels.len() + 1, 0);
                col.count(&docs, &mut counts);
                for (label, n) in col.labels.iter().zip(&counts).filter(|(_, n)| **n > 0) {
                    *acc.entry(label.clone()).or_insert(0) += u64::from(*n);
                }
            }
        }
        let desc = req.sort.1;
        // NaN is "no value": after every value, in both directions.
        let cmp = |a: &(f64, i64), b: &(f64, i64)| {
            let k = match (a.0.is_nan(), b.0.is_nan()) {
                (false, false) => {
                    if desc {
                        b.0.total_cmp(&a.0)
                    } else {
                        a.0.total_cmp(&b.0)
                    }
                }
                (false, true) => std::cmp::Ordering::Less,
                (true, false) => std::cmp::Ordering::Greater,
                (true, true) => std::cmp::Ordering::Equal,
            };
            k.then(a.1.cmp(&b.1))
        };
        // Only the first `offset + limit` rows are ranked: a selection moves them to the front
        // (linear), then only they are sorted.
        let end = wanted.min(rows.len());
        if end < rows.len() && end > 0 {
            rows.select_nth_unstable_by(end - 1, cmp);
        }
        rows.truncate(end);
        rows.sort_unstable_by(cmp);
        let ids = rows.into_iter().skip(req.offset).take(req.limit).map(|r| r.1).collect();
        let facets = req
            .facets
            .iter()
            .cloned()
            .zip(facets.into_iter().map(merge_case_variants))
            .collect();
        Ok(BackendResult { ids, total, facets })
    }
}

/// A full rebuild of one tenant's embedded index: a new generation written aside through one
/// writer of [`WRITER_BYTES`], switched in by [`EmbeddedRebuild::finish_sync`].
pub struct EmbeddedRebuild {
    backend: EmbeddedBackend,
    tenant: String,
    index: TenantIndex,
    writer: IndexWriter,
}

impl EmbeddedRebuild {
    /// Starts a rebuild of `tenant` on `backend`: a new, empty generation.
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the generation cannot be created.
    pub fn start(backend: &EmbeddedBackend, tenant: &str) -> Result<EmbeddedRebuild, SearchError> {
        let index = backend.0.new_generation(tenant)?;
        let writer = index.index.writer_with_num_threads(1, WRITER_BYTES).map_err(map_err)?;
        Ok(EmbeddedRebuild {
            backend: backend.clone(),
            tenant: tenant.to_string(),
            index,
            writer,
        })
    }

    /// Adds a batch of documents to the new generation (not searchable until finished).
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the index cannot be written.
    pub fn add_sync(&mut self, docs: &[SearchDoc]) -> Result<(), SearchError> {
        for d in docs {
            self.writer.add_document(self.backend.0.fields.to_doc(d)).map_err(map_err)?;
        }
        Ok(())
    }

    /// Commits the new generation, records `state` and switches the tenant to it at once.
    ///
    /// # Errors
    /// [`SearchError::Backend`] when the index or its state file cannot be written (the tenant
    /// then stays on its previous generation).
    pub fn finish_sync(mut self, state: &IndexState) -> Result<(), SearchError> {
        self.writer.commit().map_err(map_err)?;
        self.writer.wait_merging_threads().map_err(map_err)?;
        self.index.reader.reload().map_err(map_err)?;
        let inner = &self.backend.0;
        let _guard = inner.writer.lock().unwrap_or_else(|e| e.into_inner());
        inner.switch(&self.tenant, self.index, state)
    }
}

impl Rebuild for EmbeddedRebuild {
    fn add(&mut self, docs: Vec<SearchDoc>) -> BoxFuture<'_, Result<(), SearchError>> {
        Box::pin(async move { self.add_sync(&docs) })
    }

    fn finish(self: Box<Self>, state: IndexState) -> BoxFuture<'static, Result<(), SearchError>> {
        Box::pin(async move { self.finish_sync(&state) })
    }
}

impl SearchBackend for EmbeddedBackend {
    fn name(&self) -> &'static str {
        "embedded"
    }

    fn search<'a>(&'a self, req: &'a BackendRequest) -> BoxFuture<'a, Result<BackendResult, SearchError>> {
        Box::pin(async move { self.search_sync(req) })
    }

    fn apply<'a>(
        &'a self,
        tenant: &'a str,
        upserts: Vec<SearchDoc>,
        deletes: Vec<i64>,
        state: IndexState,
    ) -> BoxFuture<'a, Result<(), SearchError>> {
        Box::pin(async move { self.apply_sync(tenant, &upserts, &deletes, &state) })
    }

    fn rebuild<'a>(&'a self, tenant: &'a str) -> BoxFuture<'a, Result<Box<dyn Rebuild>, SearchError>> {
        Box::pin(async move { Ok(Box::new(EmbeddedRebuild::start(self, tenant)?) as Box<dyn Rebuild>) })
    }

    fn state<'a>(&'a self, tenant: &'a str) -> BoxFuture<'a, Result<Option<IndexState>, SearchError>> {
        Box::pin(async move { self.state_sync(tenant) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        let mut a = text_analyzer();
        let mut stream = a.token_stream(text);
        let mut out = Vec::new();
        while let Some(t) = stream.next() {
            out.push(t.text.clone());
        }
        out
    }

    #[test]
    fn text_is_words_lower_cased_with_accents_folded() {
        assert_eq!(words("Citroën C5-Aircross CAFÉ"), ["citroen", "c5", "aircross", "cafe"]);
        assert_eq!(words("é"), ["e"]);
        assert!(words(&"x".repeat(MAX_WORD_BYTES)).is_empty(), "a word of 40 bytes is dropped");
    }

    #[test]
    fn hyphenated_words_are_also_indexed_joined() {
        assert_eq!(
            joined_words("Mercedes-Benz C-Class F-150 CR-V ML350 2020"),
            "MercedesBenz CClass F150 CRV"
        );
        assert_eq!(joined_words("Toyota Corolla"), "");
    }

    #[test]
    fn facet_values_differing_by_case_are_one() {
        let m: BTreeMap<String, u64> = [("C-CLASS", 3), ("C-Class", 10), ("GLC", 2), ("c-class", 3)]
            .iter()
            .map(|(k, v)| (k.to_string(), *v))
            .collect();
        let merged = merge_case_variants(m);
        assert_eq!(merged.len(), 2);
        assert_eq!(merged["C-Class"], 16);
        assert_eq!(merged["GLC"], 2);
        let tie: BTreeMap<String, u64> = [("bmw", 1), ("BMW", 1)].iter().map(|(k, v)| (k.to_string(), *v)).collect();
        assert_eq!(merge_case_variants(tie).into_iter().collect::<Vec<_>>(), [("BMW".to_string(), 2)]);
    }
}
