//! Transactional stock import (docs/features/platform.md "Stock import").
//!
//! One file is applied atomically: either every valid row of it is written (with the import log
//! row) or nothing is, so a crash mid-import leaves the previous stock exactly as it was, and a
//! large file never holds the write lock for long, so leads and other writes go on during it
//! (how: [`super::staging`]). Cars are
//! upserted by (tenant, stocknum), else by (tenant, vin). A `full` feed marks the cars it
//! previously supplied (same `source`) and that are missing from it as sold, with a sold time.
//! Rows are compared by a content hash, so re-importing the same file changes nothing.

use std::{
    collections::{HashMap, HashSet},
    io::IsTerminal,
};

use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{Any, FromRow, Row, Transaction};
use utoipa::ToSchema;

use super::{
    history,
    mapping::{Mapping, MappingError},
    records::read_records,
    staging::{Plan, StagedCar, Staging},
    validate::{CarInput, FieldError, Val, validate_row},
};
use crate::{
    db::Db,
    slug::slugify,
    tenant::{FeedFormat, FeedMode, Tenant},
};

/// What to import and how.
#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// Name of the feed: cars supplied by a full feed are owned by this source.
    pub source: String,
    /// CSV or JSON.
    pub format: FeedFormat,
    /// Mode; `None` takes the mapping's mode, else full.
    pub mode: Option<FeedMode>,
    /// Column mapping, if the feed is not in canonical columns.
    pub mapping: Option<Mapping>,
    /// Text of the mapping file (part of the change hash).
    pub mapping_text: Option<String>,
    /// Draw a progress bar when stderr is a terminal.
    pub progress: bool,
    /// Import time, unix seconds (tests pass a fixed clock).
    pub now: i64,
}

/// One rejected row.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RowError {
    /// 1-based data row number (the first car is row 1; a CSV header is not counted).
    pub row: usize,
    /// Stock number or VIN of the row when readable, to find it in the feed.
    pub stocknum: Option<String>,
    /// Every problem in the row.
    pub errors: Vec<FieldError>,
}

/// The outcome of an import.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct ImportReport {
    /// Tenant slug.
    pub tenant: String,
    /// Feed source name.
    pub source: String,
    /// `full` or `delta`.
    pub mode: String,
    /// sha256 of the feed bytes, mapping text and mode.
    pub sha256: String,
    /// Data rows read.
    pub rows_total: usize,
    /// New cars.
    pub inserted: usize,
    /// Existing cars whose data changed.
    pub updated: usize,
    /// Existing cars whose data did not change.
    pub unchanged: usize,
    /// Cars of this source missing from a full feed, now sold.
    pub marked_sold: usize,
    /// Rows refused, every one counted (the first [`MAX_LISTED_ERRORS`] are in `errors`).
    pub rejected: usize,
    /// The first [`MAX_LISTED_ERRORS`] refused rows with their field errors, in row order (a
    /// feed of millions of junk rows answers a bounded report; `rejected` counts them all).
    pub errors: Vec<RowError>,
    /// Notes that did not refuse a row (ignored columns).
    pub warnings: Vec<String>,
    /// Of the cars on sale this feed source supplies, after the import, those not ready to
    /// advertise (a readiness error: no photo, no VIN, no price, ...; `readiness` says which).
    pub not_ready: usize,
    /// Listing readiness of the cars on sale this feed source supplies, after the import: counts
    /// by finding code and by feed left out of (docs/features/platform.md "Syndication feeds and
    /// listing readiness"; per car: `forecourt readiness`).
    pub readiness: crate::syndication::readiness::Summary,
}

impl ImportReport {
    /// True when the import wrote nothing.
    pub fn no_change(&self) -> bool {
        self.inserted == 0 && self.updated == 0 && self.marked_sold == 0
    }
}

