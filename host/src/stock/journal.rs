//! The search change journal (ARCHITECTURE.md "Search"; migration `0011_search_journal.sql`):
//! every write that changes a car's search document adds one sequence number for its tenant, in
//! the write's own transaction, with the ids of the cars it changed; each server's search indexer
//! (`search::index`) follows it from the last sequence it applied.
//!
//! Sequences are given out by an upsert of the tenant's row in `search_journal_heads`, which holds
//! that row locked until the transaction ends (on SQLite the write lock is the database's), so a
//! later sequence always commits after an earlier one and a reader that saw sequence `n` never
//! later sees a smaller one appear.

use sqlx::{Any, Row, Transaction};

use crate::db::Db;

/// A change touching more cars than this is journaled as "the whole tenant" (car id
/// [`WHOLE_TENANT`]): the indexer rebuilds the tenant aside and swaps, instead of reading a
/// journal entry of that many rows.
pub const MAX_CARS_PER_ENTRY: usize = 5_000;
/// The car id of a journal row meaning "every car of the tenant".
pub const WHOLE_TENANT: i64 = 0;
/// Sequences kept per tenant: older rows are pruned at each write, and an index whose last
/// applied sequence is older than that is rebuilt from storage.
pub const KEEP_SEQUENCES: i64 = 10_000;

/// A tenant's journal head: the last sequence given out, the sequences at or below
/// `pruned_through` no longer in the journal, and the journal's random `epoch`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Head {
    /// Tenant slug.
    pub tenant: String,
    /// Last sequence given out (0: none yet).
    pub seq: i64,
    /// Sequences at or below this are pruned.
    pub pruned_through: i64,
    /// Random id of this database's journal.
    pub epoch: String,
}

/// A random journal epoch (32 hex digits).
fn new_epoch() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// Takes the tenant's next sequence in `tx` (locking its head row until `tx` ends) and prunes the
/// rows older than [`KEEP_SEQUENCES`]. Returns the sequence. Errors: the storage error.
async fn next_seq(tx: &mut Transaction<'_, Any>, tenant: &str) -> Result<i64, sqlx::Error> {
    let seq: i64 = sqlx::query_scalar(
        "INSERT INTO search_journal_heads (tenant, seq, pruned_through, epoch) VALUES ($1, 1, 0, $2) \
         ON CONFLICT (tenant) DO UPDATE SET seq = search_journal_heads.seq + 1 RETURNING seq",
    )
    .bind(tenant)
    .bind(new_epoch())
    .fetch_one(&mut **tx)
    .await?;
    if seq > KEEP_SEQUENCES && seq % 100 == 0 {
        let through = seq - KEEP_SEQUENCES;
        sqlx::query("DELETE FROM search_journal WHERE tenant = $1 AND seq <= $2")
            .bind(tenant)
            .bind(through)
            .execute(&mut **tx)
            .await?;
        sqlx::query("UPDATE search_journal_heads SET pruned_through = $2 WHERE tenant = $1")
            .bind(tenant)
            .bind(through)
            .execute(&mut **tx)
            .await?;
    }
    Ok(seq)
}

/// Journals a change of the cars `ids` of `tenant` in `tx` (the write's own transaction): one new
/// sequence, one row per car (or one [`WHOLE_TENANT`] row when there are more than
/// [`MAX_CARS_PER_ENTRY`]). Nothing is written for no ids. Returns the sequence (None for no
/// ids). Errors: the storage error (the caller's transaction then rolls back).
pub async fn record(tx: &mut Transaction<'_, Any>, tenant: &str, ids: &[i64]) -> Result<Option<i64>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(None);
    }
    let seq = next_seq(tx, tenant).await?;
    let mut ids = if ids.len() > MAX_CARS_PER_ENTRY {
        vec![WHOLE_TENANT]
    } else {
        ids.to_vec()
    };
    ids.sort_unstable();
    ids.dedup();
    for chunk in ids.chunks(500) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("($1, $2, ${})", i + 3)).collect();
        let sql = format!("INSERT INTO search_journal (tenant, seq, car_id) VALUES {}", marks.join(", "));
        let mut q = sqlx::query(&sql).bind(tenant).bind(seq);
        for id in chunk {
            q = q.bind(*id);
        }
        q.execute(&mut **tx).await?;
    }
    Ok(Some(seq))
}

/// Journals a change of the cars `ids` of `tenant` that was committed on its own (a lender quote
/// stored on a car): [`record`] in a transaction of its own. Returns the sequence (None for no
/// ids). Errors: the storage error.
pub async fn record_committed(db: &Db, tenant: &str, ids: &[i64]) -> Result<Option<i64>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let seq = record(&mut tx, tenant, ids).await?;
    tx.commit().await?;
    Ok(seq)
}

