//! The plugin answers over HTTP (docs/features/platform.md "Plugins and extension points",
//! "Checked by"): `GET /api/v1/cars/{slug}` shows the tag, price view, eligibility, phone and
//! finance with `decided_by`, and the same car differs between two tenants with the demo tenants'
//! real plugin config; `POST /api/v1/finance/repayment` computes through the tenant's lender plugin
//! or the host default (docs/features/shopper-core.md §5, §9).

mod common;
mod plugin_support;

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use common::{call, get, test_db};
use forecourt_host::stock::import_feed;
use plugin_support::{demo_plugins_toml, registry, require, tenant_with};
use serde_json::{Value, json};

/// One used, certified Mercedes-Benz with a subscription price and a lender quote, in every
/// tenant: the same car everywhere.
const FEED: &str = "stocknum,vin,year,make,model,badge,price,subscription_price,km,car_type,status,certified,created_at\n\
CAR1,WDDHF5GB7BA292772,2022,Mercedes-Benz,C-Class,C200,126000,219,30000,used,in_stock,true,2026-10-01T00:00:00Z\n\
CAR2,,2021,Toyota,Corolla,Ascent,24990,,45000,used,in_stock,false,2026-10-01T00:00:00Z\n";

async fn app() -> (common::TestDb, tempfile::TempDir, axum::Router) {
    require(&plugin_support::REAL);
    let tdb = test_db().await;
    let (dir, reg) = registry(&[
        ("harbourside-mercedes", demo_plugins_toml("harbourside-mercedes")),
        ("drive-depot", demo_plugins_toml("drive-depot")),
        (
            "plain",
            tenant_with("plain", "[finance]\nprovider = \"generic\"\n[phones]\nused = \"+61 7 5550 0700\""),
        ),
    ]);
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    for slug in ["harbourside-mercedes", "drive-depot", "plain"] {
        let t = state.tenants.by_slug(slug).unwrap().clone();
        let opts = common::csv_opts("feed.csv");
        let r = import_feed(&tdb.db, &t, FEED.as_bytes(), opts).await.unwrap();
        assert_eq!(r.inserted, 2, "{r:?}");
    }
    (tdb, dir, common::app(state))
}

/// The importer makes car slugs from the car: find it by stock number.
async fn slug_of(tdb: &common::TestDb, tenant: &str, stocknum: &str) -> String {
    let repo = forecourt_host::repo::TenantRepo::new(&tdb.db, tenant);
    repo.car_by_stocknum(stocknum).await.unwrap().unwrap().slug
}

async fn car(app: &axum::Router, tdb: &common::TestDb, tenant: &str, stocknum: &str) -> Value {
    let slug = slug_of(tdb, tenant, stocknum).await;
    let (s, _, b) = call(app, get(&format!("{tenant}.localhost"), &format!("/api/v1/cars/{slug}"))).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    serde_json::from_str(&b).unwrap()
}

#[tokio::test]
async fn the_same_car_differs_between_tenants_and_says_who_decided() {
    let (tdb, _d, app) = app().await;
    let hs = car(&app, &tdb, "harbourside-mercedes", "CAR1").await;
    let dd = car(&app, &tdb, "drive-depot", "CAR1").await;
    assert_eq!(hs["car"]["vin"], dd["car"]["vin"], "the same car");

    // Tag: certified pre-owned image on the Mercedes-Benz dealer; none at the superstore.
    assert_eq!(hs["tag"]["kind"], "certified_pre_owned");
    assert_eq!(hs["tag"]["image_url"], "/img/badges/certified-pre-owned.png");
    assert_eq!(dd["tag"], Value::Null);
    assert_eq!(hs["decided_by"]["tag"], "tag-rules-ev@0.1.0");
    assert_eq!(dd["decided_by"]["tag"], "tag-rules-ev@0.1.0");

    // Price view: both subscription here; decided by the plugin on one, the host on the other.
    assert_eq!(hs["price_view"], json!({"kind": "subscription", "weekly": 219.0, "suffix": "/wk"}));
    assert_eq!(hs["decided_by"]["price_view"], "host");
    assert_eq!(dd["decided_by"]["price_view"], "price-display-subscription@0.1.0");

    // Phone: each tenant's used-car number, 2-4-4, dialled +61.
    assert_eq!(
        hs["phone"],
        json!({"display": "02 5550 0102", "dial": "+61255500102", "masked": "02 5550 XXXX"})
    );
    assert_eq!(
        dd["phone"],
        json!({"display": "07 5550 0700", "dial": "+61755500700", "masked": "07 5550 XXXX"})
    );
    assert_eq!(hs["decided_by"]["phone"], "phone-format-au@0.1.0");

    // Finance limits: 5000..132000 (1.05 x 126000, floored to 500) vs 1000..250000.
    let (hf, df) = (&hs["finance"]["calculator"], &dd["finance"]["calculator"]);
    assert_eq!(
        (hf["amount"]["min"].as_f64(), hf["amount"]["max"].as_f64()),
        (Some(5000.0), Some(132_000.0))
    );
    assert_eq!(
        (df["amount"]["min"].as_f64(), df["amount"]["max"].as_f64()),
        (Some(1000.0), Some(250_000.0))
    );
    assert_eq!(hf["establishment_fee"], 1360.5);
    assert_eq!(df["term"]["kind"], "choices");
    assert_eq!(hs["decided_by"]["finance"], "lender-standard@0.1.0");

    // Eligibility: decided by the plugin on the superstore (buy online), by the host elsewhere.
    assert_eq!(dd["decided_by"]["eligibility"], "eligibility-online-purchase@0.1.0");
    assert_eq!(dd["eligibility"]["online_purchase"], true);
    assert_eq!(hs["decided_by"]["eligibility"], "host");

    // A tenant without plugins: every part is the host's.
    let plain = car(&app, &tdb, "plain", "CAR1").await;
    for part in ["tag", "price_view", "eligibility", "phone", "finance"] {
        assert_eq!(plain["decided_by"][part], "host", "{part}");
    }
    assert_eq!(plain["finance"]["calculator"]["amount"]["max"], 100_000.0);
}