/// Why an import did not run at all (row problems are reported, not errors).
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The feed cannot be parsed as the declared format.
    #[error("the feed is not valid {format}: {reason}")]
    Format {
        /// csv or json.
        format: &'static str,
        /// Parser message.
        reason: String,
    },
    /// The mapping does not fit the feed.
    #[error(transparent)]
    Mapping(#[from] MappingError),
    /// Storage failed; nothing was written.
    #[error("storage error, nothing was imported: {0}")]
    Db(#[from] sqlx::Error),
    /// Another import changed this tenant's cars while this one ran; nothing was written.
    #[error("another import changed this tenant's stock while this one ran: nothing was imported, run it again")]
    Changed,
}

/// Most refused rows an import report lists (each with its field errors); the rest are counted
/// in `rejected` only.
pub const MAX_LISTED_ERRORS: usize = 1_000;

/// Hash that identifies one feed version (bytes, mapping and mode).
pub fn feed_sha256(bytes: &[u8], mapping_text: Option<&str>, mode: FeedMode) -> String {
    let mut h = Sha256::new();
    h.update(bytes);
    h.update([0]);
    h.update(mapping_text.unwrap_or("").as_bytes());
    h.update([0]);
    h.update(mode.as_str().as_bytes());
    hex::encode(h.finalize())
}

/// Content hash of a validated row, with its resolved references.
fn row_hash(car: &CarInput, dealership_id: i64, location_id: Option<i64>) -> String {
    let mut h = Sha256::new();
    for v in &car.values {
        match v {
            Val::Null => h.update([0u8]),
            Val::Text(s) => {
                h.update([1u8]);
                h.update((s.len() as u64).to_le_bytes());
                h.update(s.as_bytes());
            }
            Val::Int(i) => {
                h.update([2u8]);
                h.update(i.to_le_bytes());
            }
            Val::Float(f) => {
                h.update([3u8]);
                h.update(f.to_bits().to_le_bytes());
            }
        }
    }
    h.update(dealership_id.to_le_bytes());
    h.update(location_id.unwrap_or(-1).to_le_bytes());
    hex::encode(&h.finalize()[..16])
}

/// A car already stored for the tenant, as the import matches and updates it.
#[derive(sqlx::FromRow)]
struct Existing {
    id: i64,
    stocknum: String,
    vin: Option<String>,
    status: String,
    sold_at: Option<i64>,
    feed_hash: Option<String>,
    feed_source: Option<String>,
    created_at: i64,
    price: f64,
    price_reduced_at: Option<i64>,
}

/// Test hook: `FORECOURT_FAULT_ABORT_AFTER_ROWS=N` aborts the process (no unwinding, no apply)
/// once at least N rows were staged. Used by the crash-safety test.
fn fault_abort_after() -> Option<usize> {
    std::env::var("FORECOURT_FAULT_ABORT_AFTER_ROWS").ok()?.parse().ok()
}

/// What the tenant's tables hold when the import starts: dealership ids by slug, location
/// `(id, dealership id)` by slug, and every car with the fields the import compares.
struct Snapshot {
    dealerships: HashMap<String, i64>,
    locations: HashMap<String, (i64, i64)>,
    existing: Vec<Existing>,
}

/// Reads the tenant's dealerships, locations and cars in one read transaction (no write lock:
/// on SQLite in WAL mode readers and the writer never wait for each other).
async fn read_snapshot(db: &Db, slug: &str) -> Result<Snapshot, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let dealerships: HashMap<String, i64> = sqlx::query("SELECT slug, id FROM dealerships WHERE tenant = $1")
        .bind(slug)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|r| (r.get::<String, _>("slug"), r.get::<i64, _>("id")))
        .collect();
    let locations: HashMap<String, (i64, i64)> = sqlx::query("SELECT slug, id, dealership_id FROM locations WHERE tenant = $1")
        .bind(slug)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|r| {
            (
                r.get::<String, _>("slug"),
                (r.get::<i64, _>("id"), r.get::<i64, _>("dealership_id")),
            )
        })
        .collect();
    let existing: Vec<Existing> =
        sqlx::query("SELECT id, stocknum, vin, status, sold_at, feed_hash, feed_source, created_at, price, price_reduced_at FROM cars WHERE tenant = $1")
            .bind(slug)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|r| Existing::from_row(&r))
            .collect::<Result<_, _>>()?;
    tx.rollback().await?;
    Ok(Snapshot {
        dealerships,
        locations,
        existing,
    })
}

