//! docs/features/platform.md "Sign-in and watchlist" (issue 23, items 1 and 2), through the real
//! router and storage (SQLite file, and PostgreSQL when FORECOURT_TEST_DATABASE_URL is set):
//! concurrent wrong guesses evaluate exactly 5 per code (one conditional UPDATE claims each);
//! another client's wrong codes do not lock the owner out; the per-phone ceiling holds for
//! everyone and a correct code from a new send works once its window has passed; rotating the
//! code secret keeps pending codes valid; the `http` provider gets the real text while storage
//! keeps it masked; migration 0010 masks codes already in the outbox and retires salted hashes
//! (docs/features/locations-forms-marketing.md §8 messages).

mod auth_support;
mod common;

use std::{
    net::SocketAddr,
    sync::{Arc, Mutex},
};

use axum::{
    body::Body,
    extract::ConnectInfo,
    http::{Request, StatusCode},
};
use common::{call, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    auth::{
        DbSessionStore,
        sign_in::{self, CodeCheck},
        sms,
    },
    config::{Secret, Settings, SmsProviderKind},
    db::Db,
    error::ErrorKind,
    tenant::Tenant,
};
use serde_json::{Value, json};
use sqlx::Row;

const ADMIN: &str = "test-admin-token";
const TOO_MANY: &str = "Too many verification attempts. Please try again later.";
const INVALID: &str = "The verification code is invalid. Please try again.";

struct App {
    tdb: common::TestDb,
    _dir: tempfile::TempDir,
    settings: Settings,
    tenant: Arc<Tenant>,
    router: axum::Router,
}

async fn app(tweak: impl FnOnce(&mut Settings)) -> App {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let mut state = common::state(&tdb.db, reg, dir.path(), Some(ADMIN)).await;
    let mut settings = (*state.settings).clone();
    settings.data_dir = dir.path().join("data");
    tweak(&mut settings);
    state.settings = Arc::new(settings.clone());
    let tenant = state.tenants.by_slug("alpha").unwrap().clone();
    App {
        tdb,
        _dir: dir,
        settings,
        tenant,
        router: common::app(state),
    }
}

/// A random Australian mobile so tests never share a rate-limit key.
fn phone() -> String {
    let mut b = [0u8; 4];
    getrandom::fill(&mut b).unwrap();
    format!("04{:08}", u32::from_le_bytes(b) % 100_000_000)
}

