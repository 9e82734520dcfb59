//! Operations (docs/operations.md "Metrics and readiness"), on real storage (a SQLite file, or
//! PostgreSQL when FORECOURT_TEST_DATABASE_URL is set) and the real router:
//!
//! - `GET /metrics` (admin token), parsed as Prometheus text: requests and their latency per
//!   tenant and route kind, the search results and listings feed caches' hits and misses, the
//!   lead outbox (pending, oldest pending age, dead letters, read at the scrape) and the search
//!   indexer's lag per tenant;
//! - `/readyz` answers 503 with its reason when a tenant's index lags past
//!   `readiness_max_search_lag`, when storage does not answer and when the search engine does
//!   not answer, and 200 again once the index caught up.
//!
//! The search index here is caught up once and does not follow the journal, so its lag is
//! exactly the journal entries the test adds (as a CLI import on another process would).

mod common;
mod leads_support;

use std::sync::Arc;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use forecourt_host::{
    leads::delivery,
    plugins::unix_now,
    repo::TenantRepo,
    search::{
        backend::SearchBackend,
        embedded::EmbeddedBackend,
        index::{Search, SearchService},
        meili::MeiliBackend,
    },
    stock::journal,
};
use leads_support::{ADMIN, App, app_from, key, receiver, submit_to};
use prometheus_parse::{Scrape, Value};
use serde_json::json;

const FEED_TOKEN: &str = "ops-feed-token";

/// Sites `alpha` and `beta`, each with the car A1, a webhook at `hook` and listings feeds; search
/// is served by `backend`, caught up once and not following the journal.
async fn sites_on(hook: &str, backend: Option<Arc<dyn SearchBackend>>) -> (App, Arc<SearchService>) {
    // SAFETY: set before anything reads them; only this test binary reads them.
    unsafe {
        for slug in ["ALPHA", "BETA"] {
            std::env::set_var(format!("{slug}__WEBHOOK_SECRET"), "whsec-ops");
            std::env::set_var(format!("{slug}__FEED_TOKEN"), FEED_TOKEN);
        }
    }
    let toml = |slug: &str| {
        format!(
            "site_url = \"https://www.{slug}.example\"\n{}\n[leads]\nwebhook_url = \"{hook}\"\n\
             webhook_secret_env = \"{up}__WEBHOOK_SECRET\"\n[syndication]\ntoken_env = \"{up}__FEED_TOKEN\"\n",
            common::tenant_toml(slug),
            up = slug.to_ascii_uppercase()
        )
    };
    let mut app = app_from(&[("alpha", toml("alpha")), ("beta", toml("beta"))], None).await;
    let caught_up = backend.is_none();
    let backend: Arc<dyn SearchBackend> = match backend {
        Some(b) => b,
        None => Arc::new(EmbeddedBackend::in_ram().unwrap()),
    };
    let svc = Arc::new(SearchService::new(backend));
    if caught_up {
        assert_eq!(
            svc.catch_up(&app.tdb.db, &app.state.tenants, true).await.unwrap(),
            0,
            "every tenant indexed"
        );
    }
    app.state.search = Search::ready(svc.clone());
    app.router = common::app(app.state.clone());
    (app, svc)
}

async fn sites(hook: &str) -> (App, Arc<SearchService>) {
    sites_on(hook, None).await
}

/// Journals a change of `tenant`'s car A1 in its own transaction, as an import does.
async fn journal_change(app: &App, tenant: &str) {
    let id = TenantRepo::new(&app.tdb.db, tenant)
        .car_by_stocknum("A1")
        .await
        .unwrap()
        .unwrap()
        .id;
    let mut tx = app.tdb.db.pool.begin().await.unwrap();
    journal::record(&mut tx, tenant, &[id]).await.unwrap();
    tx.commit().await.unwrap();
}

/// `GET path` on `host` through the app: status, headers, body.
async fn get(app: &App, host: &str, path: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    common::call(&app.router, common::get(host, path)).await
}

