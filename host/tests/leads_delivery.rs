//! docs/features/platform.md "Leads", delivery per tenant and destination: with one tenant's
//! webhook hanging (a real axum server on 127.0.0.1 that never answers), another tenant's lead
//! is delivered while the hanging one is still waiting, and the hanging one keeps failing on its
//! own timeout. Bounded by counts and polls; times are printed, never asserted. Real storage
//! (SQLite file, or PostgreSQL when FORECOURT_TEST_DATABASE_URL is set).

mod common;
mod leads_support;

use std::{
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use axum::http::StatusCode;
use forecourt_host::{leads::delivery, plugins::unix_now};
use leads_support::*;
use serde_json::json;
use sqlx::Row;

/// A webhook that takes every request and never answers; counts the requests it got.
async fn hanging_receiver() -> (String, Arc<AtomicUsize>) {
    let got = Arc::new(AtomicUsize::new(0));
    let seen = got.clone();
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move || {
            let seen = seen.clone();
            async move {
                seen.fetch_add(1, Ordering::SeqCst);
                std::future::pending::<StatusCode>().await
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, got)
}

fn lead(slug: &str, i: usize) -> serde_json::Value {
    json!({"form": "enquiry", "idempotency_key": key(), "name": format!("{slug} {i}"),
        "email": "shopper@example.com", "message": "Is it available?"})
}

/// (status, attempts, last_error) of each of `tenant`'s deliveries, oldest first.
async fn rows(app: &App, tenant: &str) -> Vec<(String, i64, Option<String>)> {
    sqlx::query("SELECT status, attempts, last_error FROM lead_deliveries WHERE tenant = $1 ORDER BY id")
        .bind(tenant)
        .fetch_all(&app.tdb.db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect()
}

/// A healthy webhook's calls (headers, body).
type Seen = Arc<std::sync::Mutex<Vec<(axum::http::HeaderMap, Vec<u8>)>>>;

/// Sites `slow` (its webhook never answers) and `fast` (a healthy webhook), with
/// `lead_delivery_timeout_seconds` and `lead_delivery_concurrency` set: the app, the hanging
/// webhook's request count and the healthy one's calls.
async fn slow_and_fast(timeout_seconds: u64, concurrency: usize) -> (App, Arc<AtomicUsize>, Seen) {
    let (hanging, hung) = hanging_receiver().await;
    let (healthy, seen) = receiver(vec![]).await;
    // SAFETY: set before the worker reads them; only this test binary reads them.
    unsafe {
        std::env::set_var("SLOW__WEBHOOK_SECRET", "whsec-slow");
        std::env::set_var("FAST__WEBHOOK_SECRET", "whsec-fast");
    }
    let hook = |url: &str, var: &str| format!("[leads]\nwebhook_url = \"{url}\"\nwebhook_secret_env = \"{var}\"\n");
    let (slow, fast) = (hook(&hanging, "SLOW__WEBHOOK_SECRET"), hook(&healthy, "FAST__WEBHOOK_SECRET"));
    let mut app = app_with(&[("slow", &slow), ("fast", &fast)], None).await;
    let mut settings = (*app.state.settings).clone();
    settings.lead_delivery_timeout_seconds = timeout_seconds;
    settings.lead_delivery_concurrency = concurrency;
    app.state.settings = Arc::new(settings);
    (app, hung, seen)
}

#[tokio::test]
async fn a_hanging_webhook_delays_only_its_own_tenants_leads() {
    // A long timeout: while the slow tenant's first try is still waiting, nothing of it can have
    // finished, so the fast tenant's delivery cannot have been queued behind it.
    let (mut app, hung, seen) = slow_and_fast(600, 16).await;

    for i in 0..3 {
        let (s, v) = submit_to(&app, "slow", lead("slow", i)).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, v) = submit_to(&app, "fast", lead("fast", 0)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");

    let started = Instant::now();
    let worker = tokio::spawn(delivery::run_worker(app.state.deliverer()));
    let mut delivered = false;
    for _ in 0..2000 {
        if rows(&app, "fast").await[0].0 == "delivered" {
            delivered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    eprintln!("the fast tenant's lead was delivered after {:?}", started.elapsed());
    assert!(delivered, "the fast tenant's lead was not delivered within 2000 polls");
    assert_eq!(seen.lock().unwrap().len(), 1, "one delivery to the healthy webhook");
    // The slow tenant: its first lead is in flight (one request, unanswered), the other two wait
    // behind it, and none has finished a try.
    for _ in 0..2000 {
        if hung.load(Ordering::SeqCst) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(hung.load(Ordering::SeqCst), 1, "one request at a time to one destination");
    let slow = rows(&app, "slow").await;
    assert!(slow.iter().all(|(s, attempts, _)| s == "pending" && *attempts == 0), "{slow:?}");
    worker.abort();
    let _ = worker.await;

    // A short timeout: the slow tenant's rows fail on their own timeout (after the aborted
    // worker's claim has run out): two failures in a row stop its task, and its third lead
    // waits with them for the same retry time (oldest first when it comes); another lead of the
    // fast tenant is delivered in the same round.
    let mut settings = (*app.state.settings).clone();
    settings.lead_delivery_timeout_seconds = 1;
    app.state.settings = Arc::new(settings);
    let (s, _) = submit_to(&app, "fast", lead("fast", 1)).await;
    assert_eq!(s, StatusCode::CREATED);
    let d = app.state.deliverer();
    let later = unix_now() + 600 + delivery::CLAIM_MARGIN_SECONDS + 1;
    let round = Instant::now();
    assert_eq!(delivery::deliver_due(&d, later).await.unwrap(), 3, "two slow tries, one fast");
    eprintln!("a round with two 1 s timeouts took {:?}", round.elapsed());
    let slow = rows(&app, "slow").await;
    for (status, attempts, error) in &slow[..2] {
        assert_eq!((status.as_str(), *attempts), ("pending", 1), "{slow:?}");
        assert!(error.as_deref().unwrap_or_default().contains("no answer within 1 s"), "{slow:?}");
    }
    assert_eq!((slow[2].0.as_str(), slow[2].1), ("pending", 0), "{slow:?}");
    let waits: Vec<i64> = sqlx::query_scalar("SELECT next_attempt_at FROM lead_deliveries WHERE tenant = 'slow' ORDER BY id")
        .fetch_all(&app.tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(
        waits[2],
        waits[0].max(waits[1]),
        "the third waits for the later of the two retries: {waits:?}"
    );
    let fast = rows(&app, "fast").await;
    assert!(fast.iter().all(|(s, attempts, _)| s == "delivered" && *attempts == 1), "{fast:?}");
    assert_eq!(seen.lock().unwrap().len(), 2);
}

/// Issue 40: after an outage, 348 of 780 lead pairs reached the dealer out of order (each failed
/// lead had its own jittered retry time, and whichever came due first went first). Leads stored
/// while the receiver is down, tried in rounds at different times, reach it in the order they
/// were stored once it is back, whatever their own retry times.
#[tokio::test]
async fn after_an_outage_leads_arrive_in_the_order_they_came() {
    // Down for the first 14 tries (every try fails), then up.
    let (url, seen) = receiver(vec![503; 14]).await;
    // SAFETY: set before the worker reads it; only this test binary reads it.
    unsafe { std::env::set_var("ORDER__WEBHOOK_SECRET", "whsec-order") };
    let hook = format!("[leads]\nwebhook_url = \"{url}\"\nwebhook_secret_env = \"ORDER__WEBHOOK_SECRET\"\n");
    let app = app_with(&[("order", &hook)], None).await;
    let d = app.state.deliverer();
    let mut names = Vec::new();
    let mut t = unix_now();
    for i in 0..12 {
        let (s, v) = submit_to(&app, "order", lead("order", i)).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        names.push(format!("order {i}"));
        // A round after every other lead, at a later clock, while the receiver is down: rows
        // fail at different times with their own jittered backoffs.
        if i % 2 == 1 {
            t += 45;
            delivery::deliver_due(&d, t).await.unwrap();
        }
    }
    // Rounds until everything is delivered, each at a later clock (backoffs grow to an hour),
    // where only some rows' own retry is due.
    for _ in 0..60 {
        t += 400;
        delivery::deliver_due(&d, t).await.unwrap();
        if rows(&app, "order").await.iter().all(|(s, _, _)| s == "delivered") {
            break;
        }
    }
    let got = seen.lock().unwrap().clone();
    let mut delivered: Vec<String> = Vec::new();
    for (i, (_, body)) in got.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_slice(body).unwrap();
        let name = v["lead"]["name"].as_str().unwrap_or_default().to_string();
        // The 14 refused tries come first; from the 15th on each call is answered 200.
        if i >= 14 && !delivered.contains(&name) {
            delivered.push(name);
        }
    }
    assert!(
        rows(&app, "order").await.iter().all(|(s, _, _)| s == "delivered"),
        "{:?}",
        rows(&app, "order").await
    );
    assert_eq!(delivered, names, "delivered in the order the leads came");
}

#[tokio::test]
async fn a_row_is_claimed_once_so_two_workers_never_send_it_twice() {
    let (healthy, seen) = receiver(vec![]).await;
    unsafe { std::env::set_var("ALPHA__WEBHOOK_SECRET", "whsec-test") };
    let app = app(
        &format!("[leads]\nwebhook_url = \"{healthy}\"\nwebhook_secret_env = \"ALPHA__WEBHOOK_SECRET\"\n"),
        None,
    )
    .await;
    for i in 0..12 {
        let (s, _) = submit(&app, lead("alpha", i)).await;
        assert_eq!(s, StatusCode::CREATED);
    }
    // Two rounds at once on the same storage (as two hosts would run them).
    let (d1, d2) = (app.state.deliverer(), app.state.deliverer());
    let now = unix_now();
    let (a, b) = tokio::join!(delivery::deliver_due(&d1, now), delivery::deliver_due(&d2, now));
    let (a, b) = (a.unwrap(), b.unwrap());
    eprintln!("round one tried {a}, round two {b}");
    assert_eq!(a + b, 12, "every row tried exactly once");
    assert_eq!(seen.lock().unwrap().len(), 12, "no lead sent twice");
    let keys: std::collections::HashSet<String> = seen
        .lock()
        .unwrap()
        .iter()
        .map(|(h, _)| h["x-forecourt-idempotency-key"].to_str().unwrap().to_string())
        .collect();
    assert_eq!(keys.len(), 12);
}

#[tokio::test]
async fn lead_delivery_concurrency_bounds_the_destinations_delivered_at_once() {
    // One destination at a time: the hanging one (its lead is older) holds the only slot.
    let (app, hung, seen) = slow_and_fast(600, 1).await;
    assert_eq!(submit_to(&app, "slow", lead("slow", 0)).await.0, StatusCode::CREATED);
    assert_eq!(submit_to(&app, "fast", lead("fast", 0)).await.0, StatusCode::CREATED);
    let worker = tokio::spawn(delivery::run_worker(app.state.deliverer()));
    for _ in 0..2000 {
        if hung.load(Ordering::SeqCst) > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(hung.load(Ordering::SeqCst), 1, "the hanging webhook got its request");
    // Several more dispatch rounds (each lead stored wakes the worker): the other destination is
    // never started, since its slot is only free when the 600 s try ends.
    for i in 1..4 {
        assert_eq!(submit_to(&app, "fast", lead("fast", i)).await.0, StatusCode::CREATED);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let claimed: i64 = sqlx::query("SELECT COUNT(*) FROM lead_deliveries WHERE tenant = 'fast' AND claimed_until IS NOT NULL")
        .fetch_one(&app.tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    let fast = rows(&app, "fast").await;
    assert!(fast.iter().all(|(s, attempts, _)| s == "pending" && *attempts == 0), "{fast:?}");
    assert_eq!(
        (claimed, seen.lock().unwrap().len()),
        (0, 0),
        "nothing of the other destination started"
    );
    worker.abort();
    let _ = worker.await;
}

/// Issue 40: one destination's backlog of ~3,400 emails once delayed later leads 173 s. Each
/// destination (a tenant's webhook, each email address) is worked by its own task, so a backlog
/// on one channel never delays another: with 300 webhook deliveries queued ahead (a receiver
/// taking 200 ms each, so about a minute of work), a later lead's email to the dealer (a real
/// SMTP server) is delivered while most of the webhook backlog still waits. Counts, not clocks.
#[tokio::test]
async fn a_backlog_on_one_channel_never_delays_another() {
    const BACKLOG: i64 = 300;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mail.txt");
    let (mut smtp, port) = smtp_server(&out);
    let slow_hook = {
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(|| async {
                tokio::time::sleep(Duration::from_millis(200)).await;
                StatusCode::OK
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        url
    };
    // SAFETY: set before the worker reads it; only this test binary reads it.
    unsafe { std::env::set_var("BUSY__WEBHOOK_SECRET", "whsec-busy") };
    let leads = format!(
        "[leads]\nwebhook_url = \"{slow_hook}\"\nwebhook_secret_env = \"BUSY__WEBHOOK_SECRET\"\n\
         email_to = [\"sales@busy.example\"]\nreceipts = false\n"
    );
    let app = app_with(&[("busy", &leads)], Some(port)).await;
    let (s, v) = submit_to(&app, "busy", lead("busy", 0)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    // The webhook's backlog: 300 more tries of that lead, queued before the next lead.
    let now = unix_now();
    for _ in 0..BACKLOG {
        sqlx::query(
            "INSERT INTO lead_deliveries (lead_id, tenant, kind, target, status, attempts, next_attempt_at, created_at) \
             SELECT lead_id, tenant, kind, target, 'pending', 0, $1, $1 FROM lead_deliveries WHERE tenant = 'busy' AND kind = 'webhook' \
             ORDER BY id LIMIT 1",
        )
        .bind(now)
        .execute(&app.tdb.db.pool)
        .await
        .unwrap();
    }
    let (s, v) = submit_to(&app, "busy", lead("busy", 1)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let later = v["lead_id"].as_str().expect("the lead's id").to_string();

    let worker = tokio::spawn(delivery::run_worker(app.state.deliverer()));
    let email_done = || async {
        sqlx::query_scalar::<_, String>("SELECT status FROM lead_deliveries WHERE lead_id = $1 AND kind = 'email'")
            .bind(&later)
            .fetch_one(&app.tdb.db.pool)
            .await
            .unwrap()
            == "delivered"
    };
    let mut delivered = false;
    for _ in 0..2000 {
        if email_done().await {
            delivered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let waiting = count(
        &app,
        "SELECT COUNT(*) FROM lead_deliveries WHERE tenant = 'busy' AND kind = 'webhook' AND status = 'pending'",
    )
    .await;
    worker.abort();
    let _ = worker.await;
    smtp.kill().ok();
    smtp.wait().ok();
    assert!(delivered, "the later lead's email was not delivered within 2000 polls");
    eprintln!(
        "webhook deliveries still waiting when the later email was delivered: {waiting} of {}",
        BACKLOG + 2
    );
    assert!(
        waiting >= BACKLOG * 2 / 3,
        "the email waited behind the webhook's backlog: only {waiting} of {} webhook deliveries were still pending",
        BACKLOG + 2
    );
}
