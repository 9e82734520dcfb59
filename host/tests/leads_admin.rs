//! docs/features/platform.md "Leads", the admin listing: `GET /api/v1/admin/leads` pages with an
//! opaque cursor (`x-next-cursor`, `Link: rel="next"`), filters by form, date range and delivery
//! state, refuses `offset` and bad values naming the parameter; `GET /api/v1/admin/leads.csv`
//! exports the same filtered leads as CSV. Real router and storage (SQLite file, or PostgreSQL
//! when FORECOURT_TEST_DATABASE_URL is set).

mod common;
mod leads_support;

use axum::{
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use common::call;
use leads_support::*;
use serde_json::{Value, json};

async fn admin_get(app: &App, path: &str) -> (StatusCode, HeaderMap, String) {
    let req = Request::get(path)
        .header("host", "alpha.localhost")
        .header(header::AUTHORIZATION, format!("Bearer {ADMIN}"))
        .body(Body::empty())
        .unwrap();
    call(&app.router, req).await
}

/// Every lead id of the listing at `query`, following the cursor, `limit` per page; checks each
/// page's size and returns the pages' ids in order.
async fn all_pages(app: &App, query: &str, limit: usize) -> Vec<String> {
    let mut ids = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..100 {
        let mut path = format!("/api/v1/admin/leads?limit={limit}&{query}");
        if let Some(c) = &cursor {
            path.push_str(&format!("&cursor={c}"));
        }
        let (s, h, b) = admin_get(app, &path).await;
        assert_eq!(s, StatusCode::OK, "{path}: {b}");
        let page: Vec<Value> = serde_json::from_str(&b).unwrap();
        ids.extend(page.iter().map(|l| l["lead_id"].as_str().unwrap().to_string()));
        cursor = h.get("x-next-cursor").map(|v| v.to_str().unwrap().to_string());
        match &cursor {
            Some(c) => {
                assert_eq!(page.len(), limit, "a page before the last is full");
                let link = h[header::LINK].to_str().unwrap();
                assert!(link.contains(&format!("cursor={c}")) && link.ends_with("rel=\"next\""), "{link}");
            }
            None => return ids,
        }
    }
    panic!("more than 100 pages");
}

#[tokio::test]
async fn leads_page_by_cursor_filter_and_export_as_csv() {
    let app = app("[leads]\nemail_to = [\"sales@alpha.example\"]\n", None).await;
    // Seven leads on three days (created_at set after the fact), with several forms.
    let forms = ["enquiry", "enquiry", "career", "enquiry", "career", "enquiry", "enquiry"];
    let days = [
        "2026-11-01T09:00:00Z",
        "2026-11-01T09:00:00Z",
        "2026-11-02T10:00:00Z",
        "2026-11-02T23:59:59Z",
        "2026-11-03T00:00:00Z",
        "2026-11-03T08:00:00Z",
        "2026-11-03T08:00:00Z",
    ];
    let mut ids = Vec::new();
    for (i, (form, day)) in forms.iter().zip(days).enumerate() {
        let mut body = json!({"form": form, "idempotency_key": key(), "name": format!("Lead {i}"),
            "email": "shopper@example.com", "message": "Hello"});
        if i == 6 {
            body["message"] = json!("=HYPERLINK(\"http://evil.example\")");
        }
        let (s, v) = submit(&app, body).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let id = v["lead_id"].as_str().unwrap().to_string();
        let at = day.parse::<jiff::Timestamp>().unwrap().as_second();
        sqlx::query("UPDATE leads SET created_at = $1 WHERE lead_id = $2")
            .bind(at)
            .bind(&id)
            .execute(&app.tdb.db.pool)
            .await
            .unwrap();
        ids.push(id);
    }
    // Delivery states: lead 0 delivered, lead 1 dead, the rest pending.
    for (i, status) in [(0, "delivered"), (1, "dead")] {
        sqlx::query("UPDATE lead_deliveries SET status = $1 WHERE lead_id = $2")
            .bind(status)
            .bind(&ids[i])
            .execute(&app.tdb.db.pool)
            .await
            .unwrap();
    }
    // Newest first (equal times: the later row first), every lead exactly once across pages.
    let newest_first: Vec<String> = [6, 5, 4, 3, 2, 1, 0].iter().map(|&i| ids[i].clone()).collect();
    for limit in [1, 3, 7, 50] {
        assert_eq!(all_pages(&app, "", limit).await, newest_first, "limit {limit}");
    }
    let pick = |is: &[usize]| is.iter().map(|&i| ids[i].clone()).collect::<Vec<_>>();
    assert_eq!(all_pages(&app, "form=career", 1).await, pick(&[4, 2]));
    assert_eq!(
        all_pages(&app, "from=2026-11-02&to=2026-11-02", 2).await,
        pick(&[3, 2]),
        "the day included"
    );
    assert_eq!(
        all_pages(&app, "from=2026-11-02T10:00:00Z&to=2026-11-03T00:00:00Z", 2).await,
        pick(&[3, 2]),
        "from inclusive, to exclusive"
    );
    assert_eq!(all_pages(&app, "delivery=dead", 2).await, pick(&[1]));
    assert_eq!(all_pages(&app, "delivery=delivered", 2).await, pick(&[0]));
    assert_eq!(all_pages(&app, "delivery=pending&form=enquiry", 2).await, pick(&[6, 5, 3]));
    let (_, _, b) = admin_get(&app, "/api/v1/admin/leads?delivery=dead").await;
    assert_eq!(serde_json::from_str::<Value>(&b).unwrap()[0]["delivery"], "dead");

    // Bad values name the parameter; offset is refused rather than ignored.
    for (query, field) in [
        ("offset=10", "offset"),
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("form=lottery", "form"),
        ("from=yesterday", "from"),
        ("to=2026-13-01", "to"),
        ("delivery=lost", "delivery"),
        ("cursor=zz", "cursor"),
        ("cursor=3132", "cursor"),
    ] {
        let (s, _, b) = admin_get(&app, &format!("/api/v1/admin/leads?{query}")).await;
        let e: Value = serde_json::from_str(&b).unwrap();
        assert_eq!(
            (s, e["error"]["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field)),
            "{query}: {b}"
        );
    }
    let (s, _, _) = call(
        &app.router,
        Request::get("/api/v1/admin/leads.csv")
            .header("host", "alpha.localhost")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "the export needs the admin token");

    // CSV: the same filters, every page, a header row; formulas neutralised.
    let (s, h, csv) = admin_get(&app, "/api/v1/admin/leads.csv?form=enquiry").await;
    assert_eq!(s, StatusCode::OK, "{csv}");
    assert!(h[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/csv"));
    assert!(h[header::CONTENT_DISPOSITION].to_str().unwrap().contains("leads-alpha.csv"));
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let head: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(&head[..6], ["lead_id", "created_at", "form", "category", "delivery", "name"]);
    let col = |name: &str| head.iter().position(|h| h == name).unwrap();
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let got: Vec<String> = records.iter().map(|r| r[0].to_string()).collect();
    assert_eq!(got, pick(&[6, 5, 3, 1, 0]));
    assert_eq!(&records[4][col("created_at")], "2026-11-01T09:00:00Z");
    assert_eq!(&records[3][col("delivery")], "dead");
    assert_eq!(&records[4][col("name")], "Lead 0");
    assert_eq!(&records[0][col("message")], "'=HYPERLINK(\"http://evil.example\")");
    let fields: Value = serde_json::from_str(&records[4][col("fields")]).unwrap();
    assert_eq!(fields["email"], "shopper@example.com");
}

/// The OpenAPI pattern of `from`/`to` (`LEAD_TIME_PATTERN`) accepts exactly the calendar dates the
/// host accepts: every day of 1900 (not a leap year), 2000 (a leap year), 2023, 2024 and 2099 is
/// matched by the served document's pattern if and only if jiff says the date exists, and the host
/// answers the listing for dates the old pattern refused (days 29-31).
#[tokio::test]
async fn openapi_lead_dates_agree_with_jiff() {
    let app = app("", None).await;
    let (s, _, b) = call(
        &app.router,
        Request::get("/api/openapi.json")
            .header("host", "alpha.localhost")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let doc: Value = serde_json::from_str(&b).unwrap();
    for (path, name) in [
        ("/api/v1/admin/leads", "from"),
        ("/api/v1/admin/leads", "to"),
        ("/api/v1/admin/leads.csv", "from"),
        ("/api/v1/admin/leads.csv", "to"),
    ] {
        let params = doc["paths"][path]["get"]["parameters"].as_array().unwrap();
        let p = params.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{path} {name}"));
        let pattern = regex::Regex::new(p["schema"]["pattern"].as_str().unwrap()).unwrap();
        for year in [1900i16, 2000, 2023, 2024, 2099] {
            for month in 1..=12i8 {
                for day in 1..=31i8 {
                    let text = format!("{year:04}-{month:02}-{day:02}");
                    let exists = jiff::civil::Date::new(year, month, day).is_ok();
                    assert_eq!(pattern.is_match(&text), exists, "{path} {name}={text}");
                }
            }
        }
        for ok in ["", "2025-01-31T23:59:59Z", "2024-02-29T10:00:00.5+10:00"] {
            assert!(pattern.is_match(ok), "{path} {name}={ok}");
        }
        for bad in ["2025-1-31", "31-01-2025", "2025-01-31T24:00:00Z", "2025-01-31 10:00:00Z"] {
            assert!(!pattern.is_match(bad), "{path} {name}={bad}");
        }
    }
    for (query, want) in [
        ("from=2025-01-31&to=2025-12-31", StatusCode::OK),
        ("from=2024-02-29", StatusCode::OK),
        ("from=2025-02-29", StatusCode::BAD_REQUEST),
    ] {
        let (s, _, b) = admin_get(&app, &format!("/api/v1/admin/leads?{query}")).await;
        assert_eq!(s, want, "{query}: {b}");
    }
}
