//! The HTTP surface over a real database: tenancy by Host, health, request ids, the error envelope,
//! /api/v1/tenant, /api/v1/cars/{slug}, the admin import and the OpenAPI document.

mod common;

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use common::{call, get, tenant_toml, test_db, write_tenants};
use forecourt_host::stock::import_feed;

const FEED: &str = "stocknum,vin,year,make,model,badge,price,km,car_type,status,location_slug,created_at\n\
A1,WDDHF5GB7BA292772,2019,Mercedes-Benz,C-Class,C200,45990,30000,used,in_stock,{slug}-sales,2026-10-01T00:00:00Z\n\
A2,,2026,Mercedes-Benz,GLC,300,89900,10,new,coming_soon,{slug}-hidden,2026-11-01T00:00:00Z\n\
A3,,2020,Toyota,Corolla,Ascent,19990,45000,used,sold,,2026-09-01T00:00:00Z\n\
A4,,2021,Toyota,Camry,Ascent,29990,35000,used,withdrawn,,2026-09-01T00:00:00Z\n";

async fn seeded() -> (common::TestDb, tempfile::TempDir, axum::Router) {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha")), ("beta", tenant_toml("beta"))]);
    let state = common::state(&tdb.db, reg, dir.path(), Some("s3cret")).await;
    for slug in ["alpha", "beta"] {
        let t = state.tenants.by_slug(slug).unwrap().clone();
        let feed = FEED.replace("{slug}", slug).replace("A1,", &format!("{}1,", slug.to_uppercase()));
        let opts = common::csv_opts("feed.csv");
        let r = import_feed(&tdb.db, &t, feed.as_bytes(), opts).await.unwrap();
        assert_eq!(r.inserted, 4, "{r:?}");
    }
    let app = common::app(state);
    (tdb, dir, app)
}

#[tokio::test]
async fn health_answers_on_any_host_and_unknown_host_is_a_plain_404() {
    let (_db, _d, app) = seeded().await;
    let (s, h, b) = call(&app, get("whatever.example", "/healthz")).await;
    assert_eq!((s, b.as_str()), (StatusCode::OK, "ok"));
    assert!(h.get("x-request-id").is_some(), "request id echoed");
    let (s, _, b) = call(&app, get("127.0.0.1:8080", "/readyz")).await;
    assert_eq!((s, b.as_str()), (StatusCode::OK, "ready"));
    let (s, h, b) = call(&app, get("nobody.localhost", "/api/v1/tenant")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(h["content-type"].to_str().unwrap().starts_with("text/html"));
    assert!(b.contains("No dealer site is configured for <code>nobody.localhost</code>"), "{b}");
    let (s, _, b) = call(&app, get("<script>.localhost", "/")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(!b.contains("<script>"), "host is escaped: {b}");
}

#[tokio::test]
async fn request_id_is_propagated_when_given() {
    let (_db, _d, app) = seeded().await;
    let req = Request::get("/healthz")
        .header("host", "alpha.localhost")
        .header("x-request-id", "abc-123")
        .body(Body::empty())
        .unwrap();
    let (_, h, _) = call(&app, req).await;
    assert_eq!(h["x-request-id"], "abc-123");
}

#[tokio::test]
async fn tenant_settings_are_public_only() {
    let (_db, _d, app) = seeded().await;
    let (s, _, b) = call(&app, get("alpha.localhost:8080", "/api/v1/tenant")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["slug"], "alpha");
    assert_eq!(v["wording"]["vehicle_noun"], "Cars");
    assert!(v["theme"].is_object(), "theme is always present (empty keeps the template's look)");
    assert_eq!(v["specifications"]["sold_tag_name"], "JUST SOLD");
    let locations = v["locations"].as_array().unwrap();
    assert_eq!(locations.len(), 1, "the hidden location is not shown");
    assert_eq!(locations[0]["slug"], "alpha-sales");
    assert_eq!(
        locations[0]["contact_detail"]["opening_hours"][0]["formated_hours"],
        "8:30 am - 5:30 pm"
    );
    assert_eq!(locations[0]["special_hours"][0]["date"], "2026-12-25");
    assert!(!b.contains("s3cret") && !b.contains("plugins"), "no secrets or plugin config: {b}");
}

#[tokio::test]
async fn car_by_slug_is_scoped_to_the_host_tenant() {
    let (_db, _d, app) = seeded().await;
    let slug = "2019-mercedes-benz-c-class-alpha1";
    let (s, _, b) = call(&app, get("alpha.localhost", &format!("/api/v1/cars/{slug}"))).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["car"]["stocknum"], "ALPHA1");
    assert_eq!(v["car"]["vin"], "WDDHF5GB7BA292772");
    assert_eq!(v["car"]["price"], 45990.0);
    assert_eq!(v["car"]["km"], 30000);
    assert_eq!(v["car"]["dealership_slug"], "alpha-dealer");
    assert_eq!(v["car"]["city"], "Brisbane City", "city falls back to the location");
    assert_eq!(v["name"], "2019 Mercedes-Benz C-Class C200");
    assert_eq!(v["path"], format!("/cars/{slug}"));
    assert_eq!(v["available"], true);
    assert_eq!(v["location"]["slug"], "alpha-sales");
    // The same slug under another tenant's host is a 404 with the envelope, never a leak.
    let (s, _, b) = call(&app, get("beta.localhost", &format!("/api/v1/cars/{slug}"))).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["error"]["code"], "not_found");
    assert!(!b.contains("WDDHF5GB7BA292772"));
}

