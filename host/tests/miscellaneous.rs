//! `POST /api/miscellaneous` (issue 25; docs/features/shopper-core.md §7 "valuation data plus column_name
//! valuation | success or failure logged"), through the real router and storage: a valuation is
//! stored (with the lead it belongs to), and bad input is a 400 naming the field (an unknown lead a 404) with nothing
//! stored.

mod common;
mod leads_support;

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use common::call;
use leads_support::*;
use serde_json::{Value, json};
use sqlx::Row;

async fn post(app: &App, body: Value) -> (StatusCode, Value) {
    let req = Request::post("/api/miscellaneous")
        .header("host", "alpha.localhost")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (s, _, b) = call(&app.router, req).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

#[tokio::test]
async fn a_valuation_is_kept_beside_its_lead_and_bad_input_names_the_field() {
    let app = app("", None).await;
    let trade = json!({"form": "trade_in", "idempotency_key": key(), "name": "Sam", "phone": "0412345678",
        "Vehicle Make": "Mazda", "Vehicle Model": "3", "Vehicle Year": 2018, "under_finance": "No"});
    let (s, v) = submit(&app, trade).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let lead_id = v["lead_id"].as_str().unwrap().to_string();

    let valuation = json!({"offer_price": 14500, "make": "Mazda", "model": "3", "year": 2018, "accepted": false});
    let (s, v) = post(&app, json!({"column_name": "valuation", "data": valuation, "lead_id": lead_id})).await;
    assert_eq!((s, v["success"].as_bool()), (StatusCode::CREATED, Some(true)), "{v}");
    let row = sqlx::query("SELECT tenant, column_name, lead_id, data FROM miscellaneous WHERE id = $1")
        .bind(v["id"].as_i64().unwrap())
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap();
    let (tenant, column, lead, data): (String, String, Option<String>, String) = (row.get(0), row.get(1), row.get(2), row.get(3));
    assert_eq!(
        (tenant.as_str(), column.as_str(), lead.as_deref()),
        ("alpha", "valuation", Some(lead_id.as_str()))
    );
    assert_eq!(serde_json::from_str::<Value>(&data).unwrap(), valuation);

    for (body, field) in [
        (json!({"column_name": "password", "data": {}}), "column_name"),
        (json!({"column_name": "valuation", "data": [1]}), "data"),
        (json!({"column_name": "valuation", "data": {"nested": {"a": 1}}}), "data.nested"),
        (json!({"column_name": "valuation", "data": {}, "extra": 1}), "extra"),
        (json!([1, 2]), "body"),
    ] {
        let (s, v) = post(&app, body.clone()).await;
        assert_eq!(
            (s, v["error"]["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field)),
            "{body}: {v}"
        );
    }
    // A lead id of no lead of this site is a not-found naming it (the body is well formed).
    let (s, v) = post(&app, json!({"column_name": "valuation", "data": {}, "lead_id": "not-a-lead"})).await;
    assert_eq!((s, v["error"]["field"].as_str()), (StatusCode::NOT_FOUND, Some("lead_id")), "{v}");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM miscellaneous").await, 1, "nothing else stored");
}
