//! The embedded backend: a tantivy index in process (the default; ARCHITECTURE.md "Search").
//!
//! Keyword attributes are indexed lowercased (exact, case-insensitive match) and kept as fast
//! columns with their original text (facet labels); numbers are f64 fast fields (ranges, sort).
//! A search collects every match of the tenant's filter with one custom collector that reads the
//! sort key and counts facet ordinals per segment, then sorts (key, id) and cuts the page.

use std::{
    collections::{BTreeMap, HashMap},
    ops::Bound as B,
    path::Path,
    sync::Mutex,
};

use tantivy::{
    DocId, Index, IndexReader, IndexWriter, ReloadPolicy, Score, SegmentOrdinal, SegmentReader, TantivyDocument, Term,
    collector::{Collector, SegmentCollector},
    columnar::{Cardinality, Column, StrColumn},
    query::{AllQuery, BooleanQuery, EmptyQuery, FuzzyTermQuery, Occur, Query, RangeQuery, TermQuery},
    schema::{FAST, Field, INDEXED, IndexRecordOption, Schema, TextFieldIndexing, TextOptions},
    tokenizer::{LowerCaser, RawTokenizer, TextAnalyzer},
};

use super::{
    BackendRequest, BackendResult, BoxFuture, SearchBackend, SearchError,
    doc::{Filter, KEYWORD_FIELDS, NUMERIC_FIELDS, SearchDoc},
    query::fmt_num,
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
        })
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

    fn filter_query(&self, f: &Filter) -> Result<Box<dyn Query>, SearchError> {
        Ok(match f {
            Filter::All(l) if l.is_empty() => Box::new(AllQuery),
            Filter::Any(l) if l.is_empty() => Box::new(EmptyQuery),
            Filter::All(l) => Box::new(BooleanQuery::new(
                l.iter()
                    .map(|f| Ok((Occur::Must, self.filter_query(f)?)))
                    .collect::<Result<_, SearchError>>()?,
            )),
            Filter::Any(l) => Box::new(BooleanQuery::new(
                l.iter()
                    .map(|f| Ok((Occur::Should, self.filter_query(f)?)))
                    .collect::<Result<_, SearchError>>()?,
            )),
            Filter::Not(f) => Box::new(BooleanQuery::new(vec![
                (Occur::Must, Box::new(AllQuery) as Box<dyn Query>),
                (Occur::MustNot, self.filter_query(f)?),
            ])),
            Filter::Eq(field, v) => {
                let f = *self
                    .keywords
                    .get(field.as_str())
                    .ok_or_else(|| SearchError::Backend(format!("no keyword field {field}")))?;
                Box::new(TermQuery::new(
                    Term::from_field_text(f, &v.to_lowercase()),
                    IndexRecordOption::Basic,
                ))
            }
            Filter::Range { field, min, max } => {
                let f = *self
                    .numbers
                    .get(field.as_str())
                    .ok_or_else(|| SearchError::Backend(format!("no numeric field {field}")))?;
                let bound = |b: &Option<(f64, bool)>| match b {
                    None => B::Unbounded,
                    Some((v, true)) => B::Included(Term::from_field_f64(f, *v)),
                    Some((v, false)) => B::Excluded(Term::from_field_f64(f, *v)),
                };
                if min.is_none() && max.is_none() {
                    // Any value: the doc has the number.
                    Box::new(RangeQuery::new(
                        B::Included(Term::from_field_f64(f, f64::MIN)),
                        B::Included(Term::from_field_f64(f, f64::MAX)),
                    ))
                } else {
                    Box::new(RangeQuery::new(bound(min), bound(max)))
                }
            }
        })
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

    /// Runs one request synchronously.
    pub fn search_sync(&self, req: &BackendRequest) -> Result<BackendResult, SearchError> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, self.filter_query(&Filter::eq("tenant", &req.tenant))?)];
        clauses.push((Occur::Must, self.filter_query(&req.filter)?));
        for q in self.text_query(&req.text) {
            clauses.push((Occur::Must, q));
        }
        let query = BooleanQuery::new(clauses);
        let collector = MatchCollector {
            sort_field: req.sort.0.clone(),
            facets: req.facets.clone(),
        };
        let searcher = self.reader.searcher();
        let (mut rows, facet_counts) = searcher.search(&query, &collector).map_err(map_err)?;
        let total = rows.len();
        let desc = req.sort.1;
        let cmp = |a: &(Option<f64>, i64), b: &(Option<f64>, i64)| {
            let k = match (a.0, b.0) {
                (Some(x), Some(y)) => {
                    if desc {
                        y.total_cmp(&x)
                    } else {
                        x.total_cmp(&y)
                    }
                }
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
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
        let facets = req.facets.iter().cloned().zip(facet_counts).collect();
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

/// Collects (sort key, id) of every match and facet counts.
struct MatchCollector {
    sort_field: String,
    facets: Vec<String>,
}

enum FacetCol {
    Str(StrColumn, Vec<u32>),
    Num(Column<f64>, HashMap<u64, u32>),
    Missing,
}

struct SegChild {
    id: Column<i64>,
    key: Option<Column<f64>>,
    facets: Vec<FacetCol>,
    rows: Vec<(Option<f64>, i64)>,
    /// Per-block scratch for batched column reads ([`SegmentCollector::collect_block`]).
    ids: Vec<Option<i64>>,
    keys: Vec<Option<f64>>,
    ords: Vec<Option<u64>>,
    nums: Vec<Option<f64>>,
}

type Fruit = (Vec<(Option<f64>, i64)>, Vec<BTreeMap<String, u64>>);

impl Collector for MatchCollector {
    type Fruit = Fruit;
    type Child = SegChild;

    fn for_segment(&self, _: SegmentOrdinal, seg: &SegmentReader) -> tantivy::Result<SegChild> {
        let ff = seg.fast_fields();
        let mut facets = Vec::new();
        for f in &self.facets {
            if NUMERIC_FIELDS.contains(&f.as_str()) {
                facets.push(FacetCol::Num(ff.f64(f)?, HashMap::new()));
            } else {
                match ff.str(f)? {
                    Some(c) => {
                        let n = c.dictionary().num_terms();
                        facets.push(FacetCol::Str(c, vec![0; n]));
                    }
                    None => facets.push(FacetCol::Missing),
                }
            }
        }
        Ok(SegChild {
            id: ff.i64("id")?,
            key: Some(ff.f64(&self.sort_field)?),
            facets,
            rows: Vec::with_capacity(seg.num_docs() as usize),
            ids: Vec::new(),
            keys: Vec::new(),
            ords: Vec::new(),
            nums: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Fruit>) -> tantivy::Result<Fruit> {
        let mut rows = Vec::new();
        let mut facets = vec![BTreeMap::new(); self.facets.len()];
        for (r, f) in fruits {
            rows.extend(r);
            for (acc, m) in facets.iter_mut().zip(f) {
                for (k, v) in m {
                    *acc.entry(k).or_insert(0) += v;
                }
            }
        }
        Ok((rows, facets))
    }
}

impl SegmentCollector for SegChild {
    type Fruit = Fruit;

    fn collect(&mut self, doc: DocId, _: Score) {
        let id = self.id.first(doc).unwrap_or(0);
        let key = self.key.as_ref().and_then(|k| k.first(doc));
        self.rows.push((key, id));
        for f in &mut self.facets {
            match f {
                FacetCol::Str(c, counts) => {
                    for o in c.term_ords(doc) {
                        counts[o as usize] += 1;
                    }
                }
                FacetCol::Num(c, counts) => {
                    if let Some(v) = c.first(doc) {
                        *counts.entry(v.to_bits()).or_insert(0) += 1;
                    }
                }
                FacetCol::Missing => {}
            }
        }
    }

    /// The same as [`SegmentCollector::collect`] for a block of matches (tantivy hands them over
    /// in blocks when no scoring is needed), reading each column once per block: about half the
    /// time per match of the one-by-one path on broad queries (BENCHMARKS.md "Search").
    fn collect_block(&mut self, docs: &[DocId]) {
        let n = docs.len();
        self.ids.clear();
        self.ids.resize(n, None);
        self.id.first_vals(docs, &mut self.ids);
        self.keys.clear();
        self.keys.resize(n, None);
        if let Some(k) = &self.key {
            k.first_vals(docs, &mut self.keys);
        }
        self.rows
            .extend(self.keys.iter().zip(&self.ids).map(|(k, id)| (*k, id.unwrap_or(0))));
        for f in &mut self.facets {
            match f {
                FacetCol::Str(c, counts) if c.ords().get_cardinality() != Cardinality::Multivalued => {
                    self.ords.clear();
                    self.ords.resize(n, None);
                    c.ords().first_vals(docs, &mut self.ords);
                    for o in self.ords.iter().flatten() {
                        counts[*o as usize] += 1;
                    }
                }
                FacetCol::Str(c, counts) => {
                    for &doc in docs {
                        for o in c.term_ords(doc) {
                            counts[o as usize] += 1;
                        }
                    }
                }
                FacetCol::Num(c, counts) => {
                    self.nums.clear();
                    self.nums.resize(n, None);
                    c.first_vals(docs, &mut self.nums);
                    for v in self.nums.iter().flatten() {
                        *counts.entry(v.to_bits()).or_insert(0) += 1;
                    }
                }
                FacetCol::Missing => {}
            }
        }
    }

    fn harvest(self) -> Fruit {
        let facets = self
            .facets
            .into_iter()
            .map(|f| {
                let mut m = BTreeMap::new();
                match f {
                    FacetCol::Str(c, counts) => {
                        let mut s = String::new();
                        for (o, n) in counts.into_iter().enumerate().filter(|(_, n)| *n > 0) {
                            s.clear();
                            if c.ord_to_str(o as u64, &mut s).unwrap_or(false) {
                                *m.entry(s.clone()).or_insert(0) += u64::from(n);
                            }
                        }
                    }
                    FacetCol::Num(_, counts) => {
                        for (bits, n) in counts {
                            *m.entry(fmt_num(f64::from_bits(bits))).or_insert(0) += u64::from(n);
                        }
                    }
                    FacetCol::Missing => {}
                }
                m
            })
            .collect();
        (self.rows, facets)
    }
}