#[tokio::test]
async fn shown_statuses_only_and_hidden_location_is_not_exposed() {
    let (_db, _d, app) = seeded().await;
    // Sold cars still have a page (the sold view); other statuses never show.
    let (s, _, b) = call(&app, get("alpha.localhost", "/api/v1/cars/2020-toyota-corolla-a3")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(b.contains("\"available\":false"));
    let (s, _, _) = call(&app, get("alpha.localhost", "/api/v1/cars/2021-toyota-camry-a4")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, b) = call(&app, get("alpha.localhost", "/api/v1/cars/2026-mercedes-benz-glc-a2")).await;
    assert_eq!(s, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert!(v["location"].is_null(), "a car at a hidden location shows no location");
}

#[tokio::test]
async fn unknown_api_route_uses_the_error_envelope() {
    let (_db, _d, app) = seeded().await;
    let (s, _, b) = call(&app, get("alpha.localhost", "/api/v1/nope")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["error"]["code"], "not_found");
}

#[tokio::test]
async fn openapi_document_describes_the_api() {
    let (_db, _d, app) = seeded().await;
    let (s, _, b) = call(&app, get("alpha.localhost", "/api/openapi.json")).await;
    assert_eq!(s, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    for p in ["/api/v1/tenant", "/api/v1/cars/{slug}", "/api/v1/admin/import"] {
        assert!(v["paths"][p].is_object(), "{p} documented");
    }
    for s in [
        "Car",
        "CarResponse",
        "TenantSettings",
        "Location",
        "ErrorEnvelope",
        "ImportReport",
        "LeadSubmission",
        "FeedFormat",
        "FeedMode",
    ] {
        assert!(v["components"]["schemas"][s].is_object(), "{s} schema");
    }
}

fn import_req(host: &str, token: Option<&str>, query: &str, body: &str) -> Request<Body> {
    let mut r = Request::post(format!("/api/v1/admin/import{query}"))
        .header("host", host)
        .header("content-type", "text/csv")
        // A busy machine may take longer than the default 10 s wait: these tests read the report.
        .header("prefer", "wait=120");
    if let Some(t) = token {
        r = r.header("authorization", format!("Bearer {t}"));
    }
    r.body(Body::from(body.to_string())).unwrap()
}

#[tokio::test]
async fn admin_import_needs_the_token_and_imports_for_the_host_tenant() {
    let (_db, _d, app) = seeded().await;
    let feed = "stocknum,year,make,model,price,car_type\nB9,2022,Kia,Sportage,38990,used\nB10,,Kia,Rio,0,used\n";
    let (s, _, b) = call(&app, import_req("alpha.localhost", None, "", feed)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{b}");
    let (s, _, _) = call(&app, import_req("alpha.localhost", Some("wrong"), "", feed)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _, b) = call(&app, import_req("alpha.localhost", Some("s3cret"), "?mode=delta&source=api", feed)).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["inserted"], 1);
    assert_eq!(v["rejected"], 1);
    assert_eq!(v["errors"][0]["row"], 2);
    let fields: Vec<&str> = v["errors"][0]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, vec!["year", "price"]);
    let (s, _, _) = call(&app, get("alpha.localhost", "/api/v1/cars/2022-kia-sportage-b9")).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _, _) = call(&app, get("beta.localhost", "/api/v1/cars/2022-kia-sportage-b9")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // A malformed feed is a 400 naming the body; a mapping outside the tenant's folder is refused.
    let (s, _, b) = call(&app, import_req("alpha.localhost", Some("s3cret"), "?format=json", "{not json")).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(b.contains("\"field\":\"body\""), "{b}");
    let (s, _, b) = call(
        &app,
        import_req("alpha.localhost", Some("s3cret"), "?mapping=../../../etc/passwd", feed),
    )
    .await;
    // Outside the tenant folder is no mapping of this tenant's: a 404 naming `mapping`, nothing read.
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    assert!(b.contains("\"field\":\"mapping\""), "{b}");
    assert!(!b.contains("root:"), "{b}");
}

/// An import over HTTP is a job (issue 40: a 100,000-row import answered after 716 s, past a
/// proxy's timeout): `Prefer: respond-async` answers 202 at once with the job's URL; the job
/// reports its progress and, once done, the same report a waiting request gets; another
/// tenant cannot read it; a failed import's job holds the error the request would have had.
#[tokio::test]
async fn admin_import_as_a_job_answers_202_and_reports_when_done() {
    let (_db, _d, app) = seeded().await;
    let mut rows = String::from("stocknum,year,make,model,price,car_type\n");
    for i in 0..300 {
        rows.push_str(&format!("J{i},2022,Kia,Sportage,{},used\n", 30_000 + i));
    }
    rows.push_str("JBAD,,Kia,Rio,0,used\n");
    let async_req = |body: &str, query: &str| {
        let mut r = import_req("alpha.localhost", Some("s3cret"), query, body);
        r.headers_mut().insert("prefer", "respond-async".parse().unwrap());
        r
    };
    let (s, h, b) = call(&app, async_req(&rows, "?mode=delta&source=jobs")).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{b}");
    assert_eq!(h["preference-applied"], "respond-async");
    let job: serde_json::Value = serde_json::from_str(&b).unwrap();
    let url = h["location"].to_str().unwrap().to_string();
    assert_eq!(url, format!("/api/v1/admin/import/jobs/{}", job["id"].as_str().unwrap()));
    assert_eq!(job["url"], url.as_str());
    assert_eq!(job["status"], "running", "{b}");
    assert_eq!(job["source"], "jobs");
    let authed = |host: &str, path: &str, token: &str| {
        let mut r = get(host, path);
        r.headers_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
        r
    };
    let mut done = serde_json::Value::Null;
    // Bounded by polls, not a clock: the job ends in a few hundred steps of the runtime.
    for _ in 0..600 {
        let (s, _, b) = call(&app, authed("alpha.localhost", &url, "s3cret")).await;
        assert_eq!(s, StatusCode::OK, "{b}");
        let v: serde_json::Value = serde_json::from_str(&b).unwrap();
        if v["status"] != "running" {
            done = v;
            break;
        }
        let phases = ["reading", "checking", "staging", "applying", "readiness"];
        assert!(phases.contains(&v["progress"]["phase"].as_str().unwrap()), "{v}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["report"]["inserted"], 300, "{done}");
    assert_eq!(done["report"]["rejected"], 1);
    assert_eq!(done["report"]["errors"][0]["stocknum"], "JBAD");
    assert!(done["error"].is_null());
    let (s, _, _) = call(&app, get("alpha.localhost", "/api/v1/cars/2022-kia-sportage-j7")).await;
    assert_eq!(s, StatusCode::OK, "the job's cars are on sale");
    // The job is the tenant's: another tenant's host, or no token, cannot read it.
    let (s, _, _) = call(&app, authed("beta.localhost", &url, "s3cret")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = call(&app, get("alpha.localhost", &url)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _, b) = call(&app, authed("alpha.localhost", "/api/v1/admin/import/jobs/nope", "s3cret")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "{b}");
    // A feed that cannot be read: the job fails with the request's 400 on `body`.
    let mut bad = async_req("{not json", "?format=json");
    bad.headers_mut().insert("content-type", "application/json".parse().unwrap());
    let (s, h, b) = call(&app, bad).await;
    assert_eq!(s, StatusCode::ACCEPTED, "{b}");
    let url = h["location"].to_str().unwrap().to_string();
    let mut failed = serde_json::Value::Null;
    for _ in 0..600 {
        let (_, _, b) = call(&app, authed("alpha.localhost", &url, "s3cret")).await;
        let v: serde_json::Value = serde_json::from_str(&b).unwrap();
        if v["status"] != "running" {
            failed = v;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(failed["status"], "failed", "{failed}");
    assert_eq!(failed["error"]["status"], 400);
    assert_eq!(failed["error"]["field"], "body");
    assert!(failed["report"].is_null());
    // Without a preference a small import ends within the wait: 200 and the report, as before.
    let (s, _, b) = call(
        &app,
        import_req("alpha.localhost", Some("s3cret"), "?mode=delta&source=jobs", &rows),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["unchanged"], 300, "{v}");
}

#[tokio::test]
async fn admin_api_is_disabled_without_a_token() {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let app = common::app(common::state(&tdb.db, reg, dir.path(), None).await);
    let (s, _, b) = call(&app, import_req("alpha.localhost", Some(""), "", "stocknum\n")).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert!(b.contains("admin_disabled"));
}
