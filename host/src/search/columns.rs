//! The embedded backend's columns in plain arrays, one set per index segment (docs/features/platform.md "Search").
//!
//! tantivy keeps fast fields bit-packed, with an optional-value index per column. Reading 12
//! facet columns and a sort key through that layer cost about 0.25 us per matching car, so a
//! broad query (90,000 matches) took 20-30 ms. A segment never changes once written (deletes
//! only mark documents dead), so each column a search needs is decoded once per segment into a
//! plain array ([`KeywordColumn`], `Vec<f64>`) and kept until the segment leaves the index.
//! Filters ([`Filter`]) are then evaluated on those arrays as bitsets, one bit per document of
//! the segment, and facet counting is an array increment per match.
//!
//! Memory: 8 bytes per document per numeric column used, 4 bytes per document per keyword column
//! used (plus its distinct values), for the live segments only; BENCHMARKS.md "Search" has the
//! measured figures.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use fixedbitset::{Block, FixedBitSet};
use tantivy::{DocId, SegmentReader, index::SegmentId};

use super::{
    backend::SearchError,
    doc::{Filter, KEYWORD_FIELDS, NUMERIC_FIELDS},
    query::fmt_num,
};

/// Documents read per batch while decoding a column.
const DECODE_BATCH: u32 = 4096;

/// One keyword attribute of one segment, decoded: every document's value ordinals and the
/// distinct values (facet labels) they index.
#[derive(Debug, Default)]
pub struct KeywordColumn {
    /// Ordinal -> the value as indexed (the car's text, case kept; numbers formatted with
    /// [`fmt_num`] for a numeric attribute used as a facet).
    pub labels: Vec<String>,
    /// Lowercased value -> its ordinals (matching is case-insensitive; two spellings of a value
    /// can share one lowercase form).
    by_lower: HashMap<String, Vec<u32>>,
    /// For a multi-valued attribute, `starts[doc]..starts[doc + 1]` is the document's range of
    /// `ords`; `None` when every document has at most one value, and `ords[doc]` is it.
    starts: Option<Vec<u32>>,
    /// Value ordinals; `labels.len()` stands for "no value" in the single-valued layout.
    ords: Vec<u32>,
}

impl KeywordColumn {
    fn new(labels: Vec<String>, starts: Option<Vec<u32>>, ords: Vec<u32>) -> KeywordColumn {
        let mut by_lower: HashMap<String, Vec<u32>> = HashMap::new();
        for (o, l) in labels.iter().enumerate() {
            by_lower.entry(l.to_lowercase()).or_default().push(o as u32);
        }
        KeywordColumn {
            labels,
            by_lower,
            starts,
            ords,
        }
    }

    /// Approximate heap bytes held (ordinals, offsets and the values twice, as labels and as
    /// lowercase keys).
    fn heap_bytes(&self) -> usize {
        let text: usize = self.labels.iter().map(|l| l.len() + std::mem::size_of::<String>()).sum();
        self.ords.len() * 4 + self.starts.as_ref().map_or(0, |s| s.len() * 4) + text * 2 + self.labels.len() * 4
    }

    /// Adds one to `counts[ordinal]` for every value of each document of `docs`. `counts` has
    /// `labels.len() + 1` slots; the last one counts documents without a value.
    pub fn count(&self, docs: &[DocId], counts: &mut [u32]) {
        match &self.starts {
            None => {
                for &d in docs {
                    counts[self.ords[d as usize] as usize] += 1;
                }
            }
            Some(starts) => {
                for &d in docs {
                    for &o in &self.ords[starts[d as usize] as usize..starts[d as usize + 1] as usize] {
                        counts[o as usize] += 1;
                    }
                }
            }
        }
    }

