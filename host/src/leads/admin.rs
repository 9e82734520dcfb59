//! The leads admin's storage: a site's leads page by page (cursor, filters by form, date range
//! and delivery state) and as CSV, its deliveries by status (the dead letters by default) and
//! putting a dead delivery back in the queue (docs/features/platform.md "Leads").

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
    /// The lead's reference (`XXXX-XXXX`), the code the shopper's receipt quotes; null for a row
    /// stored without one.
    pub reference: Option<String>,
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
    /// Where its deliveries to the dealer stand (one of [`LEAD_DELIVERY_STATES`]): `dead` when
    /// any is dead, else `pending` when any is still pending, else `delivered`; `none` when the
    /// site had no destination. The shopper's receipts do not count (a receipt to a mistyped
    /// address does not make the dealer's lead look lost); they are listed with the lead's
    /// deliveries ([`deliveries`] with its `lead_id`).
    pub delivery: String,
}

/// A `leads` row as the admin listing reads it.
#[derive(sqlx::FromRow)]
struct LeadRow {
    id: i64,
    lead_id: String,
    reference: Option<String>,
    form: String,
    category: String,
    car_id: Option<i64>,
    /// The stored fields, JSON text.
    payload: String,
    created_at: i64,
    delivery: String,
}

/// The delivery states a lead can be listed by.
pub const LEAD_DELIVERY_STATES: [&str; 4] = ["pending", "delivered", "dead", "none"];

/// Most leads in one page.
pub const MAX_PAGE: i64 = 500;

/// Which leads to list: every filter is optional and they combine.
#[derive(Debug, Clone, Default)]
pub struct LeadFilter {
    /// Only this form (one of [`super::intake::FORMS`]).
    pub form: Option<String>,
    /// Created at or after this: RFC 3339 (`2026-11-01T09:00:00+10:00`) or a UTC date
    /// (`2026-11-01`, from its start).
    pub from: Option<String>,
    /// Created before this: RFC 3339, or a UTC date (up to its end, the day included).
    pub to: Option<String>,
    /// Only leads whose delivery state (see [`LeadRecord::delivery`]) is this.
    pub delivery: Option<String>,
}

/// One page of leads, newest first.
#[derive(Debug)]
pub struct LeadPage {
    /// The leads.
    pub leads: Vec<LeadRecord>,
    /// The cursor of the next page; None on the last page.
    pub next_cursor: Option<String>,
}

/// The SQL of a lead's delivery state (see [`LeadRecord::delivery`]) for the `leads` row `l`:
/// its deliveries to the dealer, not the shopper's receipts
/// ([`super::intake::RECEIPT_KINDS`]).
const DELIVERY_STATE: &str = "CASE \
    WHEN EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.lead_id AND d.kind NOT LIKE 'receipt%' AND d.status = 'dead') THEN 'dead' \
    WHEN EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.lead_id AND d.kind NOT LIKE 'receipt%' AND d.status = 'pending') THEN 'pending' \
    WHEN EXISTS (SELECT 1 FROM lead_deliveries d WHERE d.lead_id = l.lead_id AND d.kind NOT LIKE 'receipt%') THEN 'delivered' \
    ELSE 'none' END";

/// `from`/`to` as unix seconds: RFC 3339, or a UTC date (its start; with `end_of_day` the next
/// day's start). Errors: `Invalid` naming `field`.
fn instant(field: &str, text: &str, end_of_day: bool) -> Result<i64> {
    let t = text.trim();
    if let Ok(ts) = t.parse::<jiff::Timestamp>() {
        return Ok(ts.as_second());
    }
    let date =
        jiff::civil::Date::strptime("%Y-%m-%d", t).map_err(|_| Error::invalid(field, "must be a date (YYYY-MM-DD) or an RFC 3339 time"))?;
    let day = if end_of_day {
        date.tomorrow().map_err(Error::internal)?
    } else {
        date
    };
    Ok(day
        .to_zoned(jiff::tz::TimeZone::UTC)
        .map_err(Error::internal)?
        .timestamp()
        .as_second())
}

/// The opaque cursor after the lead created at `created_at` with row id `id`.
fn cursor_after(created_at: i64, id: i64) -> String {
    hex::encode(format!("{created_at}:{id}"))
}

/// Reads a cursor made by [`cursor_after`]. Errors: `Invalid` on `cursor`.
fn read_cursor(cursor: &str) -> Result<(i64, i64)> {
    let bad = || Error::invalid("cursor", "is not a cursor this listing gave");
    let text = String::from_utf8(hex::decode(cursor.trim()).map_err(|_| bad())?).map_err(|_| bad())?;
    let (a, b) = text.split_once(':').ok_or_else(bad)?;
    Ok((a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?))
}

