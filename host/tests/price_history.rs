//! Price history and freshness (docs/features/platform.md "Price history and freshness";
//! issue 26 item 4) over a real database (SQLite, or PostgreSQL with
//! `FORECOURT_TEST_DATABASE_URL`): the import records real price changes in its own transaction,
//! moves `listed_at` of every car its feed lists, the car JSON shows the last drop only when the
//! tenant enables it, and the search sorts by `recently_reduced`.

mod common;

use std::sync::Arc;

use common::{call, get, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    http::state::AppState,
    repo::TenantRepo,
    stock::{ImportOptions, history, import_feed},
    tenant::{FeedFormat, FeedMode, Tenant},
};
use serde_json::Value;

/// Two days ago, unix seconds: imports run at `BASE + k hours`, recent enough for the default
/// 30-day window of the VDP's drop.
fn base() -> i64 {
    forecourt_host::plugins::unix_now() - 2 * 86_400
}

fn opts(now: i64, mode: Option<FeedMode>) -> ImportOptions {
    ImportOptions {
        source: "f".into(),
        format: FeedFormat::Csv,
        mode,
        mapping: None,
        mapping_text: None,
        progress: false,
        now,
    }
}

/// A feed of three cars with these prices (dollars) and odometers (km).
fn feed(prices: [&str; 3], km: [u32; 3]) -> String {
    format!(
        "stocknum,year,make,model,price,km,car_type,status\n\
P1,2019,Mazda,CX-5,{},{},used,in_stock\n\
P2,2020,Toyota,Corolla,{},{},used,in_stock\n\
P3,2021,Kia,Sportage,{},{},used,in_stock\n",
        prices[0], km[0], prices[1], km[1], prices[2], km[2]
    )
}

struct Fixture {
    tdb: common::TestDb,
    _dir: tempfile::TempDir,
    state: AppState,
    /// `shows` enables `vdp.show_price_reduced`; `hides` does not.
    shows: Arc<Tenant>,
    hides: Arc<Tenant>,
}

async fn fixture() -> Fixture {
    let tdb = test_db().await;
    let shows = format!(
        "{}\n[vdp]\nshow_price_reduced = true\nprice_reduced_max_age_days = 30\n",
        tenant_toml("shows")
    );
    let (dir, reg) = write_tenants(&[("shows", shows), ("hides", tenant_toml("hides"))]);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let shows = state.tenants.by_slug("shows").unwrap().clone();
    let hides = state.tenants.by_slug("hides").unwrap().clone();
    Fixture {
        tdb,
        _dir: dir,
        state,
        shows,
        hides,
    }
}

impl Fixture {
    async fn import(&self, t: &Arc<Tenant>, body: &str, now: i64) -> forecourt_host::stock::ImportReport {
        import_feed(&self.tdb.db, t, body.as_bytes(), opts(now, None)).await.unwrap()
    }

    async fn car_id(&self, t: &Tenant, stocknum: &str) -> i64 {
        TenantRepo::new(&self.tdb.db, t.slug())
            .cars(100, 0)
            .await
            .unwrap()
            .into_iter()
            .find(|c| c.stocknum == stocknum)
            .unwrap()
            .id
    }

    async fn history(&self, t: &Tenant, stocknum: &str) -> Vec<(i64, i64, i64)> {
        let id = self.car_id(t, stocknum).await;
        history::changes(&self.tdb.db, t.slug(), id, 100)
            .await
            .unwrap()
            .into_iter()
            .map(|c| (c.old_price, c.new_price, c.changed_at))
            .collect()
    }

    /// (listed_at, price_reduced_at) of a car as stored.
    async fn times(&self, t: &Tenant, stocknum: &str) -> (Option<i64>, Option<i64>) {
        let c = TenantRepo::new(&self.tdb.db, t.slug())
            .cars(100, 0)
            .await
            .unwrap()
            .into_iter()
            .find(|c| c.stocknum == stocknum)
            .unwrap();
        (c.listed_at, c.price_reduced_at)
    }