    /// The documents (of `max_doc`) having `value`, compared case-insensitively.
    fn matching(&self, value: &str, max_doc: u32) -> FixedBitSet {
        let Some(targets) = self.by_lower.get(&value.to_lowercase()) else {
            return FixedBitSet::with_capacity(max_doc as usize);
        };
        if let ([t], None) = (targets.as_slice(), &self.starts) {
            return bits_where(max_doc, |d| self.ords[d] == *t);
        }
        let mut hit = vec![false; self.labels.len() + 1];
        for &o in targets {
            hit[o as usize] = true;
        }
        match &self.starts {
            None => bits_where(max_doc, |d| hit[self.ords[d] as usize]),
            Some(starts) => bits_where(max_doc, |d| {
                self.ords[starts[d] as usize..starts[d + 1] as usize]
                    .iter()
                    .any(|&o| hit[o as usize])
            }),
        }
    }
}

/// The bitset of the documents `0..max_doc` for which `pred` holds, built a word at a time.
fn bits_where(max_doc: u32, pred: impl Fn(usize) -> bool) -> FixedBitSet {
    let n = max_doc as usize;
    let width = Block::BITS as usize;
    let blocks = (0..n.div_ceil(width)).map(|w| {
        let base = w * width;
        let mut b: Block = 0;
        for i in 0..width.min(n - base) {
            b |= Block::from(pred(base + i)) << i;
        }
        b
    });
    FixedBitSet::with_capacity_and_blocks(n, blocks)
}

/// The decoded columns of one segment, each built on first use.
pub struct SegmentColumns {
    max_doc: u32,
    id: OnceLock<Arc<Vec<i64>>>,
    /// By position in [`KEYWORD_FIELDS`].
    keywords: Vec<OnceLock<Arc<KeywordColumn>>>,
    /// By position in [`NUMERIC_FIELDS`]; NaN where the document has no value.
    numbers: Vec<OnceLock<Arc<Vec<f64>>>>,
    /// Numeric attributes as facets, by position in [`NUMERIC_FIELDS`].
    number_facets: Vec<OnceLock<Arc<KeywordColumn>>>,
}

fn tv(e: impl std::fmt::Display) -> SearchError {
    SearchError::Backend(e.to_string())
}

/// Returns the cell's value, building it with `build` first when empty (two racing builders
/// both build; one result is kept).
fn get_or_build<T>(cell: &OnceLock<Arc<T>>, build: impl FnOnce() -> Result<T, SearchError>) -> Result<Arc<T>, SearchError> {
    if let Some(v) = cell.get() {
        return Ok(v.clone());
    }
    let v = Arc::new(build()?);
    Ok(cell.get_or_init(|| v).clone())
}

fn field_pos(list: &[&str], field: &str) -> Result<usize, SearchError> {
    list.iter()
        .position(|f| *f == field)
        .ok_or_else(|| SearchError::Backend(format!("no indexed attribute {field}")))
}

impl SegmentColumns {
    fn new(max_doc: u32) -> SegmentColumns {
        SegmentColumns {
            max_doc,
            id: OnceLock::new(),
            keywords: KEYWORD_FIELDS.iter().map(|_| OnceLock::new()).collect(),
            numbers: NUMERIC_FIELDS.iter().map(|_| OnceLock::new()).collect(),
            number_facets: NUMERIC_FIELDS.iter().map(|_| OnceLock::new()).collect(),
        }
    }

    /// Approximate heap bytes of the columns decoded so far.
    fn heap_bytes(&self) -> usize {
        let kw = |l: &[OnceLock<Arc<KeywordColumn>>]| l.iter().filter_map(OnceLock::get).map(|c| c.heap_bytes()).sum::<usize>();
        self.id.get().map_or(0, |v| v.len() * 8)
            + self.numbers.iter().filter_map(OnceLock::get).map(|v| v.len() * 8).sum::<usize>()
            + kw(&self.keywords)
            + kw(&self.number_facets)
    }

    /// Documents in the segment, dead ones included.
    pub fn max_doc(&self) -> u32 {
        self.max_doc
    }

