//! Rate limits kept in storage, so every host on one database counts against the same budget
//! (docs/features/platform.md "Foundation", **Rate limits**; docs/operations.md "Scaling"): lead
//! submissions (`lead_submissions_per_minute`) and sign-in code sends and probes
//! (`crate::auth::codes`).
//!
//! **Semantics: GCRA** (the generic cell rate algorithm, the one the in-process `governor`
//! limiters these replace implement). A [`Quota`] of `burst` requests per `period` lets
//! `burst` requests through at once and then one every `period / burst` (the emission
//! interval), so a client that waits a whole period has its whole budget back. Each key keeps one
//! row, `rate_limits(bucket, tat)`: its theoretical arrival time, the instant (unix
//! microseconds) at which the key's budget would be full again. A request at `now` is allowed
//! when `max(tat, now) + interval - now <= burst * interval`, and then moves `tat` to
//! `max(tat, now) + interval`; a refused request changes nothing. GCRA was chosen over a
//! sliding-window counter because it is one row and one integer per key (a window needs the
//! request times or two counters), it keeps the answers the API gave with `governor` exactly
//! (same quotas, same burst, the same n-th request refused), and the decision and the update are
//! one conditional upsert: `INSERT .. ON CONFLICT (bucket) DO UPDATE .. WHERE <allowed>
//! RETURNING`, which both SQLite and PostgreSQL run atomically per key (PostgreSQL locks the
//! conflicting row, SQLite has one writer), so concurrent requests on several hosts cannot both
//! take the last unit. No row comes back when the update's condition fails: that is the refusal.
//!
//! **Bounded**: a row whose `tat` has passed is the same as no row (the key's budget is full),
//! so after every allowed request at most [`SWEEP_ROWS`] such rows are deleted (index on `tat`).
//! Rows are created only by allowed requests, so the table holds the keys limited within the last
//! period plus fewer than [`SWEEP_ROWS`] stale ones per host.
//!
//! **Clocks**: `now` is the host's clock. Hosts sharing a database must keep their clocks in step
//! (NTP); a host whose clock is `s` seconds ahead of the others gives a client up to `s /
//! interval` extra requests.
//!
//! No crate does this over sqlx's `Any` driver for both engines (runlimit-postgres, for one, is
//! PostgreSQL-only with its own migration history), and the whole algorithm is the two
//! statements below.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::db::Db;

/// Most expired rows one allowed request deletes.
pub const SWEEP_ROWS: i64 = 64;

/// A budget: `burst` requests per `period`, `burst` of them at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quota {
    /// The limit's name, the first part of every key it stores (so two limits never share a row).
    pub name: &'static str,
    /// Requests per period and at once (at least 1).
    pub burst: u32,
    /// The period the whole budget comes back in.
    pub period: Duration,
}

impl Quota {
    /// `n` requests an hour (at least 1), `n` of them at once, under `name`.
    pub const fn per_hour(name: &'static str, n: u32) -> Quota {
        Quota {
            name,
            burst: if n == 0 { 1 } else { n },
            period: Duration::from_secs(3600),
        }
    }

    /// `n` requests a minute (at least 1), `n` of them at once, under `name`.
    pub const fn per_minute(name: &'static str, n: u32) -> Quota {
        Quota {
            name,
            burst: if n == 0 { 1 } else { n },
            period: Duration::from_secs(60),
        }
    }

    /// The emission interval, microseconds: the period over the burst (at least 1).
    pub fn interval_micros(&self) -> i64 {
        let period = i64::try_from(self.period.as_micros()).unwrap_or(i64::MAX / 2);
        (period / i64::from(self.burst.max(1))).max(1)
    }
}

/// The current time as unix microseconds (the unit [`check_at`] takes).
pub fn now_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX / 2))
}

/// Counts one request under `key` (for instance `tenant|ip`) against `quota`, now. Returns true
/// when it is allowed (and counted), false when the budget is spent (nothing counted).
///
/// Errors: the storage error (the caller answers 500; a limit that cannot be read is not
/// silently lifted).
pub async fn check(db: &Db, quota: &Quota, key: &str) -> Result<bool, sqlx::Error> {
    check_at(db, quota, key, now_micros()).await
}

