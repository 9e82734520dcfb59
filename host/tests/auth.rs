//! docs/features/platform.md "Sign-in and watchlist", "Checked by" (host side), through the real
//! router and storage (SQLite file, and PostgreSQL when FORECOURT_TEST_DATABASE_URL is set): a
//! sixth wrong code is refused even with the right one; a new code does not reset the failure
//! count; codes (code rows, the SMS outbox) and session ids are not stored in clear; codes are
//! single use; one tenant's session
//! cookie grants nothing on another tenant's host; sign-out ends the session on the host; foreign
//! Origins are refused; the watchlist saves, refuses sold cars and lists current status
//! (docs/features/locations-forms-marketing.md §4, §7, §8; docs/features/shopper-core.md §4, §7).

mod auth_support;
mod common;

use std::sync::Arc;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use common::{call, get, tenant_toml, test_db, write_tenants};
use forecourt_host::{repo::TenantRepo, stock::import_feed};
use serde_json::{Value, json};
use sqlx::Row;

const ADMIN: &str = "test-admin-token";
const FEED: &str = "stocknum,vin,year,make,model,badge,price,km,car_type,status,created_at,sold_at\n\
A1,,2021,Toyota,Corolla,Ascent,24990,45000,used,in_stock,2026-10-01T00:00:00Z,\n\
S1,,2019,Mazda,CX-5,Maxx,21990,80000,used,sold,2026-10-01T00:00:00Z,2026-11-17T00:00:00Z\n";

struct App {
    tdb: common::TestDb,
    data: std::path::PathBuf,
    _dir: tempfile::TempDir,
    router: axum::Router,
}

async fn app(secure: Option<bool>) -> App {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha")), ("beta", tenant_toml("beta"))]);
    let mut state = common::state(&tdb.db, reg, dir.path(), Some(ADMIN)).await;
    let mut settings = (*state.settings).clone();
    settings.secure_cookies = secure;
    // The generated code secret goes to the test's own data dir.
    settings.data_dir = dir.path().join("data");
    state.settings = Arc::new(settings);
    for slug in ["alpha", "beta"] {
        let t = state.tenants.by_slug(slug).unwrap().clone();
        let r = import_feed(&tdb.db, &t, FEED.as_bytes(), common::csv_opts("feed.csv"))
            .await
            .unwrap();
        assert!(r.errors.is_empty(), "{r:?}");
    }
    App {
        tdb,
        data: state.settings.data_dir.clone(),
        _dir: dir,
        router: common::app(state),
    }
}

/// A random Australian mobile so tests never share a rate-limit key.
fn phone() -> String {
    let mut b = [0u8; 4];
    getrandom::fill(&mut b).unwrap();
    format!("04{:08}", u32::from_le_bytes(b) % 100_000_000)
}

async fn post(app: &App, tenant: &str, path: &str, body: Value, cookie: Option<&str>) -> (StatusCode, Value, Option<String>) {
    let mut req = Request::post(path)
        .header("host", format!("{tenant}.localhost"))
        .header("content-type", "application/json");
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    let (s, h, b) = call(&app.router, req.body(Body::from(body.to_string())).unwrap()).await;
    let set = h.get(header::SET_COOKIE).map(|v| v.to_str().unwrap().to_string());
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)), set)
}

async fn fetch(app: &App, tenant: &str, path: &str, cookie: Option<&str>) -> (StatusCode, Value) {
    let mut req = get(&format!("{tenant}.localhost"), path);
    if let Some(c) = cookie {
        req.headers_mut().insert(header::COOKIE, c.parse().unwrap());
    }
    if path.contains("/admin/") {
        req.headers_mut()
            .insert(header::AUTHORIZATION, format!("Bearer {ADMIN}").parse().unwrap());
    }
    let (s, _, b) = call(&app.router, req).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

/// Sends a code and reads it back from the development sink (the admin API: the `log`
/// provider's process memory).
async fn send_code(app: &App, tenant: &str, phone: &str) -> String {
    let (s, v, _) = post(app, tenant, "/api/v1/auth/send-code", json!({"phone": phone}), None).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, msgs) = fetch(app, tenant, &format!("/api/v1/admin/sms-outbox?phone={phone}"), None).await;
    assert_eq!(s, StatusCode::OK, "{msgs}");
    let body = msgs[0]["body"].as_str().unwrap();
    assert!(body.ends_with("sign-in code. It expires in 10 minutes."), "{body}");
    body[..6].to_string()
}

