//! The demo tenants on real data: `prepare` (as `forecourt serve` runs it) imports every feed with
//! no rejected row, each tenant answers with its own real cars, and a restart imports nothing.

mod common;

use std::sync::Arc;

use axum::http::StatusCode;
use common::{call, get, repo_tenants_dir, test_db};
use forecourt_host::{config::Settings, http::server, repo::TenantRepo};

#[tokio::test]
async fn demo_tenants_serve_their_real_stock() {
    let tdb = test_db().await;
    let plugin_cache = tempfile::tempdir().unwrap();
    let settings = Settings {
        database_url: tdb.url.clone(),
        tenants_dir: repo_tenants_dir(),
        // The demo tenants enable plugins: the real components (`bash plugins/build.sh`), and the
        // compile cache in a temp data dir.
        plugin_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist"),
        data_dir: plugin_cache.path().to_owned(),
        plugin_deadline_ms: 2000,
        ..Settings::default()
    };
    let state = server::prepare(settings.clone()).await.expect("prepare");
    let slugs: Vec<String> = state.tenants.iter().map(|t| t.slug().to_string()).collect();
    let mut car_of = Vec::new();
    for slug in &slugs {
        let repo = TenantRepo::new(&tdb.db, slug);
        let (count, rejected): (i64, i64) = {
            use sqlx::Row;
            let row = sqlx::query("SELECT CAST(COALESCE(SUM(inserted), 0) AS BIGINT), CAST(COALESCE(SUM(rejected), 0) AS BIGINT) FROM stock_imports WHERE tenant = $1")
                .bind(slug)
                .fetch_one(&tdb.db.pool)
                .await
                .unwrap();
            (row.get(0), row.get(1))
        };
        assert!(count >= 50, "{slug} has real stock ({count})");
        assert_eq!(rejected, 0, "{slug}'s demo feeds import cleanly");
        let counts = repo.car_counts().await.unwrap();
        for status in ["in_stock", "coming_soon", "sold"] {
            assert!(
                counts.iter().any(|(s, n)| s == status && *n > 0),
                "{slug} has {status} cars: {counts:?}"
            );
        }
        let car = repo
            .cars(1000, 0)
            .await
            .unwrap()
            .into_iter()
            .find(|c| c.status == "in_stock" && c.show_on_dealer_website.0)
            .unwrap();
        car_of.push((slug.clone(), car));
    }
    let app = common::app(state);
    for (i, (slug, car)) in car_of.iter().enumerate() {
        let (s, _, b) = call(&app, get(&format!("{slug}.localhost"), &format!("/api/v1/cars/{}", car.slug))).await;
        assert_eq!(s, StatusCode::OK, "{slug}: {b}");
        let v: serde_json::Value = serde_json::from_str(&b).unwrap();
        assert_eq!(v["car"]["stocknum"], car.stocknum.as_str());
        // Every demo tenant enables tag-rules-ev and phone-format-au (docs/features/platform.md
        // "Plugins and extension points", "Checked by").
        assert_eq!(v["decided_by"]["tag"], "tag-rules-ev@0.1.0", "{slug}: {b}");
        assert_eq!(v["decided_by"]["phone"], "phone-format-au@0.1.0", "{slug}: {b}");
        assert!(v["price_view"]["kind"].is_string(), "{slug}: {b}");
        let (other, _) = &car_of[(i + 1) % car_of.len()];
        let (s, _, _) = call(&app, get(&format!("{other}.localhost"), &format!("/api/v1/cars/{}", car.slug))).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{}'s car under {other}", slug);
    }
    // Used stock keeps the real Craigslist VINs; new stock has EPA catalogue makes.
    let used = car_of.iter().find(|(_, c)| c.car_type == "used").expect("a used car");
    assert_eq!(used.1.vin.as_deref().map(str::len), Some(17));

    // A restart with unchanged feeds imports nothing.
    let before: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_imports")
        .fetch_one(&tdb.db.pool)
        .await
        .unwrap();
    let settings = Settings {
        database_url: tdb.url.clone(),
        tenants_dir: repo_tenants_dir(),
        // The demo tenants enable plugins: the real components (`bash plugins/build.sh`), and the
        // compile cache in a temp data dir.
        plugin_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist"),
        data_dir: plugin_cache.path().to_owned(),
        plugin_deadline_ms: 2000,
        ..Settings::default()
    };
    let restart = std::time::Instant::now();
    let again = server::prepare(settings).await.expect("restart");
    eprintln!("restart with a warm plugin cache: {:?}", restart.elapsed());
    assert_eq!(again.plugins.components().len(), 6, "the six demo plugins are loaded");
    let after: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_imports")
        .fetch_one(&tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(before, after, "unchanged feeds are skipped");
    drop(Arc::clone(&again.tenants));
}
