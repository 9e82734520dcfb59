//! docs/features/platform.md "Finance and delivery tools", "Checked by", over HTTP through the real
//! router, storage and built plugins:
//! * the repayment maths of every lender variant (the demo tenants' real `lender-standard`
//!   config and the host default) with the specs' numbers (docs/features/shopper-core.md §5, §9);
//! * the per-car quote: built in through the lender, stored once on the car, feeding the
//!   lender's round-down-below-advertised rule; from a configured lender endpoint (a real local
//!   HTTP server), and a failing lender (docs/features/shopper-core.md §7);
//! * the delivery estimate for a real postcode against a hand-computed haversine distance, and
//!   the spec's texts (docs/features/shopper-core.md §4, §8);
//! * the autogauge on a fixture of comparable cars across two tenants, and hidden when there
//!   are too few (docs/features/shopper-core.md §3, §5).

mod common;
mod plugin_support;

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use common::{call, get, test_db};
use forecourt_host::{repo::TenantRepo, stock::import_feed};
use plugin_support::{demo_plugins_toml, registry, require, tenant_with};
use serde_json::{Value, json};

/// One car per tenant for the calculators: $24,990 (drive-depot finances the price).
const FEED: &str = "stocknum,vin,year,make,model,badge,price,km,car_type,status,created_at\n\
CAR2,JTNKU3JE60J021675,2021,Toyota,Corolla,Ascent,24990,45000,used,in_stock,2026-10-01T00:00:00Z\n";

const DELIVERY: &str = "[delivery]\nbands = [\n  { up_to_km = 40, price = 0, name = \"Brisbane Metro\" },\n  { up_to_km = 1000, price = 450, name = \"Regional\" },\n]\n";

const LENDER_TENANTS: [&str; 4] = ["harbourside-mercedes", "drive-depot", "im-motors-au", "southern-cross-motor-group"];

async fn app_with(extra: &[(&str, String)]) -> (common::TestDb, tempfile::TempDir, axum::Router) {
    require(&plugin_support::REAL);
    let tdb = test_db().await;
    let mut tenants: Vec<(&str, String)> = LENDER_TENANTS.iter().map(|s| (*s, demo_plugins_toml(s))).collect();
    tenants.push((
        "plain",
        tenant_with("plain", &format!("[finance]\nprovider = \"generic\"\n{DELIVERY}")),
    ));
    tenants.push(("nofinance", tenant_with("nofinance", "")));
    tenants.extend(extra.iter().cloned());
    let (dir, reg) = registry(&tenants);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    for (slug, _) in &tenants {
        let t = state.tenants.by_slug(slug).unwrap().clone();
        let r = import_feed(&tdb.db, &t, FEED.as_bytes(), common::csv_opts("feed.csv"))
            .await
            .unwrap();
        assert_eq!(r.inserted, 1, "{r:?}");
    }
    (tdb, dir, common::app(state))
}

async fn slug_of(tdb: &common::TestDb, tenant: &str, stocknum: &str) -> String {
    TenantRepo::new(&tdb.db, tenant)
        .car_by_stocknum(stocknum)
        .await
        .unwrap()
        .unwrap()
        .slug
}

