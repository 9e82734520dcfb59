//! Stock import against a real database: upserts, full and delta feeds, sold marking, no-op
//! re-imports, row errors, JSON feeds, column mappings on the real Craigslist listings, and crash
//! safety of the one-transaction-per-file rule with the real binary.

mod common;

use std::collections::HashMap;

use common::{repo_tenants_dir, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    repo::TenantRepo,
    stock::{ImportOptions, ImportReport, import_feed, mapping::Mapping},
    tenant::{FeedFormat, FeedMode, Tenant},
};

const NOW: i64 = 1_795_000_000;

fn opts(source: &str, mode: Option<FeedMode>) -> ImportOptions {
    ImportOptions {
        source: source.into(),
        format: FeedFormat::Csv,
        mode,
        mapping: None,
        mapping_text: None,
        progress: false,
        now: NOW,
    }
}

async fn setup() -> (common::TestDb, tempfile::TempDir, std::sync::Arc<Tenant>) {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    (tdb, dir, t)
}

async fn statuses(repo: &TenantRepo) -> HashMap<String, (String, Option<i64>, f64)> {
    repo.cars(10_000, 0)
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.stocknum.clone(), (c.status.clone(), c.sold_at, c.price)))
        .collect()
}

const FEED: &str = "stocknum,vin,year,make,model,price,km,car_type,status\n\
S1,WDDHF5GB7BA292772,2019,Mercedes-Benz,C-Class,45990,30000,used,in_stock\n\
S2,,2026,Mercedes-Benz,GLC,89900,10,new,coming_soon\n\
S3,,2020,Toyota,Corolla,19990,45000,used,in_stock\n";

#[tokio::test]
async fn reimporting_the_same_file_changes_nothing() {
    let (tdb, _d, t) = setup().await;
    let r1 = import_feed(&tdb.db, &t, FEED.as_bytes(), opts("f", None)).await.unwrap();
    assert_eq!((r1.inserted, r1.updated, r1.unchanged, r1.rejected), (3, 0, 0, 0));
    let repo = TenantRepo::new(&tdb.db, "alpha");
    let before = repo.cars(100, 0).await.unwrap();
    let mut o = opts("f", None);
    o.now = NOW + 3600;
    let r2 = import_feed(&tdb.db, &t, FEED.as_bytes(), o).await.unwrap();
    assert_eq!((r2.inserted, r2.updated, r2.unchanged, r2.marked_sold), (0, 0, 3, 0));
    assert!(r2.no_change());
    let after = repo.cars(100, 0).await.unwrap();
    assert_eq!(
        serde_json::to_value(&before).unwrap(),
        serde_json::to_value(&after).unwrap(),
        "not even updated_at moved"
    );
    assert_eq!(before[0].created_at, NOW, "created_at defaults to the import time");
}

#[tokio::test]
async fn full_feed_marks_missing_cars_sold_and_delta_does_not() {
    let (tdb, _d, t) = setup().await;
    import_feed(&tdb.db, &t, FEED.as_bytes(), opts("f", None)).await.unwrap();
    // Another source's car is never touched by this source's full feed.
    let other = "stocknum,year,make,model,price,car_type\nX1,2018,Kia,Rio,12990,used\n";
    import_feed(&tdb.db, &t, other.as_bytes(), opts("other", None)).await.unwrap();
    let delta = "stocknum,year,make,model,price,car_type\nS4,2021,Mazda,CX-5,33990,used\n";
    let r = import_feed(&tdb.db, &t, delta.as_bytes(), opts("f", Some(FeedMode::Delta)))
        .await
        .unwrap();
    assert_eq!((r.inserted, r.marked_sold), (1, 0));
    let mut o = opts("f", Some(FeedMode::Full));
    o.now = NOW + 100;
    let without_s3 = FEED.lines().filter(|l| !l.starts_with("S3")).collect::<Vec<_>>().join("\n");
    let r = import_feed(&tdb.db, &t, without_s3.as_bytes(), o).await.unwrap();
    assert_eq!(r.marked_sold, 2, "S3 and S4 are missing from the full feed: {r:?}");
    let repo = TenantRepo::new(&tdb.db, "alpha");
    let s = statuses(&repo).await;
    assert_eq!(s["S3"].0, "sold");
    assert_eq!(s["S3"].1, Some(NOW + 100), "sold timestamp set");
    assert_eq!(s["S1"].0, "in_stock");
    assert_eq!(s["X1"].0, "in_stock", "other source untouched");
    // The car comes back when the feed lists it again.
    let mut o = opts("f", Some(FeedMode::Full));
    o.now = NOW + 200;
    let r = import_feed(&tdb.db, &t, FEED.as_bytes(), o).await.unwrap();
    assert_eq!(r.updated, 1);
    let s = statuses(&repo).await;
    assert_eq!(s["S3"], ("in_stock".into(), None, 19990.0));
}

