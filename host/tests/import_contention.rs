//! Imports never block shoppers (docs/features/platform.md "Stock import", "Leads"): the real
//! `forecourt import` binary imports a large generated full feed (20,000 rows by default,
//! `IMPORT_CONTENTION_ROWS` to change it; `IMPORT_CONTENTION_BIN` to run another binary) into the same database a real server on 127.0.0.1
//! takes leads on, while leads arrive through HTTP at 10 per second for the import's whole
//! duration. Every lead must be answered 2xx and stored, and the import must succeed with every
//! row. Runs on SQLite (one writer) and on PostgreSQL (`FORECOURT_TEST_DATABASE_URL`).
//!
//! The lead latencies (p50, p99, max) are printed, not asserted (a busy machine must not fail the
//! suite); BENCHMARKS.md "Leads during a 100k-row import" records them for 100,000 rows.

mod common;

use std::{net::SocketAddr, sync::Arc, time::Duration};

use common::{repo_tenants_dir, tenant_toml, test_db, write_tenants};
use forecourt_host::{repo::TenantRepo, stock::import_feed};
use serde_json::json;
use sqlx::Row;

/// Leads sent per second while the import runs.
const LEADS_PER_SECOND: u64 = 10;
/// Leads sent one by one before the import (warm-up and baseline).
const IDLE_LEADS: usize = 10;
/// At most this many leads (10 minutes at 10/s): bounds the test if the import never ends.
const MAX_LEADS: usize = 6_000;

/// A full canonical feed of `rows` cars built from the demo superstore's real used stock
/// (`tenants/drive-depot/stock/used.csv`), each row a copy of a real car with its own stock
/// number; VINs are left out (a VIN may appear once per feed) and so are the dealership and
/// location columns (the test tenant has one dealership).
fn generated_feed(rows: usize) -> String {
    let path = repo_tenants_dir().join("drive-depot/stock/used.csv");
    let mut rdr = csv::Reader::from_path(&path).unwrap();
    let header: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
    let keep: Vec<usize> = (0..header.len())
        .filter(|i| !matches!(header[*i].as_str(), "vin" | "dealership_slug" | "location_slug"))
        .collect();
    let stocknum = header.iter().position(|h| h == "stocknum").unwrap();
    let demo: Vec<csv::StringRecord> = rdr.records().map(Result::unwrap).collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(keep.iter().map(|i| header[*i].as_str())).unwrap();
    for n in 0..rows {
        let rec = &demo[n % demo.len()];
        let fields: Vec<String> = keep
            .iter()
            .map(|i| match *i {
                i if i == stocknum => format!("{}-{n}", &rec[i]),
                i => rec[i].to_string(),
            })
            .collect();
        w.write_record(&fields).unwrap();
    }
    String::from_utf8(w.into_inner().unwrap()).unwrap()
}