/// A progress bar over `rows` rows when `opts.progress` is set and stderr is a terminal, else a
/// hidden one.
fn progress_bar(opts: &ImportOptions, rows: usize, slug: &str) -> indicatif::ProgressBar {
    if !(opts.progress && std::io::stderr().is_terminal()) {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(rows as u64);
    b.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {prefix} [{bar:40}] {pos}/{len} rows ({per_sec}, {eta})")
            .expect("template")
            .progress_chars("=> "),
    );
    b.set_prefix(format!("{slug}: {}", opts.source));
    b
}

/// What the rows read so far left behind: the identities seen (for the duplicate checks), the
/// existing cars the feed supplied, and the identities of rejected rows (never marked sold).
#[derive(Default)]
struct Seen {
    stocknums: HashMap<String, usize>,
    vins: HashMap<String, usize>,
    slugs: HashMap<String, usize>,
    ids: HashSet<i64>,
    keep_keys: HashSet<String>,
}

impl Seen {
    /// Refuses data row `row` (1-based) with its errors; `raw_key` is its stock number or VIN.
    fn reject(&mut self, report: &mut ImportReport, row: usize, raw_key: Option<String>, errors: Vec<FieldError>) {
        if let Some(k) = &raw_key {
            self.keep_keys.insert(k.trim().to_string());
        }
        report.rejected += 1;
        if report.errors.len() < MAX_LISTED_ERRORS {
            report.errors.push(RowError {
                row,
                stocknum: raw_key,
                errors,
            });
        }
    }

    /// Remembers an accepted row's stock number, VIN and car slug.
    fn record(&mut self, car: &CarInput, checked: &Checked, row: usize) {
        self.stocknums.insert(checked.stocknum.clone(), row);
        if let Some(vin) = car.text("vin") {
            self.vins.insert(vin.to_string(), row);
        }
        self.slugs.insert(checked.car_slug.clone(), row);
    }
}

/// A validated row whose references resolved and which repeats no row before it.
struct Checked {
    stocknum: String,
    car_slug: String,
    dealership_id: i64,
    location_id: Option<i64>,
}

/// The row's location and dealership by slug: the dealership is the row's, else its location's,
/// else the tenant's only one. Returns `(dealership id, (location id, its dealership id))`, with
/// an error pushed for each reference that does not resolve.
fn resolve_references(
    car: &CarInput,
    snap: &Snapshot,
    single_dealership: Option<i64>,
    errors: &mut Vec<FieldError>,
) -> (Option<i64>, Option<(i64, i64)>) {
    let location = match &car.location_slug {
        Some(l) => match snap.locations.get(l) {
            Some(v) => Some(*v),
            None => {
                errors.push(FieldError {
                    field: "location_slug".into(),
                    reason: format!("no location `{l}` in this tenant"),
                });
                None
            }
        },
        None => None,
    };
    let dealership_id = match &car.dealership_slug {
        Some(d) => match snap.dealerships.get(d) {
            Some(id) => Some(*id),
            None => {
                errors.push(FieldError {
                    field: "dealership_slug".into(),
                    reason: format!("no dealership `{d}` in this tenant"),
                });
                None
            }
        },
        None => location.map(|(_, d)| d).or(single_dealership).or_else(|| {
            errors.push(FieldError {
                field: "dealership_slug".into(),
                reason: "is required when the tenant has several dealerships".into(),
            });
            None
        }),
    };
    if let (Some(d), Some((_, ld))) = (dealership_id, location)
        && d != ld
    {
        errors.push(FieldError {
            field: "location_slug".into(),
            reason: "belongs to another dealership".into(),
        });
    }
    (dealership_id, location)
}