/// POSTs `body` to `path` on alpha's host from client address `ip`.
async fn post(router: &axum::Router, ip: &str, path: &str, body: Value) -> (StatusCode, Value) {
    let mut req = Request::post(path)
        .header("host", "alpha.localhost")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let addr: SocketAddr = format!("{ip}:40000").parse().unwrap();
    req.extensions_mut().insert(ConnectInfo(addr));
    let (s, _, b) = call(router, req).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

/// The newest code texted to `phone` (the `log` development sink, through the admin API).
async fn code_for(app: &App, phone: &str) -> String {
    let req = Request::get(format!("/api/v1/admin/sms-outbox?phone={phone}"))
        .header("host", "alpha.localhost")
        .header("authorization", format!("Bearer {ADMIN}"))
        .body(Body::empty())
        .unwrap();
    let (s, _, b) = call(&app.router, req).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let msgs: Value = serde_json::from_str(&b).unwrap();
    msgs[0]["body"].as_str().unwrap()[..6].to_string()
}

async fn send(app: &App, ip: &str, phone: &str) -> String {
    let (s, v) = post(&app.router, ip, "/api/v1/auth/send-code", json!({"phone": phone})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    code_for(app, phone).await
}

async fn verify(app: &App, ip: &str, phone: &str, code: &str) -> (StatusCode, Option<String>) {
    let (s, v) = post(&app.router, ip, "/api/v1/auth/verify", json!({"phone": phone, "code": code})).await;
    (s, v["error"]["message"].as_str().map(str::to_string))
}

fn wrong(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000)
}

async fn count(db: &Db, sql: &str, phone: &str) -> i64 {
    sqlx::query(sql).bind(phone).fetch_one(&db.pool).await.unwrap().get(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_wrong_guesses_evaluate_exactly_five() {
    let app = app(|_| {}).await;
    let p = phone();
    let code = send(&app, "192.0.2.1", &p).await;
    // Twenty guesses at once, each from its own address, so only the code's own guess count
    // (the conditional UPDATE) can stop them.
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let (router, p, guess) = (app.router.clone(), p.clone(), wrong(&code));
            tokio::spawn(async move {
                post(
                    &router,
                    &format!("198.51.100.{}", i + 1),
                    "/api/v1/auth/verify",
                    json!({"phone": p, "code": guess}),
                )
                .await
            })
        })
        .collect();
    let (mut wrong_code, mut locked) = (0, 0);
    for t in tasks {
        let (s, v) = t.await.unwrap();
        match (s, v["error"]["message"].as_str()) {
            (StatusCode::UNAUTHORIZED, Some(INVALID)) => wrong_code += 1,
            (StatusCode::TOO_MANY_REQUESTS, Some(TOO_MANY)) => locked += 1,
            other => panic!("unexpected answer {other:?}"),
        }
    }
    assert_eq!((wrong_code, locked), (5, 15));
    let db = &app.tdb.db;
    assert_eq!(count(db, "SELECT attempts FROM verification_codes WHERE phone = $1", &p).await, 5);
    assert_eq!(
        count(db, "SELECT COUNT(*) FROM verification_failures WHERE phone = $1", &p).await,
        5
    );
    // The spent code is refused even when right; a fresh code for the owner works.
    assert_eq!(
        verify(&app, "192.0.2.1", &p, &code).await,
        (StatusCode::TOO_MANY_REQUESTS, Some(TOO_MANY.into()))
    );
    let fresh = send(&app, "192.0.2.1", &p).await;
    assert_eq!(verify(&app, "192.0.2.1", &p, &fresh).await.0, StatusCode::OK);
}

#[tokio::test]
async fn another_clients_wrong_codes_do_not_lock_the_owner_out() {
    let app = app(|_| {}).await;
    let p = phone();
    let (attacker, owner) = ("203.0.113.9", "192.0.2.44");
    // The attacker asks for a code and fails five times: locked out of this phone.
    let code = send(&app, attacker, &p).await;
    for _ in 0..5 {
        assert_eq!(
            verify(&app, attacker, &p, &wrong(&code)).await,
            (StatusCode::UNAUTHORIZED, Some(INVALID.into()))
        );
    }
    assert_eq!(verify(&app, attacker, &p, &wrong(&code)).await.0, StatusCode::TOO_MANY_REQUESTS);
    let (s, _) = post(&app.router, attacker, "/api/v1/auth/send-code", json!({"phone": p})).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "no more codes for the attacker");
    let (s, _) = post(&app.router, attacker, "/api/rate-limit", json!({"phone": p})).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "the probe agrees for the attacker");
    // The owner, elsewhere, is not: the probe says go, a fresh code signs in.
    let (s, _) = post(&app.router, owner, "/api/rate-limit", json!({"phone": p})).await;
    assert_eq!(s, StatusCode::OK);
    let fresh = send(&app, owner, &p).await;
    assert_eq!(verify(&app, owner, &p, &fresh).await.0, StatusCode::OK);
    // A guess with no live code evaluates nothing and counts nothing.
    let before = count(&app.tdb.db, "SELECT COUNT(*) FROM verification_failures WHERE phone = $1", &p).await;
    assert_eq!(verify(&app, owner, &p, &fresh).await.0, StatusCode::UNAUTHORIZED, "single use");
    assert_eq!(
        count(&app.tdb.db, "SELECT COUNT(*) FROM verification_failures WHERE phone = $1", &p).await,
        before
    );
}

/// A session over the test's storage, for calling the domain directly.
fn session(db: &Db) -> tower_sessions::Session {
    tower_sessions::Session::new(None, Arc::new(DbSessionStore::new(db.clone())), None)
}

/// Sends a code through the domain at `now` (unix seconds) from `ip`; returns it (the sink).
async fn send_at(app: &App, settings: &Settings, ip: &str, phone: &str, now: i64) -> Result<String, ErrorKind> {
    sign_in::send_code(&app.tdb.db, settings, &app.tenant, ip, Some(phone), now)
        .await
        .map_err(|e| e.kind)?;
    let msgs = sms::sms_outbox(&app.tdb.db, settings, "alpha", Some(phone)).await.unwrap();
    Ok(msgs[0].body[..6].to_string())
}

/// Checks a code through the domain at `now` (unix seconds) from `ip`.
async fn verify_at(app: &App, settings: &Settings, ip: &str, phone: &str, code: &str, now: i64) -> Result<(), ErrorKind> {
    let check = CodeCheck {
        phone: Some(phone),
        code: Some(code),
        dealership_slug: None,
        client: ip,
    };
    sign_in::verify(&app.tdb.db, settings, &app.tenant, &session(&app.tdb.db), check, now)
        .await
        .map(|_| ())
        .map_err(|e| e.kind)
}