    /// Every document's car id.
    pub fn ids(&self, seg: &SegmentReader) -> Result<Arc<Vec<i64>>, SearchError> {
        get_or_build(&self.id, || {
            let col = seg.fast_fields().i64("id").map_err(tv)?;
            let mut out = Vec::with_capacity(self.max_doc as usize);
            decode(self.max_doc, |docs, vals| col.first_vals(docs, vals), |v| out.push(v.unwrap_or(0)));
            Ok(out)
        })
    }

    /// Every document's value of the numeric attribute `field` (NaN when none).
    ///
    /// # Errors
    /// A field not in [`NUMERIC_FIELDS`], or the index failing to read.
    pub fn number(&self, seg: &SegmentReader, field: &str) -> Result<Arc<Vec<f64>>, SearchError> {
        let i = field_pos(NUMERIC_FIELDS, field)?;
        get_or_build(&self.numbers[i], || {
            let col = seg.fast_fields().f64(field).map_err(tv)?;
            let mut out = Vec::with_capacity(self.max_doc as usize);
            decode(
                self.max_doc,
                |docs, vals| col.first_vals(docs, vals),
                |v| out.push(v.unwrap_or(f64::NAN)),
            );
            Ok(out)
        })
    }

    /// The keyword attribute `field` (any of [`KEYWORD_FIELDS`]), or a numeric one as facet
    /// values.
    ///
    /// # Errors
    /// An attribute the index does not hold, or the index failing to read.
    pub fn keyword(&self, seg: &SegmentReader, field: &str) -> Result<Arc<KeywordColumn>, SearchError> {
        if let Ok(i) = field_pos(NUMERIC_FIELDS, field) {
            return get_or_build(&self.number_facets[i], || {
                let nums = self.number(seg, field)?;
                let mut distinct: Vec<f64> = nums.iter().copied().filter(|v| !v.is_nan()).collect();
                distinct.sort_by(f64::total_cmp);
                distinct.dedup();
                let none = distinct.len() as u32;
                let ords = nums
                    .iter()
                    .map(|v| {
                        if v.is_nan() {
                            none
                        } else {
                            distinct.partition_point(|x| x < v) as u32
                        }
                    })
                    .collect();
                Ok(KeywordColumn::new(distinct.into_iter().map(fmt_num).collect(), None, ords))
            });
        }
        let i = field_pos(KEYWORD_FIELDS, field)?;
        get_or_build(&self.keywords[i], || {
            let Some(col) = seg.fast_fields().str(field).map_err(tv)? else {
                return Ok(KeywordColumn::new(Vec::new(), None, vec![0; self.max_doc as usize]));
            };
            let mut labels = Vec::with_capacity(col.num_terms());
            let mut stream = col.dictionary().stream().map_err(tv)?;
            while stream.advance() {
                labels.push(String::from_utf8_lossy(stream.key()).into_owned());
            }
            let none = labels.len() as u32;
            let single = col.ords().get_cardinality() != tantivy::columnar::Cardinality::Multivalued;
            if single {
                let mut ords = Vec::with_capacity(self.max_doc as usize);
                decode(
                    self.max_doc,
                    |docs, vals| col.ords().first_vals(docs, vals),
                    |v| ords.push(v.map_or(none, |o| o as u32)),
                );
                Ok(KeywordColumn::new(labels, None, ords))
            } else {
                let mut starts = Vec::with_capacity(self.max_doc as usize + 1);
                let mut ords = Vec::new();
                starts.push(0);
                for d in 0..self.max_doc {
                    ords.extend(col.term_ords(d).map(|o| o as u32));
                    starts.push(ords.len() as u32);
                }
                Ok(KeywordColumn::new(labels, Some(starts), ords))
            }
        })
    }

