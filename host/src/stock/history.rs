//! Price history and freshness (docs/features/platform.md "Price history and freshness";
//! migration `0015_price_history.sql`).
//!
//! A stock import records every real change of a car's price in `car_price_history`, in its apply
//! transaction, so a failed import records nothing. Prices are compared and stored in whole
//! dollars (AUD, rounded): the same whole-dollar price is no change, a car's first sighting is no
//! change, and a change to or from price 0 (no price shown) is not recorded. A car keeps its last
//! [`KEEP_PER_CAR`] changes. The import also sets `cars.price_reduced_at` (the time of the
//! import that last lowered the price; cleared by a rise) for the SRP's `recently_reduced` sort,
//! and `cars.listed_at` (the last import whose feed listed the car, changed or not) for "In
//! stock, confirmed ... ago".
//!
//! [`last_drop`] reads what the vehicle detail page shows: the car's last change when it was a
//! reduction to the price the car has now.

use serde::Serialize;
use sqlx::{Any, Transaction};
use utoipa::ToSchema;

use super::validate::Val;
use crate::db::Db;

/// Price changes kept per car; older ones are deleted by the import that adds a newer one.
pub const KEEP_PER_CAR: i64 = 20;
/// Cars per `UPDATE ... listed_at` statement (one bound parameter each).
const LISTED_PER_STATEMENT: usize = 500;

/// A price in whole dollars (AUD, rounded) from a feed value; None for no price (null, 0 or not
/// a number).
pub(super) fn whole_dollars_of(v: &Val) -> Option<i64> {
    let p = match v {
        Val::Float(f) => *f,
        Val::Int(i) => *i as f64,
        Val::Text(_) | Val::Null => return None,
    };
    (p.is_finite() && p.round() >= 1.0).then(|| p.round() as i64)
}

/// What one import's row does to the car's price: the old whole-dollar price to record when the
/// price really changed (`old` and `new` both priced and different), and the car's
/// `price_reduced_at` after the import (`now` for a drop, None after a rise or when the car no
/// longer has a price, `reduced_at` kept otherwise). Takes the stored price (dollars; None for a new car), the stored
/// `price_reduced_at`, the row's new price (dollars, None for none) and the import time (unix
/// seconds).
pub(super) fn price_change(old: Option<f64>, reduced_at: Option<i64>, new: Option<i64>, now: i64) -> (Option<i64>, Option<i64>) {
    let old = old.and_then(|p| whole_dollars_of(&Val::Float(p)));
    match (old, new) {
        (Some(o), Some(n)) if n < o => (Some(o), Some(now)),
        (Some(o), Some(n)) if n > o => (Some(o), None),
        (_, None) => (None, None),
        _ => (None, reduced_at),
    }
}

/// Records the price changes of the import `import_id` of tenant `tenant` in its apply
/// transaction `tx`: one `car_price_history` row per staged update with an `expect_price` (the
/// old whole-dollar price), at `now` (unix seconds) with the journal sequence `seq`, then deletes
/// those cars' changes beyond the last [`KEEP_PER_CAR`]. Returns the number of changes recorded.
///
/// Errors: the storage error (the caller's transaction then rolls back, nothing applied).
pub(super) async fn record(
    tx: &mut Transaction<'static, Any>,
    tenant: &str,
    import_id: &str,
    now: i64,
    seq: Option<i64>,
) -> Result<u64, sqlx::Error> {
    // ROUND of a NUMERIC rounds halves away from zero on both engines, as `f64::round` does.
    let n = sqlx::query(
        "INSERT INTO car_price_history (tenant, car_id, old_price, new_price, changed_at, journal_seq) \
         SELECT tenant, id, expect_price, CAST(ROUND(CAST(price AS NUMERIC)) AS BIGINT), $3, $4 FROM stock_import_staging \
         WHERE import_id = $1 AND tenant = $2 AND action = 'update' AND expect_price IS NOT NULL ORDER BY seq",
    )
    .bind(import_id)
    .bind(tenant)
    .bind(now)
    .bind(seq)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if n > 0 {
        sqlx::query(
            "DELETE FROM car_price_history WHERE tenant = $1 AND car_id IN \
             (SELECT id FROM stock_import_staging WHERE import_id = $2 AND action = 'update' AND expect_price IS NOT NULL) \
             AND id NOT IN (SELECT h.id FROM car_price_history h WHERE h.tenant = car_price_history.tenant \
             AND h.car_id = car_price_history.car_id ORDER BY h.id DESC LIMIT $3)",
        )
        .bind(tenant)
        .bind(import_id)
        .bind(KEEP_PER_CAR)
        .execute(&mut **tx)
        .await?;
    }
    Ok(n)
}