#[tokio::test]
async fn a_rejected_row_in_a_full_feed_does_not_mark_its_car_sold() {
    let (tdb, _d, t) = setup().await;
    import_feed(&tdb.db, &t, FEED.as_bytes(), opts("f", None)).await.unwrap();
    let broken = FEED.replace("S3,,2020,Toyota,Corolla,19990", "S3,,2020,Toyota,Corolla,0");
    let r = import_feed(&tdb.db, &t, broken.as_bytes(), opts("f", None)).await.unwrap();
    assert_eq!((r.rejected, r.marked_sold), (1, 0), "{r:?}");
    let s = statuses(&TenantRepo::new(&tdb.db, "alpha")).await;
    assert_eq!(s["S3"], ("in_stock".into(), None, 19990.0), "previous data kept");
}

#[tokio::test]
async fn upsert_matches_by_vin_when_the_stock_number_changes() {
    let (tdb, _d, t) = setup().await;
    import_feed(&tdb.db, &t, FEED.as_bytes(), opts("f", None)).await.unwrap();
    let renumbered = FEED.replace(
        "S1,WDDHF5GB7BA292772,2019,Mercedes-Benz,C-Class,45990",
        "N1,WDDHF5GB7BA292772,2019,Mercedes-Benz,C-Class,44990",
    );
    let r = import_feed(&tdb.db, &t, renumbered.as_bytes(), opts("f", None)).await.unwrap();
    assert_eq!((r.inserted, r.updated, r.unchanged, r.marked_sold), (0, 1, 2, 0), "{r:?}");
    let repo = TenantRepo::new(&tdb.db, "alpha");
    let car = repo.car_by_stocknum("N1").await.unwrap().expect("renumbered car");
    assert_eq!(car.price, 44990.0);
    assert_eq!(car.slug, "2019-mercedes-benz-c-class-n1");
    assert!(repo.car_by_stocknum("S1").await.unwrap().is_none());
}