/// [`check`] at `now` (unix microseconds). See the module docs for the rule.
///
/// Errors: the storage error.
pub async fn check_at(db: &Db, quota: &Quota, key: &str, now: i64) -> Result<bool, sqlx::Error> {
    let interval = quota.interval_micros();
    let tolerance = interval.saturating_mul(i64::from(quota.burst.max(1)));
    let bucket = format!("{}:{key}", quota.name);
    let allowed = sqlx::query_scalar::<_, i64>(
        "INSERT INTO rate_limits (bucket, tat) VALUES ($1, $2 + $3) \
         ON CONFLICT (bucket) DO UPDATE \
         SET tat = (CASE WHEN rate_limits.tat > $2 THEN rate_limits.tat ELSE $2 END) + $3 \
         WHERE (CASE WHEN rate_limits.tat > $2 THEN rate_limits.tat ELSE $2 END) + $3 - $2 <= $4 \
         RETURNING tat",
    )
    .bind(&bucket)
    .bind(now)
    .bind(interval)
    .bind(tolerance)
    .fetch_optional(&db.pool)
    .await?
    .is_some();
    if allowed {
        sweep(db, now).await?;
    }
    Ok(allowed)
}

/// Deletes at most [`SWEEP_ROWS`] rows whose budget is full again at `now` (unix microseconds).
/// The outer `tat < $1` keeps a row another host has just moved forward (PostgreSQL re-checks it
/// on the row's new version). Returns how many went.
///
/// Errors: the storage error.
pub async fn sweep(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM rate_limits WHERE tat < $1 AND bucket IN \
         (SELECT bucket FROM rate_limits WHERE tat < $1 ORDER BY tat LIMIT $2)",
    )
    .bind(now)
    .bind(SWEEP_ROWS)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::connect(&format!("sqlite://{}", dir.path().join("t.db").display()))
            .await
            .unwrap();
        (dir, db)
    }

    #[tokio::test]
    async fn a_burst_then_one_per_interval() {
        let (_dir, db) = db().await;
        let q = Quota::per_minute("test", 3);
        let t0 = 1_000_000_000_000;
        let mut got = Vec::new();
        for _ in 0..4 {
            got.push(check_at(&db, &q, "k", t0).await.unwrap());
        }
        assert_eq!(got, [true, true, true, false], "three at once, the fourth refused");
        assert!(check_at(&db, &q, "other", t0).await.unwrap(), "another key has its own budget");
        // One interval (20 s) later exactly one more unit is back.
        let t1 = t0 + q.interval_micros();
        assert!(check_at(&db, &q, "k", t1).await.unwrap());
        assert!(!check_at(&db, &q, "k", t1).await.unwrap());
        // A refusal does not push the budget further away.
        let t2 = t1 + q.interval_micros();
        assert!(check_at(&db, &q, "k", t2).await.unwrap());
    }

    #[tokio::test]
    async fn rows_whose_budget_is_full_are_swept() {
        let (_dir, db) = db().await;
        let q = Quota::per_hour("sweep", 1);
        let t0 = 1_000_000_000_000;
        for i in 0..10 {
            assert!(check_at(&db, &q, &format!("k{i}"), t0).await.unwrap());
        }
        let rows = |db: Db| async move {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM rate_limits")
                .fetch_one(&db.pool)
                .await
                .unwrap()
        };
        assert_eq!(rows(db.clone()).await, 10);
        // An hour and a bit later the ten rows are stale; the next allowed request sweeps them.
        let later = t0 + 2 * q.interval_micros();
        assert!(check_at(&db, &q, "fresh", later).await.unwrap());
        assert_eq!(rows(db.clone()).await, 1, "only the live row is left");
    }

    #[test]
    fn quotas_never_have_a_zero_burst() {
        assert_eq!(Quota::per_minute("x", 0).burst, 1);
        assert_eq!(Quota::per_hour("x", 20).interval_micros(), 180_000_000);
    }
}