async fn repayment(app: &axum::Router, tenant: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post("/api/v1/finance/repayment")
        .header("host", format!("{tenant}.localhost"))
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let (s, _, b) = call(app, req).await;
    (s, serde_json::from_str(&b).unwrap_or(Value::String(b)))
}

#[tokio::test]
async fn finance_repayment_through_the_lender_plugin_or_the_host() {
    let (tdb, _d, app) = app().await;
    // docs/features/shopper-core.md §9 reference: $30,000 over 5 years at 10% weekly = $147/wk, total $38,220.
    let body = json!({"amount": 30000, "term_years": 5, "interest": 10, "frequency": "week"});
    for tenant in ["plain", "harbourside-mercedes"] {
        let (s, v) = repayment(&app, tenant, body.clone()).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            (v["per_period"].as_f64(), v["total"].as_f64()),
            (Some(147.0), Some(38_220.0)),
            "{tenant}: {v}"
        );
        assert_eq!((v["suffix"].as_str(), v["display"].as_str()), (Some("wk"), Some("$147/wk")));
    }
    let (_, v) = repayment(&app, "harbourside-mercedes", body.clone()).await;
    assert_eq!(v["decided_by"], "lender-standard@0.1.0");
    let (_, v) = repayment(
        &app,
        "plain",
        json!({"amount": 30000, "term_years": 5, "interest": 10, "frequency": "month"}),
    )
    .await;
    assert_eq!((v["display"].as_str(), v["decided_by"].as_str()), (Some("$638/mo"), Some("host")));

    // 25 or less: Enquire for Finance, total blank (docs/features/shopper-core.md §5).
    let (_, v) = repayment(&app, "plain", json!({"amount": 1000, "term_years": 7, "interest": 1})).await;
    assert_eq!(
        (v["display"].as_str(), &v["total"]),
        (Some("Enquire for Finance"), &Value::Null),
        "{v}"
    );

    // With a car: its calculator's defaults and limits, establishment fee included; out-of-range
    // entries clamped with the help text.
    let slug = slug_of(&tdb, "harbourside-mercedes", "CAR2").await;
    let (s, v) = repayment(&app, "harbourside-mercedes", json!({"car": slug, "amount": 1000, "interest": 30})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["inputs"]["amount"], 5000.0);
    assert_eq!(v["inputs"]["interest"], 15.99);
    assert_eq!(v["inputs"]["establishment_fee"], 1360.5);
    assert_eq!(v["inputs"]["term_years"], 6.0);
    assert_eq!(v["clamped"][0]["message"], "Cannot be less than 5000 or more than 100000");
    assert_eq!(v["clamped"].as_array().unwrap().len(), 2);

    // Errors: no car and no amount; an unknown car; a frequency the lender does not offer.
    let (s, v) = repayment(&app, "plain", json!({"term_years": 5})).await;
    assert_eq!((s, v["error"]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("amount")));
    let (s, _) = repayment(&app, "plain", json!({"car": "no-such-car"})).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, v) = repayment(&app, "plain", json!({"amount": -5})).await;
    assert_eq!((s, v["error"]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("amount")));
}

#[tokio::test]
async fn openapi_documents_the_plugin_answers() {
    let (_tdb, _d, app) = app().await;
    let (s, _, b) = call(&app, get("plain.localhost", "/api/openapi.json")).await;
    assert_eq!(s, StatusCode::OK);
    let v: Value = serde_json::from_str(&b).unwrap();
    assert!(v["paths"]["/api/v1/finance/repayment"]["post"].is_object());
    for schema in [
        "CarResponse",
        "PriceView",
        "Tag",
        "DecidedBy",
        "FinanceOffer",
        "RepaymentBody",
        "RepaymentAnswer",
    ] {
        assert!(v["components"]["schemas"][schema].is_object(), "{schema} missing");
    }
    assert!(v["components"]["schemas"]["CarResponse"]["properties"]["decided_by"].is_object());
}
