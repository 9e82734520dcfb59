//! Staging and applying an import (docs/features/platform.md "Stock import").
//!
//! The import decides every row's fate before it writes anything (insert, update, unchanged,
//! marked sold), then writes the rows it will change into `stock_import_staging` in short
//! transactions of [`ROWS_PER_BATCH`] rows, where no shopper reads them. On SQLite it pauses
//! after each batch for as long as the batch held the write lock, so a lead waiting for the one
//! writer gets it within a batch or two. The import then applies the staged rows to `cars` in one
//! transaction of a few set-based statements (insert-select, update-from, mark sold, the log row),
//! which is the import's commit point: before it shoppers see the previous stock, after it the
//! whole new feed. A killed import leaves staged rows nobody applies (removed by a later import of
//! the tenant after [`STALE_AFTER_SECS`]) and `cars` as it was.
//!
//! The apply refuses (nothing written) when a car it updates or marks sold was changed by another
//! import since this one read it ([`super::import::ImportError::Changed`]), and when staged rows
//! went missing.

use std::time::{Duration, Instant};

use sqlx::{Any, Transaction};

use super::{
    fields::{FIELDS, Kind},
    import::{ImportError, ImportOptions},
    validate::{CarInput, Val},
};
use crate::db::{AnyQuery, Db, Engine};

/// Rows written per staging transaction (short enough that a waiting lead gets the SQLite write
/// lock within tens of milliseconds).
pub(super) const ROWS_PER_BATCH: usize = 250;
/// Rows per multi-row `INSERT` statement (about 90 parameters a row: 4,500, far below either
/// engine's limit).
const ROWS_PER_STATEMENT: usize = 50;
/// Staged rows older than this (wall-clock seconds) belong to a killed import and are removed.
pub(super) const STALE_AFTER_SECS: i64 = 3_600;
/// The longest pause after a staging batch on SQLite.
const MAX_PAUSE: Duration = Duration::from_millis(250);

/// Columns an import writes to `cars`, in bind order: the feed fields ([`FIELDS`]) then these.
/// `listed_at` and `price_reduced_at` are the import's (docs/features/platform.md "Price history
/// and freshness", [`super::history`]).
const EXTRA_COLUMNS: [&str; 7] = [
    "dealership_id",
    "location_id",
    "updated_at",
    "feed_source",
    "feed_hash",
    "listed_at",
    "price_reduced_at",
];
/// Staging's own columns, bound after the car columns and `tenant`.
const STAGING_COLUMNS: [&str; 7] = ["id", "import_id", "seq", "action", "expect_hash", "staged_at", "expect_price"];

/// One car the import writes: its validated values, resolved references, content hash, and the
/// existing car it updates with that car's `feed_hash` as read (`None` for a new car).
pub(super) struct StagedCar {
    /// The validated row, with sold and listing times settled.
    pub car: CarInput,
    /// The car's dealership id.
    pub dealership_id: i64,
    /// The car's location id, if any.
    pub location_id: Option<i64>,
    /// The row's content hash (`cars.feed_hash`).
    pub hash: String,
    /// The existing car updated: (car id, its `feed_hash` when read).
    pub target: Option<(i64, Option<String>)>,
    /// The car's price when read, whole dollars AUD, when this row changes it (recorded in
    /// `car_price_history`); None otherwise.
    pub expect_price: Option<i64>,
    /// The car's `price_reduced_at` after the import (unix seconds).
    pub price_reduced_at: Option<i64>,
}

/// Everything an import changes: the cars written, in feed order, and the cars marked sold
/// (car id, its `feed_hash` when read).
#[derive(Default)]
pub(super) struct Plan {
    /// Inserted and updated cars.
    pub cars: Vec<StagedCar>,
    /// Cars of the source missing from a full feed.
    pub sold: Vec<(i64, Option<String>)>,
    /// Existing cars the feed listed unchanged (their `listed_at` moves to the import time).
    pub listed: Vec<i64>,
}

