//! The leads admin's storage: the latest leads of a site, its deliveries by status (the dead
//! letters by default) and putting a dead delivery back in the queue.

use serde::Serialize;
use utoipa::ToSchema;

use super::delivery::NEW_LEAD;
use crate::{
    db::Db,
    error::{Error, Result},
};

/// A stored lead (admin view).
#[derive(Debug, Serialize, ToSchema)]
pub struct LeadRecord {
    /// Id.
    pub lead_id: String,
    /// Form.
    pub form: String,
    /// Category.
    pub category: String,
    /// The car, when any.
    pub car_id: Option<i64>,
    /// Every stored field.
    pub fields: serde_json::Value,
    /// Unix seconds.
    pub created_at: i64,
}

/// A `leads` row as the admin listing reads it.
#[derive(sqlx::FromRow)]
struct LeadRow {
    lead_id: String,
    form: String,
    category: String,
    car_id: Option<i64>,
    /// The stored fields, JSON text.
    payload: String,
    created_at: i64,
}

/// The latest leads of `tenant` (slug), newest first: `limit` of them (default 50, clamped to
/// 1..=500). A payload that is not JSON shows as null fields. Errors: `Internal`.
pub async fn latest_leads(db: &Db, tenant: &str, limit: Option<i64>) -> Result<Vec<LeadRecord>> {
    let rows = sqlx::query_as::<_, LeadRow>(
        "SELECT lead_id, form, category, car_id, payload, created_at FROM leads WHERE tenant = $1 ORDER BY id DESC LIMIT $2",
    )
    .bind(tenant)
    .bind(limit.unwrap_or(50).clamp(1, 500))
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| LeadRecord {
            lead_id: r.lead_id,
            form: r.form,
            category: r.category,
            car_id: r.car_id,
            fields: serde_json::from_str(&r.payload).unwrap_or_default(),
            created_at: r.created_at,
        })
        .collect())
}

/// One delivery of a lead (admin view).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliveryRecord {
    /// Row id.
    pub id: i64,
    /// The lead.
    pub lead_id: String,
    /// `webhook` or `email`.
    pub kind: String,
    /// URL or address.
    pub target: String,
    /// `pending`, `delivered` or `dead`.
    pub status: String,
    /// Tries so far.
    pub attempts: i64,
    /// Next try, unix seconds.
    pub next_attempt_at: i64,
    /// The last failure.
    pub last_error: Option<String>,
}

/// The delivery statuses an admin can list.
pub const DELIVERY_STATUSES: [&str; 3] = ["pending", "delivered", "dead"];

/// `tenant`'s (slug) lead deliveries with `status` (default `dead`: the dead letters), newest
/// first, at most 200. Errors: `Invalid` on `status` when it is not one of
/// [`DELIVERY_STATUSES`], `Internal` when storage fails.
pub async fn deliveries(db: &Db, tenant: &str, status: Option<&str>) -> Result<Vec<DeliveryRecord>> {
    let status = status.unwrap_or("dead");
    if !DELIVERY_STATUSES.contains(&status) {
        return Err(Error::invalid("status", "must be pending, delivered or dead"));
    }
    Ok(sqlx::query_as::<_, DeliveryRecord>(
        "SELECT id, lead_id, kind, target, status, attempts, next_attempt_at, last_error FROM lead_deliveries \
         WHERE tenant = $1 AND status = $2 ORDER BY id DESC LIMIT 200",
    )
    .bind(tenant)
    .bind(status)
    .fetch_all(&db.pool)
    .await?)
}

/// Puts `tenant`'s (slug) dead delivery `id` back in the queue at `now` (unix seconds), with a
/// fresh 24-hour retry window, and wakes the delivery worker. Errors: `NotFound` when the site
/// has no dead delivery with that id, `Internal` when storage fails.
pub async fn retry_dead(db: &Db, tenant: &str, id: i64, now: i64) -> Result<()> {
    let n = sqlx::query(
        "UPDATE lead_deliveries SET status = 'pending', next_attempt_at = $3, created_at = $3, claimed_until = NULL \
         WHERE tenant = $1 AND id = $2 AND status = 'dead'",
    )
    .bind(tenant)
    .bind(id)
    .bind(now)
    .execute(&db.pool)
    .await?
    .rows_affected();
    if n == 0 {
        return Err(Error::not_found(format!("No dead delivery {id} on this site")));
    }
    NEW_LEAD.notify_one();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    async fn db() -> (tempfile::TempDir, Db) {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("t.db").display());
        let db = Db::connect(&url).await.expect("database");
        (dir, db)
    }

    #[tokio::test]
    async fn leads_and_deliveries_are_read_by_column_name_and_dead_ones_can_be_retried() {
        let (_dir, db) = db().await;
        sqlx::query(
            "INSERT INTO leads (lead_id, tenant, idempotency_key, form, category, car_id, payload, created_at) \
             VALUES ('L1', 'a', 'k1', 'enquiry', 'Enquiry', 7, '{\"first_name\":\"Ann\"}', 100)",
        )
        .execute(&db.pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO lead_deliveries (lead_id, tenant, kind, target, status, attempts, next_attempt_at, last_error, created_at) \
             VALUES ('L1', 'a', 'webhook', 'https://dealer.example/hook', 'dead', 9, 500, 'status 500', 100)",
        )
        .execute(&db.pool)
        .await
        .unwrap();

        let leads = latest_leads(&db, "a", None).await.unwrap();
        assert_eq!(leads.len(), 1);
        let l = &leads[0];
        assert_eq!(
            (l.lead_id.as_str(), l.form.as_str(), l.category.as_str()),
            ("L1", "enquiry", "Enquiry")
        );
        assert_eq!((l.car_id, l.created_at), (Some(7), 100));
        assert_eq!(l.fields["first_name"], "Ann");
        assert!(
            latest_leads(&db, "b", None).await.unwrap().is_empty(),
            "another tenant sees nothing"
        );

        let dead = deliveries(&db, "a", None).await.unwrap();
        assert_eq!(dead.len(), 1);
        let d = &dead[0];
        assert_eq!(
            (d.kind.as_str(), d.target.as_str(), d.status.as_str()),
            ("webhook", "https://dealer.example/hook", "dead")
        );
        assert_eq!(
            (d.attempts, d.next_attempt_at, d.last_error.as_deref()),
            (9, 500, Some("status 500"))
        );
        let bad = deliveries(&db, "a", Some("lost")).await.unwrap_err();
        assert_eq!((bad.kind, bad.field.as_deref()), (ErrorKind::Invalid, Some("status")));

        assert_eq!(retry_dead(&db, "b", d.id, 1000).await.unwrap_err().kind, ErrorKind::NotFound);
        retry_dead(&db, "a", d.id, 1000).await.unwrap();
        let pending = deliveries(&db, "a", Some("pending")).await.unwrap();
        assert_eq!((pending.len(), pending[0].next_attempt_at), (1, 1000));
        assert_eq!(
            retry_dead(&db, "a", d.id, 1000).await.unwrap_err().kind,
            ErrorKind::NotFound,
            "no longer dead"
        );
    }
}