async fn verify(app: &App, tenant: &str, phone: &str, code: &str) -> (StatusCode, Value, Option<String>) {
    post(app, tenant, "/api/v1/auth/verify", json!({"phone": phone, "code": code}), None).await
}

fn wrong(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000)
}

/// `name=value` from a Set-Cookie header.
fn cookie_pair(set: &str) -> String {
    set.split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn a_sixth_wrong_code_is_refused_even_with_the_right_one() {
    let app = app(None).await;
    let p = phone();
    let code = send_code(&app, "alpha", &p).await;
    for i in 0..5 {
        let (s, v, _) = verify(&app, "alpha", &p, &wrong(&code)).await;
        assert_eq!(
            (s, v["error"]["message"].as_str()),
            (
                StatusCode::UNAUTHORIZED,
                Some("The verification code is invalid. Please try again.")
            ),
            "wrong code {i}"
        );
    }
    let (s, v, set) = verify(&app, "alpha", &p, &code).await;
    assert_eq!(
        (s, v["error"]["message"].as_str()),
        (
            StatusCode::TOO_MANY_REQUESTS,
            Some("Too many verification attempts. Please try again later.")
        )
    );
    assert!(set.is_none(), "no session after a refusal");
}

#[tokio::test]
async fn a_new_code_does_not_reset_the_failure_count() {
    let app = app(None).await;
    let p = phone();
    let first = send_code(&app, "alpha", &p).await;
    for _ in 0..3 {
        assert_eq!(verify(&app, "alpha", &p, &wrong(&first)).await.0, StatusCode::UNAUTHORIZED);
    }
    let second = send_code(&app, "alpha", &p).await;
    for _ in 0..2 {
        assert_eq!(verify(&app, "alpha", &p, &wrong(&second)).await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(verify(&app, "alpha", &p, &second).await.0, StatusCode::TOO_MANY_REQUESTS);
    // Another phone is not affected.
    let q = phone();
    let code = send_code(&app, "alpha", &q).await;
    assert_eq!(verify(&app, "alpha", &q, &code).await.0, StatusCode::OK);
}

#[tokio::test]
async fn codes_and_sessions_are_not_stored_in_clear_and_codes_are_single_use() {
    let app = app(None).await;
    let p = phone();
    let code = send_code(&app, "alpha", &p).await;
    let rows = sqlx::query("SELECT code_mac, nonce FROM verification_codes WHERE phone = $1")
        .bind(&p)
        .fetch_all(&app.tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(rows.len(), 1);
    let (mac, nonce): (String, String) = (rows[0].get(0), rows[0].get(1));
    assert!(mac.len() == 64 && !mac.contains(&code) && nonce.len() == 32, "{mac} {nonce}");
    // The keyed hash: it checks only under the server's secret (here generated in the data dir).
    let secret = std::fs::read_to_string(app.data.join("code_secret")).unwrap();
    let keys = forecourt_host::auth::keys::CodeKeys::new(secret.trim().as_bytes(), &[]);
    assert!(keys.matches(&mac, "alpha", &p, &code, &nonce));
    let other = forecourt_host::auth::keys::CodeKeys::new(b"another secret, at least 32 characters", &[]);
    assert!(!other.matches(&mac, "alpha", &p, &code, &nonce));
    // The outbox keeps the message with the code masked; no stored text holds the code.
    let bodies = auth_support::stored_bodies(&app.tdb.db, &p).await;
    assert_eq!(
        bodies,
        vec!["•••••• is your alpha Motors sign-in code. It expires in 10 minutes.".to_string()]
    );

    let (s, v, set) = verify(&app, "alpha", &p, &code).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["user"]["phone"], p.as_str());
    let set = set.expect("a session cookie");
    let pair = cookie_pair(&set);
    let id = pair.split_once('=').unwrap().1;
    let stored: Vec<String> = sqlx::query("SELECT id_hash FROM sessions")
        .fetch_all(&app.tdb.db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(stored.len(), 1);
    assert!(!stored[0].contains(id), "the session id is stored hashed");
    // The verification record (docs/features/locations-forms-marketing.md §3).
    let r = sqlx::query("SELECT website_slug, dealership_slug, verification_type FROM verifications")
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(
        (r.get::<String, _>(0), r.get::<String, _>(1), r.get::<String, _>(2)),
        ("alpha".into(), "alpha-dealer".into(), "sms".into())
    );
    // Single use.
    assert_eq!(verify(&app, "alpha", &p, &code).await.0, StatusCode::UNAUTHORIZED);
    // Events 36 (sent) and 37 (verified).
    let events: Vec<i64> = sqlx::query("SELECT event_id FROM events WHERE tenant = 'alpha' ORDER BY id")
        .fetch_all(&app.tdb.db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(events, vec![36, 37]);
}

#[tokio::test]
async fn a_session_is_bound_to_its_tenant_and_ends_at_sign_out() {
    let app = app(None).await;
    let p = phone();
    let code = send_code(&app, "alpha", &p).await;
    let (_, _, set) = verify(&app, "alpha", &p, &code).await;
    let set = set.unwrap();
    // Loopback development: no Secure, so no __Host- prefix; always HttpOnly and SameSite=Lax.
    assert!(set.starts_with("forecourt_session="), "{set}");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Path=/") && !set.contains("Secure"),
        "{set}"
    );
    let cookie = cookie_pair(&set);
    let (s, me) = fetch(&app, "alpha", "/api/v1/auth/me", Some(&cookie)).await;
    assert_eq!((s, me["user"]["phone"].as_str()), (StatusCode::OK, Some(p.as_str())));
    // Another tenant's host: nothing.
    let (s, v) = fetch(&app, "beta", "/api/v1/auth/me", Some(&cookie)).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("sign_in_required"))
    );
    let beta_car = TenantRepo::new(&app.tdb.db, "beta").car_by_stocknum("A1").await.unwrap().unwrap();
    let (s, _, _) = post(
        &app,
        "beta",
        "/api/watchlist/save-car",
        json!({"phone_number": p, "car_id": beta_car.id}),
        Some(&cookie),
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    // Sign-out on another tenant's host leaves alpha's session alone.
    let (s, _, _) = post(&app, "beta", "/api/v1/auth/sign-out", json!({}), Some(&cookie)).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    let (s, _) = fetch(&app, "alpha", "/api/v1/auth/me", Some(&cookie)).await;
    assert_eq!(s, StatusCode::OK, "a sign-out on beta's host does not end alpha's session");
    // Sign-out deletes the session on the host: the old cookie no longer works.
    let (s, _, _) = post(&app, "alpha", "/api/v1/auth/sign-out", json!({}), Some(&cookie)).await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    let (s, _) = fetch(&app, "alpha", "/api/v1/auth/me", Some(&cookie)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let left: i64 = sqlx::query("SELECT COUNT(*) FROM sessions")
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(left, 0);
}

#[tokio::test]
async fn secure_cookies_use_the_host_prefix() {
    let app = app(Some(true)).await;
    let p = phone();
    let code = send_code(&app, "alpha", &p).await;
    let (_, _, set) = verify(&app, "alpha", &p, &code).await;
    let set = set.unwrap();
    assert!(
        set.starts_with("__Host-forecourt_session=") && set.contains("Secure") && set.contains("HttpOnly"),
        "{set}"
    );
    assert!(!set.contains("Domain="), "__Host- cookies carry no Domain: {set}");
    // At most 30 days.
    let max_age: i64 = set
        .split(';')
        .find_map(|p| p.trim().strip_prefix("Max-Age="))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("Max-Age in {set}"));
    assert!(max_age <= 30 * 86_400 && max_age > 29 * 86_400, "{max_age}");
}

#[tokio::test]
async fn bad_input_and_foreign_origins() {
    let app = app(None).await;
    for (body, field, msg) in [
        (json!({"phone": ""}), "phone", "This is a required field."),
        (
            json!({"phone": "0712345678"}),
            "phone",
            "Please enter a valid Australian mobile number.",
        ),
    ] {
        let (s, v, _) = post(&app, "alpha", "/api/v1/auth/send-code", body, None).await;
        assert_eq!(
            (s, v["error"]["field"].as_str(), v["error"]["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field), Some(msg))
        );
    }
    for (code, msg) in [
        ("", "This is a required field."),
        ("12345", "Code must be 6 digits."),
        ("12a456", "Code must be 6 digits."),
    ] {
        let (s, v, _) = verify(&app, "alpha", "0412345678", code).await;
        assert_eq!(
            (s, v["error"]["field"].as_str(), v["error"]["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some("code"), Some(msg))
        );
    }
    // +61 numbers are normalised to a leading 0.
    let p = phone();
    let intl = format!("+61 {}", &p[1..]);
    let (s, v, _) = post(&app, "alpha", "/api/v1/auth/send-code", json!({"phone": intl}), None).await;
    assert_eq!((s, v["phone"].as_str()), (StatusCode::OK, Some(p.as_str())));
    // Five codes an hour per phone: the sixth is refused with the spec's message.
    for _ in 0..4 {
        assert_eq!(
            post(&app, "alpha", "/api/v1/auth/send-code", json!({"phone": p}), None).await.0,
            StatusCode::OK
        );
    }
    let (s, v, _) = post(&app, "alpha", "/api/v1/auth/send-code", json!({"phone": p}), None).await;
    assert_eq!(
        (s, v["error"]["message"].as_str()),
        (
            StatusCode::TOO_MANY_REQUESTS,
            Some("Too many verification attempts. Please try again later.")
        )
    );
    let (s, _, _) = post(&app, "alpha", "/api/rate-limit", json!({"phone": p}), None).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "the probe agrees");
    let (s, v, _) = post(&app, "alpha", "/api/rate-limit", json!({"phone": phone()}), None).await;
    assert_eq!((s, &v["ok"]), (StatusCode::OK, &json!(true)));
    // A post from another site's page.
    let req = Request::post("/api/v1/auth/send-code")
        .header("host", "alpha.localhost")
        .header("origin", "https://evil.example")
        .header("content-type", "application/json")
        .body(Body::from(json!({"phone": phone()}).to_string()))
        .unwrap();
    let (s, _, b) = call(&app.router, req).await;
    assert_eq!(s, StatusCode::FORBIDDEN, "{b}");
    let req = Request::post("/api/v1/auth/send-code")
        .header("host", "alpha.localhost:8080")
        .header("origin", "http://alpha.localhost:8080")
        .header("content-type", "application/json")
        .body(Body::from(json!({"phone": phone()}).to_string()))
        .unwrap();
    assert_eq!(call(&app.router, req).await.0, StatusCode::OK, "same origin passes");
    // Every state-changing route checks Origin, not only sign-in and the watchlist.
    for path in [
        "/api/v1/leads",
        "/api/v1/finance/quote",
        "/api/v1/finance/repayment",
        "/api/v1/trade-in/rego",
        "/api/v1/auth/sign-out",
    ] {
        let req = Request::post(path)
            .header("host", "alpha.localhost")
            .header("origin", "https://evil.example")
            .header("content-type", "application/json")
            .body(Body::from("{}"))
            .unwrap();
        let (s, _, b) = call(&app.router, req).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{path}: {b}");
        assert!(b.contains("cross_origin"), "{path}: {b}");
    }
    // The sink is admin-only.
    let (s, _, _) = call(&app.router, get("alpha.localhost", "/api/v1/admin/sms-outbox")).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_watchlist_saves_refuses_sold_cars_and_lists_current_status() {
    let app = app(None).await;
    let repo = TenantRepo::new(&app.tdb.db, "alpha");
    let (car, sold) = (
        repo.car_by_stocknum("A1").await.unwrap().unwrap(),
        repo.car_by_stocknum("S1").await.unwrap().unwrap(),
    );
    let p = phone();
    // A guest: 401.
    let (s, _, _) = post(
        &app,
        "alpha",
        "/api/watchlist/save-car",
        json!({"phone_number": p, "car_id": car.id}),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let code = send_code(&app, "alpha", &p).await;
    let cookie = cookie_pair(&verify(&app, "alpha", &p, &code).await.2.unwrap());
    let (_, v) = fetch(&app, "alpha", &format!("/api/check-if-contact-exists?phone_number={p}"), None).await;
    assert_eq!(v["exists"], true);

    let save = |id: i64, ph: String| json!({"phone_number": ph, "car_id": id});
    let (s, v, _) = post(&app, "alpha", "/api/watchlist/save-car", save(car.id, p.clone()), Some(&cookie)).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"success": true, "saved": true})));
    // Saving twice is one entry.
    assert_eq!(
        post(&app, "alpha", "/api/watchlist/save-car", save(car.id, p.clone()), Some(&cookie))
            .await
            .0,
        StatusCode::OK
    );
    // A sold car cannot be saved.
    let (s, v, _) = post(&app, "alpha", "/api/watchlist/save-car", save(sold.id, p.clone()), Some(&cookie)).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("car_sold"))
    );
    // Another phone than the session's.
    let (s, _, _) = post(&app, "alpha", "/api/watchlist/save-car", save(car.id, phone()), Some(&cookie)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // Another tenant's car id.
    let beta = TenantRepo::new(&app.tdb.db, "beta").car_by_stocknum("A1").await.unwrap().unwrap();
    let (s, _, _) = post(&app, "alpha", "/api/watchlist/save-car", save(beta.id, p.clone()), Some(&cookie)).await;
    assert_eq!(s, StatusCode::NOT_FOUND);

    let (s, list) = fetch(&app, "alpha", "/api/v1/watchlist", Some(&cookie)).await;
    assert_eq!(s, StatusCode::OK, "{list}");
    let cars = list["cars"].as_array().unwrap();
    assert_eq!(cars.len(), 1);
    assert_eq!(
        (
            cars[0]["car_id"].as_i64(),
            cars[0]["status"].as_str(),
            cars[0]["available"].as_bool()
        ),
        (Some(car.id), Some("in_stock"), Some(true))
    );
    assert_eq!(cars[0]["path"], format!("/cars/{}", car.slug));
    assert!(cars[0]["price_view"].is_object());

    // Once saved, a car that sells stays saved (and can be saved again without error).
    sqlx::query("UPDATE cars SET status = 'sold' WHERE id = $1")
        .bind(car.id)
        .execute(&app.tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(
        post(&app, "alpha", "/api/watchlist/save-car", save(car.id, p.clone()), Some(&cookie))
            .await
            .0,
        StatusCode::OK
    );
    let (_, list) = fetch(&app, "alpha", "/api/v1/watchlist", Some(&cookie)).await;
    assert_eq!(list["cars"][0]["status"], "sold");
    let (s, v, _) = post(&app, "alpha", "/api/watchlist/remove-car", save(car.id, p.clone()), Some(&cookie)).await;
    assert_eq!((s, v), (StatusCode::OK, json!({"success": true, "saved": false})));
    let (_, list) = fetch(&app, "alpha", "/api/v1/watchlist", Some(&cookie)).await;
    assert_eq!(list["cars"], json!([]));
    let saves: i64 = sqlx::query("SELECT COUNT(*) FROM events WHERE tenant = 'alpha' AND event_id = 39")
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(saves, 3, "event 39 per save");
}
