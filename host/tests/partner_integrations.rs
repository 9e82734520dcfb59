//! Partner integrations as plugins (WIT `forecourt:platform@0.2.0`; plugins/README.md
//! "Capabilities"): the finance quote, the finance application's create-customer and the rego
//! lookup through two lender plugins of different shapes (`lender-standard`: the spec's JSON
//! bodies and a bearer token; `lender-broker`: query strings, nested JSON with decimal strings,
//! a `Location` answer and an `X-Api-Key`), each against a real local stub lender, through the
//! real router, the real wasmtime and the real built components. Then the hostile cases: an
//! origin not granted, a slow partner, a huge answer, a redirect to an origin not granted, a
//! flood of requests, and a capability the tenant does not grant.

mod common;
#[path = "leads_support/mod.rs"]
mod leads_support;

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    http::{HeaderMap, StatusCode},
    response::IntoResponse,
};
use forecourt_host::plugins::{BreakerState, Point};
use leads_support::*;
use serde_json::{Value, json};

/// What the stub lender saw: (method, path with query, headers, body).
type Seen = Arc<Mutex<Vec<(String, String, HeaderMap, Value)>>>;

/// A local lender speaking both shapes, on 127.0.0.1: the standard one (`POST /quote`,
/// `/customers`, `/lookup`) and the broker's (`GET /v2/quotes`, `POST /v2/applications`,
/// `GET /v2/vehicles/{state}/{rego}`); plus `/slow` (answers after 3 s), `/huge` (2 MiB) and
/// `/redirect?to=...` (302). Returns its origin and what it saw.
async fn stub_lender() -> (String, Seen) {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let rec = seen.clone();
    let app = axum::Router::new().fallback(
        move |method: axum::http::Method, uri: axum::http::Uri, headers: HeaderMap, body: axum::body::Bytes| {
            let rec = rec.clone();
            async move {
                let json: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                let path = uri.path_and_query().map(|p| p.to_string()).unwrap_or_default();
                rec.lock().unwrap().push((method.to_string(), path.clone(), headers, json.clone()));
                let p = uri.path();
                match p {
                    "/quote" => {
                        axum::Json(json!({"weeklyRepaymentAmount": 111.5, "advertisedRate": 7.77, "comparisonRate": 8.88})).into_response()
                    }
                    "/customers" => axum::Json(json!({"redirectUrl": "https://lender.example/journey/abc"})).into_response(),
                    "/lookup" if json["rego"] == "NOPE1" => StatusCode::NOT_FOUND.into_response(),
                    "/lookup" => {
                        axum::Json(json!({"make": " Mazda ", "model": "CX-5", "year": 2019, "badge": "Maxx Sport"})).into_response()
                    }
                    "/v2/quotes" => axum::Json(json!({"quote": {"repayment": {"weekly": "123.45"},
                        "rates": {"annual_pct": "8.99", "comparison_pct": "9.45"}, "lender": "Broker Finance"}}))
                    .into_response(),
                    "/v2/applications" => (StatusCode::CREATED, [("location", "https://broker.example/apply/xyz")]).into_response(),
                    p if p.starts_with("/v2/vehicles/QLD/NOPE1") => StatusCode::NO_CONTENT.into_response(),
                    p if p.starts_with("/v2/vehicles/") => axum::Json(json!({"vehicle": {"make": "Toyota", "model": "Hilux",
                        "year": 2020, "variant": "SR5", "body_type": "Ute", "colour": "White", "vin": null, "nvic": null}}))
                    .into_response(),
                    "/slow" => {
                        tokio::time::sleep(Duration::from_secs(3)).await;
                        axum::Json(json!({"weeklyRepaymentAmount": 1.0, "advertisedRate": 1.0, "comparisonRate": 1.0})).into_response()
                    }
                    "/huge" => vec![b'x'; 2 << 20].into_response(),
                    "/redirect" => {
                        let to = uri.query().and_then(|q| q.strip_prefix("to=")).unwrap_or("/").to_string();
                        (StatusCode::FOUND, [("location", to)]).into_response()
                    }
                    _ => StatusCode::NOT_FOUND.into_response(),
                }
            }
        },
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (origin, seen)
}

/// `[finance]` and one `[[plugins]]` entry: `name` with `config` (inline TOML table) and an
/// outbound HTTP grant to `origins`, plus `extra` lines of `[plugins.capabilities.http]`.
fn lender_site(name: &str, config: &str, origins: &[&str], extra: &str) -> String {
    let hosts: Vec<String> = origins.iter().map(|o| format!("\"{o}\"")).collect();
    format!(
        "[finance]\nprovider = \"youx\"\n[[plugins]]\nname = \"{name}\"\nconfig = {config}\n[plugins.capabilities]\nlogging = true\n\
         [plugins.capabilities.http]\nallowed_outbound_hosts = [{}]\n{extra}\n",
        hosts.join(", ")
    )
}

fn credential(origin: &str, header: &str, var: &str, prefix: &str) -> String {
    format!(
        "[[plugins.capabilities.http.credentials]]\norigin = \"{origin}\"\nheader = \"{header}\"\nvalue_env = \"{var}\"\nprefix = \"{prefix}\"\n"
    )
}

async fn post(app: &App, site: &str, path: &str, body: Value) -> (StatusCode, Value) {
    let req = axum::http::Request::post(path)
        .header("host", format!("{site}.localhost"))
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let (s, _, b) = common::call(&app.router, req).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

async fn car_slug(app: &App, site: &str) -> String {
    forecourt_host::repo::TenantRepo::new(&app.tdb.db, site)
        .car_by_stocknum("A1")
        .await
        .unwrap()
        .unwrap()
        .slug
}

fn finance_lead(app: &App, car_id: i64, k: &str) -> Value {
    let _ = app;
    json!({"form": "finance", "idempotency_key": k, "name": "Sam", "last_name": "Lee",
        "email": "sam@example.com", "phone": "0412345678", "postcode": "4000", "opt_in": true,
        "purchase_price": 24990, "loan_term": 5, "credit_score": "DECENT", "car_id": car_id})
}

fn counters(app: &App, site: &str, point: Point) -> forecourt_host::plugins::PluginMetric {
    app.state
        .plugins
        .metrics()
        .into_iter()
        .find(|m| m.tenant == site && m.point == point)
        .unwrap_or_else(|| panic!("no metrics row for {site} {point:?}"))
}

/// Asks site `site` of `app` for a quote of one of its cars and asserts the host answered 502
/// `lender_unavailable` (the partner call failed, whatever the reason).
async fn quote_is_unavailable(app: &App, site: &str) {
    let slug = car_slug(app, site).await;
    let (s, e) = post(app, site, "/api/v1/finance/quote", json!({"car": slug})).await;
    assert_eq!(
        (s, e["error"]["code"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("lender_unavailable")),
        "{site}: {e}"
    );
}

#[tokio::test]
async fn two_lender_plugins_of_different_shapes_quote_create_customers_and_look_up_regos() {
    let (origin, seen) = stub_lender().await;
    // SAFETY: set before the plugins load (which reads them); only this test reads them.
    unsafe {
        std::env::set_var("STANDARD__LENDER_TOKEN", "std-s3cret");
        std::env::set_var("BROKER__LENDER_KEY", "broker-key");
    }
    let standard = lender_site(
        "lender-standard",
        &format!("{{ quote_url = \"{origin}/quote\", application_url = \"{origin}/customers\", rego_url = \"{origin}/lookup\" }}"),
        &[&origin],
        &credential(&origin, "Authorization", "STANDARD__LENDER_TOKEN", "Bearer "),
    );
    let broker = lender_site(
        "lender-broker",
        &format!("{{ base_url = \"{origin}\" }}"),
        &[&origin],
        &credential(&origin, "X-Api-Key", "BROKER__LENDER_KEY", ""),
    );
    let app = app_with(&[("standard", &standard), ("broker", &broker)], None).await;
    let std_car = car_slug(&app, "standard").await;
    let broker_car = car_slug(&app, "broker").await;

    // The quote, from the VDP's call: each lender in its own shape, the answer the same shape.
    let (s, q) = post(
        &app,
        "standard",
        "/api/v1/finance/quote",
        json!({"car": std_car, "whoIsHelping": "Sam"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{q}");
    assert_eq!(
        (
            q["weeklyRepaymentAmount"].as_f64(),
            q["advertisedRate"].as_f64(),
            q["comparisonRate"].as_f64(),
            q["stored"].as_bool()
        ),
        (Some(111.5), Some(7.77), Some(8.88), Some(true))
    );
    assert!(q["decided_by"].as_str().unwrap().starts_with("lender-standard@"), "{q}");
    let (s, q) = post(&app, "broker", "/api/v1/finance/quote", json!({"car": broker_car})).await;
    assert_eq!(s, StatusCode::OK, "{q}");
    assert_eq!(
        (
            q["weeklyRepaymentAmount"].as_f64(),
            q["advertisedRate"].as_f64(),
            q["comparisonRate"].as_f64()
        ),
        (Some(123.45), Some(8.99), Some(9.45))
    );
    assert_eq!(
        (q["lender"].as_str(), q["monthlyRepaymentAmount"].as_f64()),
        (Some("Broker Finance"), Some(534.54))
    );
    assert!(q["decided_by"].as_str().unwrap().starts_with("lender-broker@"), "{q}");
    {
        let seen = seen.lock().unwrap();
        let (m, path, h, body) = &seen[0];
        assert_eq!((m.as_str(), path.as_str()), ("POST", "/quote"));
        assert_eq!(h["authorization"], "Bearer std-s3cret");
        assert!(h.get("x-api-key").is_none());
        assert_eq!(
            body,
            &json!({"selfAssessedCreditScore": "GREAT", "purchasePrice": 24990.0, "loanTerm": 5, "year": 2021,
                    "vin": "JTNKU3JE60J021675", "nvic": null, "whoIsHelping": "Sam"})
        );
        let (m, path, h, _) = &seen[1];
        assert_eq!(m, "GET");
        assert!(
            path.starts_with("/v2/quotes?")
                && path.contains("amount=24990")
                && path.contains("term_months=60")
                && path.contains("credit=great"),
            "{path}"
        );
        assert_eq!(h["x-api-key"], "broker-key");
        assert!(h.get("authorization").is_none());
    }
    // The stored quote is the car's (the card teaser and the JSON-LD read it).
    let (_, _, car) = common::call(&app.router, common::get("broker.localhost", &format!("/api/v1/cars/{broker_car}"))).await;
    let car: Value = serde_json::from_str(&car).unwrap();
    assert_eq!(car["car"]["youxQuote"]["weeklyRepaymentAmount"], 123.45);

    // The finance application: stored as a lead, then the customer created at the lender.
    seen.lock().unwrap().clear();
    let k = key();
    let std_id = forecourt_host::repo::TenantRepo::new(&app.tdb.db, "standard")
        .car_by_stocknum("A1")
        .await
        .unwrap()
        .unwrap()
        .id;
    let (s, v) = submit_to(&app, "standard", finance_lead(&app, std_id, &k)).await;
    assert_eq!(
        (s, v["redirect_url"].as_str()),
        (StatusCode::CREATED, Some("https://lender.example/journey/abc")),
        "{v}"
    );
    let kb = key();
    let broker_id = forecourt_host::repo::TenantRepo::new(&app.tdb.db, "broker")
        .car_by_stocknum("A1")
        .await
        .unwrap()
        .unwrap()
        .id;
    let (s, vb) = submit_to(&app, "broker", finance_lead(&app, broker_id, &kb)).await;
    assert_eq!(
        (s, vb["redirect_url"].as_str()),
        (StatusCode::CREATED, Some("https://broker.example/apply/xyz")),
        "{vb}"
    );
    {
        let seen = seen.lock().unwrap();
        // The standard shape's body is checked in leads.rs; here, the credential the host adds.
        let (_, path, h, body) = &seen[0];
        assert_eq!(
            (path.as_str(), &h["authorization"], &body["additionalData"]["lead_id"]),
            (
                "/customers",
                &"Bearer std-s3cret".parse::<axum::http::HeaderValue>().unwrap(),
                &v["lead_id"]
            )
        );
        assert_eq!(h["idempotency-key"], k.as_str());
        let (m, path, h, body) = &seen[1];
        assert_eq!((m.as_str(), path.as_str()), ("POST", "/v2/applications"));
        assert_eq!(h["x-request-id"], kb.as_str());
        assert_eq!(body["reference"], vb["lead_id"]);
        assert_eq!(body["applicant"]["given_name"], "Sam");
        assert_eq!(body["finance"]["term_months"], 60);
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM leads WHERE form = 'finance'").await, 2);

    // The rego lookup, in each shape; an unknown plate is the form's manual entry.
    let (s, r) = post(
        &app,
        "standard",
        "/api/v1/trade-in/rego",
        json!({"rego": "abc-123", "regoState": "qld"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(
        (r["make"].as_str(), r["model"].as_str(), r["year"].as_i64(), r["rego"].as_str()),
        (Some("Mazda"), Some("CX-5"), Some(2019), Some("ABC123"))
    );
    let (s, r) = post(
        &app,
        "broker",
        "/api/v1/trade-in/rego",
        json!({"rego": "XYZ 789", "regoState": "NSW"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(
        (r["make"].as_str(), r["badge"].as_str(), r["body"].as_str()),
        (Some("Toyota"), Some("SR5"), Some("Ute"))
    );
    for site in ["standard", "broker"] {
        let (s, e) = post(&app, site, "/api/v1/trade-in/rego", json!({"rego": "NOPE1", "regoState": "QLD"})).await;
        assert_eq!(
            (s, e["error"]["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("rego_not_found")),
            "{site}: {e}"
        );
    }
    let (_, _, t) = common::call(&app.router, common::get("broker.localhost", "/api/v1/tenant")).await;
    let t: Value = serde_json::from_str(&t).unwrap();
    assert_eq!(
        (
            t["adapters"]["rego_lookup"].as_bool(),
            t["adapters"]["finance_application"].as_bool()
        ),
        (Some(true), Some(true))
    );
    assert!(
        !t.to_string().contains("PARTNER_TEST") && !t.to_string().contains(&origin),
        "no grant reaches the browser"
    );
    for site in ["standard", "broker"] {
        let m = counters(&app, site, Point::LenderIntegration);
        assert_eq!(
            (m.counters.calls, m.counters.answered, m.counters.failures()),
            (2, 2, 0),
            "{site}: {m:?}"
        );
    }
}

#[tokio::test]
async fn an_origin_not_granted_is_refused_counted_and_opens_the_breaker() {
    let (granted, _) = stub_lender().await;
    let (elsewhere, elsewhere_seen) = stub_lender().await;
    let site = lender_site(
        "lender-standard",
        &format!("{{ quote_url = \"{elsewhere}/quote\" }}"),
        &[&granted],
        "",
    );
    let app = app(&site, None).await;
    let slug = car_slug(&app, "alpha").await;
    for _ in 0..5 {
        let (s, e) = post(&app, "alpha", "/api/v1/finance/quote", json!({"car": slug})).await;
        assert_eq!(
            (s, e["error"]["code"].as_str()),
            (StatusCode::BAD_GATEWAY, Some("lender_unavailable")),
            "{e}"
        );
    }
    assert!(elsewhere_seen.lock().unwrap().is_empty(), "nothing reached the origin not granted");
    let m = counters(&app, "alpha", Point::LenderIntegration);
    assert_eq!((m.counters.refused, m.breaker), (5, BreakerState::Open), "{m:?}");
    // Open: the next call is skipped without running the plugin.
    let (s, _) = post(&app, "alpha", "/api/v1/finance/quote", json!({"car": slug})).await;
    assert_eq!(s, StatusCode::BAD_GATEWAY);
    assert_eq!(counters(&app, "alpha", Point::LenderIntegration).counters.skipped, 1);
    // Nothing was stored on the car.
    let (_, _, car) = common::call(&app.router, common::get("alpha.localhost", &format!("/api/v1/cars/{slug}"))).await;
    assert_eq!(serde_json::from_str::<Value>(&car).unwrap()["car"]["youxQuote"], Value::Null);
}

#[tokio::test]
async fn a_slow_partner_times_out_and_a_huge_answer_is_capped() {
    let (origin, seen) = stub_lender().await;
    let site = lender_site(
        "lender-standard",
        &format!("{{ quote_url = \"{origin}/slow\", rego_url = \"{origin}/huge\", application_url = \"{origin}/slow\" }}"),
        &[&origin],
        "timeout_ms = 300\nmax_response_bytes = 65536\n",
    );
    let app = app(&site, None).await;
    let slug = car_slug(&app, "alpha").await;
    // Slow: the request is cut at 300 ms, the shopper gets the spec's message.
    let (s, e) = post(&app, "alpha", "/api/v1/finance/quote", json!({"car": slug})).await;
    assert_eq!(
        (s, e["error"]["message"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("The lender did not answer with a quote")),
        "{e}"
    );
    let (s, e) = submit(&app, finance_lead(&app, app.car_id, &key())).await;
    assert_eq!(
        (s, e["error"]["message"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("Failed to create customer")),
        "{e}"
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM leads WHERE form = 'finance'").await,
        1,
        "the lead is kept"
    );
    // Huge: 2 MiB against a 64 KiB cap; the lookup fails with the form's message.
    let (s, e) = post(
        &app,
        "alpha",
        "/api/v1/trade-in/rego",
        json!({"rego": "ABC123", "regoState": "QLD"}),
    )
    .await;
    assert_eq!(
        (s, e["error"]["code"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("rego_lookup_failed")),
        "{e}"
    );
    assert_eq!(seen.lock().unwrap().len(), 3, "each request was sent once");
    let series = forecourt_host::metrics::plugin_series();
    let id = counters(&app, "alpha", Point::RegoLookup).plugin;
    assert_eq!(series.outbound.with_label_values(&["alpha", &id, "timeout"]).get(), 2);
    assert_eq!(series.outbound.with_label_values(&["alpha", &id, "capped"]).get(), 1);
}

#[tokio::test]
async fn a_redirect_to_an_origin_not_granted_and_a_flood_are_refused() {
    let (origin, seen) = stub_lender().await;
    let (elsewhere, elsewhere_seen) = stub_lender().await;
    let follow = lender_site(
        "hostile-outbound",
        &format!("{{ mode = \"follow\", url = \"{origin}/redirect?to={elsewhere}/quote\" }}"),
        &[&origin],
        "",
    );
    let flood = lender_site(
        "hostile-outbound",
        &format!("{{ mode = \"flood\", url = \"{origin}/quote\" }}"),
        &[&origin],
        "max_requests = 3\n",
    );
    let app = app_with(&[("follow", &follow), ("flood", &flood)], None).await;
    for site in ["follow", "flood"] {
        quote_is_unavailable(&app, site).await;
        let m = counters(&app, site, Point::LenderIntegration);
        assert_eq!(m.counters.refused, 1, "{site}: {m:?}");
    }
    assert!(elsewhere_seen.lock().unwrap().is_empty(), "the redirect target was never called");
    let seen = seen.lock().unwrap();
    let redirects = seen.iter().filter(|(_, p, _, _)| p.starts_with("/redirect")).count();
    let quotes = seen.iter().filter(|(_, p, _, _)| p == "/quote").count();
    assert_eq!((redirects, quotes), (1, 3), "one redirect hop; the flood stopped at max_requests");
}

#[tokio::test]
async fn a_capability_the_tenant_does_not_grant_is_refused_at_load() {
    let files = [(
        "alpha",
        format!(
            "{}\n[[plugins]]\nname = \"lender-standard\"\nconfig = {{ quote_url = \"https://api.lender.example/quote\" }}\n",
            common::tenant_toml("alpha")
        ),
    )];
    let (_dir, reg) = common::write_tenants(&files);
    let err = forecourt_host::plugins::PluginHost::load(
        Default::default(),
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist"),
        None,
        &reg,
    )
    .err()
    .expect("refused")
    .to_string();
    assert!(
        err.contains("lender-standard") && err.contains("`http`") && err.contains("`alpha`"),
        "{err}"
    );
}

/// A partner plugin looping on `memory.fill` (one fuel unit per 4 MiB fill, so fuel never cuts
/// it) on two concurrent quotes: every other request keeps being
/// answered (`/healthz`, another tenant's search), each hostile call is cut at its compute budget
/// (`partner::MAX_GUEST_TICKS`, counted as out of fuel) or at the latest at its deadline
/// (`max_requests` x `timeout_ms` + `CALL_OVERHEAD`, counted as a timeout). Before epoch
/// interruption on the partner engine the workers froze between fuel yields (seconds to
/// minutes). The host runs on one worker, so a call that does not yield starves every other
/// request; the probes run on a runtime of their own and are counted, not timed.
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_partner_plugin_filling_memory_forever_is_cut_and_starves_no_one() {
    let fill = lender_site(
        "hostile-outbound",
        "{ mode = \"fill\", url = \"https://lender.example/\" }",
        &["https://lender.example"],
        "timeout_ms = 500\nmax_requests = 1\n",
    );
    let app = app_with(&[("fill", &fill), ("calm", "")], None).await;
    let served = common::serve(app.state.clone()).await;
    let addr = served.addr;
    let slug = car_slug(&app, "fill").await;
    let quotes: Vec<_> = (0..2)
        .map(|_| {
            let slug = slug.clone();
            tokio::spawn(async move {
                reqwest::Client::new()
                    .post(format!("http://{addr}/api/v1/finance/quote"))
                    .header("host", "fill.localhost")
                    .json(&json!({"car": slug}))
                    .send()
                    .await
                    .map(|r| r.status().as_u16())
            })
        })
        .collect();
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let quotes = {
        let done = done.clone();
        tokio::spawn(async move {
            let mut statuses = Vec::new();
            for q in quotes {
                statuses.push(q.await.unwrap().unwrap());
            }
            done.store(true, std::sync::atomic::Ordering::SeqCst);
            statuses
        })
    };
    // While the two calls run: probes of /healthz and calm's search, one after another, from a
    // runtime of their own; counted when both began and ended before the calls did.
    let probes = {
        let done = done.clone();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            rt.block_on(async move {
                let client = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().unwrap();
                let (mut during, mut failed) = (0, Vec::new());
                for i in 0.. {
                    if done.load(std::sync::atomic::Ordering::SeqCst) {
                        break;
                    }
                    let path = if i % 2 == 0 { "/healthz" } else { "/api/v1/search" };
                    match client
                        .get(format!("http://{addr}{path}"))
                        .header("host", "calm.localhost")
                        .send()
                        .await
                    {
                        Ok(r) if r.status() == 200 => {}
                        other => failed.push(format!("{path}: {other:?}")),
                    }
                    if !done.load(std::sync::atomic::Ordering::SeqCst) {
                        during += 1;
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                (during, failed)
            })
        })
    };
    let statuses = quotes.await.unwrap();
    let (during, failed) = tokio::task::spawn_blocking(move || probes.join().unwrap()).await.unwrap();
    assert!(failed.is_empty(), "every probe answered 200: {failed:?}");
    // The calls last their deadline (2.5 s): dozens of probes fit; a frozen host answers none.
    assert!(during >= 5, "only {during} probes were answered while the hostile calls ran");
    assert_eq!(statuses, vec![502, 502], "the hostile quotes fail with the lender's message");
    let m = counters(&app, "fill", Point::LenderIntegration);
    // Each is cut at its compute budget (`MAX_GUEST_TICKS` ticks found running: counted as out
    // of fuel) or, on a machine too busy to tick, at its wall deadline: never later.
    assert_eq!(m.counters.fuel + m.counters.timeout, 2, "both calls cut: {m:?}");
}

/// What the host buffers for a plugin is capped: 1,000 header names (past the 64 a call may make;
/// 26,000 once overflowed http's map and panicked the host: every quote a 500, nothing counted),
/// 8 header values of 64 KiB (past the 256 KiB a call's fields may hold: refused as they are
/// made, so the request is never even offered; 512 x 1 MiB once added ~520 MB per call) and a
/// 2 MiB request body (read whole before) are refused; each call fails as `refused`,
/// counted, and the stub never sees the request.
#[tokio::test]
async fn header_fields_and_request_bodies_past_the_caps_are_refused_and_counted() {
    let (origin, seen) = stub_lender().await;
    let site = |mode: &str| {
        lender_site(
            "hostile-outbound",
            &format!("{{ mode = \"{mode}\", url = \"{origin}/quote\" }}"),
            &[&origin],
            "",
        )
    };
    let sites = [("headers", site("headers")), ("fat", site("fat")), ("body", site("body"))];
    let app = app_with(&sites.iter().map(|(n, s)| (*n, s.as_str())).collect::<Vec<_>>(), None).await;
    for name in ["headers", "fat", "body"] {
        quote_is_unavailable(&app, name).await;
        let m = counters(&app, name, Point::LenderIntegration);
        assert_eq!(m.counters.refused, 1, "{name}: {m:?}");
    }
    assert!(seen.lock().unwrap().is_empty(), "no request reached the lender");
    // `fat`'s 512 KiB of header values were refused as the fields were made (the host never
    // held them), not when the request was sent: no request was even offered to send.
    let offered = |tenant: &str| -> f64 {
        use prometheus::core::Collector;
        forecourt_host::metrics::plugin_series()
            .outbound
            .collect()
            .iter()
            .flat_map(|family| family.get_metric())
            .filter(|m| m.get_label().iter().any(|l| l.name() == "tenant" && l.value() == tenant))
            .map(|m| m.get_counter().get_value())
            .sum()
    };
    assert_eq!(offered("body"), 1.0, "body's request was offered (its body was cut while sent)");
    assert_eq!(offered("fat"), 0.0, "fat's request was refused before it was built");
}

/// A tenant folder names where its plugin may call, so by default loopback and private
/// addresses are refused whatever it grants (a tenant could otherwise reach this machine's or
/// the private network's services): an IP literal (`http://127.0.0.1:port`) before the request
/// is built, a name (`http://localhost:port`) as it resolves. The operator's
/// `outbound_private_networks` lets them through (the tests' setting, for their stubs).
#[tokio::test]
async fn private_addresses_are_refused_unless_the_operator_allows_them() {
    let (origin, seen) = stub_lender().await;
    let named = origin.replace("127.0.0.1", "localhost");
    let site = |o: &str| {
        lender_site(
            "hostile-outbound",
            &format!("{{ mode = \"fetch\", url = \"{o}/quote\" }}"),
            &[o],
            "",
        )
    };
    let app = app_with(&[("literal", &site(&origin)), ("named", &site(&named))], None).await;
    forecourt_host::outbound::allow_private_networks(false);
    for name in ["literal", "named"] {
        quote_is_unavailable(&app, name).await;
    }
    assert_eq!(
        counters(&app, "literal", Point::LenderIntegration).counters.refused,
        1,
        "the literal is refused"
    );
    assert!(seen.lock().unwrap().is_empty(), "nothing reached the private address");
    forecourt_host::outbound::allow_private_networks(true);
    for name in ["literal", "named"] {
        let slug = car_slug(&app, name).await;
        let (s, e) = post(&app, name, "/api/v1/finance/quote", json!({"car": slug})).await;
        assert_eq!(s, StatusCode::OK, "{name}: {e}");
    }
    assert_eq!(seen.lock().unwrap().len(), 2, "allowed, both reach the stub");
}