async fn scrape(app: &App) -> Scrape {
    let req = Request::get("/metrics")
        .header("host", "alpha.localhost")
        .header(header::AUTHORIZATION, format!("Bearer {ADMIN}"))
        .body(Body::empty())
        .unwrap();
    let (s, h, body) = common::call(&app.router, req).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    assert!(h[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/plain"), "{h:?}");
    Scrape::parse(body.lines().map(|l| Ok(l.to_string()))).expect("Prometheus text")
}

/// The value of the sample of `metric` whose labels are exactly `labels`; None when absent.
fn value(s: &Scrape, metric: &str, labels: &[(&str, &str)]) -> Option<f64> {
    s.samples
        .iter()
        .find(|x| x.metric == metric && x.labels.len() == labels.len() && labels.iter().all(|(k, v)| x.labels.get(k) == Some(*v)))
        .map(|x| match &x.value {
            Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v) => *v,
            Value::Histogram(b) => b.iter().find(|c| c.less_than.is_infinite()).map_or(f64::NAN, |c| c.count),
            Value::Summary(_) => f64::NAN,
        })
}

fn requests(s: &Scrape, tenant: &str, kind: &str, status: &str) -> f64 {
    value(
        s,
        "forecourt_http_requests_total",
        &[("tenant", tenant), ("kind", kind), ("status", status)],
    )
    .unwrap_or(0.0)
}

fn cache(s: &Scrape, name: &str, cache: &str, tenant: &str) -> f64 {
    value(s, name, &[("cache", cache), ("tenant", tenant)]).unwrap_or(0.0)
}

fn gauge(s: &Scrape, metric: &str, tenant: &str) -> Option<f64> {
    value(s, metric, &[("tenant", tenant)])
}

fn lead(slug: &str) -> serde_json::Value {
    json!({"form": "enquiry", "idempotency_key": key(), "name": format!("{slug} shopper"),
        "email": "shopper@example.com", "message": "Is it available?"})
}

#[tokio::test]
async fn metrics_count_requests_caches_the_outbox_and_the_index_lag_per_tenant() {
    // The dealer's webhook fails every try.
    let (hook, calls) = receiver(vec![500; 20]).await;
    let (app, _svc) = sites(&hook).await;

    // beta's lead fails its only try after the 24 h retry window: a dead letter.
    let (s, b) = submit_to(&app, "beta", lead("beta")).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    let tried = delivery::deliver_due(&app.state.deliverer(), unix_now() + 25 * 3600).await.unwrap();
    assert_eq!((tried, calls.lock().unwrap().len()), (1, 1));
    // alpha's lead is pending, stored an hour ago.
    let (s, b) = submit_to(&app, "alpha", lead("alpha")).await;
    assert_eq!(s, StatusCode::CREATED, "{b}");
    sqlx::query("UPDATE lead_deliveries SET created_at = created_at - 3600 WHERE tenant = 'alpha'")
        .execute(&app.tdb.db.pool)
        .await
        .unwrap();

    // Documents, API calls (the same search twice), the listings feed twice, an unknown host.
    for (host, path, want) in [
        ("alpha.localhost", "/contact-us", StatusCode::OK),
        ("alpha.localhost", "/api/v1/tenant", StatusCode::OK),
        // The same search twice: two addresses of one query, so the rendered-response cache
        // (keyed on the address) misses both and the search results cache (keyed on the query)
        // answers the second.
        ("alpha.localhost", "/api/v1/search", StatusCode::OK),
        ("alpha.localhost", "/api/v1/search?page=1", StatusCode::OK),
        ("beta.localhost", "/contact-us", StatusCode::OK),
        ("beta.localhost", "/api/v1/search", StatusCode::OK),
        ("nobody.localhost", "/", StatusCode::NOT_FOUND),
    ] {
        let (s, _, b) = get(&app, host, path).await;
        assert_eq!(s, want, "{host}{path}: {b}");
    }
    let feed = format!("/api/v1/feeds/google-vehicle-listings.xml?token={FEED_TOKEN}");
    for _ in 0..2 {
        let (s, _, b) = get(&app, "alpha.localhost", &feed).await;
        assert_eq!(s, StatusCode::OK, "{b}");
    }
    // An import on another process: alpha's index is one sequence behind.
    journal_change(&app, "alpha").await;

    let m = scrape(&app).await;
    // Requests by tenant, route kind and status class; the lead posts are API requests.
    assert_eq!(requests(&m, "alpha", "document", "2xx"), 1.0);
    assert_eq!(requests(&m, "alpha", "api", "2xx"), 4.0, "tenant, two searches, the lead");
    assert_eq!(requests(&m, "alpha", "feed", "2xx"), 2.0);
    assert_eq!(requests(&m, "beta", "document", "2xx"), 1.0);
    assert_eq!(requests(&m, "beta", "api", "2xx"), 2.0, "a search, the lead");
    assert_eq!(requests(&m, "", "document", "4xx"), 1.0, "the unknown host");
    assert_eq!(requests(&m, "alpha", "admin", "2xx"), 0.0, "a scrape is counted once answered");
    // The latency histogram has one observation per answer.
    let latency = |tenant, kind| {
        value(
            &m,
            "forecourt_http_request_duration_seconds_count",
            &[("tenant", tenant), ("kind", kind)],
        )
    };
    assert_eq!(latency("alpha", "api"), Some(4.0));
    assert_eq!(latency("beta", "document"), Some(1.0));
    assert_eq!(
        value(
            &m,
            "forecourt_http_request_duration_seconds",
            &[("tenant", "alpha"), ("kind", "feed")]
        ),
        Some(2.0),
        "the +Inf bucket"
    );
    // Cache hit ratio: the repeated search and the repeated feed are hits.
    let (hits, misses) = ("forecourt_cache_hits_total", "forecourt_cache_misses_total");
    assert_eq!(
        (
            cache(&m, hits, "search_results", "alpha"),
            cache(&m, misses, "search_results", "alpha")
        ),
        (1.0, 1.0)
    );
    assert_eq!(
        (
            cache(&m, hits, "search_results", "beta"),
            cache(&m, misses, "search_results", "beta")
        ),
        (0.0, 1.0)
    );
    assert_eq!(
        (
            cache(&m, hits, "listings_feed", "alpha"),
            cache(&m, misses, "listings_feed", "alpha")
        ),
        (1.0, 1.0)
    );
    // The rendered-response cache: the document, the tenant and both search addresses rendered
    // once each, and what it holds.
    assert_eq!(
        (cache(&m, hits, "rendered", "alpha"), cache(&m, misses, "rendered", "alpha")),
        (0.0, 4.0)
    );
    assert_eq!(
        (cache(&m, hits, "rendered", "beta"), cache(&m, misses, "rendered", "beta")),
        (0.0, 2.0)
    );
    assert!(cache(&m, "forecourt_cache_bytes", "rendered", "alpha") > 0.0);
    // The outbox as stored now.
    assert_eq!(gauge(&m, "forecourt_lead_outbox_pending", "alpha"), Some(1.0));
    assert_eq!(gauge(&m, "forecourt_lead_outbox_dead", "alpha"), Some(0.0));
    assert_eq!(gauge(&m, "forecourt_lead_outbox_pending", "beta"), Some(0.0));
    assert_eq!(gauge(&m, "forecourt_lead_outbox_dead", "beta"), Some(1.0));
    assert_eq!(gauge(&m, "forecourt_lead_outbox_oldest_pending_age_seconds", "beta"), Some(0.0));
    let age = gauge(&m, "forecourt_lead_outbox_oldest_pending_age_seconds", "alpha").unwrap();
    assert!((3600.0..3600.0 + 600.0).contains(&age), "stored an hour ago: {age}");
    // The indexer: alpha one journal sequence behind its head, beta up to date.
    let heads = journal::read_heads(&app.tdb.db).await.unwrap();
    let head = |t: &str| heads.iter().find(|h| h.tenant == t).map(|h| h.seq as f64);
    assert_eq!(gauge(&m, "forecourt_search_index_lag", "alpha"), Some(1.0));
    assert_eq!(gauge(&m, "forecourt_search_index_lag", "beta"), Some(0.0));
    assert_eq!(gauge(&m, "forecourt_search_journal_head", "alpha"), head("alpha"));
    assert_eq!(gauge(&m, "forecourt_search_journal_head", "beta"), head("beta"));

    // A second scrape counts the first, and the outbox figures follow storage.
    sqlx::query("UPDATE lead_deliveries SET status = 'delivered' WHERE tenant = 'alpha'")
        .execute(&app.tdb.db.pool)
        .await
        .unwrap();
    let m = scrape(&app).await;
    assert_eq!(requests(&m, "alpha", "admin", "2xx"), 1.0);
    assert_eq!(gauge(&m, "forecourt_lead_outbox_pending", "alpha"), Some(0.0));
    assert_eq!(gauge(&m, "forecourt_lead_outbox_oldest_pending_age_seconds", "alpha"), Some(0.0));
}

#[tokio::test]
async fn metrics_need_the_admin_token() {
    let (app, _svc) = sites("http://127.0.0.1:9/hook").await;
    let (s, _, _) = get(&app, "alpha.localhost", "/metrics").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

/// `/readyz` as JSON: status, the error code (when 503), the body.
async fn readyz(app: &App) -> (StatusCode, Option<String>, serde_json::Value, axum::http::HeaderMap) {
    let req = Request::get("/readyz")
        .header("host", "127.0.0.1:8080")
        .header(header::ACCEPT, "application/json")
        .body(Body::empty())
        .unwrap();
    let (s, h, b) = common::call(&app.router, req).await;
    let v: serde_json::Value = serde_json::from_str(&b).unwrap_or_else(|_| panic!("JSON: {b}"));
    let code = v["error"]["code"].as_str().map(String::from);
    (s, code, v, h)
}

#[tokio::test]
async fn readyz_is_503_while_an_index_lags_past_the_bound_and_ready_once_caught_up() {
    let (mut app, svc) = sites("http://127.0.0.1:9/hook").await;
    let mut settings = (*app.state.settings).clone();
    settings.readiness_max_search_lag = 1;
    app.state.settings = Arc::new(settings);
    app.router = common::app(app.state.clone());

    let (s, code, v, h) = readyz(&app).await;
    assert_eq!((s, code), (StatusCode::OK, None), "{v}");
    assert_eq!((v["searchLag"].as_i64(), h["x-search-lag"].to_str().unwrap()), (Some(0), "0"));
    // At the bound: still ready.
    journal_change(&app, "beta").await;
    let (s, _, v, _) = readyz(&app).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["searchLagByTenant"]["beta"], 1);
    // Past it: 503, naming the tenant.
    journal_change(&app, "beta").await;
    let (s, code, v, h) = readyz(&app).await;
    assert_eq!(
        (s, code.as_deref()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("search_lagging")),
        "{v}"
    );
    let msg = v["error"]["message"].as_str().unwrap();
    assert!(
        msg.contains("beta") && msg.contains("2 journal sequences") && msg.contains("readiness_max_search_lag"),
        "{msg}"
    );
    assert!(h.get("x-search-lag").is_none());
    // The indexer catches up: ready again.
    assert_eq!(svc.catch_up(&app.tdb.db, &app.state.tenants, false).await.unwrap(), 0);
    let (s, _, v, _) = readyz(&app).await;
    assert_eq!((s, v["searchLag"].as_i64()), (StatusCode::OK, Some(0)), "{v}");

    // 0 turns the bound off.
    let mut settings = (*app.state.settings).clone();
    settings.readiness_max_search_lag = 0;
    app.state.settings = Arc::new(settings);
    app.router = common::app(app.state.clone());
    for _ in 0..3 {
        journal_change(&app, "alpha").await;
    }
    let (s, _, v, _) = readyz(&app).await;
    assert_eq!((s, v["searchLagByTenant"]["alpha"].as_i64()), (StatusCode::OK, Some(3)), "{v}");
}

#[tokio::test]
async fn readyz_is_503_when_storage_does_not_answer() {
    let (app, _svc) = sites("http://127.0.0.1:9/hook").await;
    assert_eq!(readyz(&app).await.0, StatusCode::OK);
    app.tdb.db.pool.close().await;
    let (s, code, v, _) = readyz(&app).await;
    assert_eq!(
        (s, code.as_deref()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("storage_unavailable")),
        "{v}"
    );
    assert!(
        v["error"]["message"].as_str().unwrap().starts_with("Storage does not answer"),
        "{v}"
    );
    // The plain-text probe too (a load balancer's health check).
    let (s, _, b) = get(&app, "127.0.0.1:8080", "/readyz").await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{b}");
    // /metrics still answers, without outbox figures it could not read.
    let m = scrape(&app).await;
    assert_eq!(gauge(&m, "forecourt_lead_outbox_pending", "alpha"), None);
}

#[tokio::test]
async fn readyz_is_503_when_the_search_engine_does_not_answer() {
    // A Meilisearch URL on a loopback port nothing listens on.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let meili: Arc<dyn SearchBackend> = Arc::new(MeiliBackend::new(&format!("http://127.0.0.1:{port}"), None).unwrap());
    let (app, _svc) = sites_on("http://127.0.0.1:9/hook", Some(meili)).await;
    let (s, code, v, _) = readyz(&app).await;
    assert_eq!(
        (s, code.as_deref()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("search_unavailable")),
        "{v}"
    );
    let (s, _, b) = get(&app, "alpha.localhost", "/api/v1/search").await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{b}");
}

/// A full disk, then freed: every write after that succeeds with no restart. The disk is a 4 MiB
/// tmpfs filled to the last byte by a file beside the database (root mounts it; elsewhere the
/// test says SKIPPED). A COMMIT that fails for the full disk leaves SQLite rolled back by itself,
/// so sqlx's ROLLBACK fails too and the pooled connection stayed "in a transaction": 26-42% of
/// leads failed after the disk was freed, until a restart ("begin_with at non-zero transaction
/// depth"). The pool now closes such a connection when it is next handed out (`db.rs`).
/// Readiness's write probe fails while the disk is full and passes once it is freed.
#[tokio::test]
async fn after_a_full_disk_is_freed_the_next_write_succeeds() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("small");
    std::fs::create_dir_all(&mnt).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=4m", "tmpfs"])
        .arg(&mnt)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("SKIPPED: after_a_full_disk_is_freed_the_next_write_succeeds needs to mount a tmpfs (root)");
        return;
    }
    struct Unmount(std::path::PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg("-l").arg(&self.0).status();
        }
    }
    let _unmount = Unmount(mnt.clone());
    let db = forecourt_host::db::Db::connect(&format!("sqlite://{}", mnt.join("forecourt.db").display()))
        .await
        .unwrap();
    sqlx::query("CREATE TABLE probe (x BLOB)").execute(&db.pool).await.unwrap();
    let write = || async {
        let mut tx = db.begin_write().await?;
        sqlx::query("INSERT INTO probe (x) VALUES (?)")
            .bind(vec![7u8; 64 << 10])
            .execute(&mut *tx)
            .await?;
        tx.commit().await
    };
    write().await.expect("a write before the disk fills");
    let filler = mnt.join("filler");
    {
        let mut f = std::fs::File::create(&filler).unwrap();
        let chunk = vec![0u8; 16 << 10];
        while f.write_all(&chunk).is_ok() {}
        let _ = f.sync_all();
    }
    let mut failed = 0;
    for _ in 0..8 {
        if write().await.is_err() {
            failed += 1;
        }
    }
    assert!(failed > 0, "writes fail while the disk is full");
    // Readiness's write probe (`/readyz` 503 `storage_writes_failing`) sees it too.
    let probe = db.check_writes(std::time::Duration::from_secs(5)).await;
    assert!(probe.is_err(), "the write probe fails while the disk is full: {probe:?}");
    std::fs::remove_file(&filler).unwrap();
    db.check_writes(std::time::Duration::from_secs(5))
        .await
        .expect("the write probe passes once the disk is freed");
    for i in 0..12 {
        if let Err(e) = write().await {
            panic!("write {i} after the disk was freed failed: {e}");
        }
    }
}