/// One page of `tenant`'s (slug) leads matching `filter`, newest first (by creation time, then
/// row): `limit` of them (default 50, 1 to [`MAX_PAGE`]), after `cursor` (the `next_cursor` of
/// the page before; None for the first page). A payload that is not JSON shows as null fields.
///
/// # Errors
/// `Invalid` naming `form`, `from`, `to`, `delivery`, `limit` or `cursor` when one is not
/// valid; `Internal` when storage fails.
pub async fn list_leads(db: &Db, tenant: &str, filter: &LeadFilter, cursor: Option<&str>, limit: Option<i64>) -> Result<LeadPage> {
    let limit = limit.unwrap_or(50);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(Error::invalid("limit", format!("must be from 1 to {MAX_PAGE}")));
    }
    if let Some(f) = &filter.form
        && !super::intake::FORMS.contains(&f.as_str())
    {
        return Err(Error::invalid("form", format!("must be one of {:?}", super::intake::FORMS)));
    }
    if let Some(d) = &filter.delivery
        && !LEAD_DELIVERY_STATES.contains(&d.as_str())
    {
        return Err(Error::invalid("delivery", format!("must be one of {LEAD_DELIVERY_STATES:?}")));
    }
    let from = filter.from.as_deref().map(|t| instant("from", t, false)).transpose()?;
    let to = filter.to.as_deref().map(|t| instant("to", t, true)).transpose()?;
    let after = cursor.filter(|c| !c.is_empty()).map(read_cursor).transpose()?;
    let sql = format!(
        "SELECT * FROM (SELECT l.id, l.lead_id, l.reference, l.form, l.category, l.car_id, l.payload, l.created_at, {DELIVERY_STATE} AS delivery \
         FROM leads l WHERE l.tenant = $1 AND ($2 IS NULL OR l.form = $2) AND ($3 IS NULL OR l.created_at >= $3) \
         AND ($4 IS NULL OR l.created_at < $4) \
         AND ($5 IS NULL OR l.created_at < $5 OR (l.created_at = $5 AND l.id < $6))) x \
         WHERE ($7 IS NULL OR x.delivery = $7) ORDER BY x.created_at DESC, x.id DESC LIMIT $8"
    );
    let mut rows = sqlx::query_as::<_, LeadRow>(&sql)
        .bind(tenant)
        .bind(filter.form.as_deref())
        .bind(from)
        .bind(to)
        .bind(after.map(|a| a.0))
        .bind(after.map(|a| a.1))
        .bind(filter.delivery.as_deref())
        .bind(limit + 1)
        .fetch_all(&db.pool)
        .await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    let next_cursor = if more {
        rows.last().map(|r| cursor_after(r.created_at, r.id))
    } else {
        None
    };
    let leads = rows
        .into_iter()
        .map(|r| LeadRecord {
            lead_id: r.lead_id,
            reference: r.reference,
            form: r.form,
            category: r.category,
            car_id: r.car_id,
            fields: serde_json::from_str(&r.payload).unwrap_or_default(),
            created_at: r.created_at,
            delivery: r.delivery,
        })
        .collect();
    Ok(LeadPage { leads, next_cursor })
}

/// The columns of the CSV export, after `lead_id`, `created_at`, `form`, `category` and
/// `delivery`: these stored fields, then every field as JSON.
pub const CSV_FIELDS: [&str; 12] = [
    "name",
    "last_name",
    "email",
    "phone",
    "postcode",
    "preferred_contact",
    "message",
    "stock_number",
    "car_id",
    "dealership_slug",
    "location",
    "url",
];

/// A cell as a spreadsheet will not run it: text starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return gets a leading `'` (OWASP "CSV injection").
fn cell(v: &str) -> String {
    if v.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{v}")
    } else {
        v.to_string()
    }
}

