//! The search change journal end to end (docs/features/platform.md "Search"; ARCHITECTURE.md
//! "Search"): a running host over real HTTP on 127.0.0.1, with its indexer following the journal
//! in storage. One changed row is imported by the `forecourt import` CLI (another process) and by
//! `POST /api/v1/admin/import`; each time the test polls `/readyz` until the indexer's lag is 0
//! (a bounded number of polls, never a clock), then finds the car by its new text, while a poller
//! checks that the tenant's count never dropped meanwhile. The embedded variant always runs; the
//! Meilisearch one runs when `MEILI_URL` (and `MEILI_MASTER_KEY`) are set and is reported as
//! skipped, by name, otherwise. SQLite by default; PostgreSQL with `FORECOURT_TEST_DATABASE_URL`.

mod common;

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use common::{csv_opts, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    search::{Search, SearchBackend, SearchService, embedded::EmbeddedBackend, meili::MeiliBackend},
    stock::import_feed,
};
use serde_json::Value;

const HEADER: &str = "stocknum,year,make,model,price,car_type";
/// Cars of the tenant before the changes.
const CARS: u64 = 40;
/// Most `/readyz` polls to wait for a lag of 0 (10 ms apart).
const MAX_READY_POLLS: usize = 3_000;

/// A running host: its address and what must outlive it.
struct Host {
    served: common::Served,
    tdb: common::TestDb,
    dir: tempfile::TempDir,
    _data: tempfile::TempDir,
}

/// Imports [`CARS`] cars for tenant `alpha`, then serves it with a search service over `backend`
/// whose indexer follows the journal (as `search::start` does).
async fn host(backend: Arc<dyn SearchBackend>, data: tempfile::TempDir) -> Host {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let t = reg.by_slug("alpha").unwrap().clone();
    let mut feed = format!("{HEADER}\n");
    for i in 0..CARS {
        feed.push_str(&format!("S{i},2020,Kia,Rio,{},used\n", 15_000 + i));
    }
    let mut state = common::state(&tdb.db, reg, dir.path(), Some("s3cret")).await;
    let r = import_feed(&tdb.db, &t, feed.as_bytes(), csv_opts("base.csv")).await.unwrap();
    assert_eq!(r.inserted as u64, CARS, "{r:?}");
    let svc = Arc::new(SearchService::new(backend));
    assert_eq!(
        svc.catch_up(&state.db, &state.tenants, true).await.unwrap(),
        0,
        "every tenant indexed"
    );
    svc.follow_journal(state.db.clone(), state.tenants.clone());
    state.search = Search::ready(svc);
    Host {
        served: common::serve(state).await,
        tdb,
        dir,
        _data: data,
    }
}

impl Host {
    fn get(&self, client: &reqwest::Client, path: &str) -> reqwest::RequestBuilder {
        client
            .get(format!("http://{}{path}", self.served.addr))
            .header(reqwest::header::HOST, "alpha.localhost")
    }

    async fn json(&self, client: &reqwest::Client, path: &str) -> Value {
        let res = self.get(client, path).send().await.unwrap();
        assert!(res.status().is_success(), "{path}: {}", res.status());
        res.json().await.unwrap()
    }