/// The `q`-quantile (0..=1) of sorted latencies, in milliseconds.
fn quantile(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn leads_arriving_during_a_large_import_are_all_stored_and_the_import_succeeds() {
    let rows: usize = std::env::var("IMPORT_CONTENTION_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let mut state = common::state(&tdb.db, reg, dir.path(), None).await;
    let mut settings = (*state.settings).clone();
    settings.lead_submissions_per_minute = 1_000_000;
    state.settings = Arc::new(settings);
    // One car to enquire about, from an earlier feed of another source (untouched by the import).
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let first = "stocknum,year,make,model,price,km,car_type,status\nA1,2021,Toyota,Corolla,24990,45000,used,in_stock\n";
    import_feed(&tdb.db, &t, first.as_bytes(), common::csv_opts("yard.csv"))
        .await
        .unwrap();
    let car_id = TenantRepo::new(&tdb.db, "alpha").car_by_stocknum("A1").await.unwrap().unwrap().id;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = common::app(state).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    let client = reqwest::Client::new();
    let url = format!("http://{addr}/api/v1/leads");
    let lead = move || {
        json!({
            "form": "enquiry", "idempotency_key": uuid::Uuid::new_v4().to_string(),
            "name": "Sam", "last_name": "O'Neil", "email": "sam@example.com",
            "phone": "+61 412 345 678", "postcode": "4000", "message": "Is it still available?",
            "category": "General Enquiry", "opt_in": true, "car_id": car_id,
        })
    };
    // Ten leads one after another before the import: the server is warm (plugins instantiated)
    // when the import starts, and their latency is the baseline the figures compare with.
    let mut idle = Vec::new();
    for _ in 0..IDLE_LEADS {
        let started = std::time::Instant::now();
        let res = client
            .post(&url)
            .header("host", "alpha.localhost")
            .json(&lead())
            .send()
            .await
            .unwrap();
        idle.push(started.elapsed());
        assert!(res.status().is_success(), "{}", res.text().await.unwrap());
    }
    idle.sort();
    println!(
        "without an import: lead latency p50 {:.0} ms, max {:.0} ms",
        quantile(&idle, 0.5),
        quantile(&idle, 1.0)
    );

    let file = dir.path().join("generated.csv");
    std::fs::write(&file, generated_feed(rows)).unwrap();
    // IMPORT_CONTENTION_BIN runs another build of the binary (BENCHMARKS.md: a copy, so that a
    // parallel build into the same target dir cannot swap it during the measurement).
    let bin = std::env::var("IMPORT_CONTENTION_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_forecourt").to_string());
    let mut child = tokio::process::Command::new(bin)
        .args(["import", "--tenant", "alpha", "--mode", "full", "--source", "generated"])
        .arg(&file)
        .env("FORECOURT_TENANTS_DIR", dir.path())
        .env("FORECOURT_DATABASE_URL", &tdb.url)
        .env("RUST_LOG", "warn,forecourt_host::stock=info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    let read_all = |mut r: Box<dyn tokio::io::AsyncRead + Unpin + Send>| {
        tokio::spawn(async move {
            let mut s = String::new();
            tokio::io::AsyncReadExt::read_to_string(&mut r, &mut s).await.unwrap();
            s
        })
    };
    let (out, err) = (read_all(Box::new(stdout)), read_all(Box::new(stderr)));

    let mut tick = tokio::time::interval(Duration::from_millis(1000 / LEADS_PER_SECOND));
    let mut sent = Vec::new();
    let status = loop {
        tokio::select! {
            status = child.wait() => break status.unwrap(),
            _ = tick.tick(), if sent.len() < MAX_LEADS => {
                let (client, url, body) = (client.clone(), url.clone(), lead());
                sent.push(tokio::spawn(async move {
                    let started = std::time::Instant::now();
                    let res = client
                        .post(&url)
                        .header("host", "alpha.localhost")
                        .json(&body)
                        .send()
                        .await
                        .unwrap();
                    let status = res.status();
                    let text = res.text().await.unwrap();
                    (status, text, started.elapsed())
                }));
            }
        }
    };
    let (out, err) = (out.await.unwrap(), err.await.unwrap());
    let mut answers = Vec::new();
    for h in sent {
        answers.push(h.await.unwrap());
    }
    let mut latencies: Vec<Duration> = answers.iter().map(|a| a.2).collect();
    latencies.sort();
    let failed: Vec<&(reqwest::StatusCode, String, Duration)> = answers.iter().filter(|a| !a.0.is_success()).collect();
    if !latencies.is_empty() {
        println!(
            "{rows}-row import ({}): {} leads at {LEADS_PER_SECOND}/s, {} failed; lead latency p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            if tdb.is_postgres() { "PostgreSQL" } else { "SQLite" },
            answers.len(),
            failed.len(),
            quantile(&latencies, 0.5),
            quantile(&latencies, 0.99),
            quantile(&latencies, 1.0),
        );
    }
    println!("import: {}", out.trim());
    println!(
        "{}",
        err.lines().filter(|l| l.contains("import applied")).collect::<Vec<_>>().join("\n")
    );

    assert!(status.success(), "the import failed: {out}\n{err}");
    assert!(
        out.contains(&format!(
            "{rows} rows: {rows} inserted, 0 updated, 0 unchanged, 0 marked sold, 0 rejected (full mode)"
        )),
        "{out}\n{err}"
    );
    assert!(!answers.is_empty(), "at least one lead arrived during the import");
    assert!(failed.is_empty(), "every lead is answered 2xx: {failed:?}");
    let stored: i64 = sqlx::query("SELECT COUNT(*) FROM leads WHERE tenant = 'alpha'")
        .fetch_one(&tdb.db.pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(
        stored as usize,
        answers.len() + IDLE_LEADS,
        "every lead sent is stored (and the baseline ones)"
    );
    let counts = TenantRepo::new(&tdb.db, "alpha").car_counts().await.unwrap();
    let total: i64 = counts.iter().map(|c| c.1).sum();
    assert_eq!(total as usize, rows + 1, "the generated cars and the earlier one: {counts:?}");
}
