//! docs/features/platform.md "Leads", "Checked by" (host side), through the real router and storage (SQLite file, and
//! PostgreSQL when FORECOURT_TEST_DATABASE_URL is set):
//! * invalid input gets the spec's messages naming the field and stores nothing;
//! * a valid lead is stored with every field, and a double submit under one idempotency key is
//!   one lead (and one delivery);
//! * delivery: a real local webhook receiver (signature verified, a 500 retried, the same key
//!   resent) and a real local SMTP server (Python's standard-library smtpd) receiving ADF/XML
//!   that parses and has the ADF 1.0 structure; dead letters after 24 hours, visible and
//!   retryable through the admin API;
//! * durability: the real `forecourt` binary killed with SIGKILL during 500 concurrent
//!   submissions loses no lead it answered with a lead_id.

mod common;
mod leads_support;

use std::{
    net::TcpListener,
    process::{Command, Stdio},
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use common::{call, get, tenant_toml, test_db};
use forecourt_host::{leads::delivery, plugins::unix_now};
use leads_support::*;
use serde_json::{Value, json};
use sqlx::Row;

#[tokio::test]
async fn invalid_input_gets_the_specs_messages_and_stores_nothing() {
    let app = app("", None).await;
    let base = enquiry(&app, &key());
    let with = |k: &str, v: Value| {
        let mut b = base.clone();
        b[k] = v;
        b
    };
    let without = |k: &str| {
        let mut b = base.clone();
        b.as_object_mut().unwrap().remove(k);
        b
    };
    let trade = json!({"form": "trade_in", "idempotency_key": key(), "name": "Sam", "phone": "0412345678",
        "Vehicle Make": "Mazda", "Vehicle Model": "3", "Vehicle Year": 2018});
    let mut bad_choice = trade.clone();
    bad_choice["under_finance"] = json!("Maybe");
    for (body, field, msg) in [
        (
            with("postcode", json!("40a0")),
            "postcode",
            "Invalid postcode. Please enter a 4-digit number.",
        ),
        (
            with("postcode", json!("40000")),
            "postcode",
            "Invalid postcode. Please enter a 4-digit number.",
        ),
        (without("message"), "message", "This is a required field."),
        (without("name"), "name", "This is a required field."),
        (with("email", json!("not-an-email")), "email", "Please enter a valid email address."),
        (
            with("phone", json!("12345")),
            "phone",
            "Please enter a valid Australian phone number.",
        ),
        (with("admin", json!(true)), "admin", "is not a field of the enquiry form"),
        (with("form", json!("lottery")), "form", ""),
        (with("idempotency_key", json!("short")), "idempotency_key", ""),
        (trade.clone(), "under_finance", "This is a required field."),
        (bad_choice, "under_finance", "Please Select An Option..."),
        (
            json!({"form": "finance", "idempotency_key": key(), "name": "Sam", "phone": "0412345678", "purchase_price": 5000}),
            "purchase_price",
            "",
        ),
    ] {
        let (s, v) = submit(&app, body.clone()).await;
        assert_eq!(
            (s, v["error"]["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field)),
            "{body}: {v}"
        );
        assert!(v["error"]["message"].as_str().unwrap().contains(msg), "{v}");
    }
    // A car id this site does not have is a reference that is not found: 404 naming `car_id`.
    let (s, v) = submit(&app, with("car_id", json!(999_999))).await;
    assert_eq!((s, v["error"]["field"].as_str()), (StatusCode::NOT_FOUND, Some("car_id")), "{v}");
    // An integral float is the integer it is (JSON Schema's `integer`): the same 404, not a 400.
    let (s, v) = submit(&app, with("car_id", json!(999_999.0))).await;
    assert_eq!((s, v["error"]["field"].as_str()), (StatusCode::NOT_FOUND, Some("car_id")), "{v}");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM leads").await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM lead_deliveries").await, 0);
}

#[tokio::test]
async fn a_lead_is_stored_with_every_field_and_a_double_submit_is_one_lead() {
    let app = app("[leads]\nemail_to = [\"sales@alpha.example\"]\n", None).await;
    let k = key();
    let (s, v) = submit(&app, enquiry(&app, &k)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["lead_id"].as_str().unwrap().to_string();
    let (s, again) = submit(&app, enquiry(&app, &k)).await;
    assert_eq!(
        (s, again["lead_id"].as_str(), again["created"].as_bool()),
        (StatusCode::OK, Some(id.as_str()), Some(false))
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM leads").await, 1);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM lead_deliveries").await,
        1,
        "one delivery per destination"
    );

    let mut req = get("alpha.localhost", "/api/v1/admin/leads");
    req.headers_mut()
        .insert(header::AUTHORIZATION, format!("Bearer {ADMIN}").parse().unwrap());
    let (_, _, b) = call(&app.router, req).await;
    let leads: Value = serde_json::from_str(&b).unwrap();
    let lead = &leads[0];
    assert_eq!(
        (lead["lead_id"].as_str(), lead["form"].as_str(), lead["category"].as_str()),
        (Some(id.as_str()), Some("enquiry"), Some("General Enquiry"))
    );
    let f = &lead["fields"];
    for (k, want) in [
        ("name", json!("Sam")),
        ("last_name", json!("O'Neil & Co <x>")),
        ("email", json!("sam@example.com")),
        ("phone", json!("0412345678")),
        ("postcode", json!("4000")),
        ("message", json!("Is it still available?")),
        ("opt_in", json!(true)),
        ("source", json!("Website")),
        ("user_agent", json!("leads-test/1.0")),
        ("stock_number", json!("A1")),
        ("Vehicle Make", json!("Toyota")),
        ("manufacturer_slug", json!("toyota")),
        ("vehicle_status", json!("used")),
        ("dealership_slug", json!("alpha-dealer")),
        ("visited_pages", json!(["/", "/search/used-cars"])),
        ("linked_query_params", json!({"utm_source": "google"})),
    ] {
        assert_eq!(f[k], want, "{k}: {f}");
    }
    // Event 22 per lead; 51 for career enquiries.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM events WHERE event_id = 22").await, 1);
    let (s, _) = submit(
        &app,
        json!({"form": "career", "idempotency_key": key(), "name": "Jo", "email": "jo@example.com", "position": "Sales"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM events WHERE event_id = 51").await, 1);
    // Request Photos gets its hidden default text.
    let (s, _) = submit(
        &app,
        json!({"form": "request_photos", "idempotency_key": key(), "name": "Jo", "email": "jo@example.com", "car_id": app.car_id}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    let msg: String = sqlx::query("SELECT payload FROM leads WHERE form = 'request_photos'")
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    assert!(msg.contains("Please send photos for this car"), "{msg}");
}

#[tokio::test]
async fn the_webhook_is_signed_retried_after_a_500_and_sent_once_per_key() {
    let (url, seen) = receiver(vec![500]).await;
    // SAFETY: set before any thread reads it; only this test binary's webhook tests read it.
    unsafe { std::env::set_var("ALPHA__WEBHOOK_SECRET", "whsec-test") };
    let app = app(
        &format!("[leads]\nwebhook_url = \"{url}\"\nwebhook_secret_env = \"ALPHA__WEBHOOK_SECRET\"\n"),
        None,
    )
    .await;
    let k = key();
    let (_, v) = submit(&app, enquiry(&app, &k)).await;
    submit(&app, enquiry(&app, &k)).await;
    let lead_id = v["lead_id"].as_str().unwrap().to_string();
    let now = unix_now();
    assert_eq!(delivery::deliver_due(&app.state.deliverer(), now).await.unwrap(), 1);
    let row = sqlx::query("SELECT status, attempts, next_attempt_at, last_error FROM lead_deliveries")
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap();
    assert_eq!((row.get::<String, _>(0), row.get::<i64, _>(1)), ("pending".into(), 1));
    let next: i64 = row.get(2);
    assert!((now + 24..=now + 36).contains(&next), "30 s +-20%: {}", next - now);
    assert!(row.get::<String, _>(3).contains("500"));
    // Not due yet: nothing sent.
    assert_eq!(delivery::deliver_due(&app.state.deliverer(), now + 1).await.unwrap(), 0);
    assert_eq!(delivery::deliver_due(&app.state.deliverer(), next).await.unwrap(), 1);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM lead_deliveries WHERE status = 'delivered'").await,
        1
    );
    // Delivered rows are not sent again.
    assert_eq!(delivery::deliver_due(&app.state.deliverer(), next + 10_000).await.unwrap(), 0);
    let calls = seen.lock().unwrap().clone();
    assert_eq!(calls.len(), 2, "one failure, one success; the double submit added nothing");
    for (headers, body) in &calls {
        let sig = headers["x-forecourt-signature"].to_str().unwrap();
        assert_eq!(sig, delivery::signature("whsec-test", body), "the signature verifies");
        assert_eq!(headers["x-forecourt-idempotency-key"].to_str().unwrap(), k);
        let v: Value = serde_json::from_slice(body).unwrap();
        assert_eq!(
            (v["lead_id"].as_str(), v["lead"]["name"].as_str()),
            (Some(lead_id.as_str()), Some("Sam"))
        );
    }
    assert_ne!(
        delivery::signature("other", &calls[0].1),
        calls[0].0["x-forecourt-signature"].to_str().unwrap()
    );
}

#[tokio::test]
async fn a_delivery_failing_for_24_hours_is_dead_lettered_and_can_be_retried() {
    let (url, _) = receiver(vec![500; 100]).await;
    unsafe { std::env::set_var("ALPHA__WEBHOOK_SECRET", "whsec-test") };
    let app = app(
        &format!("[leads]\nwebhook_url = \"{url}\"\nwebhook_secret_env = \"ALPHA__WEBHOOK_SECRET\"\n"),
        None,
    )
    .await;
    submit(&app, enquiry(&app, &key())).await;
    let created: i64 = count(&app, "SELECT created_at FROM lead_deliveries").await;
    // Retries keep going within 24 hours...
    for t in [created, created + 3600, created + 12 * 3600] {
        delivery::deliver_due(&app.state.deliverer(), t).await.unwrap();
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM lead_deliveries WHERE status = 'pending'").await,
            1
        );
    }
    // ...and the first failure after that is a dead letter.
    delivery::deliver_due(&app.state.deliverer(), created + 24 * 3600 + 1)
        .await
        .unwrap();
    let admin = |path: &str, post: bool| {
        let b = if post { Request::post(path) } else { Request::get(path) };
        b.header("host", "alpha.localhost")
            .header(header::AUTHORIZATION, format!("Bearer {ADMIN}"))
            .body(Body::empty())
            .unwrap()
    };
    let (_, _, b) = call(&app.router, admin("/api/v1/admin/leads/deliveries?status=dead", false)).await;
    let dead: Value = serde_json::from_str(&b).unwrap();
    assert_eq!(dead.as_array().unwrap().len(), 1, "{dead}");
    assert_eq!(dead[0]["attempts"], 4);
    let id = dead[0]["id"].as_i64().unwrap();
    let (s, _, _) = call(&app.router, admin(&format!("/api/v1/admin/leads/deliveries/{id}/retry"), true)).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM lead_deliveries WHERE status = 'pending'").await,
        1
    );
}

/// The ADF 1.0 structure: `adf` holds `prospect`s; each prospect has `requestdate` (ISO 8601),
/// at least one `vehicle` (with `year`, `make`, `model`, and `interest`/`status` from the DTD's
/// lists), one `customer` with a `contact` that has a `name` and an `email` or `phone`, and a
/// `vendor` with a `vendorname`.
fn assert_adf_1_0(root: &El) {
    assert_eq!(root.name, "adf");
    let prospects = root.all("prospect");
    assert!(!prospects.is_empty());
    for p in prospects {
        let date = &p.child("requestdate").expect("requestdate").text;
        assert!(
            jiff::Timestamp::strptime("%Y-%m-%dT%H:%M:%S%:z", date).is_ok() || date.parse::<jiff::Timestamp>().is_ok(),
            "ISO 8601: {date}"
        );
        let vehicles = p.all("vehicle");
        assert!(!vehicles.is_empty());
        for v in vehicles {
            assert!(["buy", "lease", "sell", "trade-in", "test-drive"].contains(&v.attr("interest").unwrap()));
            assert!(["new", "used"].contains(&v.attr("status").unwrap()));
            for req in ["year", "make", "model"] {
                assert!(v.child(req).is_some_and(|e| !e.text.is_empty()), "vehicle/{req}");
            }
        }
        let contact = p.child("customer").and_then(|c| c.child("contact")).expect("customer/contact");
        assert!(contact.child("name").is_some());
        assert!(contact.child("email").is_some() || contact.child("phone").is_some());
        assert!(p.child("vendor").and_then(|v| v.child("vendorname")).is_some());
    }
}

#[tokio::test]
async fn adf_xml_by_email_through_a_real_smtp_server() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mail.txt");
    let (mut smtp, port) = smtp_server(&out);
    // The dealer's ADF alone: the shopper's receipt through the same server is
    // host/tests/leads_receipts.rs.
    let app = app("[leads]\nemail_to = [\"sales@alpha.example\"]\nreceipts = false\n", Some(port)).await;
    let (s, v) = submit(
        &app,
        json!({"form": "trade_in", "idempotency_key": key(), "name": "Sam", "last_name": "O'Neil & Co <x>",
            "email": "sam@example.com", "phone": "0412345678", "postcode": "4000", "car_id": app.car_id,
            "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", "Vehicle Year": 2019, "km": 82000,
            "under_finance": "No", "preferred_contact": "Phone", "message": "Swap my Mazda for the Corolla"}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(delivery::deliver_due(&app.state.deliverer(), unix_now()).await.unwrap(), 1);
    let status: String = sqlx::query("SELECT status || ' ' || COALESCE(last_error, '') FROM lead_deliveries")
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(status.trim(), "delivered");
    let mut mail = String::new();
    for _ in 0..50 {
        mail = std::fs::read_to_string(&out).unwrap_or_default();
        if mail.contains("=====END=====") {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    smtp.kill().ok();
    smtp.wait().ok();
    let (headers, body) = mail
        .split_once("\r\n\r\n")
        .or_else(|| mail.split_once("\n\n"))
        .expect("headers and body");
    assert!(headers.contains("To: sales@alpha.example"), "{headers}");
    assert!(headers.to_lowercase().contains("content-type: text/xml"), "{headers}");
    let raw = body.split("=====END=====").next().unwrap().replace("\r\n", "\n");
    // lettre picks the transfer encoding; decode quoted-printable with a library.
    let xml = if headers.to_lowercase().contains("content-transfer-encoding: quoted-printable") {
        String::from_utf8(quoted_printable::decode(raw.as_bytes(), quoted_printable::ParseMode::Robust).unwrap()).unwrap()
    } else {
        raw
    };
    assert_valid_adf(&xml);
    let (root, adf_pi) = parse_xml(&xml);
    assert!(adf_pi, "<?adf version=\"1.0\"?>: {xml}");
    assert_adf_1_0(&root);
    let p = root.child("prospect").unwrap();
    assert_eq!(p.child("id").unwrap().text, v["lead_id"].as_str().unwrap());
    let reference = v["reference"].as_str().unwrap();
    let vehicles = p.all("vehicle");
    assert_eq!(vehicles.len(), 2, "the car and the trade-in: {xml}");
    assert_eq!(
        (vehicles[0].attr("interest"), vehicles[0].child("make").unwrap().text.as_str()),
        (Some("buy"), "Toyota")
    );
    assert_eq!(vehicles[0].child("stock").unwrap().text, "A1");
    assert_eq!(
        (vehicles[1].attr("interest"), vehicles[1].child("model").unwrap().text.as_str()),
        (Some("trade-in"), "CX-5")
    );
    let contact = p.child("customer").unwrap().child("contact").unwrap();
    let names: Vec<&str> = contact.all("name").iter().map(|n| n.text.as_str()).collect();
    assert_eq!(names, vec!["Sam", "O'Neil & Co <x>"], "escaped and read back");
    // The message, then the answers ADF has no element for, one labelled line each.
    assert_eq!(
        p.child("customer").unwrap().child("comments").unwrap().text,
        format!("Swap my Mazda for the Corolla\nForm: Trade-in valuation\nReference: {reference}\nPreferred contact: Phone")
    );
    assert_eq!(p.child("vendor").unwrap().child("vendorname").unwrap().text, "alpha Dealer");
}

#[tokio::test]
async fn no_answered_lead_is_lost_when_the_host_is_killed() {
    let tdb = test_db().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("tenants/alpha")).unwrap();
    std::fs::write(dir.path().join("tenants/alpha/tenant.toml"), tenant_toml("alpha")).unwrap();
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let start = || {
        Command::new(env!("CARGO_BIN_EXE_forecourt"))
            .arg("serve")
            .current_dir(dir.path())
            .env("FORECOURT_BIND", format!("127.0.0.1:{port}"))
            .env("FORECOURT_DATABASE_URL", &tdb.url)
            .env("FORECOURT_DATA_DIR", dir.path().join("data"))
            .env("FORECOURT_TENANTS_DIR", dir.path().join("tenants"))
            .env("FORECOURT_PLUGIN_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/../plugins/dist"))
            .env("FORECOURT_UI_DIST_DIR", dir.path().join("no-ui"))
            .env("FORECOURT_LEAD_SUBMISSIONS_PER_MINUTE", "100000")
            .env("FORECOURT_LOG_FORMAT", "json")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("forecourt serve starts")
    };
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    let wait_ready = || async {
        for _ in 0..600 {
            if client
                .get(format!("{base}/healthz"))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success())
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the host did not start");
    };
    let mut host = start();
    wait_ready().await;
    let answered = Arc::new(Mutex::new(Vec::<String>::new()));
    let mut tasks = Vec::new();
    for i in 0..500 {
        let (client, base, answered) = (client.clone(), base.clone(), answered.clone());
        tasks.push(tokio::spawn(async move {
            let body = json!({"form": "enquiry", "idempotency_key": format!("durability-{i:04}-{}", uuid::Uuid::new_v4()),
                "name": "Load", "email": "load@example.com", "message": format!("lead {i}")});
            let res = client
                .post(format!("{base}/api/v1/leads"))
                .header("host", "alpha.localhost")
                .json(&body)
                .timeout(Duration::from_secs(20))
                .send()
                .await;
            if let Ok(r) = res
                && r.status() == StatusCode::CREATED
                && let Ok(v) = r.json::<Value>().await
                && let Some(id) = v["lead_id"].as_str()
            {
                answered.lock().unwrap().push(id.to_string());
            }
        }));
    }
    // Kill the host with SIGKILL once some submissions have been answered, mid-stream.
    for _ in 0..400 {
        if answered.lock().unwrap().len() >= 50 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    host.kill().expect("SIGKILL");
    host.wait().unwrap();
    for t in tasks {
        t.await.unwrap();
    }
    let answered = answered.lock().unwrap().clone();
    eprintln!("answered before SIGKILL: {} of 500", answered.len());
    assert!(answered.len() >= 50, "the host answered {} before the kill", answered.len());
    assert!(answered.len() < 500, "the kill came mid-stream");
    // After a restart (migrations and recovery run), every answered lead is there.
    let mut host = start();
    wait_ready().await;
    let stored: std::collections::HashSet<String> = sqlx::query("SELECT lead_id FROM leads WHERE tenant = 'alpha'")
        .fetch_all(&tdb.db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    host.kill().ok();
    host.wait().ok();
    let lost: Vec<&String> = answered.iter().filter(|id| !stored.contains(*id)).collect();
    assert!(lost.is_empty(), "{} answered leads lost of {}", lost.len(), answered.len());
    // Every stored lead has its event row: lead and event were one transaction.
    let events: i64 = sqlx::query("SELECT COUNT(*) FROM events WHERE event_id = 22")
        .fetch_one(&tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(events as usize, stored.len());
}

/// A local stand-in for an external service (lender, rego lookup, payment provider): answers
/// each POST with `status` and `body`, records the headers and body it got.
async fn service(status: u16, body: Value) -> (String, Arc<Mutex<Vec<(axum::http::HeaderMap, Vec<u8>)>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let rec = seen.clone();
    let app = axum::Router::new().fallback(axum::routing::post(
        move |headers: axum::http::HeaderMap, got: axum::body::Bytes| {
            let (rec, body) = (rec.clone(), body.clone());
            async move {
                rec.lock().unwrap().push((headers, got.to_vec()));
                (StatusCode::from_u16(status).unwrap(), axum::Json(body))
            }
        },
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

async fn post_json(app: &App, path: &str, body: Value, headers: &[(&str, &str)]) -> (StatusCode, Value) {
    let mut req = Request::post(path)
        .header("host", "alpha.localhost")
        .header("content-type", "application/json");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let (s, _, b) = call(&app.router, req.body(Body::from(body.to_string())).unwrap()).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

#[tokio::test]
async fn rego_lookup_goes_through_the_lender_plugin_or_leaves_manual_entry() {
    // No service: 501, the form keeps manual entry; bad input is named before any call.
    let plain = app("", None).await;
    let (s, e) = post_json(&plain, "/api/v1/trade-in/rego", json!({"rego": "ABC 123", "regoState": "QLD"}), &[]).await;
    assert_eq!(
        (s, e["error"]["code"].as_str()),
        (StatusCode::NOT_IMPLEMENTED, Some("rego_lookup_unavailable"))
    );
    let (_, _, t) = call(&plain.router, get("alpha.localhost", "/api/v1/tenant")).await;
    let t: Value = serde_json::from_str(&t).unwrap();
    assert_eq!(t["adapters"]["rego_lookup"], false, "{}", t["adapters"]);
    assert_eq!(t["trade_in"]["adjustments"][0]["id"], "condition");

    let (url, seen) = service(
        200,
        json!({"make": " Mazda ", "model": "CX-5", "year": 2019, "badge": "Maxx Sport", "vin": "JM0KF4W7A00312345"}),
    )
    .await;
    // SAFETY: set before the lookups read it; only this test reads it.
    unsafe { std::env::set_var("ALPHA__REGO_TOKEN", "rego-token") };
    let app = app(
        &common::lender_standard(&url, "rego_url", "/lookup", Some("ALPHA__REGO_TOKEN")),
        None,
    )
    .await;
    for (body, field) in [
        (json!({"rego": "ABC#123", "regoState": "QLD"}), "rego"),
        (json!({"rego": "ABCDEFGHIJ", "regoState": "QLD"}), "rego"),
        (json!({"rego": "ABC123", "regoState": "XYZ"}), "regoState"),
    ] {
        let (s, e) = post_json(&app, "/api/v1/trade-in/rego", body, &[]).await;
        assert_eq!((s, e["error"]["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{e}");
    }
    assert!(seen.lock().unwrap().is_empty(), "bad input must not reach the service");
    let (s, v) = post_json(&app, "/api/v1/trade-in/rego", json!({"rego": "abc-123", "regoState": "qld"}), &[]).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        json!({"rego": "ABC123", "regoState": "QLD", "make": "Mazda", "model": "CX-5", "year": 2019,
               "badge": "Maxx Sport", "body": null, "colour": null, "vin": "JM0KF4W7A00312345", "nvic": null})
    );
    {
        let seen = seen.lock().unwrap();
        let (headers, body) = &seen[0];
        assert_eq!(headers["authorization"], "Bearer rego-token");
        assert_eq!(
            serde_json::from_slice::<Value>(body).unwrap(),
            json!({"rego": "ABC123", "state": "QLD"})
        );
    }
    let (_, _, t) = call(&app.router, get("alpha.localhost", "/api/v1/tenant")).await;
    assert!(
        !t.contains("/lookup") && !t.contains("ALPHA__REGO_TOKEN"),
        "the service address stays on the host"
    );

    for (status, body, code, want) in [
        (404, json!({}), "rego_not_found", StatusCode::NOT_FOUND),
        (500, json!({}), "rego_lookup_failed", StatusCode::BAD_GATEWAY),
        (
            200,
            json!({"make": "Mazda", "model": "", "year": 2019}),
            "rego_lookup_failed",
            StatusCode::BAD_GATEWAY,
        ),
    ] {
        let (url, _) = service(status, body).await;
        let app = self::app(&common::lender_standard(&url, "rego_url", "/lookup", None), None).await;
        let (s, e) = post_json(&app, "/api/v1/trade-in/rego", json!({"rego": "ABC123", "regoState": "NSW"}), &[]).await;
        assert_eq!((s, e["error"]["code"].as_str()), (want, Some(code)), "{e}");
    }
}

fn finance(app: &App, k: &str) -> Value {
    json!({"form": "finance", "idempotency_key": k, "name": "Sam", "last_name": "Lee",
        "email": "sam@example.com", "phone": "0412345678", "postcode": "4000", "opt_in": true,
        "purchase_price": 24990, "loan_term": 5, "credit_score": "DECENT", "car_id": app.car_id})
}

#[tokio::test]
async fn the_finance_application_creates_the_customer_at_the_lender_after_storing_the_lead() {
    // Without a lender: a lead, no redirect.
    let plain = app("", None).await;
    let (s, v) = submit(&plain, finance(&plain, &key())).await;
    assert_eq!((s, v["redirect_url"].is_null()), (StatusCode::CREATED, true), "{v}");

    let (url, seen) = service(200, json!({"redirectUrl": "https://lender.example/journey/abc"})).await;
    let app = app(&common::lender_standard(&url, "application_url", "/customers", None), None).await;
    let k = key();
    let (s, v) = submit(&app, finance(&app, &k)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["redirect_url"], "https://lender.example/journey/abc");
    {
        let seen = seen.lock().unwrap();
        let (headers, body) = &seen[0];
        assert_eq!(headers["idempotency-key"], k.as_str());
        let body: Value = serde_json::from_slice(body).unwrap();
        assert_eq!(
            body["data"],
            json!({"nvic": null, "vin": "JTNKU3JE60J021675", "selfAssessedCreditScore": "DECENT",
                   "purchasePrice": 24990.0, "year": 2021, "loanTerm": 5, "phoneNumber": "0412345678",
                   "firstName": "Sam", "lastName": "Lee", "email": "sam@example.com", "subscribe": true,
                   "postCode": "4000"})
        );
        assert_eq!(body["additionalData"]["lead_id"], v["lead_id"]);
        assert_eq!(body["additionalData"]["source"], "Website");
    }
    // A double submit is still one lead; the lender gets the same idempotency key again.
    let (s, again) = submit(&app, finance(&app, &k)).await;
    assert_eq!((s, &again["lead_id"]), (StatusCode::OK, &v["lead_id"]));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM leads WHERE form = 'finance'").await, 1);

    // A failing lender, or one without an address: the spec's messages, and the lead is kept.
    for (status, body, msg) in [
        (500, json!({}), "Failed to create customer"),
        (200, json!({"ok": true}), "Failed to create customer or no redirect URL received."),
        (
            200,
            json!({"redirectUrl": "javascript:alert(1)"}),
            "Failed to create customer or no redirect URL received.",
        ),
    ] {
        let (url, _) = service(status, body).await;
        let app = self::app(&common::lender_standard(&url, "application_url", "/customers", None), None).await;
        let (s, e) = submit(&app, finance(&app, &key())).await;
        assert_eq!(
            (s, e["error"]["code"].as_str(), e["error"]["message"].as_str()),
            (StatusCode::BAD_GATEWAY, Some("create_customer_failed"), Some(msg)),
            "{e}"
        );
        assert_eq!(count(&app, "SELECT COUNT(*) FROM leads WHERE form = 'finance'").await, 1);
    }
}

fn reserve(app: &App, k: &str) -> Value {
    json!({"form": "reserve", "idempotency_key": k, "name": "Sam", "email": "sam@example.com",
        "phone": "0412345678", "category": "Reserve", "deposit": 200, "car_id": app.car_id})
}

/// `Stripe-Signature` for `body` at `t` under `secret`, as Stripe computes it.
fn stripe_signature(secret: &str, t: i64, body: &str) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

#[tokio::test]
async fn a_reservation_is_recorded_offline_or_paid_through_stripe_checkout() {
    // No provider: recorded with the site's deposit and hold, the dealer takes the deposit.
    let plain = app("[vdp]\nreserve_deposit = 250\n", None).await;
    let (s, v) = submit(&plain, reserve(&plain, &key())).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let r = &v["reservation"];
    assert_eq!(
        (
            r["status"].as_str(),
            r["deposit"].as_f64(),
            r["hold_hours"].as_i64(),
            r["payment_url"].is_null()
        ),
        (Some("offline"), Some(250.0), Some(48), true),
        "{v}"
    );
    let (s, _, got) = call(
        &plain.router,
        get(
            "alpha.localhost",
            &format!("/api/v1/reservations/{}", v["lead_id"].as_str().unwrap()),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(serde_json::from_str::<Value>(&got).unwrap()["car_slug"], "2021-toyota-corolla-a1");

    // Stripe (a local stand-in for its API): a Checkout Session for the deposit, in cents.
    let (url, seen) = service(
        200,
        json!({"id": "cs_test_1", "url": "https://checkout.stripe.com/c/pay/cs_test_1"}),
    )
    .await;
    // SAFETY: set before the calls read them; only this test reads them.
    unsafe {
        std::env::set_var("ALPHA__STRIPE_KEY", "sk_test_123");
        std::env::set_var("ALPHA__STRIPE_WHSEC", "whsec_test");
    }
    let app = app(
        &format!(
            "[payments]\nprovider = \"stripe\"\nsecret_key_env = \"ALPHA__STRIPE_KEY\"\n\
             webhook_secret_env = \"ALPHA__STRIPE_WHSEC\"\napi_base = \"{url}\"\n"
        ),
        None,
    )
    .await;
    let (_, _, t) = call(&app.router, get("alpha.localhost", "/api/v1/tenant")).await;
    let t: Value = serde_json::from_str(&t).unwrap();
    assert_eq!(t["adapters"]["online_payment"], "stripe");
    assert!(!t.to_string().contains("ALPHA_STRIPE"), "secrets' names stay on the host");
    let k = key();
    let (s, v) = submit(&app, reserve(&app, &k)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let lead_id = v["lead_id"].as_str().unwrap().to_string();
    assert_eq!(v["reservation"]["status"], "pending_payment");
    assert_eq!(v["reservation"]["payment_url"], "https://checkout.stripe.com/c/pay/cs_test_1");
    {
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 1);
        let (headers, body) = &seen[0];
        assert_eq!(headers["authorization"], "Bearer sk_test_123");
        assert_eq!(headers["idempotency-key"], format!("reserve-{lead_id}").as_str());
        let form: Vec<(String, String)> = url_form(body);
        let field = |k: &str| form.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
        assert_eq!(field("mode"), Some("payment"));
        assert_eq!(field("line_items[0][price_data][unit_amount]"), Some("20000"));
        assert_eq!(field("line_items[0][price_data][currency]"), Some("aud"));
        assert_eq!(field("client_reference_id"), Some(lead_id.as_str()));
        assert_eq!(
            field("success_url"),
            Some(format!("http://alpha.localhost/checkout-journey?car_id=2021-toyota-corolla-a1&reservation={lead_id}").as_str())
        );
    }
    // A double submit opens no second checkout.
    let (_, again) = submit(&app, reserve(&app, &k)).await;
    assert_eq!(again["reservation"]["payment_url"], v["reservation"]["payment_url"]);
    assert_eq!(seen.lock().unwrap().len(), 1);

    // The webhook: a wrong signature changes nothing; the signed completion marks it paid.
    let event = json!({"type": "checkout.session.completed",
        "data": {"object": {"id": "cs_test_1", "payment_status": "paid"}}})
    .to_string();
    let now = unix_now();
    let hook = "/api/v1/payments/stripe/webhook";
    let send = |sig: String| {
        Request::post(hook)
            .header("host", "alpha.localhost")
            .header("stripe-signature", sig)
            .body(Body::from(event.clone()))
            .unwrap()
    };
    for bad in [
        stripe_signature("whsec_other", now, &event),
        stripe_signature("whsec_test", now - 3600, &event),
        String::new(),
    ] {
        let (s, _, b) = call(&app.router, send(bad)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{b}");
    }
    let r = |app: &App| {
        let path = format!("/api/v1/reservations/{lead_id}");
        let router = app.router.clone();
        async move {
            let (_, _, b) = call(&router, get("alpha.localhost", &path)).await;
            serde_json::from_str::<Value>(&b).unwrap()
        }
    };
    assert_eq!(r(&app).await["status"], "pending_payment");
    let (s, _, b) = call(&app.router, send(stripe_signature("whsec_test", now, &event))).await;
    assert_eq!((s, b.contains("\"paid\"")), (StatusCode::OK, true), "{b}");
    let paid = r(&app).await;
    assert_eq!(paid["status"], "paid");
    let until = paid["hold_until"].as_i64().unwrap();
    assert!((now + 48 * 3600..=now + 48 * 3600 + 60).contains(&until), "{paid}");
    // Stripe resends events: the same one again changes nothing.
    let (s, _, b) = call(&app.router, send(stripe_signature("whsec_test", now, &event))).await;
    assert_eq!((s, b.contains("\"status\":null")), (StatusCode::OK, true), "{b}");
    assert_eq!(r(&app).await["hold_until"], paid["hold_until"]);

    // While the hold runs the car reads as reserved everywhere (RESERVED tag, no Reserve
    // button), and a second reservation is refused with nothing stored.
    let car = |app: &App| {
        let router = app.router.clone();
        async move {
            let (s, _, b) = call(&router, get("alpha.localhost", "/api/v1/cars/2021-toyota-corolla-a1")).await;
            assert_eq!(s, StatusCode::OK, "{b}");
            serde_json::from_str::<Value>(&b).unwrap()
        }
    };
    let held = car(&app).await;
    assert_eq!(
        (&held["car"]["reserved"], &held["tag"]["kind"], &held["eligibility"]["reserve"]),
        (&json!(true), &json!("reserved"), &json!(false)),
        "{held}"
    );
    let reservations = "SELECT COUNT(*) FROM reservations";
    let before = count(&app, reservations).await;
    let (s, e) = submit(&app, reserve(&app, &key())).await;
    assert_eq!(
        (s, e["error"]["code"].as_str(), e["error"]["field"].as_str()),
        (StatusCode::CONFLICT, Some("car_reserved"), Some("car_id")),
        "{e}"
    );
    assert_eq!(count(&app, reservations).await, before);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM leads WHERE form = 'reserve'").await, before);
    // The hold ends by itself when its time passes: the car is reservable again.
    sqlx::query("UPDATE reservations SET hold_until = $1 WHERE lead_id = $2")
        .bind(unix_now() - 1)
        .bind(&lead_id)
        .execute(&app.tdb.db.pool)
        .await
        .unwrap();
    let free = car(&app).await;
    assert_eq!(
        (&free["car"]["reserved"], &free["eligibility"]["reserve"]),
        (&json!(false), &json!(true)),
        "{free}"
    );
    let (s, v) = submit(&app, reserve(&app, &key())).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");

    // A provider that fails: the reservation is still recorded, offline.
    let (url, _) = service(500, json!({"error": {"message": "down"}})).await;
    let down = self::app(
        &format!(
            "[payments]\nprovider = \"stripe\"\nsecret_key_env = \"ALPHA__STRIPE_KEY\"\n\
             webhook_secret_env = \"ALPHA__STRIPE_WHSEC\"\napi_base = \"{url}\"\n"
        ),
        None,
    )
    .await;
    let (s, v) = submit(&down, reserve(&down, &key())).await;
    assert_eq!(
        (s, v["reservation"]["status"].as_str()),
        (StatusCode::CREATED, Some("offline")),
        "{v}"
    );
}

/// Decodes an `application/x-www-form-urlencoded` body.
fn url_form(body: &[u8]) -> Vec<(String, String)> {
    reqwest::Url::parse(&format!("http://x/?{}", String::from_utf8_lossy(body)))
        .unwrap()
        .query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

#[tokio::test]
async fn service_frames_are_public_and_allowed_by_the_documents_policy() {
    let app = app(
        "[[leads.service_frames]]\nlabel = \"Book a Service\"\nurl = \"https://bookings.example.com/alpha?x=1\"\n\
         [[leads.service_frames]]\nlabel = \"Tyres\"\nurl = \"https://tyres.example.net/book\"\n",
        None,
    )
    .await;
    let (_, _, t) = call(&app.router, get("alpha.localhost", "/api/v1/tenant")).await;
    let t: Value = serde_json::from_str(&t).unwrap();
    assert_eq!(t["leads"]["service_frames"][1]["label"], "Tyres");
    let (_, headers, _) = call(&app.router, get("alpha.localhost", "/service")).await;
    let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(
        csp.contains("frame-src https://bookings.example.com https://tyres.example.net https://www.youtube.com"),
        "{csp}"
    );
    let (_, headers, _) = call(&self::app("", None).await.router, get("alpha.localhost", "/service")).await;
    assert!(!headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains("example"));
}