/// Sets `listed_at = now` (unix seconds) on the cars `ids` of tenant `tenant` in `tx`: the cars
/// a feed listed without changing them (the cars it wrote carry `listed_at` in their row).
///
/// Errors: the storage error (the caller's transaction then rolls back).
pub(super) async fn mark_listed(tx: &mut Transaction<'static, Any>, tenant: &str, ids: &[i64], now: i64) -> Result<(), sqlx::Error> {
    for chunk in ids.chunks(LISTED_PER_STATEMENT) {
        let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 3)).collect();
        let sql = format!("UPDATE cars SET listed_at = $1 WHERE tenant = $2 AND id IN ({})", marks.join(", "));
        let mut q = sqlx::query(&sql).bind(now).bind(tenant);
        for id in chunk {
            q = q.bind(*id);
        }
        q.execute(&mut **tx).await?;
    }
    Ok(())
}

/// One recorded price change of a car (whole dollars AUD, unix seconds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct PriceChange {
    /// The price before, whole dollars AUD.
    pub old_price: i64,
    /// The price after, whole dollars AUD.
    pub new_price: i64,
    /// When the import that made the change ran, unix seconds.
    pub changed_at: i64,
}

/// The last price drop a vehicle detail page shows (docs/features/platform.md "Price history and
/// freshness"): `amount` = `from` - `to`, whole dollars AUD; `at` unix seconds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PriceDrop {
    /// How much the price fell, whole dollars AUD.
    pub amount: i64,
    /// The price before the drop, whole dollars AUD.
    pub from: i64,
    /// The price after the drop (the car's price now), whole dollars AUD.
    pub to: i64,
    /// When the import that lowered it ran, unix seconds.
    pub at: i64,
}

/// The last recorded price changes of car `car_id` of tenant `tenant`, newest first, at most
/// `limit`. Errors: the storage error.
pub async fn changes(db: &Db, tenant: &str, car_id: i64, limit: i64) -> Result<Vec<PriceChange>, sqlx::Error> {
    sqlx::query_as::<_, PriceChange>(
        "SELECT old_price, new_price, changed_at FROM car_price_history WHERE tenant = $1 AND car_id = $2 ORDER BY id DESC LIMIT $3",
    )
    .bind(tenant)
    .bind(car_id)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// The drop the VDP shows for car `car_id` of tenant `tenant` whose price is now `price`
/// (dollars): its last recorded change, when that lowered the price to the price it has now and
/// was made at or after `since` (unix seconds). None otherwise (no change, a rise, a price
/// changed since to or from 0, or too old). Errors: the storage error.
pub async fn last_drop(db: &Db, tenant: &str, car_id: i64, price: f64, since: i64) -> Result<Option<PriceDrop>, sqlx::Error> {
    let now_price = whole_dollars_of(&Val::Float(price));
    Ok(changes(db, tenant, car_id, 1).await?.into_iter().next().and_then(|c| {
        (c.new_price < c.old_price && Some(c.new_price) == now_price && c.changed_at >= since).then_some(PriceDrop {
            amount: c.old_price - c.new_price,
            from: c.old_price,
            to: c.new_price,
            at: c.changed_at,
        })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_dollars_round_and_refuse_no_price() {
        assert_eq!(whole_dollars_of(&Val::Float(19_999.6)), Some(20_000));
        assert_eq!(whole_dollars_of(&Val::Int(5)), Some(5));
        assert_eq!(whole_dollars_of(&Val::Float(0.0)), None);
        assert_eq!(whole_dollars_of(&Val::Float(0.4)), None);
        assert_eq!(whole_dollars_of(&Val::Null), None);
    }

    #[test]
    fn a_change_is_a_drop_a_rise_or_nothing() {
        // Drop: recorded, reduced now.
        assert_eq!(price_change(Some(21_000.0), None, Some(20_000), 50), (Some(21_000), Some(50)));
        // Rise: recorded, the reduction cleared.
        assert_eq!(price_change(Some(20_000.0), Some(40), Some(21_000), 50), (Some(20_000), None));
        // Same whole dollars: nothing, the reduction kept.
        assert_eq!(price_change(Some(20_000.2), Some(40), Some(20_000), 50), (None, Some(40)));
        // First sighting, or to/from no price: nothing.
        assert_eq!(price_change(None, None, Some(20_000), 50), (None, None));
        assert_eq!(price_change(Some(0.0), None, Some(20_000), 50), (None, None));
        // To no price: nothing recorded, and no longer reduced.
        assert_eq!(price_change(Some(20_000.0), Some(40), None, 50), (None, None));
    }
}