    /// `GET /api/v1/cars/{slug}` of the car with this stock number.
    async fn car_json(&self, t: &Tenant, stocknum: &str) -> Value {
        let slug = TenantRepo::new(&self.tdb.db, t.slug())
            .cars(100, 0)
            .await
            .unwrap()
            .into_iter()
            .find(|c| c.stocknum == stocknum)
            .unwrap()
            .slug;
        let app = common::app(self.state.clone());
        let (s, _, body) = call(&app, get(&format!("{}.localhost", t.slug()), &format!("/api/v1/cars/{slug}"))).await;
        assert_eq!(s, 200, "{body}");
        common::json(&body)
    }
}

#[tokio::test]
async fn a_lower_price_on_reimport_is_recorded_and_shown_as_the_last_drop() {
    let f = fixture().await;
    let t0 = base();
    let first = f
        .import(&f.shows, &feed(["24990", "19990", "31990"], [50_000, 40_000, 20_000]), t0)
        .await;
    assert_eq!(first.inserted, 3);
    assert!(f.history(&f.shows, "P1").await.is_empty(), "a first sighting is no change");
    assert_eq!(f.car_json(&f.shows, "P1").await["price_drop"], Value::Null);

    let t1 = t0 + 3_600;
    let r = f
        .import(&f.shows, &feed(["23990", "19990", "31990"], [50_000, 40_000, 20_000]), t1)
        .await;
    assert_eq!((r.updated, r.unchanged), (1, 2));
    assert_eq!(f.history(&f.shows, "P1").await, vec![(24_990, 23_990, t1)]);
    assert_eq!(f.times(&f.shows, "P1").await, (Some(t1), Some(t1)));
    let j = f.car_json(&f.shows, "P1").await;
    assert_eq!(
        j["price_drop"],
        serde_json::json!({"amount": 1000, "from": 24990, "to": 23990, "at": t1}),
        "{j}"
    );
    assert_eq!(j["confirmed_at"], t1);
    // The journal sequence of the import that made the change is kept with it.
    let seq: Option<i64> = sqlx::query_scalar("SELECT journal_seq FROM car_price_history WHERE tenant = 'shows'")
        .fetch_one(&f.tdb.db.pool)
        .await
        .unwrap();
    let head = forecourt_host::stock::journal::read_head(&f.tdb.db, "shows")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(seq, Some(head.seq));
}

#[tokio::test]
async fn a_rise_is_recorded_but_never_shown_as_a_reduction() {
    let f = fixture().await;
    let t0 = base();
    f.import(&f.shows, &feed(["24990", "19990", "31990"], [50_000, 40_000, 20_000]), t0)
        .await;
    // A drop, then a rise above it.
    f.import(&f.shows, &feed(["22990", "19990", "31990"], [50_000, 40_000, 20_000]), t0 + 60)
        .await;
    f.import(&f.shows, &feed(["25990", "19990", "31990"], [50_000, 40_000, 20_000]), t0 + 120)
        .await;
    assert_eq!(
        f.history(&f.shows, "P1").await,
        vec![(22_990, 25_990, t0 + 120), (24_990, 22_990, t0 + 60)],
        "both changes kept, newest first"
    );
    assert_eq!(f.times(&f.shows, "P1").await.1, None, "a rise clears price_reduced_at");
    assert_eq!(f.car_json(&f.shows, "P1").await["price_drop"], Value::Null);
}

