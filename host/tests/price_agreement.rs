//! One price engine (docs/features/platform.md "Price engine"): for every demo car on sale, the
//! price and the drive-away figure agree across the SRP hit, the VDP JSON, the VDP document's
//! JSON-LD, the Google and Meta feeds and the ADF lead the dealer receives. The demo tenants are
//! prepared as `forecourt serve` prepares them (their real feeds imported, their real plugins
//! loaded); every surface is read through the real router and storage (SQLite file, or PostgreSQL
//! when FORECOURT_TEST_DATABASE_URL is set).

mod common;
// Only the two feed parsers are used here.
#[allow(dead_code)]
#[path = "syndication_support/spec.rs"]
mod spec;

use std::collections::BTreeMap;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use common::{call, get, json, repo_tenants_dir, test_db};
use forecourt_host::{config::Settings, http::server, leads::delivery, pricing::DriveAway};
use serde_json::{Value, json};

const ROUTES: &str = r#"[{"id":"home","path":"/","title":"Home"},{"id":"car","path":"/cars/:slug","title":"Vehicle details"}]"#;

/// What the SRP says about one car.
struct Hit {
    shown: Option<f64>,
    drive_away: Option<Value>,
}

/// Every JSON-LD object of an HTML document.
fn json_ld(html: &str) -> Vec<Value> {
    let open = "<script type=\"application/ld+json\">";
    html.match_indices(open)
        .map(|(i, _)| {
            let rest = &html[i + open.len()..];
            let end = rest.find("</script>").expect("closed script");
            json(&rest[..end].replace("\\u003c", "<"))
        })
        .collect()
}

/// The price a price view shows (`PriceView::shown_price`): `now` of was/now, `price` of
/// car_price, none for the others.
fn shown_of(view: &Value) -> Option<f64> {
    match view["kind"].as_str() {
        Some("was_now") => view["now"].as_f64(),
        Some("car_price") => view["price"].as_f64(),
        _ => None,
    }
}