    /// The documents of the segment matching `filter` (dead documents included; the caller
    /// drops them).
    ///
    /// # Errors
    /// An attribute the index does not hold, or the index failing to read.
    pub fn matching(&self, seg: &SegmentReader, filter: &Filter) -> Result<FixedBitSet, SearchError> {
        let all = || {
            let mut b = FixedBitSet::with_capacity(self.max_doc as usize);
            b.insert_range(..);
            b
        };
        Ok(match filter {
            Filter::All(list) => {
                let mut acc: Option<FixedBitSet> = None;
                for f in list {
                    let b = self.matching(seg, f)?;
                    match &mut acc {
                        None => acc = Some(b),
                        Some(a) => a.intersect_with(&b),
                    }
                    if acc.as_ref().is_some_and(FixedBitSet::is_clear) {
                        break;
                    }
                }
                acc.unwrap_or_else(all)
            }
            Filter::Any(list) => {
                let mut acc = FixedBitSet::with_capacity(self.max_doc as usize);
                for f in list {
                    acc.union_with(&self.matching(seg, f)?);
                }
                acc
            }
            Filter::Not(f) => {
                let mut a = all();
                a.difference_with(&self.matching(seg, f)?);
                a
            }
            Filter::Eq(field, value) => self.keyword(seg, field)?.matching(value, self.max_doc),
            Filter::Range { field, min, max } => {
                let nums = self.number(seg, field)?;
                let (lo, lo_inc) = min.unwrap_or((f64::NEG_INFINITY, true));
                let (hi, hi_inc) = max.unwrap_or((f64::INFINITY, true));
                bits_where(self.max_doc, |d| {
                    let v = nums[d];
                    (if lo_inc { v >= lo } else { v > lo }) && (if hi_inc { v <= hi } else { v < hi })
                })
            }
        })
    }
}

/// Reads a column for documents `0..max_doc` in batches: `read(docs, out)` fills `out` for
/// `docs`, `push` takes each value in document order.
fn decode<T: Copy>(max_doc: u32, read: impl Fn(&[DocId], &mut [Option<T>]), mut push: impl FnMut(Option<T>)) {
    let mut docs = Vec::with_capacity(DECODE_BATCH as usize);
    let mut vals = Vec::with_capacity(DECODE_BATCH as usize);
    let mut start = 0;
    while start < max_doc {
        let end = (start + DECODE_BATCH).min(max_doc);
        docs.clear();
        docs.extend(start..end);
        vals.clear();
        vals.resize(docs.len(), None);
        read(&docs, &mut vals);
        for v in &vals {
            push(*v);
        }
        start = end;
    }
}

/// Decoded columns of the live segments, by segment id.
#[derive(Default)]
pub struct ColumnCache {
    segments: Mutex<HashMap<SegmentId, Arc<SegmentColumns>>>,
}

impl ColumnCache {
    /// The columns of `seg` (an empty set, filled on use, the first time the segment is seen).
    pub fn segment(&self, seg: &SegmentReader) -> Arc<SegmentColumns> {
        let mut m = self.segments.lock().unwrap_or_else(|e| e.into_inner());
        m.entry(seg.segment_id())
            .or_insert_with(|| Arc::new(SegmentColumns::new(seg.max_doc())))
            .clone()
    }

    /// Approximate heap bytes of every decoded column (BENCHMARKS.md "Search").
    pub fn heap_bytes(&self) -> usize {
        let m = self.segments.lock().unwrap_or_else(|e| e.into_inner());
        m.values().map(|s| s.heap_bytes()).sum()
    }

    /// Forgets every segment not in `live` (merged away or deleted).
    pub fn retain(&self, live: &[SegmentReader]) {
        let mut m = self.segments.lock().unwrap_or_else(|e| e.into_inner());
        if m.len() > live.len() || m.keys().any(|k| !live.iter().any(|s| s.segment_id() == *k)) {
            m.retain(|k, _| live.iter().any(|s| s.segment_id() == *k));
        }
    }
}
