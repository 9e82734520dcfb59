//! `POST /api/miscellaneous` (docs/features/shopper-core.md §7: "valuation data plus column_name valuation |
//! success or failure logged"): extra data a form keeps beside a lead, such as the trade-in
//! valuation the shopper was shown ([`record`]).

use serde_json::{Map, Value};

use crate::{db::Db, error::Error, tenant::Tenant};

/// The kinds of data the call keeps (`column_name`).
pub const COLUMNS: [&str; 1] = ["valuation"];
/// Most keys in `data`.
pub const MAX_KEYS: usize = 50;
/// Longest text value in `data`, characters.
pub const MAX_TEXT: usize = 500;

/// Checks and stores one call for `tenant` at `now` (unix s): `column_name` is one of [`COLUMNS`],
/// `data` an object of at most [`MAX_KEYS`] keys (at most 100 characters each) whose values are
/// numbers, booleans, null or texts of at most [`MAX_TEXT`] characters, and `lead_id`, when
/// given, a lead of this site. Returns the stored row's id.
///
/// # Errors
/// 400 naming `body`, `column_name`, `data` or `lead_id`, or 404 naming `lead_id` when it is not a
/// lead of this site (nothing stored); storage failures as 500.
pub async fn record(db: &Db, tenant: &Tenant, body: &Value, now: i64) -> Result<i64, Error> {
    let obj = body.as_object().ok_or_else(|| Error::invalid("body", "must be a JSON object"))?;
    if let Some(k) = obj.keys().find(|k| !matches!(k.as_str(), "column_name" | "data" | "lead_id")) {
        return Err(Error::invalid(k, "is not a field of this call (column_name, data, lead_id)"));
    }
    let column = obj.get("column_name").and_then(Value::as_str).unwrap_or("");
    if !COLUMNS.contains(&column) {
        return Err(Error::invalid("column_name", format!("must be one of {COLUMNS:?}")));
    }
    let data = obj
        .get("data")
        .and_then(Value::as_object)
        .ok_or_else(|| Error::invalid("data", "must be an object"))?;
    check_data(data)?;
    let lead_id = match obj.get("lead_id") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let id = v.as_str().ok_or_else(|| Error::invalid("lead_id", "must be text"))?;
            let found: Option<String> = sqlx::query_scalar("SELECT lead_id FROM leads WHERE tenant = $1 AND lead_id = $2")
                .bind(tenant.slug())
                .bind(id)
                .fetch_optional(&db.pool)
                .await?;
            Some(found.ok_or_else(|| Error::not_found("No such lead on this site").with_field("lead_id"))?)
        }
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO miscellaneous (tenant, column_name, lead_id, data, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(tenant.slug())
    .bind(column)
    .bind(lead_id)
    .bind(Value::Object(data.clone()).to_string())
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

fn check_data(data: &Map<String, Value>) -> Result<(), Error> {
    if data.len() > MAX_KEYS {
        return Err(Error::invalid("data", format!("must have at most {MAX_KEYS} keys")));
    }
    for (k, v) in data {
        let ok = k.chars().count() <= 100
            && match v {
                Value::Null | Value::Bool(_) | Value::Number(_) => true,
                Value::String(s) => s.chars().count() <= MAX_TEXT,
                _ => false,
            };
        if !ok {
            return Err(Error::invalid(
                &format!("data.{}", k.chars().take(100).collect::<String>()),
                format!("must be a number, true or false, or text of at most {MAX_TEXT} characters"),
            ));
        }
    }
    Ok(())
}
