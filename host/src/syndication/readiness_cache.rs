//! The readiness summary of a feed source, kept up to date from the stock change journal
//! (`stock::journal`) instead of assessed again car by car after every import (issue 40: the
//! summary took 10 s of a 100,000-row import, and a scheduled feed re-imports the whole feed to
//! change a few cars).
//!
//! After a full scan of a source with at least [`MIN_CACHED_CARS`] cars, each car's result is kept
//! in memory as a [`Digest`] (ready or not, its finding codes and the feeds that leave it out, as
//! bits: about 40 bytes a car), with the journal's epoch and sequence read *before* the scan and
//! a fingerprint of what assessing depends on (the thresholds, the site URL, the dealerships and
//! locations). The next summary of that source reads the journal after that sequence and
//! assesses again only the cars it names (a car sold or moved to another source leaves the
//! digests); it scans in full instead when the journal was pruned past it, a change touched the
//! whole tenant (more than `MAX_CARS_PER_ENTRY` cars, or a reindex), the epoch or the fingerprint
//! differs. Results are the same as a full scan's either way (test
//! `syndication::the_readiness_summary_after_a_small_change_is_replayed_and_equals_a_full_scan`): a car changed after the journal was
//! read is assessed by the scan and again at the next replay. At most [`MAX_CACHED_CARS`] cars are
//! kept over all sources; a summary that would pass it is not kept (the next one scans).
//! Several processes (hosts on one database, the CLI) each keep their own and follow the same
//! journal.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

use super::listing::{Context, Listing};
use super::readiness::{CarReadiness, Summary, Thresholds, assess, scan_with};
use crate::{db::Db, repo::TenantRepo, stock::journal, tenant::Tenant};

/// Sources smaller than this are scanned every time (a few milliseconds), so 10,000 small
/// tenants keep nothing in memory.
pub const MIN_CACHED_CARS: usize = 2_000;
/// Most cars kept over every source (about 40 MB).
pub const MAX_CACHED_CARS: usize = 1_000_000;
/// Journal rows read per replay batch.
const REPLAY_BATCH: usize = 20_000;
/// Cars assessed again per storage read.
const READ_BATCH: usize = 200;

/// One car's readiness as a summary counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Digest {
    ready: bool,
    /// Bit i: the car has a finding of code `codes[i]`.
    codes: u64,
    /// Bit i: feed `feeds[i]` leaves the car out.
    left_out: u64,
}

/// What is kept of one source.
struct SourceDigests {
    epoch: String,
    seq: i64,
    fingerprint: u64,
    codes: Vec<String>,
    feeds: Vec<String>,
    cars: HashMap<i64, Digest>,
}

/// (tenant, source) -> its digests; an entry is taken out while a summary works on it.
static CACHE: LazyLock<Mutex<HashMap<(String, String), SourceDigests>>> = LazyLock::new(Default::default);

/// Summaries answered by a replay of the journal (not a full scan), since the process started.
static REPLAYS: AtomicU64 = AtomicU64::new(0);

/// How many summaries this process answered by replaying the journal instead of a full scan.
pub fn replays() -> u64 {
    REPLAYS.load(Ordering::Relaxed)
}

fn bit(names: &mut Vec<String>, name: &str) -> Option<u64> {
    let i = match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    (i < 64).then(|| 1u64 << i)
}

impl SourceDigests {
    /// Keeps `r`; false when a code or feed would not fit the bits (then nothing can be kept).
    fn put(&mut self, r: &CarReadiness) -> bool {
        let mut d = Digest {
            ready: r.ready,
            codes: 0,
            left_out: 0,
        };
        for f in &r.findings {
            let Some(b) = bit(&mut self.codes, &f.code) else { return false };
            d.codes |= b;
        }
        for g in &r.left_out {
            let Some(b) = bit(&mut self.feeds, &g.feed) else { return false };
            d.left_out |= b;
        }
        self.cars.insert(r.id, d);
        true
    }