/// Checks a validated row's references and that it repeats no earlier row (stock number, VIN,
/// car slug). A row without a slug gets one from year, make, model and stock number (set on
/// `car`). Returns the row's identity and references, or every problem found.
fn check_row(car: &mut CarInput, snap: &Snapshot, single_dealership: Option<i64>, seen: &Seen) -> Result<Checked, Vec<FieldError>> {
    let mut errors = Vec::new();
    let (dealership_id, location) = resolve_references(car, snap, single_dealership, &mut errors);
    // Duplicates inside this feed.
    let stocknum = car.text("stocknum").expect("validated").to_string();
    if let Some(first) = seen.stocknums.get(&stocknum) {
        errors.push(FieldError {
            field: "stocknum".into(),
            reason: format!("`{stocknum}` repeats row {first}"),
        });
    }
    if let Some(vin) = car.text("vin")
        && let Some(first) = seen.vins.get(vin)
    {
        errors.push(FieldError {
            field: "vin".into(),
            reason: format!("`{vin}` repeats row {first}"),
        });
    }
    if car.text("slug").is_none() {
        let year = match car.get("year") {
            Val::Int(y) => *y,
            _ => 0,
        };
        let s = slugify(&format!(
            "{year} {} {} {stocknum}",
            car.text("make").unwrap_or(""),
            car.text("model").unwrap_or("")
        ));
        car.set("slug", Val::Text(s));
    }
    let car_slug = car.text("slug").expect("set").to_string();
    if let Some(first) = seen.slugs.get(&car_slug)
        && !seen.stocknums.contains_key(&stocknum)
    {
        errors.push(FieldError {
            field: "slug".into(),
            reason: format!("`{car_slug}` repeats row {first}"),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Checked {
        stocknum,
        car_slug,
        dealership_id: dealership_id.expect("checked"),
        location_id: location.map(|(id, _)| id),
    })
}

/// Settles one checked row against the car it matches (`found`, if any) and counts it in the
/// report. A car with the same content hash from the same source is unchanged (returns `None`);
/// otherwise its sold time is settled (the feed's, else the car's existing one, else `opts.now`;
/// cleared when unsold) and its listing time kept (an existing car's, else the feed's, else
/// now), its price change settled ([`super::history::price_change`]: the old price to record and
/// `price_reduced_at`), and the row to write is returned.
fn settle(
    mut car: CarInput,
    checked: Checked,
    found: Option<&Existing>,
    opts: &ImportOptions,
    report: &mut ImportReport,
) -> Option<StagedCar> {
    let hash = row_hash(&car, checked.dealership_id, checked.location_id);
    if let Some(e) = found
        && e.feed_hash.as_deref() == Some(hash.as_str())
        && e.feed_source.as_deref() == Some(opts.source.as_str())
    {
        report.unchanged += 1;
        return None;
    }
    let sold = car.text("status") == Some("sold");
    if sold && matches!(car.get("sold_at"), Val::Null) {
        let at = found.filter(|e| e.status == "sold").and_then(|e| e.sold_at).unwrap_or(opts.now);
        car.set("sold_at", Val::Int(at));
    } else if !sold {
        car.set("sold_at", Val::Null);
    }
    if matches!(car.get("created_at"), Val::Null) {
        // An existing car keeps its original listing time.
        car.set("created_at", Val::Int(found.map_or(opts.now, |e| e.created_at)));
    }
    match found {
        Some(_) => report.updated += 1,
        None => report.inserted += 1,
    }
    let (expect_price, price_reduced_at) = history::price_change(
        found.map(|e| e.price),
        found.and_then(|e| e.price_reduced_at),
        history::whole_dollars_of(car.get("price")),
        opts.now,
    );
    Some(StagedCar {
        car,
        dealership_id: checked.dealership_id,
        location_id: checked.location_id,
        hash,
        target: found.map(|e| (e.id, e.feed_hash.clone())),
        expect_price,
        price_reduced_at,
    })
}

/// A full feed's last step: the cars this source supplied before that the feed no longer lists,
/// leaving out cars already sold and those of rejected rows. Returns (car id, its `feed_hash`).
fn missing_from_full_feed(existing: &[Existing], seen: &Seen, opts: &ImportOptions) -> Vec<(i64, Option<String>)> {
    existing
        .iter()
        .filter(|e| {
            let owned = e.feed_source.as_deref() == Some(opts.source.as_str());
            let kept = seen.keep_keys.contains(&e.stocknum) || e.vin.as_ref().is_some_and(|v| seen.keep_keys.contains(v));
            owned && !seen.ids.contains(&e.id) && !kept && e.status != "sold"
        })
        .map(|e| (e.id, e.feed_hash.clone()))
        .collect()
}

/// Writes the import log row (`stock_imports`) with the report's counts and the report as JSON.
async fn log_import(tx: &mut Transaction<'_, Any>, slug: &str, report: &ImportReport, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stock_imports (tenant, source, sha256, mode, finished_at, rows_total, inserted, updated, unchanged, marked_sold, rejected, report) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(slug)
    .bind(&report.source)
    .bind(&report.sha256)
    .bind(&report.mode)
    .bind(now)
    .bind(report.rows_total as i64)
    .bind(report.inserted as i64)
    .bind(report.updated as i64)
    .bind(report.unchanged as i64)
    .bind(report.marked_sold as i64)
    .bind(report.rejected as i64)
    .bind(serde_json::to_string(report).expect("report serialises"))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Imports one feed for one tenant, atomically, and returns the report.
///
/// Takes the database, the tenant, the feed's bytes (CSV or JSON as `opts.format` says) and the
/// options. Steps, none holding the write lock until the last: read the records; read the
/// tenant's dealerships, locations and cars (a read transaction); per row validate, resolve
/// references, check for repeats and settle it (insert, update or unchanged); a full feed then
/// lists the source's missing cars to mark sold. The rows to change are staged in short
/// transactions ([`super::staging`]) and applied with the log row, the search journal entry
/// ([`super::journal`]), the price changes and the listing times of the cars listed unchanged
/// ([`super::history`]) in one short transaction, the import's commit point; this process's
/// search indexer is then woken.
///
/// Errors only when the feed as a whole is unreadable ([`ImportError::Format`],
/// [`ImportError::Mapping`]), another import changed the same cars meanwhile
/// ([`ImportError::Changed`]) or storage fails ([`ImportError::Db`]); nothing is applied then.
/// Bad rows are listed in the report and the valid rows are imported.
pub async fn import_feed(db: &Db, tenant: &Tenant, bytes: &[u8], opts: ImportOptions) -> Result<ImportReport, ImportError> {
    import_feed_reporting(db, tenant, bytes, opts, &|_| {}).await
}

/// Where an import is (an import job's progress, [`super::jobs`]): the phase and, for the
/// phases that count rows, the rows done of the rows to do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
pub struct ImportProgress {
    /// `reading` (parsing the feed), `checking` (validating rows: of the feed's rows),
    /// `staging` (writing the rows to change: of those rows), `applying` (the commit point),
    /// `readiness` (the listing readiness summary after the apply).
    pub phase: ImportPhase,
    /// Rows done in this phase (0 for the phases without a count).
    pub done: usize,
    /// Rows this phase has to do (0 for the phases without a count).
    pub total: usize,
}

/// An import's phases, in order ([`ImportProgress`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImportPhase {
    /// Parsing the feed's bytes.
    #[default]
    Reading,
    /// Validating and settling each row.
    Checking,
    /// Writing the rows to change to staging.
    Staging,
    /// Applying the staged rows (the commit point).
    Applying,
    /// Summing the listing readiness of the source's cars.
    Readiness,
}

/// Rows checked between two progress reports in the checking phase.
const PROGRESS_EVERY_ROWS: usize = 1_000;

/// [`import_feed`], calling `progress` as the import moves: at each phase's start, every
/// [`PROGRESS_EVERY_ROWS`] rows checked and after each staging batch. `progress` must be
/// quick (it runs on the import's task). Returns and errors as [`import_feed`].
pub async fn import_feed_reporting(
    db: &Db,
    tenant: &Tenant,
    bytes: &[u8],
    opts: ImportOptions,
    progress: &(dyn Fn(ImportProgress) + Send + Sync),
) -> Result<ImportReport, ImportError> {
    let at = |phase, done, total| progress(ImportProgress { phase, done, total });
    at(ImportPhase::Reading, 0, 0);
    let mode = opts.mode.or_else(|| opts.mapping.as_ref().and_then(|m| m.mode)).unwrap_or_default();
    let slug = tenant.slug().to_string();
    let mut report = ImportReport {
        tenant: slug.clone(),
        source: opts.source.clone(),
        mode: mode.as_str().into(),
        sha256: feed_sha256(bytes, opts.mapping_text.as_deref(), mode),
        ..Default::default()
    };
    let (records, warnings) = read_records(bytes, &opts)?;
    report.warnings = warnings;
    report.rows_total = records.len();
    at(ImportPhase::Checking, 0, records.len());
    let current_year = jiff::Timestamp::from_second(opts.now)
        .map(|t| t.to_zoned(jiff::tz::TimeZone::UTC).year() as i64)
        .unwrap_or(2026);

    let snap = read_snapshot(db, &slug).await?;
    let by_stocknum: HashMap<&str, usize> = snap.existing.iter().enumerate().map(|(i, e)| (e.stocknum.as_str(), i)).collect();
    let by_vin: HashMap<&str, usize> = snap
        .existing
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.vin.as_deref().map(|v| (v, i)))
        .collect();
    let single_dealership = (snap.dealerships.len() == 1).then(|| *snap.dealerships.values().next().expect("one"));
    let mut seen = Seen::default();
    let mut plan = Plan::default();

    for (i, rec) in records.iter().enumerate() {
        let row = i + 1;
        if i % PROGRESS_EVERY_ROWS == 0 && i > 0 {
            at(ImportPhase::Checking, i, records.len());
        }
        let raw_key = rec
            .get("stocknum")
            .and_then(|r| r.as_text())
            .or_else(|| rec.get("vin").and_then(|r| r.as_text()));
        let checked =
            validate_row(rec, current_year).and_then(|mut car| check_row(&mut car, &snap, single_dealership, &seen).map(|c| (car, c)));
        let (car, checked) = match checked {
            Ok(ok) => ok,
            Err(errors) => {
                seen.reject(&mut report, row, raw_key, errors);
                continue;
            }
        };
        seen.record(&car, &checked, row);
        // Match an existing car: stocknum first, else VIN.
        let found = by_stocknum
            .get(checked.stocknum.as_str())
            .or_else(|| car.text("vin").and_then(|v| by_vin.get(v)))
            .map(|i| &snap.existing[*i]);
        if let Some(e) = found {
            seen.ids.insert(e.id);
        }
        match settle(car, checked, found, &opts, &mut report) {
            Some(staged) => plan.cars.push(staged),
            // Listed unchanged: only its `listed_at` moves.
            None => plan.listed.extend(found.map(|e| e.id)),
        }
    }
    if mode == FeedMode::Full && report.rows_total > 0 && report.rejected == report.rows_total {
        // A full feed whose every row is refused is a broken feed, not an empty lot.
        report.warnings.push(format!(
            "every one of the {} rows was rejected: no car was marked sold (a full feed with no valid row is taken as broken)",
            report.rows_total
        ));
    } else if mode == FeedMode::Full {
        plan.sold = missing_from_full_feed(&snap.existing, &seen, &opts);
        report.marked_sold = plan.sold.len();
    }

    let mut staging = Staging::open(db, &slug, &opts).await?;
    let to_stage = plan.cars.len() + plan.sold.len();
    let bar = progress_bar(&opts, to_stage, &slug);
    let abort_after = fault_abort_after();
    at(ImportPhase::Staging, 0, to_stage);
    let applied = async {
        staging
            .stage(&plan, |staged| {
                bar.set_position(staged as u64);
                at(ImportPhase::Staging, staged, to_stage);
                if abort_after.is_some_and(|n| staged >= n) {
                    eprintln!("FORECOURT_FAULT_ABORT_AFTER_ROWS reached after {staged} rows: aborting");
                    std::process::abort();
                }
            })
            .await?;
        let staged = std::time::Instant::now();
        at(ImportPhase::Applying, 0, 0);
        let mut tx = staging.apply(&plan).await?;
        let seq = staging.journal(&mut tx, &plan).await?;
        staging.record_prices(&mut tx, seq).await?;
        log_import(&mut tx, &slug, &report, opts.now).await?;
        tx.commit().await?;
        tracing::info!(
            tenant = %slug,
            rows = plan.cars.len() + plan.sold.len(),
            apply_ms = staged.elapsed().as_millis() as u64,
            "import applied in one transaction"
        );
        Ok::<_, ImportError>(())
    }
    .await;
    bar.finish_and_clear();
    staging.clear().await;
    applied?;
    // Search sync (docs/features/platform.md "Search"): the change is in the journal (written in
    // the apply transaction); this process's indexer is woken to apply it now, other servers'
    // indexers find it at their next poll.
    crate::search::notify_stock_changed(&slug);
    at(ImportPhase::Readiness, 0, 0);
    report.readiness = crate::syndication::readiness::summary_of_source(db, tenant, &opts.source).await?;
    report.not_ready = report.readiness.not_ready;
    Ok(report)
}
