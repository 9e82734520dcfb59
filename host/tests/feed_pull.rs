//! Stock feeds pulled from a URL on a schedule (docs/operations.md "Scheduled feeds"; issue 36
//! item 5), against a local feed server on 127.0.0.1 (no outside network), real storage and the
//! real import: the first pull imports, a pull with the validators gets 304 and imports nothing,
//! a changed feed imports its change, a failing or oversized feed keeps the last good stock and
//! backs off, credentials come from the tenant's own variables, and `GET /api/v1/admin/feeds`
//! shows the history. The schedule is driven by the `now` each pass is given, not by a clock.

mod common;

use std::sync::{Arc, Mutex};

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
};
use common::{call, get as get_req, tenant_toml, test_db, write_tenants};
use forecourt_host::feed_pull::pull_due;

/// What the local feed server answers, and what it saw.
#[derive(Default)]
struct Feed {
    body: String,
    etag: String,
    status: u16,
    seen_if_none_match: Vec<Option<String>>,
    seen_key: Vec<Option<String>>,
}

async fn serve_feed(State(f): State<Arc<Mutex<Feed>>>, headers: HeaderMap) -> Response {
    let mut f = f.lock().unwrap();
    let inm = headers.get("if-none-match").map(|v| v.to_str().unwrap().to_string());
    f.seen_if_none_match.push(inm.clone());
    f.seen_key.push(headers.get("x-api-key").map(|v| v.to_str().unwrap().to_string()));
    if f.status != 200 {
        return StatusCode::from_u16(f.status).unwrap().into_response();
    }
    if inm.as_deref() == Some(f.etag.as_str()) {
        return StatusCode::NOT_MODIFIED.into_response();
    }
    ([("etag", f.etag.clone()), ("content-type", "text/csv".to_string())], f.body.clone()).into_response()
}

fn csv(price: u32, rows: usize) -> String {
    let mut s = String::from("stocknum,vin,year,make,model,badge,price,km,car_type,status,body,location_slug\n");
    for i in 0..rows {
        s.push_str(&format!("P{i},,2019,Mazda,CX-5,Maxx,{price},30000,used,in_stock,SUV,alpha-sales\n"));
    }
    s
}