#[tokio::test]
async fn an_unchanged_price_or_a_refused_price_records_nothing() {
    let f = fixture().await;
    let t0 = base();
    f.import(&f.shows, &feed(["24990", "19990", "31990"], [50_000, 40_000, 20_000]), t0)
        .await;
    // Same prices, other fields changed: the cars are updated, their prices are not.
    let r = f
        .import(&f.shows, &feed(["24990", "19990.2", "31990"], [51_000, 41_000, 21_000]), t0 + 60)
        .await;
    assert_eq!(r.updated, 3);
    // The same file again: nothing changes at all.
    let r = f
        .import(&f.shows, &feed(["24990", "19990.2", "31990"], [51_000, 41_000, 21_000]), t0 + 120)
        .await;
    assert_eq!(r.unchanged, 3);
    // A price of 0 is refused with the row (the car keeps its price): no change either.
    let r = f
        .import(&f.shows, &feed(["24990", "19990", "0"], [51_000, 41_000, 21_000]), t0 + 180)
        .await;
    assert_eq!(r.rejected, 1);
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM car_price_history")
        .fetch_one(&f.tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(n, 0);
    assert_eq!(f.times(&f.shows, "P3").await.1, None);
}

#[tokio::test]
async fn a_failed_import_records_no_price_change_and_no_listing_time() {
    let f = fixture().await;
    let t0 = base();
    f.import(&f.shows, &feed(["24990", "19990", "31990"], [50_000, 40_000, 20_000]), t0)
        .await;
    // The import's last write (its log row) fails: the whole apply rolls back.
    if f.tdb.is_postgres() {
        sqlx::query("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$")
            .execute(&f.tdb.db.pool)
            .await
            .unwrap();
        sqlx::query("CREATE TRIGGER refuse_log BEFORE INSERT ON stock_imports FOR EACH ROW EXECUTE FUNCTION refuse()")
            .execute(&f.tdb.db.pool)
            .await
            .unwrap();
    } else {
        sqlx::query("CREATE TRIGGER refuse_log BEFORE INSERT ON stock_imports BEGIN SELECT RAISE(ABORT, 'refused'); END")
            .execute(&f.tdb.db.pool)
            .await
            .unwrap();
    }
    let lower = feed(["21990", "19990", "31990"], [50_000, 40_000, 20_000]);
    let err = import_feed(&f.tdb.db, &f.shows, lower.as_bytes(), opts(t0 + 60, None)).await;
    assert!(err.is_err(), "the import fails");
    assert!(f.history(&f.shows, "P1").await.is_empty());
    assert_eq!(f.times(&f.shows, "P1").await, (Some(t0), None));
    assert_eq!(
        f.times(&f.shows, "P2").await,
        (Some(t0), None),
        "unchanged cars keep their listing time too"
    );
    let price: f64 = sqlx::query_scalar("SELECT price FROM cars WHERE tenant = 'shows' AND stocknum = 'P1'")
        .fetch_one(&f.tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(price, 24_990.0);
}

#[tokio::test]
async fn listed_at_moves_with_each_import_that_lists_the_car() {
    let f = fixture().await;
    let t0 = base();
    let body = feed(["24990", "19990", "31990"], [50_000, 40_000, 20_000]);
    f.import(&f.shows, &body, t0).await;
    // The same full feed an hour later: nothing changes but every car was confirmed.
    let r = f.import(&f.shows, &body, t0 + 3_600).await;
    assert!(r.no_change());
    for s in ["P1", "P2", "P3"] {
        assert_eq!(f.times(&f.shows, s).await.0, Some(t0 + 3_600), "{s}");
    }
    // A delta feed that lists only P2 confirms only P2.
    let delta = "stocknum,year,make,model,price,km,car_type,status\nP2,2020,Toyota,Corolla,19990,40000,used,in_stock\n";
    import_feed(&f.tdb.db, &f.shows, delta.as_bytes(), opts(t0 + 7_200, Some(FeedMode::Delta)))
        .await
        .unwrap();
    assert_eq!(f.times(&f.shows, "P1").await.0, Some(t0 + 3_600));
    assert_eq!(f.times(&f.shows, "P2").await.0, Some(t0 + 7_200));
    assert_eq!(f.car_json(&f.shows, "P2").await["confirmed_at"], t0 + 7_200);
    // A full feed without P3 marks it sold and does not confirm it.
    let two = "stocknum,year,make,model,price,km,car_type,status\n\
P1,2019,Mazda,CX-5,24990,50000,used,in_stock\nP2,2020,Toyota,Corolla,19990,40000,used,in_stock\n";
    let r = f.import(&f.shows, two, t0 + 10_800).await;
    assert_eq!(r.marked_sold, 1);
    assert_eq!(f.times(&f.shows, "P3").await.0, Some(t0 + 3_600));
    assert_eq!(f.times(&f.shows, "P1").await.0, Some(t0 + 10_800));
}

#[tokio::test]
async fn the_drop_is_hidden_when_the_tenant_is_off_or_the_drop_is_too_old() {
    let f = fixture().await;
    let t0 = base();
    for t in [&f.shows, &f.hides] {
        f.import(t, &feed(["24990", "19990", "31990"], [50_000, 40_000, 20_000]), t0 - 50 * 86_400)
            .await;
        // P2 dropped 40 days ago (beyond the 30-day window), P1 an hour after t0.
        f.import(t, &feed(["24990", "18990", "31990"], [50_000, 40_000, 20_000]), t0 - 40 * 86_400)
            .await;
        f.import(t, &feed(["23990", "18990", "31990"], [50_000, 40_000, 20_000]), t0 + 3_600)
            .await;
    }
    // Recorded for both tenants.
    assert_eq!(f.history(&f.hides, "P1").await.len(), 1);
    assert_eq!(f.history(&f.shows, "P1").await.len(), 1);
    let hidden = f.car_json(&f.hides, "P1").await;
    assert_eq!(hidden["price_drop"], Value::Null, "{hidden}");
    assert_eq!(hidden["confirmed_at"], t0 + 3_600, "the confirmation shows whatever the switch");
    assert_eq!(f.car_json(&f.shows, "P1").await["price_drop"]["amount"], 1000);
    assert_eq!(f.car_json(&f.shows, "P2").await["price_drop"], Value::Null, "older than 30 days");
    assert!(
        hidden["car"].get("price_reduced_at").is_none(),
        "the car JSON never carries the raw time"
    );
}

#[tokio::test]
async fn history_is_bounded_per_car() {
    let f = fixture().await;
    let t0 = base();
    let n = history::KEEP_PER_CAR + 5;
    for i in 0..=n {
        let price = (30_000 - i * 100).to_string();
        f.import(&f.shows, &feed([&price, "19990", "31990"], [50_000, 40_000, 20_000]), t0 + i)
            .await;
    }
    let h = f.history(&f.shows, "P1").await;
    assert_eq!(h.len() as i64, history::KEEP_PER_CAR);
    assert_eq!(h[0], (30_000 - (n - 1) * 100, 30_000 - n * 100, t0 + n), "the newest kept");
    assert_eq!(h.last().unwrap().2, t0 + n - history::KEEP_PER_CAR + 1, "the oldest dropped");
}

#[tokio::test]
async fn search_sorts_recently_reduced_first_newest_drop_first() {
    let f = fixture().await;
    let t0 = base();
    let body = "stocknum,year,make,model,price,km,car_type,status\n\
R1,2019,Mazda,CX-5,24990,50000,used,in_stock\nR2,2020,Toyota,Corolla,19990,40000,used,in_stock\n\
R3,2021,Kia,Sportage,31990,20000,used,in_stock\nR4,2018,Ford,Ranger,35990,90000,used,in_stock\n\
R5,2017,Honda,Jazz,12990,80000,used,in_stock\n";
    f.import(&f.shows, body, t0).await;
    // R3 drops first, then R1; R4 drops and then rises (no longer reduced); R2, R5 never change.
    let step = |from: &str, to: &str, b: &str| b.replace(from, to);
    let b1 = step("31990", "30990", body).replace("35990", "34990");
    f.import(&f.shows, &b1, t0 + 60).await;
    let b2 = step("24990", "23990", &b1).replace("34990", "36990");
    f.import(&f.shows, &b2, t0 + 120).await;
    let app = common::app(f.state.clone());
    let (s, _, text) = call(&app, get("shows.localhost", "/api/v1/search?sortBy=recently_reduced")).await;
    assert_eq!(s, 200, "{text}");
    let j = common::json(&text);
    let order: Vec<&str> = j["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["car"]["stocknum"].as_str().or_else(|| h["stocknum"].as_str()).unwrap())
        .collect();
    // Reduced cars newest drop first, then the rest by id (feed order).
    assert_eq!(order, vec!["R1", "R3", "R2", "R4", "R5"], "{text}");
    let (s, _, text) = call(&app, get("shows.localhost", "/api/v1/search?sortBy=oldest_reduced")).await;
    assert_eq!(s, 400);
    assert!(text.contains("recently_reduced") && text.contains("sortBy"), "{text}");
}