#[tokio::test]
async fn the_per_phone_ceiling_holds_for_everyone_until_its_shorter_window_passes() {
    let app = app(|_| {}).await;
    let s = app.settings.clone();
    assert_eq!((s.sign_in_failures_per_phone, s.sign_in_phone_window_seconds), (15, 900));
    let (p, now) = (phone(), plugins_now());
    // Three clients fail five times each: the phone's ceiling (15 in 15 minutes) is reached.
    for i in 1..=3 {
        let ip = format!("203.0.113.{i}");
        let code = send_at(&app, &s, &ip, &p, now).await.unwrap();
        for _ in 0..5 {
            assert_eq!(verify_at(&app, &s, &ip, &p, &wrong(&code), now).await, Err(ErrorKind::Unauthorized));
        }
    }
    // Now nobody gets or checks a code for this phone, the owner included.
    let owner = "192.0.2.7";
    assert_eq!(send_at(&app, &s, owner, &p, now + 1).await, Err(ErrorKind::TooManyRequests));
    assert_eq!(
        verify_at(&app, &s, owner, &p, "000000", now + 1).await,
        Err(ErrorKind::TooManyRequests)
    );
    // Just before the window ends, still refused; after it, a new send's correct code works.
    assert_eq!(send_at(&app, &s, owner, &p, now + 899).await, Err(ErrorKind::TooManyRequests));
    let code = send_at(&app, &s, owner, &p, now + 900).await.unwrap();
    assert_eq!(verify_at(&app, &s, owner, &p, &code, now + 902).await, Ok(()));
    // The attackers' own hour is not over: each is still refused for this phone.
    assert_eq!(
        send_at(&app, &s, "203.0.113.1", &p, now + 903).await,
        Err(ErrorKind::TooManyRequests)
    );
    // Another phone was never affected.
    let q = phone();
    let code = send_at(&app, &s, "203.0.113.1", &q, now + 1).await.unwrap();
    assert_eq!(verify_at(&app, &s, "203.0.113.1", &q, &code, now + 2).await, Ok(()));
}

/// The current time, unix seconds (the domain's clock).
fn plugins_now() -> i64 {
    forecourt_host::plugins::unix_now()
}

#[tokio::test]
async fn rotating_the_code_secret_keeps_pending_codes_valid() {
    let (old, new) = (
        "the old code secret, 32 characters or more",
        "the new code secret, 32 characters or more",
    );
    let app = app(|s| s.code_secret = Secret::new(old)).await;
    let now = plugins_now();
    let (p, q) = (phone(), phone());
    let code_p = send_at(&app, &app.settings, "192.0.2.1", &p, now).await.unwrap();
    let code_q = send_at(&app, &app.settings, "192.0.2.1", &q, now).await.unwrap();
    // The new secret alone does not know codes sent under the old one ...
    let only_new = Settings {
        code_secret: Secret::new(new),
        ..app.settings.clone()
    };
    assert_eq!(
        verify_at(&app, &only_new, "192.0.2.1", &q, &code_q, now + 1).await,
        Err(ErrorKind::Unauthorized)
    );
    // ... with the old one kept as previous, they still sign in, and new codes use the new one.
    let rotated = Settings {
        code_secrets_previous: vec![Secret::new(old).unwrap()],
        ..only_new.clone()
    };
    assert_eq!(verify_at(&app, &rotated, "192.0.2.1", &p, &code_p, now + 1).await, Ok(()));
    let r = phone();
    let code_r = send_at(&app, &rotated, "192.0.2.1", &r, now + 2).await.unwrap();
    assert_eq!(verify_at(&app, &only_new, "192.0.2.1", &r, &code_r, now + 3).await, Ok(()));
    // An environment variable can hold the secret; a short one is refused, not used.
    let var = format!("FORECOURT_TEST_CODE_SECRET_{}", std::process::id());
    // SAFETY: this test alone reads this variable, named after the process.
    unsafe { std::env::set_var(&var, "short") };
    let from_env = Settings {
        code_secret: None,
        code_secret_env: Some(var.clone()),
        ..app.settings.clone()
    };
    assert_eq!(send_at(&app, &from_env, "192.0.2.1", &phone(), now).await, Err(ErrorKind::Internal));
    unsafe { std::env::set_var(&var, new) };
    let t = phone();
    let code_t = send_at(&app, &from_env, "192.0.2.1", &t, now).await.unwrap();
    assert_eq!(verify_at(&app, &only_new, "192.0.2.1", &t, &code_t, now + 1).await, Ok(()));
}