#[tokio::test]
async fn each_bad_row_is_reported_with_row_field_and_reason() {
    let (tdb, _d, t) = setup().await;
    let feed = "stocknum,vin,year,make,model,price,km,car_type,simple_body,location_slug\n\
G1,,2019,Kia,Rio,15990,50000,used,hatch,alpha-sales\n\
B1,,,Kia,Rio,15990,50000,used,,\n\
B2,,2019,Kia,Rio,0,50000,used,,\n\
B3,,2019,Kia,Rio,4628161260,50000,used,,\n\
B4,WDD-NOT-A-VIN,2019,Kia,Rio,15990,50000,used,,\n\
B5,,2019,Kia,Rio,15990,lots,vintage,spaceship,nowhere\n\
G1,,2019,Kia,Rio,15990,50000,used,,\n\
G2,WDDHF5GB7BA292772,2019,Kia,Rio,15990,50000,used,,\n\
G3,WDDHF5GB7BA292772,2019,Kia,Rio,15990,50000,used,,\n";
    let r = import_feed(&tdb.db, &t, feed.as_bytes(), opts("f", None)).await.unwrap();
    assert_eq!((r.rows_total, r.inserted, r.rejected), (9, 2, 7), "{r:#?}");
    let by_row: HashMap<usize, Vec<(String, String)>> = r
        .errors
        .iter()
        .map(|e| (e.row, e.errors.iter().map(|f| (f.field.clone(), f.reason.clone())).collect()))
        .collect();
    let fields = |row: usize| by_row[&row].iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>();
    assert_eq!(fields(2), vec!["year"]);
    assert!(by_row[&2][0].1.contains("required"));
    assert_eq!(fields(3), vec!["price"]);
    assert!(by_row[&3][0].1.contains("greater than 0"));
    assert_eq!(fields(4), vec!["price"]);
    assert!(by_row[&4][0].1.contains("limit"));
    assert_eq!(fields(5), vec!["vin"]);
    assert_eq!(fields(6), vec!["km", "car_type", "simple_body"]);
    assert_eq!(fields(7), vec!["stocknum"], "duplicate stocknum in the feed");
    assert!(by_row[&7][0].1.contains("repeats row 1"));
    assert_eq!(fields(9), vec!["vin"], "duplicate VIN in the feed");
    assert_eq!(r.errors[2].stocknum.as_deref(), Some("B3"));
}

#[tokio::test]
async fn json_feeds_with_nested_objects() {
    let (tdb, _d, t) = setup().await;
    let feed = serde_json::json!({"cars": [{
        "stocknum": "J1", "year": 2024, "make": "IM", "model": "IM6", "price": 69990, "car_type": "new",
        "images": [{"image": {"url": "https://cdn.example/1.jpg"}}, "https://cdn.example/2.jpg"],
        "standardEquipment": ["Heated seats", "360 camera"],
        "youxQuote": {"weeklyRepaymentAmount": 231.5, "advertisedRate": 8.99, "comparisonRate": 9.5},
        "reserved": true, "dealer_notes": "ignored"
    }]});
    let mut o = opts("json", None);
    o.format = FeedFormat::Json;
    let r = import_feed(&tdb.db, &t, feed.to_string().as_bytes(), o).await.unwrap();
    assert_eq!(r.inserted, 1, "{r:?}");
    assert!(r.warnings[0].contains("dealer_notes"));
    let car = TenantRepo::new(&tdb.db, "alpha").car_by_stocknum("J1").await.unwrap().unwrap();
    assert_eq!(car.image_urls.0, vec!["https://cdn.example/1.jpg", "https://cdn.example/2.jpg"]);
    assert_eq!(car.standard_equipment.0.len(), 2);
    assert_eq!(car.youx_quote.0.unwrap()["weeklyRepaymentAmount"], 231.5);
    assert!(car.reserved.0);
}