async fn cars_on_sale(db: &forecourt_host::db::Db) -> (i64, i64) {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM cars WHERE tenant = 'alpha' AND status = 'in_stock'")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    let p: i64 = sqlx::query_scalar("SELECT CAST(MAX(price) AS BIGINT) FROM cars WHERE tenant = 'alpha'")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    (n, p)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_feed_url_is_pulled_on_its_schedule_conditionally_and_a_failure_keeps_the_stock() {
    let feed = Arc::new(Mutex::new(Feed {
        body: csv(30990, 3),
        etag: "\"v1\"".into(),
        status: 200,
        ..Default::default()
    }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = Router::new().route("/stock.csv", get(serve_feed)).with_state(feed.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });

    // The tenant's own variable (its prefix is ALPHA_); a neighbour's or the host's is refused.
    // SAFETY: set before any other thread of this test process reads the environment.
    unsafe { std::env::set_var("ALPHA__FEED_KEY", "k-123") };
    let entry = |env: &str| {
        format!(
            "[[stock.feeds]]\nurl = \"http://127.0.0.1:{}/stock.csv\"\nformat = \"csv\"\nmode = \"full\"\nevery_minutes = 30\nmax_bytes = 4096\n\
             [[stock.feeds.credentials]]\nheader = \"X-Api-Key\"\nvalue_env = \"{env}\"\n",
            addr.port()
        )
    };
    let refused = forecourt_host::tenant::TenantRegistry::load_dir(&{
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("alpha")).unwrap();
        std::fs::write(
            d.path().join("alpha/tenant.toml"),
            format!("{}{}", tenant_toml("alpha"), entry("FORECOURT_ADMIN_TOKEN")),
        )
        .unwrap();
        d.keep()
    })
    .unwrap_err()
    .to_string();
    assert!(
        refused.contains("stock.feeds.0.credentials.0.value_env") && refused.contains("ALPHA_"),
        "{refused}"
    );

    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", format!("{}{}", tenant_toml("alpha"), entry("ALPHA__FEED_KEY")))]);
    let state = common::state(&tdb.db, reg, dir.path(), Some("tok")).await;
    let client = reqwest::Client::new();
    let t0 = 1_795_000_000;

    // First pass: imported, with the credential.
    let r = pull_due(&tdb.db, &state.tenants, &client, t0).await.unwrap();
    assert_eq!((r.len(), r[0].outcome.as_str()), (1, "imported"), "{r:?}");
    assert!(r[0].detail.contains("3 inserted"), "{r:?}");
    assert_eq!(cars_on_sale(&tdb.db).await, (3, 30990));
    assert_eq!(feed.lock().unwrap().seen_key, vec![Some("k-123".to_string())]);
    // Not due again before its schedule (30 minutes).
    assert!(pull_due(&tdb.db, &state.tenants, &client, t0 + 29 * 60).await.unwrap().is_empty());

    // Due: asked with the validator, 304, nothing imported.
    let r = pull_due(&tdb.db, &state.tenants, &client, t0 + 30 * 60).await.unwrap();
    assert_eq!(r[0].outcome, "not_modified", "{r:?}");
    assert_eq!(feed.lock().unwrap().seen_if_none_match.last().unwrap().as_deref(), Some("\"v1\""));
    let imports: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_imports WHERE tenant = 'alpha'")
        .fetch_one(&tdb.db.pool)
        .await
        .unwrap();
    assert_eq!(imports, 1);

    // A changed feed: its change imported.
    {
        let mut f = feed.lock().unwrap();
        f.body = csv(28990, 3);
        f.etag = "\"v2\"".into();
    }
    let t1 = t0 + 60 * 60;
    let r = pull_due(&tdb.db, &state.tenants, &client, t1).await.unwrap();
    assert_eq!(r[0].outcome, "imported", "{r:?}");
    assert_eq!(cars_on_sale(&tdb.db).await, (3, 28990));

    // The feed fails: the stock stays, retried after 1 then 2 minutes.
    feed.lock().unwrap().status = 503;
    let t2 = t1 + 30 * 60;
    let r = pull_due(&tdb.db, &state.tenants, &client, t2).await.unwrap();
    assert_eq!((r[0].outcome.as_str(), r[0].status), ("failed", Some(503)), "{r:?}");
    assert_eq!(cars_on_sale(&tdb.db).await, (3, 28990), "the last good stock is kept");
    assert!(pull_due(&tdb.db, &state.tenants, &client, t2 + 59).await.unwrap().is_empty());
    let r = pull_due(&tdb.db, &state.tenants, &client, t2 + 60).await.unwrap();
    assert_eq!(r[0].outcome, "failed");
    assert!(pull_due(&tdb.db, &state.tenants, &client, t2 + 60 + 119).await.unwrap().is_empty());

    // Back, but past its 4,096-byte cap: refused, stock kept.
    {
        let mut f = feed.lock().unwrap();
        f.status = 200;
        f.body = csv(1, 100);
        f.etag = "\"v3\"".into();
    }
    let r = pull_due(&tdb.db, &state.tenants, &client, t2 + 60 + 120).await.unwrap();
    assert!(r[0].outcome == "failed" && r[0].detail.contains("max_bytes"), "{r:?}");
    assert_eq!(cars_on_sale(&tdb.db).await, (3, 28990));

    // The history, newest first, through the admin API.
    let app = common::app(state.clone());
    let req = axum::http::Request::get("/api/v1/admin/feeds")
        .header("host", "alpha.localhost")
        .header("authorization", "Bearer tok")
        .body(axum::body::Body::empty())
        .unwrap();
    let (s, _, b) = call(&app, req).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let feeds = common::json(&b);
    let outcomes: Vec<&str> = feeds[0]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(
        outcomes,
        ["failed", "failed", "failed", "imported", "not_modified", "imported"],
        "{b}"
    );
    assert_eq!(feeds[0]["failures"], 3, "{b}");
    assert_eq!(feeds[0]["etag"], "\"v2\"", "{b}");
    assert_eq!(feeds[0]["every_minutes"], 30, "{b}");
    let (s, _, _) = call(&app, get_req("alpha.localhost", "/api/v1/admin/feeds")).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}