/// Every lead of `tenant` (slug) matching `filter`, newest first, as CSV (RFC 4180, a header
/// row, UTF-8): `lead_id`, `created_at` (RFC 3339), `form`, `category`, `delivery`, the
/// [`CSV_FIELDS`] and `fields` (every stored field as JSON). Read in pages of [`MAX_PAGE`].
///
/// # Errors
/// As [`list_leads`] for the filter; `Internal` when storage fails.
pub async fn leads_csv(db: &Db, tenant: &str, filter: &LeadFilter) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["lead_id", "created_at", "form", "category", "delivery"];
    header.extend(CSV_FIELDS);
    header.push("fields");
    w.write_record(&header).map_err(Error::internal)?;
    let mut cursor: Option<String> = None;
    loop {
        let page = list_leads(db, tenant, filter, cursor.as_deref(), Some(MAX_PAGE)).await?;
        for l in &page.leads {
            let created = jiff::Timestamp::from_second(l.created_at)
                .map(|t| t.to_string())
                .unwrap_or_default();
            let mut row = vec![cell(&l.lead_id), created, cell(&l.form), cell(&l.category), cell(&l.delivery)];
            for k in CSV_FIELDS {
                row.push(match l.fields.get(k) {
                    Some(serde_json::Value::String(s)) => cell(s),
                    Some(serde_json::Value::Null) | None => String::new(),
                    Some(v) => cell(&v.to_string()),
                });
            }
            row.push(cell(&l.fields.to_string()));
            w.write_record(&row).map_err(Error::internal)?;
        }
        match page.next_cursor {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    w.into_inner().map_err(Error::internal)
}

/// One delivery of a lead (admin view).
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct DeliveryRecord {
    /// Row id.
    pub id: i64,
    /// The lead.
    pub lead_id: String,
    /// To the dealer: `webhook` or `email` (ADF/XML); the shopper's receipt: `receipt_email` or
    /// `receipt_sms`.
    pub kind: String,
    /// URL, email address or phone number.
    pub target: String,
    /// `pending`, `delivered` or `dead`.
    pub status: String,
    /// Tries so far.
    pub attempts: i64,
    /// Next try, unix seconds.
    pub next_attempt_at: i64,
    /// The last failure.
    pub last_error: Option<String>,
    /// Delivered at, unix seconds; null until then.
    pub delivered_at: Option<i64>,
}

/// The delivery statuses an admin can list.
pub const DELIVERY_STATUSES: [&str; 3] = ["pending", "delivered", "dead"];

/// `tenant`'s (slug) lead deliveries, newest first, at most 200: with `lead_id`, that lead's
/// delivery history (every status unless `status` is given: the dealer's destinations and the
/// shopper's receipts); without it, the site's deliveries with `status` (default `dead`: the dead
/// letters). Errors: `Invalid` on `status` when it is not one of [`DELIVERY_STATUSES`],
/// `Internal` when storage fails.
pub async fn deliveries(db: &Db, tenant: &str, status: Option<&str>, lead_id: Option<&str>) -> Result<Vec<DeliveryRecord>> {
    let status = if lead_id.is_some() {
        status
    } else {
        Some(status.unwrap_or("dead"))
    };
    if let Some(s) = status
        && !DELIVERY_STATUSES.contains(&s)
    {
        return Err(Error::invalid("status", "must be pending, delivered or dead"));
    }
    Ok(sqlx::query_as::<_, DeliveryRecord>(
        "SELECT id, lead_id, kind, target, status, attempts, next_attempt_at, last_error, delivered_at FROM lead_deliveries \
         WHERE tenant = $1 AND ($2 IS NULL OR status = $2) AND ($3 IS NULL OR lead_id = $3) ORDER BY id DESC LIMIT 200",
    )
    .bind(tenant)
    .bind(status)
    .bind(lead_id)
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

        let leads = list_leads(&db, "a", &LeadFilter::default(), None, None).await.unwrap().leads;
        assert_eq!(leads.len(), 1);
        let l = &leads[0];
        assert_eq!(
            (l.lead_id.as_str(), l.form.as_str(), l.category.as_str()),
            ("L1", "enquiry", "Enquiry")
        );
        assert_eq!((l.car_id, l.created_at), (Some(7), 100));
        assert_eq!(l.fields["first_name"], "Ann");
        assert_eq!(l.delivery, "dead");
        assert!(
            list_leads(&db, "b", &LeadFilter::default(), None, None)
                .await
                .unwrap()
                .leads
                .is_empty(),
            "another tenant sees nothing"
        );

        let dead = deliveries(&db, "a", None, None).await.unwrap();
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
        let bad = deliveries(&db, "a", Some("lost"), None).await.unwrap_err();
        assert_eq!((bad.kind, bad.field.as_deref()), (ErrorKind::Invalid, Some("status")));

        assert_eq!(retry_dead(&db, "b", d.id, 1000).await.unwrap_err().kind, ErrorKind::NotFound);
        retry_dead(&db, "a", d.id, 1000).await.unwrap();
        let pending = deliveries(&db, "a", Some("pending"), None).await.unwrap();
        assert_eq!((pending.len(), pending[0].next_attempt_at), (1, 1000));
        assert_eq!(
            retry_dead(&db, "a", d.id, 1000).await.unwrap_err().kind,
            ErrorKind::NotFound,
            "no longer dead"
        );
    }
}