#[tokio::test]
async fn the_http_provider_gets_the_code_and_storage_keeps_it_masked() {
    // A real SMS gateway on 127.0.0.1 that keeps what it receives.
    let received: Arc<Mutex<Vec<Value>>> = Arc::default();
    let keep = received.clone();
    let gateway = axum::Router::new().route(
        "/send",
        axum::routing::post(move |axum::Json(v): axum::Json<Value>| {
            let keep = keep.clone();
            async move {
                keep.lock().unwrap().push(v);
                StatusCode::OK
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/send", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, gateway).await.unwrap() });

    let app = app(|s| {
        s.sms_provider = SmsProviderKind::Http;
        s.sms_url = Some(url);
    })
    .await;
    let p = phone();
    let (s, v) = post(&app.router, "192.0.2.1", "/api/v1/auth/send-code", json!({"phone": p})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let got = received.lock().unwrap().clone();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["to"], format!("+61{}", &p[1..]));
    let body = got[0]["body"].as_str().unwrap().to_string();
    let code = body[..6].to_string();
    assert!(code.bytes().all(|b| b.is_ascii_digit()), "{body}");
    // Storage and the admin view have the masked text only.
    let stored: String = sqlx::query("SELECT body FROM sms_outbox WHERE phone = $1")
        .bind(&p)
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, body.replacen(&code, "••••••", 1));
    let req = Request::get(format!("/api/v1/admin/sms-outbox?phone={p}"))
        .header("host", "alpha.localhost")
        .header("authorization", format!("Bearer {ADMIN}"))
        .body(Body::empty())
        .unwrap();
    let (s, _, b) = call(&app.router, req).await;
    assert_eq!(s, StatusCode::OK);
    let msgs: Value = serde_json::from_str(&b).unwrap();
    assert_eq!(
        (msgs[0]["body"].as_str(), msgs[0]["provider"].as_str()),
        (Some(stored.as_str()), Some("http"))
    );
    assert!(!b.contains(&code), "{b}");
    // The code the shopper received signs in.
    assert_eq!(verify(&app, "192.0.2.1", &p, &code).await.0, StatusCode::OK);
}

#[tokio::test]
async fn the_upgrade_masks_stored_codes_and_retires_salted_hashes() {
    // Rows as the earlier schema left them: a clear code in the outbox, a pending salted hash.
    let app = app(|_| {}).await;
    let db = &app.tdb.db;
    let p = phone();
    sqlx::query("INSERT INTO sms_outbox (tenant, phone, body, provider, status, created_at) VALUES ('alpha', $1, $2, 'http', 'sent', 1)")
        .bind(&p)
        .bind("123456 is your alpha Motors sign-in code. It expires in 10 minutes.")
        .execute(&db.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO sms_outbox (tenant, phone, body, provider, status, created_at) VALUES ('alpha', $1, 'Your car is ready', 'http', 'sent', 2)")
        .bind(&p)
        .execute(&db.pool)
        .await
        .unwrap();
    let now = plugins_now();
    sqlx::query(
        "INSERT INTO verification_codes (tenant, phone, code_mac, nonce, created_at, expires_at) VALUES ('alpha', $1, 'old-salted-sha256', 'salt', $2, $3)",
    )
    .bind(&p)
    .bind(now)
    .bind(now + 600)
    .execute(&db.pool)
    .await
    .unwrap();
    // The data statements of migration 0010, as the file has them for this engine.
    let engine = if app.tdb.is_postgres() { "postgres" } else { "sqlite" };
    let path = format!("{}/../migrations/{engine}/0010_sign_in_keyed_codes.sql", env!("CARGO_MANIFEST_DIR"));
    let sql = std::fs::read_to_string(path).unwrap();
    for stmt in sql.lines().filter(|l| l.starts_with("UPDATE ")) {
        sqlx::query(stmt.trim_end_matches(';')).execute(&db.pool).await.unwrap();
    }
    let bodies = auth_support::stored_bodies(db, &p).await;
    assert_eq!(
        bodies,
        vec![
            "•••••• is your alpha Motors sign-in code. It expires in 10 minutes.".to_string(),
            "Your car is ready".into()
        ]
    );
    let (mac, expires): (String, i64) = {
        let r = sqlx::query("SELECT code_mac, expires_at FROM verification_codes WHERE phone = $1")
            .bind(&p)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        (r.get(0), r.get(1))
    };
    assert_eq!((mac.as_str(), expires), ("", now), "the pending salted hash is gone and expired");
    // Checking against it evaluates nothing: no failure is counted.
    assert_eq!(
        verify_at(&app, &app.settings, "192.0.2.1", &p, "123456", now + 1).await,
        Err(ErrorKind::Unauthorized)
    );
    assert_eq!(
        count(db, "SELECT COUNT(*) FROM verification_failures WHERE phone = $1", &p).await,
        0
    );
}