    /// The summary the kept cars make (what [`Summary::add`] over each would give).
    fn summary(&self) -> Summary {
        let mut s = Summary::default();
        for d in self.cars.values() {
            s.cars += 1;
            if d.ready {
                s.ready += 1;
            } else {
                s.not_ready += 1;
            }
            for (i, code) in self.codes.iter().enumerate() {
                if d.codes & (1 << i) != 0 {
                    *s.by_code.entry(code.clone()).or_default() += 1;
                }
            }
            for (i, feed) in self.feeds.iter().enumerate() {
                if d.left_out & (1 << i) != 0 {
                    *s.left_out.entry(feed.clone()).or_default() += 1;
                }
            }
        }
        s
    }
}

fn kept_elsewhere(cache: &HashMap<(String, String), SourceDigests>) -> usize {
    cache.values().map(|d| d.cars.len()).sum()
}

/// The readiness summary of tenant `t`'s cars on sale from feed `source` (see the module doc).
/// Errors: the storage error (nothing is kept then).
pub async fn summary_of_source(db: &Db, t: &Tenant, source: &str) -> Result<Summary, sqlx::Error> {
    let slug = t.slug();
    let key = (slug.to_string(), source.to_string());
    // The head first: whatever changes after it is journaled after it, so replayed next time.
    let head = journal::read_head(db, slug).await?;
    let repo = TenantRepo::new(db, slug);
    let ctx = Context::load(&repo, t).await?;
    let th = Thresholds::of(t);
    let fingerprint = fingerprint(&ctx, &th);
    let taken = CACHE.lock().unwrap_or_else(|p| p.into_inner()).remove(&key);
    if let (Some(mut kept), Some(head)) = (taken, head.as_ref())
        && kept.epoch == head.epoch
        && kept.fingerprint == fingerprint
        && kept.seq >= head.pruned_through
        && replay(db, slug, &repo, &ctx, &th, source, &mut kept, head.seq).await?
    {
        let summary = kept.summary();
        keep(key, kept);
        REPLAYS.fetch_add(1, Ordering::Relaxed);
        return Ok(summary);
    }
    let mut kept = SourceDigests {
        epoch: head.as_ref().map(|h| h.epoch.clone()).unwrap_or_default(),
        seq: head.as_ref().map_or(0, |h| h.seq),
        fingerprint,
        codes: Vec::new(),
        feeds: Vec::new(),
        cars: HashMap::new(),
    };
    let mut fits = true;
    let summary = scan_with(db, t, &ctx, &th, Some(source), |r| fits = fits && kept.put(&r)).await?;
    if fits && head.is_some() && kept.cars.len() >= MIN_CACHED_CARS {
        keep(key, kept);
    }
    Ok(summary)
}

/// What assessing a car depends on besides the car, as one hash.
fn fingerprint(ctx: &Context, th: &Thresholds) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    ctx.fingerprint().hash(&mut h);
    format!("{th:?}").hash(&mut h);
    h.finish()
}

/// Puts `kept` back unless the cache would pass [`MAX_CACHED_CARS`].
fn keep(key: (String, String), kept: SourceDigests) {
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if kept_elsewhere(&cache) + kept.cars.len() <= MAX_CACHED_CARS {
        cache.insert(key, kept);
    }
}

/// Assesses again the cars the journal names after `kept.seq` through `through`: true when
/// `kept` is now current, false when it cannot be (a whole-tenant change, a gap).
#[allow(clippy::too_many_arguments)]
async fn replay(
    db: &Db,
    slug: &str,
    repo: &TenantRepo,
    ctx: &Context,
    th: &Thresholds,
    source: &str,
    kept: &mut SourceDigests,
    through: i64,
) -> Result<bool, sqlx::Error> {
    let mut after = kept.seq;
    while after < through {
        let entries = journal::read_after(db, slug, after, REPLAY_BATCH).await?;
        if entries.whole_tenant || entries.through <= after {
            return Ok(false);
        }
        for ids in entries.car_ids.chunks(READ_BATCH) {
            for id in ids {
                kept.cars.remove(id);
            }
            for car in repo.cars_on_sale_by_ids(ids, source).await? {
                if !kept.put(&assess(&Listing::of(&car, ctx), th)) {
                    return Ok(false);
                }
            }
        }
        after = entries.through;
    }
    kept.seq = after;
    Ok(true)
}