    /// Polls `/readyz` (as JSON) until the indexer's lag is 0; returns the largest lag seen.
    async fn wait_for_lag_zero(&self, client: &reqwest::Client) -> i64 {
        let mut most = 0;
        for _ in 0..MAX_READY_POLLS {
            let res = self
                .get(client, "/readyz")
                .header(reqwest::header::ACCEPT, "application/json")
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200);
            let header: i64 = res.headers()["x-search-lag"].to_str().unwrap().parse().unwrap();
            let v: Value = res.json().await.unwrap();
            let lag = v["searchLag"].as_i64().expect("the lag is reported");
            assert_eq!(lag, header, "the header and the body agree");
            assert_eq!(v["searchLagByTenant"]["alpha"].as_i64(), Some(lag));
            most = most.max(lag);
            if lag == 0 {
                return most;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the indexer's lag did not reach 0 in {MAX_READY_POLLS} polls");
    }
}

/// Polls the tenant's count until told to stop; returns every count seen.
fn count_poller(addr: std::net::SocketAddr, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<Vec<u64>> {
    tokio::spawn(async move {
        let client = reqwest::Client::new();
        let mut seen = Vec::new();
        while !stop.load(Ordering::Relaxed) || seen.is_empty() {
            let v: Value = client
                .get(format!("http://{addr}/api/v1/search/count"))
                .header(reqwest::header::HOST, "alpha.localhost")
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            seen.push(v["count"].as_u64().expect("a count"));
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        seen
    })
}

/// The scenario on one backend: a CLI import and an admin import of one changed row each.
async fn one_changed_row_reaches_the_running_host(backend: Arc<dyn SearchBackend>, data: tempfile::TempDir) {
    let h = host(backend, data).await;
    let client = reqwest::Client::new();
    h.wait_for_lag_zero(&client).await;
    assert_eq!(h.json(&client, "/api/v1/search/count").await["count"], CARS);
    let stop = Arc::new(AtomicBool::new(false));
    let poller = count_poller(h.served.addr, stop.clone());

    // 1. The CLI, another process writing the same storage.
    let file = h.dir.path().join("delta.csv");
    std::fs::write(&file, format!("{HEADER}\nS7,2020,Kia,Zebrastripe,19990,used\n")).unwrap();
    let out = tokio::process::Command::new(env!("CARGO_BIN_EXE_forecourt"))
        .args(["import", "--tenant", "alpha", "--mode", "delta", "--source", "cli.csv"])
        .arg(&file)
        .env("FORECOURT_TENANTS_DIR", h.dir.path())
        .env("FORECOURT_DATABASE_URL", &h.tdb.url)
        .env("RUST_LOG", "warn")
        .output()
        .await
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let most = h.wait_for_lag_zero(&client).await;
    eprintln!("CLI import: largest lag seen {most}");
    let v = h.json(&client, "/api/v1/search?query=zebrastripe").await;
    assert_eq!(v["count"], 1, "the CLI's change is searchable: {v}");
    assert_eq!(v["hits"][0]["stocknum"], "S7");

    // 2. The admin API of the running host.
    let res = client
        .post(format!("http://{}/api/v1/admin/import?mode=delta&source=admin", h.served.addr))
        .header(reqwest::header::HOST, "alpha.localhost")
        .header(reqwest::header::AUTHORIZATION, "Bearer s3cret")
        .header(reqwest::header::CONTENT_TYPE, "text/csv")
        .header("prefer", "wait=120")
        .body(format!("{HEADER}\nS9,2020,Kia,Quokkablue,18990,used\n"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "{}", res.text().await.unwrap());
    let most = h.wait_for_lag_zero(&client).await;
    eprintln!("admin import: largest lag seen {most}");
    let v = h.json(&client, "/api/v1/search?query=quokkablue").await;
    assert_eq!(v["count"], 1, "the admin import's change is searchable: {v}");
    let v = h.json(&client, "/api/v1/search?query=zebrastripe").await;
    assert_eq!(v["count"], 1, "the earlier change stays");

    stop.store(true, Ordering::Relaxed);
    let seen = poller.await.unwrap();
    assert!(!seen.is_empty());
    assert!(
        seen.iter().all(|c| *c == CARS),
        "the tenant's count never changed while one car was updated: {} polls, min {:?}, max {:?}",
        seen.len(),
        seen.iter().min(),
        seen.iter().max()
    );
    eprintln!("count polled {} times, always {CARS}", seen.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_changed_row_reaches_a_running_host_embedded() {
    let data = tempfile::tempdir().unwrap();
    let backend = Arc::new(EmbeddedBackend::open(&data.path().join("tantivy")).unwrap());
    one_changed_row_reaches_the_running_host(backend, data).await;
}

/// Runs with `MEILI_URL=http://127.0.0.1:7700 MEILI_MASTER_KEY=... cargo nextest run -p
/// forecourt-host --test search_journal`; skipped (and reported by name) without `MEILI_URL`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_changed_row_reaches_a_running_host_meilisearch() {
    let Ok(url) = std::env::var("MEILI_URL") else {
        eprintln!("SKIPPED one_changed_row_reaches_a_running_host_meilisearch: MEILI_URL is not set");
        return;
    };
    let key = std::env::var("MEILI_MASTER_KEY").ok();
    let uid = format!("journal-test-{}", uuid::Uuid::new_v4().simple());
    let meili = Arc::new(MeiliBackend::with_index(&url, key.as_deref(), &uid).unwrap());
    one_changed_row_reaches_the_running_host(meili.clone(), tempfile::tempdir().unwrap()).await;
    meili.delete_index().await.ok();
}