/// Car columns written by an import: the feed fields then [`EXTRA_COLUMNS`].
fn car_columns() -> Vec<&'static str> {
    FIELDS.iter().map(|f| f.column).chain(EXTRA_COLUMNS).collect()
}

/// `INSERT INTO <table> (<columns>) VALUES (...), (...)` for `rows` rows of `columns.len()`
/// parameters each.
fn multi_insert_sql(table: &str, columns: &[&str], rows: usize) -> String {
    let n = columns.len();
    let tuples: Vec<String> = (0..rows)
        .map(|r| {
            let params: Vec<String> = (1..=n).map(|i| format!("${}", r * n + i)).collect();
            format!("({})", params.join(", "))
        })
        .collect();
    format!("INSERT INTO {table} ({}) VALUES {}", columns.join(", "), tuples.join(", "))
}

/// Binds a value; a NULL is bound with the column's type (PostgreSQL checks it).
fn bind_val<'q>(q: AnyQuery<'q>, v: &Val, kind: Kind) -> AnyQuery<'q> {
    match v {
        Val::Null => match kind {
            Kind::Int | Kind::Bool | Kind::Timestamp => q.bind(Option::<i64>::None),
            Kind::Float => crate::db::bind_opt_f64(q, None),
            Kind::Text | Kind::Date | Kind::List | Kind::Json => q.bind(Option::<String>::None),
        },
        Val::Text(s) => q.bind(s.clone()),
        Val::Int(i) => q.bind(*i),
        Val::Float(f) => q.bind(*f),
    }
}

/// Wall-clock unix seconds (staging ages; the import's own `now` may be a test's fixed clock).
fn wall_now() -> i64 {
    jiff::Timestamp::now().as_second()
}

/// One import's staging area: its id, tenant and feed, and how many rows it staged.
pub(super) struct Staging<'a> {
    db: &'a Db,
    slug: &'a str,
    opts: &'a ImportOptions,
    import_id: String,
    staged: usize,
    /// The full-size staging statements for cars and for sold marks, built once.
    insert_cars: String,
    insert_sold: String,
}

/// Staging columns of a car row: the car columns, `tenant`, then [`STAGING_COLUMNS`].
fn car_staging_columns() -> Vec<&'static str> {
    car_columns().into_iter().chain(["tenant"]).chain(STAGING_COLUMNS).collect()
}

/// Staging columns of a sold mark: `tenant`, then [`STAGING_COLUMNS`].
fn sold_staging_columns() -> Vec<&'static str> {
    ["tenant"].into_iter().chain(STAGING_COLUMNS).collect()
}