/// Journals the change of one tenant's whole stock (a change whose cars are not listed) in `tx`.
/// Returns the sequence. Errors: the storage error.
pub async fn record_whole_tenant(tx: &mut Transaction<'_, Any>, tenant: &str) -> Result<i64, sqlx::Error> {
    Ok(record(tx, tenant, &[WHOLE_TENANT]).await?.expect("one id"))
}

/// Every tenant's head, creating (at sequence 0, with a new epoch) the rows of `tenants` that
/// have none yet, so every tenant has an epoch before its index is built. Errors: the storage
/// error.
pub async fn heads(db: &Db, tenants: &[&str]) -> Result<Vec<Head>, sqlx::Error> {
    let known = read_heads(db).await?;
    let missing: Vec<&&str> = tenants.iter().filter(|t| !known.iter().any(|h| h.tenant == **t)).collect();
    if missing.is_empty() {
        return Ok(known);
    }
    let mut tx = db.begin_write().await?;
    for t in missing {
        sqlx::query(
            "INSERT INTO search_journal_heads (tenant, seq, pruned_through, epoch) VALUES ($1, 0, 0, $2) ON CONFLICT (tenant) DO NOTHING",
        )
        .bind(*t)
        .bind(new_epoch())
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    read_heads(db).await
}

/// Tenant `tenant`'s head, creating it (at sequence 0, with a new epoch) when it has none yet:
/// [`heads`] of one tenant, reading that tenant's row alone (a tenant's warm-up and reload call it
/// once each: reading every tenant's head there made warming N tenants cost N^2 rows). Errors: the
/// storage error.
pub async fn head(db: &Db, tenant: &str) -> Result<Head, sqlx::Error> {
    if let Some(h) = read_head(db, tenant).await? {
        return Ok(h);
    }
    sqlx::query(
        "INSERT INTO search_journal_heads (tenant, seq, pruned_through, epoch) VALUES ($1, 0, 0, $2) ON CONFLICT (tenant) DO NOTHING",
    )
    .bind(tenant)
    .bind(new_epoch())
    .execute(&db.pool)
    .await?;
    read_head(db, tenant).await?.ok_or(sqlx::Error::RowNotFound)
}

/// Tenant `tenant`'s head as stored; None before its first journaled write. Errors: the storage
/// error.
pub async fn read_head(db: &Db, tenant: &str) -> Result<Option<Head>, sqlx::Error> {
    sqlx::query_as::<_, Head>("SELECT tenant, seq, pruned_through, epoch FROM search_journal_heads WHERE tenant = $1")
        .bind(tenant)
        .fetch_optional(&db.pool)
        .await
}

/// Every tenant's head as stored. Errors: the storage error.
pub async fn read_heads(db: &Db) -> Result<Vec<Head>, sqlx::Error> {
    sqlx::query_as::<_, Head>("SELECT tenant, seq, pruned_through, epoch FROM search_journal_heads ORDER BY tenant")
        .fetch_all(&db.pool)
        .await
}

/// What the journal of one tenant holds after sequence `after`, read in one bounded batch.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Entries {
    /// The last sequence the batch covers completely (`after` when it is empty).
    pub through: i64,
    /// Whether some entry changed the whole tenant.
    pub whole_tenant: bool,
    /// The ids of the cars changed (sorted, distinct; empty when `whole_tenant`).
    pub car_ids: Vec<i64>,
}

/// Reads the journal of `tenant` after sequence `after`, at most `limit` rows (at least
/// [`MAX_CARS_PER_ENTRY`] + 1, so one complete entry always fits): whole sequences only, a
/// sequence the limit cut is left for the next read. Errors: the storage error.
pub async fn read_after(db: &Db, tenant: &str, after: i64, limit: usize) -> Result<Entries, sqlx::Error> {
    let limit = limit.max(MAX_CARS_PER_ENTRY + 1);
    let rows = sqlx::query("SELECT seq, car_id FROM search_journal WHERE tenant = $1 AND seq > $2 ORDER BY seq, car_id LIMIT $3")
        .bind(tenant)
        .bind(after)
        .bind(limit as i64)
        .fetch_all(&db.pool)
        .await?;
    let mut rows: Vec<(i64, i64)> = rows
        .iter()
        .map(|r| Ok((r.try_get::<i64, _>("seq")?, r.try_get::<i64, _>("car_id")?)))
        .collect::<Result<_, sqlx::Error>>()?;
    if rows.len() == limit {
        // The last sequence may continue past the limit: leave it for the next read.
        let last = rows.last().expect("limit > 0").0;
        rows.retain(|r| r.0 != last);
    }
    let through = rows.last().map_or(after, |r| r.0);
    let whole_tenant = rows.iter().any(|r| r.1 == WHOLE_TENANT);
    let mut car_ids: Vec<i64> = if whole_tenant {
        Vec::new()
    } else {
        rows.iter().map(|r| r.1).collect()
    };
    car_ids.sort_unstable();
    car_ids.dedup();
    Ok(Entries {
        through,
        whole_tenant,
        car_ids,
    })
}