#[tokio::test]
async fn every_surface_shows_the_same_price_and_drive_away_figure_for_every_demo_car() {
    let tdb = test_db().await;
    let plugin_cache = tempfile::tempdir().unwrap();
    let settings = Settings {
        database_url: tdb.url.clone(),
        tenants_dir: repo_tenants_dir(),
        plugin_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/dist"),
        data_dir: plugin_cache.path().to_owned(),
        plugin_deadline_ms: 2000,
        // One lead per car on sale from one test client.
        lead_submissions_per_minute: 100_000,
        ..Settings::default()
    };
    let mut state = server::prepare(settings).await.expect("prepare");
    common::use_routes(&mut state, ROUTES);
    let tenants: Vec<_> = state.tenants.iter().collect();
    for t in &tenants {
        let var = t.config.syndication.token_env.clone().expect("demo tenants publish feeds");
        // SAFETY: this test binary runs this one test; nothing else reads the environment now.
        unsafe { std::env::set_var(&var, format!("{}-token", t.slug())) };
    }
    let app = common::app(state.clone());
    let deliverer = state.deliverer();
    let mut cars_checked = 0;
    let mut estimated = 0;
    let mut in_feeds = 0;
    for t in &tenants {
        let slug = t.slug();
        let host = format!("{slug}.localhost");

        // The SRP: every car on sale, page by page.
        let mut hits: BTreeMap<String, Hit> = BTreeMap::new();
        for page in 1.. {
            let (s, _, b) = call(&app, get(&host, &format!("/api/v1/search?hitsPerPage=100&page={page}"))).await;
            assert_eq!(s, StatusCode::OK, "{slug} search page {page}: {b}");
            let v = json(&b);
            let page_hits = v["hits"].as_array().unwrap();
            for h in page_hits {
                hits.insert(
                    h["slug"].as_str().unwrap().to_string(),
                    Hit {
                        shown: shown_of(&h["price_view"]),
                        drive_away: h.get("drive_away").filter(|d| !d.is_null()).cloned(),
                    },
                );
            }
            if page_hits.len() < 100 {
                break;
            }
        }
        assert!(hits.len() >= 50, "{slug} has cars on sale ({})", hits.len());

        // The feeds, by stock number.
        let token = format!("{slug}-token");
        let (s, _, xml) = call(
            &app,
            get(&host, &format!("/api/v1/feeds/google-vehicle-listings.xml?token={token}")),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{slug} google feed");
        let google: BTreeMap<String, String> = spec::parse_google(&xml)
            .into_iter()
            .map(|i| (i["id"][0].clone(), i["price"][0].clone()))
            .collect();
        let (s, _, csv_text) = call(&app, get(&host, &format!("/api/v1/feeds/meta-vehicles.csv?token={token}"))).await;
        assert_eq!(s, StatusCode::OK, "{slug} meta feed");
        let (_, rows) = spec::parse_meta(&csv_text);
        let meta: BTreeMap<String, String> = rows.into_iter().map(|r| (r["vehicle_id"].clone(), r["price"].clone())).collect();

        for (car_slug, hit) in &hits {
            // The VDP's JSON: the same shown price and the same drive-away figure as the card.
            let (s, _, b) = call(&app, get(&host, &format!("/api/v1/cars/{car_slug}"))).await;
            assert_eq!(s, StatusCode::OK, "{slug}/{car_slug}");
            let vdp = json(&b);
            assert_eq!(shown_of(&vdp["price_view"]), hit.shown, "{slug}/{car_slug}: shown price");
            let full: Option<DriveAway> = serde_json::from_value(vdp["drive_away"].clone()).unwrap();
            let summary = full.as_ref().map(|d| serde_json::to_value(d.summary()).unwrap());
            assert_eq!(summary, hit.drive_away, "{slug}/{car_slug}: SRP and VDP drive-away");
            assert_eq!(
                full.is_some(),
                hit.shown.is_some(),
                "{slug}/{car_slug}: an estimate exactly when a price shows"
            );
            if let Some(d) = &full
                && estimated == 0
            {
                // The panel's inputs (docs/features/platform.md "Price engine"): each parameter is
                // checked on its own, and a postcode wins over a state.
                for (query, status, field) in [
                    ("postcode=", StatusCode::BAD_REQUEST, Some("postcode")),
                    ("postcode=30001", StatusCode::BAD_REQUEST, Some("postcode")),
                    ("postcode=0001", StatusCode::NOT_FOUND, Some("postcode")),
                    ("state=", StatusCode::BAD_REQUEST, Some("state")),
                    ("state=nsw", StatusCode::BAD_REQUEST, Some("state")),
                    ("state=XX&postcode=3000", StatusCode::BAD_REQUEST, Some("state")),
                ] {
                    let (s, _, b) = call(&app, get(&host, &format!("/api/v1/cars/{car_slug}/drive-away?{query}"))).await;
                    assert_eq!(s, status, "{query}: {b}");
                    assert_eq!(json(&b)["error"]["field"].as_str(), field, "{query}");
                }
                let (s, _, b) = call(
                    &app,
                    get(&host, &format!("/api/v1/cars/{car_slug}/drive-away?state=NSW&postcode=3000")),
                )
                .await;
                assert_eq!(s, StatusCode::OK, "{b}");
                assert_eq!(json(&b)["state"], "VIC", "the postcode wins");
                assert!(d.components.iter().all(|c| c.amount >= 0));
            }
            if let Some(d) = &full {
                estimated += 1;
                assert_eq!(
                    d.components.iter().map(|c| c.amount).sum::<i64>(),
                    d.total,
                    "{slug}/{car_slug}: lines add up"
                );
                assert_eq!(
                    Some(d.advertised_price as f64),
                    hit.shown.map(f64::round),
                    "{slug}/{car_slug}: advertised"
                );
                // The panel's endpoint for the car's own state answers the same.
                let (s, _, b) = call(&app, get(&host, &format!("/api/v1/cars/{car_slug}/drive-away?state={}", d.state))).await;
                assert_eq!(s, StatusCode::OK);
                assert_eq!(&serde_json::from_str::<DriveAway>(&b).unwrap(), d, "{slug}/{car_slug}: /drive-away");
            }

            // The VDP document's JSON-LD Offer.
            let (s, _, html) = call(&app, get(&host, &format!("/cars/{car_slug}"))).await;
            assert_eq!(s, StatusCode::OK, "{slug}/{car_slug} document");
            let ld = json_ld(&html);
            let car_ld = ld.iter().find(|v| v["@type"] == "Car").expect("a Car in the JSON-LD");
            let offer = &car_ld["offers"];
            assert_eq!(offer["price"].as_f64(), hit.shown, "{slug}/{car_slug}: JSON-LD price");
            let specs = offer["priceSpecification"].as_array().cloned().unwrap_or_default();
            let ld_total = specs
                .iter()
                .find(|s| s["@type"] == "CompoundPriceSpecification")
                .and_then(|s| s["price"].as_i64());
            assert_eq!(ld_total, full.as_ref().map(|d| d.total), "{slug}/{car_slug}: JSON-LD drive-away");

            // The feeds: the drive-away total when complete, else the shown price.
            let stocknum = vdp["car"]["stocknum"].as_str().unwrap();
            let expected = full
                .as_ref()
                .filter(|d| d.complete)
                .map(|d| d.total as f64)
                .or(hit.shown)
                .map(|p| format!("{p:.2} AUD"));
            for (name, feed) in [("google", &google), ("meta", &meta)] {
                if let Some(p) = feed.get(stocknum) {
                    in_feeds += 1;
                    assert_eq!(Some(p.clone()), expected, "{slug}/{car_slug}: {name} feed price");
                }
            }

            // The ADF the dealer receives for an enquiry on this car.
            let body = json!({
                "form": "enquiry", "idempotency_key": format!("agree-{slug}-{car_slug}"), "name": "Sam",
                "last_name": "Lee", "email": "sam@example.com", "phone": "0412345678", "postcode": "4000",
                "message": "Is it still available?", "category": "General Enquiry", "opt_in": true,
                "car_id": vdp["car"]["id"], "receipt": false,
            });
            let req = Request::post("/api/v1/leads")
                .header("host", &host)
                .header("content-type", "application/json")
                .header(header::USER_AGENT, "price-agreement/1.0")
                .body(Body::from(body.to_string()))
                .unwrap();
            let (s, _, b) = call(&app, req).await;
            assert_eq!(s, StatusCode::CREATED, "{slug}/{car_slug} lead: {b}");
            let lead = delivery::load_lead(&deliverer, slug, json(&b)["lead_id"].as_str().unwrap())
                .await
                .unwrap();
            let xml = delivery::adf_document(&deliverer, &lead, "sales@example.com").await.unwrap();
            let asking = xml
                .split("<price ")
                .nth(1)
                .and_then(|r| r.split('>').nth(1))
                .and_then(|r| r.split('<').next())
                .map(|p| p.parse::<f64>().unwrap());
            assert_eq!(asking, hit.shown.map(f64::round), "{slug}/{car_slug}: ADF asking price");
            if let Some(d) = &full {
                let comment = forecourt_host::leads::adf::drive_away_comment(d);
                let escaped = comment.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
                assert!(xml.contains(&escaped), "{slug}/{car_slug}: ADF carries `{comment}`:\n{xml}");
            }
            cars_checked += 1;
        }
    }
    eprintln!("checked {cars_checked} cars, {estimated} with an estimate, {in_feeds} feed items");
    assert!(cars_checked >= 1_000, "every demo car on sale was checked ({cars_checked})");
    assert!(
        estimated >= cars_checked * 9 / 10,
        "most demo cars show a price ({estimated} of {cars_checked})"
    );
    assert!(in_feeds >= 500, "the feeds carry the demo tenants' used cars ({in_feeds})");
}