/// The full-size statement when `rows` is [`ROWS_PER_STATEMENT`], else one built for `rows`.
fn statement(full: &str, columns: fn() -> Vec<&'static str>, rows: usize) -> std::borrow::Cow<'_, str> {
    if rows == ROWS_PER_STATEMENT {
        full.into()
    } else {
        multi_insert_sql("stock_import_staging", &columns(), rows).into()
    }
}

impl<'a> Staging<'a> {
    /// A new staging area for one import of tenant `slug`, after removing the tenant's staged
    /// rows older than [`STALE_AFTER_SECS`] (left by killed imports).
    ///
    /// Errors: the storage error of the clean-up.
    pub async fn open(db: &'a Db, slug: &'a str, opts: &'a ImportOptions) -> Result<Staging<'a>, sqlx::Error> {
        let mut tx = db.begin_write().await?;
        sqlx::query("DELETE FROM stock_import_staging WHERE tenant = $1 AND staged_at < $2")
            .bind(slug)
            .bind(wall_now() - STALE_AFTER_SECS)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Staging {
            db,
            slug,
            opts,
            import_id: uuid::Uuid::new_v4().to_string(),
            staged: 0,
            insert_cars: multi_insert_sql("stock_import_staging", &car_staging_columns(), ROWS_PER_STATEMENT),
            insert_sold: multi_insert_sql("stock_import_staging", &sold_staging_columns(), ROWS_PER_STATEMENT),
        })
    }

    /// Writes the plan's rows to staging, [`ROWS_PER_BATCH`] per transaction, pausing on SQLite
    /// after each batch as long as it held the write lock (at most [`MAX_PAUSE`]). Calls
    /// `after_batch` with the number of rows staged so far after each commit.
    ///
    /// Errors: the first storage error (the rows staged so far stay until [`Staging::clear`]).
    pub async fn stage(&mut self, plan: &Plan, mut after_batch: impl FnMut(usize)) -> Result<(), sqlx::Error> {
        let mut cars = plan.cars.iter().peekable();
        let mut sold = plan.sold.iter().peekable();
        while cars.peek().is_some() || sold.peek().is_some() {
            let started = Instant::now();
            let mut tx = self.db.begin_write().await?;
            let mut in_batch = 0;
            while in_batch < ROWS_PER_BATCH && cars.peek().is_some() {
                let chunk: Vec<&StagedCar> = cars.by_ref().take(ROWS_PER_STATEMENT.min(ROWS_PER_BATCH - in_batch)).collect();
                self.stage_cars(&mut tx, &chunk).await?;
                in_batch += chunk.len();
            }
            while in_batch < ROWS_PER_BATCH && sold.peek().is_some() {
                let chunk: Vec<&(i64, Option<String>)> = sold.by_ref().take(ROWS_PER_STATEMENT.min(ROWS_PER_BATCH - in_batch)).collect();
                self.stage_sold(&mut tx, &chunk).await?;
                in_batch += chunk.len();
            }
            tx.commit().await?;
            after_batch(self.staged);
            if self.db.engine == Engine::Sqlite {
                tokio::time::sleep(started.elapsed().min(MAX_PAUSE)).await;
            }
        }
        Ok(())
    }

    /// Stages inserted and updated cars with one multi-row statement.
    async fn stage_cars(&mut self, tx: &mut Transaction<'_, Any>, chunk: &[&StagedCar]) -> Result<(), sqlx::Error> {
        let sql = statement(&self.insert_cars, car_staging_columns, chunk.len());
        let staged_at = wall_now();
        let mut q = sqlx::query(&sql);
        for c in chunk {
            for (v, f) in c.car.values.iter().zip(FIELDS) {
                q = bind_val(q, v, f.kind);
            }
            self.staged += 1;
            q = q
                .bind(c.dealership_id)
                .bind(c.location_id)
                .bind(self.opts.now)
                .bind(self.opts.source.clone())
                .bind(c.hash.clone())
                .bind(self.opts.now)
                .bind(c.price_reduced_at)
                .bind(self.slug.to_string())
                .bind(c.target.as_ref().map(|t| t.0))
                .bind(self.import_id.clone())
                .bind(self.staged as i64)
                .bind(if c.target.is_some() { "update" } else { "insert" })
                .bind(c.target.as_ref().and_then(|t| t.1.clone()))
                .bind(staged_at)
                .bind(c.expect_price);
        }
        q.execute(&mut **tx).await?;
        Ok(())
    }

    /// Stages cars to mark sold with one multi-row statement.
    async fn stage_sold(&mut self, tx: &mut Transaction<'_, Any>, chunk: &[&(i64, Option<String>)]) -> Result<(), sqlx::Error> {
        let sql = statement(&self.insert_sold, sold_staging_columns, chunk.len());
        let staged_at = wall_now();
        let mut q = sqlx::query(&sql);
        for (id, hash) in chunk {
            self.staged += 1;
            q = q
                .bind(self.slug.to_string())
                .bind(*id)
                .bind(self.import_id.clone())
                .bind(self.staged as i64)
                .bind("sold")
                .bind(hash.clone())
                .bind(staged_at)
                .bind(Option::<i64>::None);
        }
        q.execute(&mut **tx).await?;
        Ok(())
    }

    /// Opens the apply transaction (the write lock on SQLite) and applies the staged rows to
    /// `cars`: checks that every staged row is there and that no car updated or marked sold
    /// changed since it was read, inserts the new cars (in feed order), updates the changed
    /// ones, marks the missing ones sold at `opts.now` and moves `listed_at` of the cars listed
    /// unchanged to `opts.now`. `plan` gives the expected counts.
    /// Returns the open transaction for the caller to add the log row and commit.
    ///
    /// Errors: [`ImportError::Changed`] when another import changed the tenant's cars (or
    /// staged rows are missing); [`ImportError::Db`] on a storage error. Nothing is applied
    /// either way (the transaction is dropped, so rolled back).
    pub async fn apply(&self, plan: &Plan) -> Result<Transaction<'static, Any>, ImportError> {
        let mut tx = self.db.begin_write().await?;
        let id = &self.import_id;
        let staged: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_import_staging WHERE import_id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let changed: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM stock_import_staging s WHERE s.import_id = $1 AND s.action <> 'insert' AND NOT EXISTS \
             (SELECT 1 FROM cars c WHERE c.id = s.id AND c.tenant = s.tenant \
              AND (c.feed_hash = s.expect_hash OR (c.feed_hash IS NULL AND s.expect_hash IS NULL)))",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        if staged as usize != self.staged || changed > 0 {
            return Err(ImportError::Changed);
        }
        let columns = car_columns();
        let insert = format!(
            "INSERT INTO cars ({cols}, tenant) SELECT {cols}, tenant FROM stock_import_staging \
             WHERE import_id = $1 AND action = 'insert' ORDER BY seq",
            cols = columns.join(", ")
        );
        let inserts = plan.cars.iter().filter(|c| c.target.is_none()).count();
        let n = sqlx::query(&insert).bind(id).execute(&mut *tx).await?.rows_affected();
        let sets: Vec<String> = columns.iter().map(|c| format!("{c} = s.{c}")).collect();
        let update = format!(
            "UPDATE cars SET {} FROM stock_import_staging s \
             WHERE s.import_id = $1 AND s.action = 'update' AND cars.id = s.id AND cars.tenant = s.tenant",
            sets.join(", ")
        );
        let u = sqlx::query(&update).bind(id).execute(&mut *tx).await?.rows_affected();
        let s = sqlx::query(
            "UPDATE cars SET status = 'sold', sold_at = $2, updated_at = $2, feed_hash = NULL WHERE tenant = $3 AND id IN \
             (SELECT id FROM stock_import_staging WHERE import_id = $1 AND action = 'sold')",
        )
        .bind(id)
        .bind(self.opts.now)
        .bind(self.slug)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if (n as usize, u as usize, s as usize) != (inserts, plan.cars.len() - inserts, plan.sold.len()) {
            return Err(ImportError::Changed);
        }
        super::history::mark_listed(&mut tx, self.slug, &plan.listed, self.opts.now).await?;
        Ok(tx)
    }

    /// Journals the applied plan in the apply transaction `tx` ([`super::journal::record`]): the
    /// cars updated and marked sold (ids from the plan) and the cars inserted (found by stock
    /// number), or the whole tenant when the plan changes more than
    /// [`super::journal::MAX_CARS_PER_ENTRY`] cars. Returns the sequence (None for an empty plan).
    ///
    /// Errors: the storage error (the caller's transaction then rolls back, nothing applied).
    pub async fn journal(&self, tx: &mut Transaction<'static, Any>, plan: &Plan) -> Result<Option<i64>, sqlx::Error> {
        let changed = plan.cars.len() + plan.sold.len();
        if changed == 0 {
            return Ok(None);
        }
        if changed > super::journal::MAX_CARS_PER_ENTRY {
            return super::journal::record_whole_tenant(tx, self.slug).await.map(Some);
        }
        let mut ids: Vec<i64> = plan.cars.iter().filter_map(|c| c.target.as_ref().map(|t| t.0)).collect();
        ids.extend(plan.sold.iter().map(|s| s.0));
        if plan.cars.iter().any(|c| c.target.is_none()) {
            let inserted: Vec<i64> = sqlx::query_scalar(
                "SELECT c.id FROM cars c JOIN stock_import_staging s ON c.tenant = s.tenant AND c.stocknum = s.stocknum \
                 WHERE s.import_id = $1 AND s.action = 'insert'",
            )
            .bind(&self.import_id)
            .fetch_all(&mut **tx)
            .await?;
            ids.extend(inserted);
        }
        super::journal::record(tx, self.slug, &ids).await
    }

    /// Records the price changes of the applied plan in the apply transaction `tx`, with the
    /// journal sequence `seq` of the import ([`super::history::record`]). Returns the number of
    /// changes recorded.
    ///
    /// Errors: the storage error (the caller's transaction then rolls back, nothing applied).
    pub async fn record_prices(&self, tx: &mut Transaction<'static, Any>, seq: Option<i64>) -> Result<u64, sqlx::Error> {
        super::history::record(tx, self.slug, &self.import_id, self.opts.now, seq).await
    }

    /// Removes this import's staged rows, [`ROWS_PER_BATCH`] × 4 per transaction. Best effort:
    /// a failure is logged and the rows are left for a later import's clean-up.
    pub async fn clear(&self) {
        let mut from = 0i64;
        while from < self.staged as i64 {
            let to = from + (ROWS_PER_BATCH * 4) as i64;
            let done = async {
                let mut tx = self.db.begin_write().await?;
                sqlx::query("DELETE FROM stock_import_staging WHERE import_id = $1 AND seq > $2 AND seq <= $3")
                    .bind(&self.import_id)
                    .bind(from)
                    .bind(to)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await
            }
            .await;
            if let Err(e) = done {
                tracing::warn!(error = %e, import_id = %self.import_id, "could not remove staged import rows");
                return;
            }
            from = to;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tenant::FeedFormat;

    /// A car another import changed after this one read it is never overwritten: the apply
    /// refuses and writes nothing; with the hash as read, the same plan applies.
    #[tokio::test]
    async fn the_apply_refuses_when_a_car_changed_since_it_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!("sqlite://{}", dir.path().join("t.db").display()))
            .await
            .unwrap();
        sqlx::query("INSERT INTO dealerships (tenant, slug, name) VALUES ('alpha', 'd', 'D')")
            .execute(&db.pool)
            .await
            .unwrap();
        let car_id: i64 = sqlx::query_scalar(
            "INSERT INTO cars (tenant, slug, stocknum, year, make, model, price, car_type, status, dealership_id, created_at, updated_at, feed_source, feed_hash) \
             SELECT 'alpha', 'kia-rio-s1', 'S1', 2020, 'Kia', 'Rio', 9990, 'used', 'in_stock', id, 1, 1, 'f', 'h2' FROM dealerships RETURNING id",
        )
        .fetch_one(&db.pool)
        .await
        .unwrap();
        let opts = ImportOptions {
            source: "f".into(),
            format: FeedFormat::Csv,
            mode: None,
            mapping: None,
            mapping_text: None,
            progress: false,
            now: 1_795_000_000,
        };
        let status = || async {
            sqlx::query_scalar::<_, String>("SELECT status FROM cars WHERE id = $1")
                .bind(car_id)
                .fetch_one(&db.pool)
                .await
                .unwrap()
        };
        // Read as `h1`, changed to `h2` since: refused, nothing written.
        let stale = Plan {
            cars: vec![],
            sold: vec![(car_id, Some("h1".into()))],
            listed: vec![],
        };
        let mut staging = Staging::open(&db, "alpha", &opts).await.unwrap();
        staging.stage(&stale, |_| {}).await.unwrap();
        assert!(matches!(staging.apply(&stale).await, Err(ImportError::Changed)));
        staging.clear().await;
        assert_eq!(status().await, "in_stock");
        // Read as it is: applied.
        let fresh = Plan {
            cars: vec![],
            sold: vec![(car_id, Some("h2".into()))],
            listed: vec![],
        };
        let mut staging = Staging::open(&db, "alpha", &opts).await.unwrap();
        staging.stage(&fresh, |_| {}).await.unwrap();
        staging.apply(&fresh).await.unwrap().commit().await.unwrap();
        staging.clear().await;
        assert_eq!(status().await, "sold");
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_import_staging")
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(left, 0, "both imports removed their staged rows");
    }
}