/// The real Craigslist listings file through the committed mapping: bad rows are reported with row
/// and field, the rest imported, and a second import reports no change.
#[tokio::test]
async fn real_listings_file_through_a_column_mapping() {
    let (tdb, _d, t) = setup().await;
    let src = repo_tenants_dir().join("_sources");
    let bytes = std::fs::read(src.join("listings/craigslist_mercedes_used_listings.csv")).unwrap();
    let text = std::fs::read_to_string(src.join("mappings/craigslist.mapping.toml")).unwrap();
    let mapping = Mapping::from_toml(&text, "craigslist.mapping.toml").unwrap();
    let run = |now: i64| {
        let mut o = opts("craigslist", None);
        o.mapping = Some(mapping.clone());
        o.mapping_text = Some(text.clone());
        o.now = now;
        o
    };
    let r: ImportReport = import_feed(&tdb.db, &t, &bytes, run(NOW)).await.unwrap();
    assert_eq!(r.rows_total, 8553);
    assert_eq!(r.mode, "delta", "the mapping's mode applies");
    assert!(r.inserted > 3000, "{}", r.inserted);
    assert_eq!(r.inserted + r.rejected, r.rows_total);
    let reasons = |field: &str, needle: &str| {
        r.errors
            .iter()
            .filter(|e| e.errors.iter().any(|f| f.field == field && f.reason.contains(needle)))
            .count()
    };
    // 3,825 rows are refused; the report lists the first 1,000 (MAX_LISTED_ERRORS): 655 zero
    // prices, 343 reposted VINs and 2 malformed VINs among them.
    assert!(r.rejected > 3000, "{}", r.rejected);
    assert_eq!(r.errors.len(), forecourt_host::stock::import::MAX_LISTED_ERRORS);
    assert!(reasons("price", "greater than 0") > 500, "zero prices");
    assert!(reasons("vin", "is not a VIN") >= 1, "malformed VINs");
    assert!(reasons("vin", "repeats row") > 200, "reposted VINs");
    // Row numbers point at the file: row 1 is listing 0.
    let first = &r.errors[0];
    let line = String::from_utf8_lossy(&bytes).lines().nth(first.row).unwrap().to_string();
    assert!(
        line.starts_with(&first.stocknum.clone().unwrap().trim_start_matches("CL-").to_string()),
        "{line} vs {first:?}"
    );
    // Units converted: miles to km, USD to AUD.
    let car = TenantRepo::new(&tdb.db, "alpha").car_by_stocknum("CL-2").await.unwrap().unwrap();
    assert_eq!((car.year, car.model.as_str()), (2018, "Other"));
    assert_eq!(car.price, 45140.0, "29500 USD x 1.53, to the nearest 10");
    assert_eq!(car.km, Some(28_968), "18000 mi x 1.609344");
    assert!(
        r.errors
            .iter()
            .any(|e| e.stocknum.as_deref() == Some("CL-1") && e.errors[0].field == "vin"),
        "row 2 (listing 1) has a 14-character VIN"
    );
    let r2 = import_feed(&tdb.db, &t, &bytes, run(NOW + 60)).await.unwrap();
    assert!(r2.no_change(), "{:?}", (r2.inserted, r2.updated, r2.marked_sold));
    assert_eq!(r2.unchanged, r.inserted);
}

/// A process killed in the middle of an import leaves the earlier stock exactly as it was.
#[tokio::test]
async fn a_crash_mid_import_leaves_the_previous_stock_intact() {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    import_feed(&tdb.db, &t, FEED.as_bytes(), opts("feed.csv", None)).await.unwrap();
    let repo = TenantRepo::new(&tdb.db, "alpha");
    let before = serde_json::to_value(repo.cars(100, 0).await.unwrap()).unwrap();

    // A new version of the feed: changes S1, drops S2 and S3 (full feed), adds 500 cars.
    let mut feed = String::from("stocknum,year,make,model,price,car_type\nS1,2019,Mercedes-Benz,C-Class,1,used\n");
    for i in 0..500 {
        feed.push_str(&format!("N{i},2022,Kia,Rio,{},used\n", 15000 + i));
    }
    let file = dir.path().join("feed.csv");
    std::fs::write(&file, feed).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_forecourt"))
        .args(["import", "--tenant", "alpha", "--mode", "full", "--source", "feed.csv"])
        .arg(&file)
        .env("FORECOURT_TENANTS_DIR", dir.path())
        .env("FORECOURT_DATABASE_URL", &tdb.url)
        .env("FORECOURT_FAULT_ABORT_AFTER_ROWS", "250")
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(!out.status.success(), "the import process died");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("aborting"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = serde_json::to_value(repo.cars(100, 0).await.unwrap()).unwrap();
    assert_eq!(before, after, "earlier stock intact");
    assert_eq!(
        repo.car_counts().await.unwrap(),
        vec![("coming_soon".to_string(), 1), ("in_stock".to_string(), 2)]
    );
    let staged = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM stock_import_staging")
            .fetch_one(&tdb.db.pool)
            .await
            .unwrap()
    };
    assert_eq!(
        staged().await,
        250,
        "the killed import had staged its first batch of 250 rows, never applied"
    );

    // The same command without the fault imports everything.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_forecourt"))
        .args(["import", "--tenant", "alpha", "--mode", "full", "--source", "feed.csv"])
        .arg(&file)
        .env("FORECOURT_TENANTS_DIR", dir.path())
        .env("FORECOURT_DATABASE_URL", &tdb.url)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout} {}", String::from_utf8_lossy(&out.stderr));
    assert!(
        stdout.contains("501 rows: 500 inserted, 1 updated, 0 unchanged, 2 marked sold, 0 rejected (full mode)"),
        "{stdout}"
    );
    assert_eq!(
        staged().await,
        250,
        "the import removed its own staged rows; the killed one's are younger than an hour"
    );
    // Once the killed import's rows are older than an hour, the next import of the tenant removes them.
    sqlx::query("UPDATE stock_import_staging SET staged_at = staged_at - 7200")
        .execute(&tdb.db.pool)
        .await
        .unwrap();
    let r = import_feed(&tdb.db, &t, FEED.as_bytes(), opts("other.csv", Some(FeedMode::Delta)))
        .await
        .unwrap();
    assert_eq!(r.updated, 3, "{r:?}");
    assert_eq!(staged().await, 0);
}