async fn post(app: &axum::Router, tenant: &str, path: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post(path)
        .header("host", format!("{tenant}.localhost"))
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (s, _, b) = call(app, req).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

async fn fetch(app: &axum::Router, tenant: &str, path: &str) -> (StatusCode, Value) {
    let (s, _, b) = call(app, get(&format!("{tenant}.localhost"), path)).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

#[tokio::test]
async fn repayment_maths_for_every_lender_variant() {
    let (tdb, _d, app) = app_with(&[]).await;
    // Expected figures are hand-computed from docs/features/shopper-core.md §9's formula (principal = amount -
    // deposit + establishment fee; rate = annual / payments a year; residual discounted; rounded
    // up to the dollar) with each tenant's lender config:
    //   harbourside-mercedes  $30,000 default, fee $1,360.50, 8.5%, 6 years
    //   southern-cross        $30,000 default, fee $1,300, 12.94%, 5 years, term step 0.5
    //   drive-depot           the car's price $24,990, 9.95%, term list (months) index 4 = 5 years
    //   im-motors-au          $30,000, 8.5%, 5 years step 1, weekly or monthly only
    //   plain (host default)  $30,000 at 10% over 6 years
    #[rustfmt::skip]
    let table: Vec<(&str, Value, f64, f64, &str, &str)> = vec![
        ("harbourside-mercedes", json!({}), 129.0, 40_248.0, "$129/wk", "lender-standard@0.1.0"),
        ("harbourside-mercedes", json!({"frequency": "month"}), 558.0, 40_176.0, "$558/mo", "lender-standard@0.1.0"),
        ("southern-cross-motor-group", json!({}), 164.0, 42_640.0, "$164/wk", "lender-standard@0.1.0"),
        ("southern-cross-motor-group", json!({"frequency": "fortnight"}), 328.0, 42_640.0, "$328/fn", "lender-standard@0.1.0"),
        ("southern-cross-motor-group", json!({"term_years": 4.5}), 177.0, 41_418.0, "$177/wk", "lender-standard@0.1.0"),
        ("drive-depot", json!({}), 123.0, 31_980.0, "$123/wk", "lender-standard@0.1.0"),
        ("drive-depot", json!({"deposit": 2000, "residual": 5000}), 98.0, 30_480.0, "$98/wk", "lender-standard@0.1.0"),
        ("im-motors-au", json!({}), 142.0, 36_920.0, "$142/wk", "lender-standard@0.1.0"),
        ("im-motors-au", json!({"frequency": "month"}), 616.0, 36_960.0, "$616/mo", "lender-standard@0.1.0"),
        ("plain", json!({"amount": 30000, "term_years": 6, "interest": 10}), 128.0, 39_936.0, "$128/wk", "host"),
    ];
    for (tenant, extra, per, total, display, by) in table {
        let mut body = json!({"car": slug_of(&tdb, tenant, "CAR2").await});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let (s, v) = post(&app, tenant, "/api/v1/finance/repayment", body.clone()).await;
        assert_eq!(s, StatusCode::OK, "{tenant} {body}: {v}");
        assert_eq!(
            (
                v["per_period"].as_f64(),
                v["total"].as_f64(),
                v["display"].as_str(),
                v["decided_by"].as_str()
            ),
            (Some(per), Some(total), Some(display), Some(by)),
            "{tenant} {body}: {v}"
        );
    }
    // The limits differ per lender: the same out-of-range entry is clamped differently.
    for (tenant, amount, interest, msg) in [
        ("harbourside-mercedes", 5000.0, 5.99, "Cannot be less than 5000 or more than 100000"),
        (
            "southern-cross-motor-group",
            1000.0,
            9.95,
            "Cannot be less than 1000 or more than 250000",
        ),
    ] {
        let slug = slug_of(&tdb, tenant, "CAR2").await;
        let (_, v) = post(
            &app,
            tenant,
            "/api/v1/finance/repayment",
            json!({"car": slug, "amount": 10, "interest": 1}),
        )
        .await;
        assert_eq!(
            (v["inputs"]["amount"].as_f64(), v["inputs"]["interest"].as_f64()),
            (Some(amount), Some(interest)),
            "{v}"
        );
        assert_eq!(v["clamped"][0]["message"], msg);
    }
    // A frequency the lender does not offer (im-motors-au: weekly and monthly).
    let slug = slug_of(&tdb, "im-motors-au", "CAR2").await;
    let (s, v) = post(
        &app,
        "im-motors-au",
        "/api/v1/finance/repayment",
        json!({"car": slug, "frequency": "fortnight"}),
    )
    .await;
    assert_eq!(
        (s, v["error"]["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("frequency")),
        "{v}"
    );
}

#[tokio::test]
async fn the_quote_is_built_in_stored_once_and_feeds_the_lenders_rounding() {
    let (tdb, _d, app) = app_with(&[]).await;
    let slug = slug_of(&tdb, "drive-depot", "CAR2").await;
    let (_, car) = fetch(&app, "drive-depot", &format!("/api/v1/cars/{slug}")).await;
    assert_eq!(car["car"]["youxQuote"], Value::Null);

    // The spec's body: credit score GREAT, the price, 5 years.
    let body = json!({"car": slug, "selfAssessedCreditScore": "GREAT", "purchasePrice": 24990, "loanTerm": 5, "year": 2021, "vin": "JTNKU3JE60J021675", "nvic": null, "whoIsHelping": null});
    let (s, q) = post(&app, "drive-depot", "/api/youx/quote", body.clone()).await;
    assert_eq!(s, StatusCode::OK, "{q}");
    assert_eq!(q["weeklyRepaymentAmount"], 123.0, "{q}");
    assert_eq!(q["monthlyRepaymentAmount"], 532.59, "weekly x 4.33: {q}");
    assert_eq!(
        (q["advertisedRate"].as_f64(), q["comparisonRate"].as_f64()),
        (Some(9.95), Some(9.95)),
        "no fee: {q}"
    );
    assert_eq!(
        (q["stored"].as_bool(), q["decided_by"].as_str()),
        (Some(true), Some("lender-standard@0.1.0"))
    );
    assert_eq!(q["lender"], "Drive Depot Finance");
    // Drive Depot's widget needs a weekly repayment: it shows now.
    assert_eq!(q["show_widget"], true, "{q}");

    let (_, car) = fetch(&app, "drive-depot", &format!("/api/v1/cars/{slug}")).await;
    assert_eq!(car["car"]["youxQuote"]["weeklyRepaymentAmount"], 123.0, "{car}");
    assert_eq!(car["finance"]["show_widget"], true);
    // Asked again: answered, not stored twice.
    let (_, q2) = post(&app, "drive-depot", "/api/v1/finance/quote", body).await;
    assert_eq!(
        (q2["stored"].as_bool(), q2["weeklyRepaymentAmount"].as_f64()),
        (Some(false), Some(123.0))
    );

    // The lender rounds down below its advertised $123/wk: the exact $122.09 is now $122.
    let (_, v) = post(&app, "drive-depot", "/api/v1/finance/repayment", json!({"car": slug})).await;
    assert_eq!(v["display"], "$122/wk", "{v}");

    // A financed fee raises the comparison rate; a weaker credit score raises the rate.
    let sc = slug_of(&tdb, "southern-cross-motor-group", "CAR2").await;
    let (_, q) = post(&app, "southern-cross-motor-group", "/api/v1/finance/quote", json!({"car": sc})).await;
    assert_eq!(q["advertisedRate"], 12.94, "{q}");
    assert!(q["comparisonRate"].as_f64().unwrap() > 13.5, "fee $1,300 on $24,990: {q}");
    let (_, q) = post(
        &app,
        "southern-cross-motor-group",
        "/api/v1/finance/quote",
        json!({"car": sc, "selfAssessedCreditScore": "DECENT"}),
    )
    .await;
    assert_eq!(
        (q["advertisedRate"].as_f64(), q["stored"].as_bool()),
        (Some(15.94), Some(false)),
        "{q}"
    );

    // Bad input names its field; a site without finance says so.
    for (body, field) in [
        (
            json!({"car": sc, "selfAssessedCreditScore": "EXCELLENT"}),
            "selfAssessedCreditScore",
        ),
        (json!({"car": sc, "loanTerm": 9}), "loanTerm"),
        (json!({"loanTerm": 5}), "purchasePrice"),
        (json!({"purchasePrice": -1}), "purchasePrice"),
        (json!({"car": sc, "vin": "not a vin!"}), "vin"),
    ] {
        let (s, v) = post(&app, "southern-cross-motor-group", "/api/v1/finance/quote", body.clone()).await;
        assert_eq!(
            (s, v["error"]["field"].as_str()),
            (StatusCode::BAD_REQUEST, Some(field)),
            "{body}: {v}"
        );
    }
    let nf = slug_of(&tdb, "nofinance", "CAR2").await;
    let (s, v) = post(&app, "nofinance", "/api/v1/finance/quote", json!({"car": nf})).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("finance_unavailable")),
        "{v}"
    );
    let (s, _) = post(&app, "plain", "/api/v1/finance/quote", json!({"car": "no-such-car"})).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

/// A local lender: answers every quote with fixed figures (or 500) and records the bodies.
async fn lender(status: u16) -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let rec = seen.clone();
    let app = axum::Router::new().route(
        "/quote",
        axum::routing::post(move |headers: axum::http::HeaderMap, axum::Json(body): axum::Json<Value>| {
            let rec = rec.clone();
            async move {
                let mut body = body;
                body["authorization"] = json!(headers.get("authorization").and_then(|h| h.to_str().ok()));
                rec.lock().unwrap().push(body);
                (
                    StatusCode::from_u16(status).unwrap(),
                    axum::Json(json!({"weeklyRepaymentAmount": 111.5, "advertisedRate": 7.77, "comparisonRate": 8.88})),
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/quote", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

#[tokio::test]
async fn the_quote_from_the_lender_through_its_plugin() {
    let (ok_url, seen) = lender(200).await;
    let (bad_url, _) = lender(500).await;
    // SAFETY: set once, before any thread of this test reads it; no other test reads it.
    unsafe { std::env::set_var("LENDER__TOKEN", "s3cret") };
    let with = |url: &str, token: Option<&str>| {
        let origin = url.trim_end_matches("/quote");
        format!(
            "[finance]\nprovider = \"youx\"\n{}",
            common::lender_standard(origin, "quote_url", "/quote", token)
        )
    };
    let (tdb, _d, app) = app_with(&[
        ("lender", tenant_with("lender", &with(&ok_url, Some("LENDER__TOKEN")))),
        ("broken", tenant_with("broken", &with(&bad_url, None))),
    ])
    .await;
    let slug = slug_of(&tdb, "lender", "CAR2").await;
    let (s, q) = post(&app, "lender", "/api/v1/finance/quote", json!({"car": slug, "whoIsHelping": "Sam"})).await;
    assert_eq!(s, StatusCode::OK, "{q}");
    assert_eq!(
        (
            q["weeklyRepaymentAmount"].as_f64(),
            q["advertisedRate"].as_f64(),
            q["comparisonRate"].as_f64()
        ),
        (Some(111.5), Some(7.77), Some(8.88))
    );
    assert!(q["decided_by"].as_str().unwrap().starts_with("lender-standard@"), "{q}");
    assert_eq!(q["stored"].as_bool(), Some(true));
    let sent = seen.lock().unwrap().clone();
    assert_eq!(sent.len(), 1);
    assert_eq!(
        sent[0],
        json!({"selfAssessedCreditScore": "GREAT", "purchasePrice": 24990.0, "loanTerm": 5, "year": 2021, "vin": "JTNKU3JE60J021675", "nvic": null, "whoIsHelping": "Sam", "authorization": "Bearer s3cret"})
    );
    let (_, car) = fetch(&app, "lender", &format!("/api/v1/cars/{slug}")).await;
    assert_eq!(car["car"]["youxQuote"]["advertisedRate"], 7.77);

    // A failing lender: 502, and nothing stored on the car.
    let slug = slug_of(&tdb, "broken", "CAR2").await;
    let (s, v) = post(&app, "broken", "/api/v1/finance/quote", json!({"car": slug})).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::BAD_GATEWAY, Some("lender_unavailable")),
        "{v}"
    );
    let (_, car) = fetch(&app, "broken", &format!("/api/v1/cars/{slug}")).await;
    assert_eq!(car["car"]["youxQuote"], Value::Null);
}

#[tokio::test]
async fn delivery_estimate_from_the_real_postcode_data() {
    let (tdb, _d, app) = app_with(&[]).await;
    let slug = slug_of(&tdb, "plain", "CAR2").await;
    let at = |pc: &str| format!("/api/v1/cars/{slug}/delivery?postcode={pc}");
    // The car's location is the test tenant's Brisbane City location (-27.46794, 153.02809).
    // Postcode 4217 (Benowa, -28.008783, 153.412197 in the data): haversine with R = 6371 km,
    // computed by hand (Python's math module), is 71.03 km.
    let (s, v) = fetch(&app, "plain", &at("4217")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let d = v["distance_km"].as_f64().unwrap();
    assert!((d - 71.03).abs() < 1.0, "{v}");
    assert_eq!((v["price"].as_f64(), v["name"].as_str()), (Some(450.0), Some("Regional")), "{v}");
    assert_eq!(
        (v["locality"].as_str(), v["state"].as_str(), &v["message"]),
        (Some("Benowa"), Some("QLD"), &Value::Null)
    );
    assert_eq!(v["from_location"], "plain Sales");
    // In the first band: free.
    let (_, v) = fetch(&app, "plain", &at("4000")).await;
    assert_eq!(
        (v["price"].as_f64(), v["name"].as_str()),
        (Some(0.0), Some("Brisbane Metro")),
        "{v}"
    );
    // Perth (6000) is 3,606 km away: beyond the last band, the spec's text and no price.
    let (_, v) = fetch(&app, "plain", &at("6000")).await;
    assert_eq!(v["price"], Value::Null);
    assert_eq!(
        v["message"],
        "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote."
    );
    // A four-digit postcode the data does not hold: the same text.
    let (s, v) = fetch(&app, "plain", &at("0001")).await;
    assert_eq!((s, &v["price"], &v["locality"]), (StatusCode::OK, &Value::Null, &Value::Null));
    assert!(v["message"].as_str().unwrap().starts_with("Sorry"));
    // Empty and malformed postcodes are field errors.
    for (q, msg) in [
        ("", "Please enter a postcode."),
        ("%20", "Please enter a postcode."),
        ("40a0", "Invalid postcode. Please enter a 4-digit number."),
        ("40000", "Invalid postcode. Please enter a 4-digit number."),
    ] {
        let (s, v) = fetch(&app, "plain", &at(q)).await;
        assert_eq!(
            (s, v["error"]["field"].as_str(), v["error"]["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some("postcode"), Some(msg))
        );
    }
    // A site without delivery bands has no calculator.
    let nf = slug_of(&tdb, "nofinance", "CAR2").await;
    let (s, _) = fetch(&app, "nofinance", &format!("/api/v1/cars/{nf}/delivery?postcode=4000")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (_, t) = fetch(&app, "plain", "/api/v1/tenant").await;
    assert_eq!(
        (t["tools"]["delivery"].as_bool(), t["tools"]["fuel"]["price_per_litre"].as_f64()),
        (Some(true), Some(1.7))
    );
    assert!(
        t["finance"].get("quote").is_none(),
        "lender settings stay on the host: {}",
        t["finance"]
    );
}

#[tokio::test]
async fn autogauge_from_comparable_stock_across_tenants() {
    let (tdb, dir, app) = app_with(&[]).await;
    let _ = dir;
    // In "plain": the car (CAR2, 2021 Corolla, 45,000 km, $24,990) and its market: two
    // comparable cars, and three that are not (another band of km, too old, another model). In "nofinance" (another dealer): one more comparable, and the same VIN as one of
    // plain's (counted once; the same car at the same price at two dealers).
    let plain = "stocknum,vin,year,make,model,badge,price,km,car_type,status,created_at\n\
M1,JTNKU3JE60J000001,2020,Toyota,Corolla,Ascent,23000,40000,used,in_stock,2026-10-01T00:00:00Z\n\
M2,JTNKU3JE60J000002,2022,Toyota,Corolla,SX,26000,35000,used,sold,2026-10-01T00:00:00Z\n\
X1,,2021,Toyota,Corolla,Ascent,15000,120000,used,in_stock,2026-10-01T00:00:00Z\n\
X2,,2018,Toyota,Corolla,Ascent,14000,50000,used,in_stock,2026-10-01T00:00:00Z\n\
X3,,2021,Toyota,Camry,Ascent,31000,45000,used,in_stock,2026-10-01T00:00:00Z\n\
";
    let other = "stocknum,vin,year,make,model,badge,price,km,car_type,status,created_at\n\
N1,JTNKU3JE60J000003,2021,Toyota,Corolla,Ascent,25500,50000,used,in_stock,2026-10-01T00:00:00Z\n\
N2,JTNKU3JE60J000001,2020,Toyota,Corolla,Ascent,23000,40000,used,in_stock,2026-10-01T00:00:00Z\n";
    let state = |slug: &str| {
        let reg = forecourt_host::tenant::TenantRegistry::load_dir(dir.path()).unwrap();
        reg.by_slug(slug).unwrap().clone()
    };
    for (slug, feed) in [("plain", plain), ("nofinance", other)] {
        let mut opts = common::csv_opts("market.csv");
        opts.mode = Some(forecourt_host::tenant::FeedMode::Delta);
        let r = import_feed(&tdb.db, &state(slug), feed.as_bytes(), opts).await.unwrap();
        assert!(r.errors.is_empty(), "{r:?}");
    }
    let slug = slug_of(&tdb, "plain", "CAR2").await;
    for path in [format!("/api/v1/cars/{slug}/autogauge"), format!("/cars/{slug}/autogauge")] {
        let (s, g) = fetch(&app, "plain", &path).await;
        assert_eq!(s, StatusCode::OK, "{path}: {g}");
        // 23,000, 26,000 and 25,500: all in QLD, so the state figure, range min to max (under 5
        // cars); average 24,833; the listing $24,990 sits at (24,990 - 23,000) / 3,000 = 66%.
        assert_eq!((g["comparables"].as_u64(), g["basis"].as_str()), (Some(3), Some("state")), "{g}");
        assert_eq!(
            (g["market_range_min"].as_f64(), g["market_range_max"].as_f64()),
            (Some(23_000.0), Some(26_000.0))
        );
        assert_eq!((g["listing_price"].as_f64(), g["fill"].as_f64()), (Some(24_990.0), Some(66.0)));
        assert_eq!(
            (g["state_average_market_price"].as_f64(), g["average_market_price"].as_f64()),
            (Some(24_833.0), Some(24_833.0))
        );
        assert_eq!(g["description"], "Priced in line with 3 similar cars in QLD.");
        assert!(
            g["confidence"].as_f64().unwrap() > 0.2 && g["visible"] == true && g["below_market"] == false,
            "{g}"
        );
    }
    // A placeholder price ($5: the page shows no price) is neither quoted by the gauge nor
    // counted as a market price: CAR2's market is unchanged.
    let placeholder = "stocknum,vin,year,make,model,badge,price,km,car_type,status,created_at\n\
P1,,2021,Toyota,Corolla,Ascent,5,45000,used,in_stock,2026-10-01T00:00:00Z\n";
    let mut opts = common::csv_opts("placeholder.csv");
    opts.mode = Some(forecourt_host::tenant::FeedMode::Delta);
    let r = import_feed(&tdb.db, &state("plain"), placeholder.as_bytes(), opts).await.unwrap();
    assert!(r.errors.is_empty(), "{r:?}");
    let p1 = slug_of(&tdb, "plain", "P1").await;
    let (s, g) = fetch(&app, "plain", &format!("/api/v1/cars/{p1}/autogauge")).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(
        (&g["listing_price"], &g["fill"], &g["description"], &g["visible"]),
        (&Value::Null, &Value::Null, &Value::Null, &json!(false)),
        "{g}"
    );
    assert_eq!(g["comparables"].as_u64(), Some(4), "P1's market: M1, M2, N1 and CAR2: {g}");
    let (_, g) = fetch(&app, "plain", &format!("/api/v1/cars/{slug}/autogauge")).await;
    assert_eq!(
        (g["comparables"].as_u64(), g["listing_price"].as_f64()),
        (Some(3), Some(24_990.0)),
        "{g}"
    );

    // The car response carries the market averages for the indicator (no second call).
    let (_, car) = fetch(&app, "plain", &format!("/api/v1/cars/{slug}")).await;
    assert_eq!(
        car["car"]["autograb_data"],
        json!({"average_market_price": 24_833.0, "state_average_market_price": 24_833.0})
    );
    // The online trade-in estimate from the same market: 23,000, 26,000, 25,500 and the 24,990
    // Corolla itself (one VIN across six sites), average 24,873; 80% and 88% to the $100.
    let (s, e) = post(
        &app,
        "plain",
        "/api/v1/trade-in/estimate",
        json!({"make": "Toyota", "model": "Corolla", "year": 2021, "km": 45000}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{e}");
    assert_eq!(
        (
            e["estimate"]["low"].as_f64(),
            e["estimate"]["high"].as_f64(),
            e["comparables"].as_u64()
        ),
        (Some(19_900.0), Some(21_900.0), Some(4)),
        "{e}"
    );
    // Adjustment answers move the base: a fair car (-7%) with one key (-2%) is 91% of 24,873.
    let (s, e) = post(
        &app,
        "plain",
        "/api/v1/trade-in/estimate",
        json!({"make": "Toyota", "model": "Corolla", "year": 2021, "km": 45000,
               "adjustmentAnswers": {"condition": "fair", "keys": "one"}}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{e}");
    assert_eq!(
        (
            e["estimate"]["low"].as_f64(),
            e["estimate"]["high"].as_f64(),
            e["adjustment_percent"].as_f64()
        ),
        (Some(18_100.0), Some(19_900.0), Some(-9.0)),
        "{e}"
    );
    for (answers, field) in [
        (json!({"colour": "red"}), "adjustmentAnswers.colour"),
        (json!({"condition": "mint"}), "adjustmentAnswers.condition"),
    ] {
        let (s, e) = post(
            &app,
            "plain",
            "/api/v1/trade-in/estimate",
            json!({"make": "Toyota", "model": "Corolla", "year": 2021, "km": 45000, "adjustmentAnswers": answers}),
        )
        .await;
        assert_eq!((s, e["error"]["field"].as_str()), (StatusCode::BAD_REQUEST, Some(field)), "{e}");
    }
    // None over 7 years or 100,000 km, nor without market data.
    for body in [
        json!({"make": "Toyota", "model": "Corolla", "year": 2015, "km": 45000}),
        json!({"make": "Toyota", "model": "Corolla", "year": 2021, "km": 100_001}),
        json!({"make": "Lada", "model": "Niva", "year": 2022, "km": 1000}),
    ] {
        let (_, e) = post(&app, "plain", "/api/v1/trade-in/estimate", body.clone()).await;
        assert!(e["estimate"].is_null() && e["reason"].is_string(), "{body}: {e}");
    }
    let (s, e) = post(
        &app,
        "plain",
        "/api/v1/trade-in/estimate",
        json!({"make": "Toyota", "model": "Corolla", "year": 1800, "km": 1}),
    )
    .await;
    assert_eq!((s, e["error"]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("year")));
    // Test-drive slots of a location (hours from tenant.toml; the rules are unit-tested).
    let (s, v) = fetch(&app, "plain", "/api/v1/locations/plain-sales/appointments?days=14").await;
    assert_eq!((s, v["time_zone"].as_str()), (StatusCode::OK, Some("Australia/Brisbane")), "{v}");
    assert!(
        v["days"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["times"].as_array().unwrap().iter().all(|t| t.as_str().unwrap() >= "08:30"))
    );
    assert_eq!(
        fetch(&app, "plain", "/api/v1/locations/plain-hidden/appointments").await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        fetch(&app, "plain", "/api/v1/locations/plain-sales/appointments?days=0").await.0,
        StatusCode::BAD_REQUEST
    );
    // A car with too few comparable cars: every field null, hidden.
    let lone = slug_of(&tdb, "plain", "X3").await;
    let (_, g) = fetch(&app, "plain", &format!("/api/v1/cars/{lone}/autogauge")).await;
    assert_eq!(
        (&g["fill"], &g["market_range_max"], &g["visible"]),
        (&Value::Null, &Value::Null, &json!(false)),
        "{g}"
    );
    let (s, _) = fetch(&app, "plain", "/api/v1/cars/no-such-car/autogauge").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}
