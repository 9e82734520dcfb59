//! The embedded backend: a tantivy index in process (the default; ARCHITECTURE.md "Search").
//!
//! Keyword attributes are indexed lowercased (exact, case-insensitive match) and kept as fast
//! columns with their original text (facet labels); numbers are f64 fast fields (ranges, sort).
//! A search evaluates the tenant scope and the filter as bitsets on the segments' columns,
//! decoded once per segment into plain arrays ([`super::columns`]), intersects them with the text
//! query's matches from the inverted index, then sorts (key, id), cuts the page and counts facet
//! values by array increments.

use std::{
    collections::{BTreeMap, HashMap},
    path::Path,
    sync::Mutex,
};

use fixedbitset::FixedBitSet;
use tantivy::{
    DocId, Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term,
    query::{BooleanQuery, EnableScoring, FuzzyTermQuery, Occur, Query, TermQuery},
    schema::{FAST, Field, INDEXED, IndexRecordOption, Schema, TextFieldIndexing, TextOptions},
    tokenizer::{LowerCaser, RawTokenizer, TextAnalyzer},
};

use super::{
    backend::{BackendRequest, BackendResult, BoxFuture, SearchBackend, SearchError},
    columns::ColumnCache,
    doc::{Filter, KEYWORD_FIELDS, NUMERIC_FIELDS, SearchDoc},
};

const RAW_LOWER: &str = "raw_lower";
/// Index writer memory budget, bytes.
const WRITER_BYTES: usize = 50_000_000;

/// The tantivy backend.
pub struct EmbeddedBackend {
    index: Index,
    reader: IndexReader,
    /// Serialises writes in this process; the tantivy writer (and its directory lock) is taken
    /// per write, so another process (`forecourt reindex`) or a second host state can open the
    /// same directory.
    writer: Mutex<()>,
    /// Decoded columns of the live segments.
    columns: ColumnCache,
    id: Field,
    text: Field,
    keywords: HashMap<&'static str, Field>,
    numbers: HashMap<&'static str, Field>,
}

fn schema() -> Schema {
    let mut b = Schema::builder();
    b.add_i64_field("id", INDEXED | FAST);
    b.add_text_field(
        "text",
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer("default")
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

impl EmbeddedBackend {
    /// An index in memory (tests, and a host without a data dir).
    pub fn in_ram() -> Result<EmbeddedBackend, SearchError> {
        Self::from_index(Index::create_in_ram(schema()))
    }

    /// The index under `dir` (created if missing; rebuilt empty when its schema is older).
    pub fn open(dir: &Path) -> Result<EmbeddedBackend, SearchError> {
        std::fs::create_dir_all(dir).map_err(map_err)?;
        let want = schema();
        let index = match Index::open_in_dir(dir) {
            Ok(i) if i.schema() == want => i,
            Ok(_) | Err(_) => {
                for e in std::fs::read_dir(dir).map_err(map_err)?.flatten() {
                    let p = e.path();
                    if p.is_dir() {
                        std::fs::remove_dir_all(&p).ok();
                    } else {
                        std::fs::remove_file(&p).ok();
                    }
                }
                Index::create_in_dir(dir, want).map_err(map_err)?
            }
        };
        Self::from_index(index)
    }

    fn from_index(index: Index) -> Result<EmbeddedBackend, SearchError> {
        index
            .tokenizers()
            .register(RAW_LOWER, TextAnalyzer::builder(RawTokenizer::default()).filter(LowerCaser).build());
        let s = index.schema();
        let field = |n: &str| s.get_field(n).map_err(map_err);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::OnCommitWithDelay)
            .try_into()
            .map_err(map_err)?;
        Ok(EmbeddedBackend {
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
            index,
            reader,
            writer: Mutex::new(()),
            columns: ColumnCache::default(),
        })
    }

    /// Approximate heap bytes of the columns decoded for searches so far
    /// ([`ColumnCache::heap_bytes`]).
    pub fn decoded_column_bytes(&self) -> usize {
        self.columns.heap_bytes()
    }

    /// Number of documents visible to searches.
    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    fn to_doc(&self, d: &SearchDoc) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_i64(self.id, d.id);
        doc.add_text(self.text, &d.text);
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

    /// Replaces every document of `tenant` with `docs` and makes them searchable.
    pub fn replace_tenant_sync(&self, tenant: &str, docs: &[SearchDoc]) -> Result<(), SearchError> {
        let _guard = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let mut w: IndexWriter = self.index.writer_with_num_threads(1, WRITER_BYTES).map_err(map_err)?;
        w.delete_term(Term::from_field_text(self.keywords["tenant"], &tenant.to_lowercase()));
        for d in docs {
            w.add_document(self.to_doc(d)).map_err(map_err)?;
        }
        w.commit().map_err(map_err)?;
        w.wait_merging_threads().map_err(map_err)?;
        self.reader.reload().map_err(map_err)
    }

    fn text_query(&self, text: &str) -> Vec<Box<dyn Query>> {
        let mut tok = self.index.tokenizers().get("default").expect("default tokenizer");
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
                let term = Term::from_field_text(self.text, &w);
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
        let searcher = self.reader.searcher();
        self.columns.retain(searcher.segment_readers());
        let text = self.text_query(&req.text);
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
        for seg in searcher.segment_readers() {
            let cols = self.columns.segment(seg);
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
            let ids = cols.ids(seg)?;
            let key = cols.number(seg, &req.sort.0)?;
            rows.extend(docs.iter().map(|&d| (key[d as usize], ids[d as usize])));
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
        let total = rows.len();
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
        let end = (req.offset + req.limit).min(total);
        if end < total && end > 0 {
            rows.select_nth_unstable_by(end - 1, cmp);
            rows.truncate(end);
        }
        rows.sort_unstable_by(cmp);
        let ids = rows.into_iter().skip(req.offset).take(req.limit).map(|r| r.1).collect();
        let facets = req.facets.iter().cloned().zip(facets).collect();
        Ok(BackendResult { ids, total, facets })
    }
}

impl SearchBackend for EmbeddedBackend {
    fn name(&self) -> &'static str {
        "embedded"
    }

    fn search<'a>(&'a self, req: &'a BackendRequest) -> BoxFuture<'a, Result<BackendResult, SearchError>> {
        Box::pin(async move { self.search_sync(req) })
    }

    fn replace_tenant<'a>(&'a self, tenant: &'a str, docs: Vec<SearchDoc>) -> BoxFuture<'a, Result<(), SearchError>> {
        Box::pin(async move { self.replace_tenant_sync(tenant, &docs) })
    }
}