/// A full import of a file needs `--source`: the source is who owns the cars a full feed marks
/// sold, so it must not silently become the (renamed) file's name.
#[tokio::test]
async fn a_full_cli_import_without_source_is_refused_and_imports_nothing() {
    let (tdb, dir, t) = setup().await;
    import_feed(&tdb.db, &t, FEED.as_bytes(), opts("feed.csv", None)).await.unwrap();
    let renamed = dir.path().join("feed-2026-11-24.csv");
    std::fs::write(&renamed, FEED.lines().take(2).collect::<Vec<_>>().join("\n")).unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_forecourt"))
            .args(["import", "--tenant", "alpha"])
            .args(args)
            .arg(&renamed)
            .env("FORECOURT_TENANTS_DIR", dir.path())
            .env("FORECOURT_DATABASE_URL", &tdb.url)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    };
    let repo = TenantRepo::new(&tdb.db, "alpha");
    for args in [&[][..], &["--mode", "full"][..]] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}: {stderr}");
        assert!(stderr.contains("--source is required for a full import"), "{stderr}");
        assert_eq!(
            statuses(&repo).await.values().filter(|s| s.0 == "sold").count(),
            0,
            "nothing marked sold"
        );
    }
    // With the feed's stable source, the renamed file is the same feed: S2 and S3 become sold.
    let out = run(&["--source", "feed.csv"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("1 rows: 0 inserted, 0 updated, 1 unchanged, 2 marked sold"),
        "{stdout}"
    );
    // A delta import may omit it (it marks nothing sold).
    let out = run(&["--mode", "delta"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A junk feed answers a bounded report: 5,000 invalid rows are all counted in `rejected`, the
/// first 1,000 listed (MAX_LISTED_ERRORS); and a full feed whose every row is refused marks no
/// car sold (a broken feed, not an empty lot), saying so in its warnings.
#[tokio::test]
async fn a_junk_feed_lists_a_bounded_number_of_errors_and_marks_nothing_sold() {
    let (tdb, _d, t) = setup().await;
    import_feed(&tdb.db, &t, FEED.as_bytes(), opts("f", None)).await.unwrap();
    let header = FEED.lines().next().unwrap();
    let mut junk = format!("{header}\n");
    for i in 0..5_000 {
        junk.push_str(&format!("J{i},,not-a-year,,,,,,\n"));
    }
    let r = import_feed(&tdb.db, &t, junk.as_bytes(), opts("f", None)).await.unwrap();
    assert_eq!(
        (r.rows_total, r.rejected, r.errors.len()),
        (5_000, 5_000, forecourt_host::stock::import::MAX_LISTED_ERRORS)
    );
    assert_eq!((r.errors[0].row, r.errors[999].row), (1, 1_000));
    assert_eq!(r.marked_sold, 0, "{:?}", r.warnings);
    assert!(r.warnings.iter().any(|w| w.contains("no car was marked sold")), "{:?}", r.warnings);
    let s = statuses(&TenantRepo::new(&tdb.db, "alpha")).await;
    assert!(s.values().all(|(status, _, _)| status != "sold"), "{s:?}");
}

/// Feed text loses control characters, bidirectional overrides and non-characters (tab and line
/// feed kept): a CRM once dropped ADF/XML leads for cars whose feed text held them.
#[tokio::test]
async fn feed_text_loses_control_characters_and_bidi_overrides() {
    let (tdb, _d, t) = setup().await;
    let feed = "stocknum,year,make,model,badge,price,km,car_type,status,dealercomments\n\
                C1,2019,Mazda,CX-5,\"Maxx\u{0}\u{1b}[31m Sport\u{202e}\",24990,30000,used,in_stock,\"Line one\r\nLine\ttwo\u{7}\u{fffe}\"\n";
    let r = import_feed(&tdb.db, &t, feed.as_bytes(), opts("f", None)).await.unwrap();
    assert_eq!(r.inserted, 1, "{r:?}");
    let car = TenantRepo::new(&tdb.db, "alpha").car_by_stocknum("C1").await.unwrap().unwrap();
    assert_eq!(car.badge.as_deref(), Some("Maxx[31m Sport"));
    assert_eq!(car.dealercomments.as_deref(), Some("Line one\nLine\ttwo"));
}

/// A start does not re-read a feed file storage already holds (issue 36): once imported, a
/// file whose size and modification time are the recorded ones is skipped unread: bytes changed
/// behind an unchanged stamp are not seen (what proves it was not read), and the same file with
/// a new modification time is read again and imported.
#[tokio::test]
async fn a_feed_file_with_its_recorded_stamp_is_not_read_again() {
    let tdb = test_db().await;
    let toml = format!(
        "{}[[stock.feeds]]\npath = \"stock.csv\"\nformat = \"csv\"\nmode = \"full\"\n",
        tenant_toml("alpha")
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("alpha")).unwrap();
    // The folder holds the feed before it loads (a feed's path is checked at load).
    std::fs::write(dir.path().join("alpha/stock.csv"), FEED).unwrap();
    std::fs::write(dir.path().join("alpha/tenant.toml"), &toml).unwrap();
    let reg = forecourt_host::tenant::TenantRegistry::load_dir(dir.path()).unwrap();
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let t = state.tenants.by_slug("alpha").unwrap();
    let feed = dir.path().join("alpha/stock.csv");
    let repo = TenantRepo::new(&tdb.db, "alpha");
    forecourt_host::feeds::import_tenant_feeds(&tdb.db, &t).await.unwrap();
    assert_eq!(statuses(&repo).await["S3"].2, 19990.0);

    // Same size, same modification time, other bytes: the stamp matches, the file is not read.
    let mtime = std::fs::metadata(&feed).unwrap().modified().unwrap();
    let changed = FEED.replace("19990", "18990");
    assert_eq!(changed.len(), FEED.len());
    std::fs::write(&feed, &changed).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&feed)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    forecourt_host::feeds::import_tenant_feeds(&tdb.db, &t).await.unwrap();
    assert_eq!(
        statuses(&repo).await["S3"].2,
        19990.0,
        "a file with its recorded stamp is skipped unread"
    );

    // A new modification time: read, hashed, imported.
    std::fs::File::options()
        .write(true)
        .open(&feed)
        .unwrap()
        .set_modified(mtime + std::time::Duration::from_secs(5))
        .unwrap();
    forecourt_host::feeds::import_tenant_feeds(&tdb.db, &t).await.unwrap();
    assert_eq!(statuses(&repo).await["S3"].2, 18990.0);
}
