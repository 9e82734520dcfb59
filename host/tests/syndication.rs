//! Listings feeds and listing readiness (docs/features/platform.md "Syndication feeds and listing
//! readiness") against a real database: every demo tenant's Google and Meta feeds parsed back and
//! checked field by field against the two specifications (`syndication_support/spec.rs`), with
//! every car left out named in the readiness report; a crafted feed with one car per finding;
//! the feed token, `ETag`/`If-None-Match` and regeneration after a re-import, over HTTP.

mod common;
#[path = "syndication_support/spec.rs"]
mod spec;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use axum::http::StatusCode;
use common::{call, repo_tenants_dir, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    repo::TenantRepo,
    stock::import_feed,
    syndication::{
        feed::{FeedKind, generate},
        readiness::{self, Page, Report},
    },
    tenant::TenantRegistry,
};

/// Every car of a report (all of them, paged through).
async fn whole_report(db: &forecourt_host::db::Db, t: &forecourt_host::tenant::Tenant) -> (Report, Vec<readiness::CarReadiness>) {
    let mut cars = Vec::new();
    let mut after = 0;
    loop {
        let r = readiness::report(
            db,
            t,
            Page {
                after,
                limit: 250,
                all: true,
            },
        )
        .await
        .unwrap();
        cars.extend(r.cars.iter().cloned());
        match r.next_after {
            Some(n) => after = n,
            None => return (r, cars),
        }
    }
}

#[tokio::test]
async fn every_demo_tenants_feeds_meet_both_specifications() {
    let tdb = test_db().await;
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).expect("demo tenants load");
    for t in &reg.iter().collect::<Vec<_>>() {
        TenantRepo::new(&tdb.db, t.slug()).sync_config(&t.config).await.unwrap();
    }
    forecourt_host::feeds::import_changed_feeds(&tdb.db, &reg)
        .await
        .expect("demo feeds import");
    let mut google_total = 0;
    let mut meta_total = 0;
    for t in &reg.iter().collect::<Vec<_>>() {
        let slug = t.slug();
        assert!(t.config.syndication.token_env.is_some(), "{slug} publishes feeds");
        let (report, cars) = whole_report(&tdb.db, t).await;
        assert_eq!(cars.len(), report.summary.cars, "{slug}: every car on sale is assessed");
        assert!(report.summary.cars >= 50, "{slug} has stock on sale");
        let left_out = |feed: &str| -> HashMap<String, Vec<String>> {
            cars.iter()
                .filter_map(|c| {
                    c.left_out
                        .iter()
                        .find(|g| g.feed == feed)
                        .map(|g| (c.stocknum.clone(), g.missing.clone()))
                })
                .collect()
        };

        // Google: every item meets the specification; the items and the cars left out are the
        // cars on sale, each once.
        let google = generate(&tdb.db, None, t, FeedKind::Google).await.unwrap();
        let xml = String::from_utf8(google.bytes.to_vec()).unwrap();
        let items = spec::parse_google(&xml);
        for item in &items {
            let problems = spec::google_problems(item);
            assert!(problems.is_empty(), "{slug} google item {:?}: {problems:?}", item.get("id"));
            let link = &item["link"][0];
            assert!(
                link.starts_with(t.config.site_url.as_deref().unwrap()),
                "{slug}: {link} is the tenant's site"
            );
        }
        spec::assert_unique("google id", items.iter().map(|i| i["id"][0].as_str()));
        spec::assert_unique("google vin", items.iter().map(|i| i["vin"][0].as_str()));
        let google_out = left_out("google");
        let in_google: BTreeSet<&str> = items.iter().map(|i| i["id"][0].as_str()).collect();
        for c in &cars {
            assert_ne!(
                in_google.contains(c.stocknum.as_str()),
                google_out.contains_key(&c.stocknum),
                "{slug} {}: in the google feed or named as left out, not both",
                c.stocknum
            );
        }
        for (stocknum, missing) in &google_out {
            assert!(!missing.is_empty(), "{slug} {stocknum}: the attributes it lacks are named");
        }
        assert_eq!(items.len() + google_out.len(), report.summary.cars, "{slug}");
        assert_eq!(report.summary.left_out.get("google").copied().unwrap_or(0), google_out.len());

        // Meta: the header is the catalog's columns; every row meets the specification.
        let meta = generate(&tdb.db, None, t, FeedKind::Meta).await.unwrap();
        let (header, rows) = spec::parse_meta(std::str::from_utf8(&meta.bytes).unwrap());
        for c in [
            "vehicle_id",
            "mileage.value",
            "mileage.unit",
            "image[0].url",
            "address.city",
            "state_of_vehicle",
            "body_style",
        ] {
            assert!(header.iter().any(|h| h == c), "{slug}: meta header has {c}");
        }
        for row in &rows {
            let problems = spec::meta_problems(row);
            assert!(problems.is_empty(), "{slug} meta row {}: {problems:?}", row["vehicle_id"]);
        }
        spec::assert_unique("meta vehicle_id", rows.iter().map(|r| r["vehicle_id"].as_str()));
        let meta_out = left_out("meta");
        let in_meta: BTreeSet<&str> = rows.iter().map(|r| r["vehicle_id"].as_str()).collect();
        for c in &cars {
            assert_ne!(
                in_meta.contains(c.stocknum.as_str()),
                meta_out.contains_key(&c.stocknum),
                "{slug} {}",
                c.stocknum
            );
        }
        assert_eq!(rows.len() + meta_out.len(), report.summary.cars, "{slug}");

        // New and demo stock of the demo data has no VIN (the EPA catalogue has none): those cars
        // are left out for `vin` and reported `no_vin`.
        for c in cars.iter().filter(|c| c.findings.iter().any(|f| f.code == "no_vin")) {
            assert!(google_out[&c.stocknum].contains(&"vin".to_string()), "{slug} {}", c.stocknum);
            assert!(meta_out[&c.stocknum].contains(&"vin".to_string()), "{slug} {}", c.stocknum);
        }
        google_total += items.len();
        meta_total += rows.len();
        println!(
            "{slug}: {} cars on sale, google {} in / {} out, meta {} in / {} out, not ready {}",
            report.summary.cars,
            items.len(),
            google_out.len(),
            rows.len(),
            meta_out.len(),
            report.summary.not_ready
        );
    }
    // The used stock (real VINs) fills the feeds.
    assert!(google_total >= 300, "google items over the demo tenants: {google_total}");
    assert!(meta_total >= 200, "meta rows over the demo tenants: {meta_total}");
}

/// Valid North-American VINs (check digit right), one per crafted car.
const VINS: [&str; 9] = [
    "1HGCM82603A004311",
    "1HGCM82623A004312",
    "1HGCM82643A004313",
    "1HGCM82663A004314",
    "1HGCM82683A004315",
    "1HGCM826X3A004316",
    "1HGCM82613A004317",
    "1HGCM82633A004318",
    "1HGCM82653A004319",
];
/// A North-American VIN whose check digit (position 9) is wrong: its characters give 9.
const BAD_CHECK_DIGIT: &str = "1HGCM82603A004310";
const LONG: &str = "One owner with full dealer service history, two keys, new tyres and a fresh roadworthy certificate ready to go.";
const PHOTOS: &str = "/img/cars/a.jpg|/img/cars/b.jpg|/img/cars/c.jpg";

/// (stocknum, vin, km, description, photos, location, colour): one car per finding.
fn crafted_rows() -> Vec<[String; 7]> {
    let row = |s: &str, vin: &str, km: &str, desc: &str, photos: &str, loc: &str, colour: &str| {
        [s, vin, km, desc, photos, loc, colour].map(String::from)
    };
    vec![
        row("READY", VINS[0], "42000", LONG, PHOTOS, "acme-sales", "White"),
        row("ONEPHOTO", VINS[1], "42000", LONG, "/img/cars/a.jpg", "acme-sales", "White"),
        row("NOPHOTO", VINS[2], "42000", LONG, "", "acme-sales", "White"),
        row("NOVIN", "", "42000", LONG, PHOTOS, "acme-sales", "White"),
        row("BADVIN", BAD_CHECK_DIGIT, "42000", LONG, PHOTOS, "acme-sales", "White"),
        row("NOKM", VINS[3], "", LONG, PHOTOS, "acme-sales", "White"),
        row("SHORT", VINS[4], "42000", "Nice car.", PHOTOS, "acme-sales", "White"),
        row("NOLOC", VINS[5], "42000", LONG, PHOTOS, "", "White"),
        row("HIDDENLOC", VINS[6], "42000", LONG, PHOTOS, "acme-hidden", "White"),
        row("NOCOLOUR", VINS[7], "42000", LONG, PHOTOS, "acme-sales", ""),
    ]
}

/// The crafted feed as CSV in canonical columns, `READY` at `ready_price`.
fn crafted_csv(ready_price: u32) -> Vec<u8> {
    feed_csv(crafted_rows().into_iter().map(|row| {
        let price = if row[0] == "READY" {
            ready_price.to_string()
        } else {
            "25990".into()
        };
        (row, price)
    }))
}

/// A feed of 2019 Honda Accord VTi used sedans in stock as CSV in canonical columns: each row's
/// `[stocknum, vin, km, dealercomments, image_urls, location_slug, colour]` and its price.
fn feed_csv(rows: impl IntoIterator<Item = ([String; 7], String)>) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "stocknum",
        "vin",
        "year",
        "make",
        "model",
        "badge",
        "colour",
        "simple_body",
        "km",
        "price",
        "car_type",
        "status",
        "location_slug",
        "dealercomments",
        "image_urls",
    ])
    .unwrap();
    for ([stocknum, vin, km, desc, photos, loc, colour], price) in rows {
        w.write_record([
            stocknum.as_str(),
            vin.as_str(),
            "2019",
            "Honda",
            "Accord",
            "VTi",
            colour.as_str(),
            "sedan",
            km.as_str(),
            price.as_str(),
            "used",
            "in_stock",
            loc.as_str(),
            desc.as_str(),
            photos.as_str(),
        ])
        .unwrap();
    }
    w.into_inner().unwrap()
}

/// Tenant `acme` publishing feeds with token variable `ACME__FEED_TOKEN` (set to `acme-token`),
/// and tenant `plain` without `[syndication]`.
fn tenants() -> (tempfile::TempDir, TenantRegistry) {
    // SAFETY: set before any feed request; only this test binary reads it.
    unsafe { std::env::set_var("ACME__FEED_TOKEN", "acme-token") };
    let acme = format!(
        "site_url = \"https://www.acme.example\"\n{}\n[syndication]\ntoken_env = \"ACME__FEED_TOKEN\"\n",
        tenant_toml("acme")
    );
    write_tenants(&[("acme", acme), ("plain", tenant_toml("plain"))])
}

#[tokio::test]
async fn a_crafted_feed_yields_one_finding_per_car() {
    let tdb = test_db().await;
    let (dir, reg) = tenants();
    let state = common::state(&tdb.db, reg, dir.path(), Some("admin-secret")).await;
    let t = state.tenants.by_slug("acme").unwrap().clone();
    let report = import_feed(&tdb.db, &t, &crafted_csv(19990), common::csv_opts("dms"))
        .await
        .unwrap();
    assert_eq!(report.rejected, 0, "{:?}", report.errors);
    // The import summary counts the cars not ready, and the cars per finding.
    assert_eq!(report.not_ready, 6, "{:?}", report.readiness);
    assert_eq!(report.readiness.cars, 10);
    let by_code: BTreeMap<&str, usize> = report.readiness.by_code.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(
        by_code,
        BTreeMap::from([
            ("too_few_photos", 2),
            ("no_vin", 1),
            ("vin_check_digit", 1),
            ("no_km", 1),
            ("short_description", 1),
            ("no_location", 2),
            ("not_in_feed", 7),
        ])
    );

    let app = common::app(state);
    let req = axum::http::Request::get("/api/v1/admin/readiness?all=true&limit=1000")
        .header("host", "acme.localhost")
        .header("authorization", "Bearer admin-secret")
        .body(axum::body::Body::empty())
        .unwrap();
    let (status, _, body) = call(&app, req).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let v = common::json(&body);
    assert_eq!(v["summary"]["cars"], 10);
    assert_eq!(v["summary"]["not_ready"], 6);
    let cars: HashMap<String, &serde_json::Value> = v["cars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["stocknum"].as_str().unwrap().to_string(), c))
        .collect();
    let codes = |s: &str| -> BTreeSet<String> {
        cars[s]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["code"].as_str().unwrap().to_string())
            .collect()
    };
    let set = |c: &[&str]| -> BTreeSet<String> { c.iter().map(|s| s.to_string()).collect() };
    let missing = |s: &str, feed: &str| -> Vec<String> {
        cars[s]["left_out"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["feed"] == feed)
            .map(|g| {
                g["missing"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(codes("READY"), set(&[]));
    assert_eq!(cars["READY"]["score"], 100);
    assert_eq!(codes("ONEPHOTO"), set(&["too_few_photos"]));
    assert_eq!(cars["ONEPHOTO"]["ready"], true, "one photo of three is a warning");
    assert_eq!(codes("NOPHOTO"), set(&["too_few_photos", "not_in_feed"]));
    assert_eq!(cars["NOPHOTO"]["ready"], false, "no photo is an error");
    assert_eq!(missing("NOPHOTO", "google"), ["image_link"]);
    assert_eq!(missing("NOPHOTO", "meta"), ["image[0].url"]);
    assert_eq!(codes("NOVIN"), set(&["no_vin", "not_in_feed"]));
    assert_eq!(missing("NOVIN", "google"), ["vin"]);
    assert_eq!(missing("NOVIN", "meta"), ["vin"]);
    assert_eq!(codes("BADVIN"), set(&["vin_check_digit", "not_in_feed"]));
    let msg = cars["BADVIN"]["findings"][0]["message"].as_str().unwrap();
    assert!(msg.contains("vin") && msg.contains("`9`"), "{msg}");
    assert_eq!(codes("NOKM"), set(&["no_km", "not_in_feed"]));
    assert_eq!(missing("NOKM", "google"), ["mileage"]);
    assert_eq!(missing("NOKM", "meta"), ["mileage.value"]);
    assert_eq!(codes("SHORT"), set(&["short_description"]));
    assert_eq!(codes("NOLOC"), set(&["no_location", "not_in_feed"]));
    assert_eq!(missing("NOLOC", "google"), ["dealership_address"]);
    assert!(missing("NOLOC", "meta").contains(&"address.addr1".to_string()));
    assert_eq!(codes("HIDDENLOC"), set(&["no_location", "not_in_feed"]));
    assert_eq!(codes("NOCOLOUR"), set(&["not_in_feed"]));
    assert_eq!(missing("NOCOLOUR", "google"), Vec::<String>::new());
    assert_eq!(missing("NOCOLOUR", "meta"), ["exterior_color"]);
    for (s, c) in &cars {
        let f = &c["findings"][0];
        if !f.is_null() {
            assert!(
                f["message"].as_str().unwrap().contains(f["field"].as_str().unwrap()) || f["field"] == "feeds",
                "{s}: {f}"
            );
        }
    }

    // Without `all`, the page lists only cars with a finding; `limit` and `next_after` page it.
    let req = |q: &str| {
        axum::http::Request::get(format!("/api/v1/admin/readiness?{q}"))
            .header("host", "acme.localhost")
            .header("authorization", "Bearer admin-secret")
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let (_, _, body) = call(&app, req("limit=5")).await;
    let v = common::json(&body);
    assert_eq!(v["cars"].as_array().unwrap().len(), 5);
    assert!(v["cars"].as_array().unwrap().iter().all(|c| c["stocknum"] != "READY"));
    let next = v["next_after"].as_i64().expect("a next page");
    let (_, _, body) = call(&app, req(&format!("limit=5&after={next}"))).await;
    let v = common::json(&body);
    assert_eq!(v["cars"].as_array().unwrap().len(), 4, "9 cars with a finding in all");
    assert!(v["next_after"].is_null());
    let (status, _, body) = call(&app, req("limit=0")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(common::json(&body)["error"]["field"], "limit");
    let (status, _, _) = call(&app, common::get("acme.localhost", "/api/v1/admin/readiness")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The feeds hold the cars that have every required attribute, and nothing else.
    let (status, _, xml) = call(
        &app,
        common::get("acme.localhost", "/api/v1/feeds/google-vehicle-listings.xml?token=acme-token"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{xml}");
    let items = spec::parse_google(&xml);
    let ids: BTreeSet<&str> = items.iter().map(|i| i["id"][0].as_str()).collect();
    assert_eq!(ids, BTreeSet::from(["READY", "ONEPHOTO", "SHORT", "NOCOLOUR"]));
    for item in &items {
        assert_eq!(spec::google_problems(item), Vec::<String>::new(), "{item:?}");
    }
    let ready = items.iter().find(|i| i["id"][0] == "READY").unwrap();
    assert_eq!(ready["price"], ["19990.00 AUD"]);
    assert_eq!(ready["mileage"], ["42000 km"]);
    assert_eq!(ready["condition"], ["used"]);
    assert_eq!(ready["store_code"], ["acme-sales"]);
    assert_eq!(ready["dealership_address"], ["1 Test St, Brisbane City, QLD 4000, AU"]);
    assert_eq!(ready["image_link"], ["https://www.acme.example/img/cars/a.jpg"]);
    assert_eq!(ready["additional_image_link"].len(), 2);
    assert!(ready["link"][0].starts_with("https://www.acme.example/cars/"));
    let (status, _, csv_text) = call(
        &app,
        common::get("acme.localhost", "/api/v1/feeds/meta-vehicles.csv?token=acme-token"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, rows) = spec::parse_meta(&csv_text);
    let ids: BTreeSet<&str> = rows.iter().map(|r| r["vehicle_id"].as_str()).collect();
    assert_eq!(ids, BTreeSet::from(["READY", "ONEPHOTO", "SHORT"]));
    for row in &rows {
        assert_eq!(spec::meta_problems(row), Vec::<String>::new(), "{row:?}");
    }
    let ready = rows.iter().find(|r| r["vehicle_id"] == "READY").unwrap();
    assert_eq!(ready["mileage.value"], "42000");
    assert_eq!(ready["mileage.unit"], "KM");
    assert_eq!(ready["state_of_vehicle"], "USED");
    assert_eq!(ready["body_style"], "SEDAN");
    assert_eq!(ready["address.postal_code"], "4000");
    assert_eq!(ready["address.country"], "AU");
}

#[tokio::test]
async fn feeds_need_the_token_and_revalidate_with_their_etag() {
    let tdb = test_db().await;
    let (dir, reg) = tenants();
    let state = common::state(&tdb.db, reg, dir.path(), Some("admin-secret")).await;
    let t = state.tenants.by_slug("acme").unwrap().clone();
    import_feed(&tdb.db, &t, &crafted_csv(19990), common::csv_opts("dms"))
        .await
        .unwrap();
    let app = common::app(state);
    for path in ["/api/v1/feeds/google-vehicle-listings.xml", "/api/v1/feeds/meta-vehicles.csv"] {
        let (status, _, body) = call(&app, common::get("acme.localhost", path)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path} without a token: {body}");
        assert_eq!(common::json(&body)["error"]["code"], "invalid_feed_token");
        let (status, _, _) = call(&app, common::get("acme.localhost", &format!("{path}?token=acme-tokem"))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path} with a wrong token");
        let (status, _, _) = call(&app, common::get("acme.localhost", &format!("{path}?token="))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path} with an empty token");
        // Another tenant's token is not this tenant's, and a tenant without feeds has none.
        let (status, _, body) = call(&app, common::get("plain.localhost", &format!("{path}?token=acme-token"))).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path} of a tenant without feeds: {body}");
        assert_eq!(common::json(&body)["error"]["code"], "feeds_disabled");
    }

    let path = "/api/v1/feeds/google-vehicle-listings.xml?token=acme-token";
    let (status, headers, first) = call(&app, common::get("acme.localhost", path)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers["content-type"].to_str().unwrap().starts_with("application/rss+xml"));
    let etag = headers["etag"].to_str().unwrap().to_string();
    assert!(etag.starts_with('"') && !etag.starts_with("W/"), "a strong ETag: {etag}");
    let (_, headers, again) = call(&app, common::get("acme.localhost", path)).await;
    assert_eq!(headers["etag"], etag.as_str(), "unchanged stock, same ETag");
    assert_eq!(again, first);
    let conditional = |tag: &str| {
        axum::http::Request::get(path)
            .header("host", "acme.localhost")
            .header("if-none-match", tag)
            .body(axum::body::Body::empty())
            .unwrap()
    };
    let (status, headers, body) = call(&app, conditional(&etag)).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    assert_eq!(headers["etag"], etag.as_str());
    assert!(body.is_empty());
    let (status, _, _) = call(&app, conditional("\"something-else\"")).await;
    assert_eq!(status, StatusCode::OK);

    // A re-import that changes a price journals a new sequence: the feed is regenerated with a
    // new ETag, and the old one no longer revalidates.
    let report = import_feed(&tdb.db, &t, &crafted_csv(18990), common::csv_opts("dms"))
        .await
        .unwrap();
    assert_eq!(report.updated, 1);
    // Requests arriving together after the change wait for one generation.
    let before = forecourt_host::syndication::feed::generated_count();
    let mut together = tokio::task::JoinSet::new();
    for _ in 0..6 {
        let (app, req) = (app.clone(), conditional("\"none\""));
        together.spawn(async move { call(&app, req).await.0 });
    }
    for status in together.join_all().await {
        assert_eq!(status, StatusCode::OK);
    }
    assert_eq!(
        forecourt_host::syndication::feed::generated_count() - before,
        1,
        "one generation for six requests"
    );
    let (status, headers, body) = call(&app, conditional(&etag)).await;
    assert_eq!(status, StatusCode::OK, "the stock changed");
    assert_ne!(headers["etag"], etag.as_str());
    let items = spec::parse_google(&body);
    let ready = items.iter().find(|i| i["id"][0] == "READY").unwrap();
    assert_eq!(ready["price"], ["18990.00 AUD"]);
}

#[test]
fn the_syndication_section_is_checked_at_load() {
    let load = |extra: &str, site_url: &str| {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("acme")).unwrap();
        let toml = format!("{site_url}{}\n[syndication]\n{extra}\n", tenant_toml("acme"));
        std::fs::write(dir.path().join("acme/tenant.toml"), toml).unwrap();
        TenantRegistry::load_dir(dir.path()).map(|_| ()).map_err(|e| e.to_string())
    };
    let https = "site_url = \"https://www.acme.example\"\n";
    assert_eq!(load("token_env = \"ACME__FEED_TOKEN\"\nmin_photos = 5", https), Ok(()));
    let err = load("token_env = \"ACME__FEED_TOKEN\"", "").unwrap_err();
    assert!(err.contains("site_url") && err.contains("https"), "{err}");
    let err = load("token_env = \"ACME__FEED_TOKEN\"", "site_url = \"http://acme.example\"\n").unwrap_err();
    assert!(err.contains("site_url"), "{err}");
    let err = load("token_env = \" \"", https).unwrap_err();
    assert!(err.contains("syndication.token_env"), "{err}");
    let err = load("min_photos = 0", https).unwrap_err();
    assert!(err.contains("syndication.min_photos"), "{err}");
    let err = load("token = \"in-the-file\"", https).unwrap_err();
    assert!(
        err.contains("token"),
        "an unknown key (a token written in the file) is refused: {err}"
    );
}

/// The crafted rows copied `copies` times (2,100 cars at 210: past the readiness cache's
/// 2,000-car floor), each copy with its own stock number and no VIN (a VIN appears once per
/// feed); with `changed`, two cars left out (sold by the full feed), one repriced and one
/// without km.
fn many_csv(copies: usize, changed: bool) -> Vec<u8> {
    let rows = (0..copies).flat_map(|c| {
        crafted_rows()
            .into_iter()
            .filter_map(move |[stocknum, vin, km, desc, photos, loc, colour]| {
                let (stocknum, vin) = if c == 0 {
                    (stocknum, vin)
                } else {
                    (format!("{stocknum}-{c}"), String::new())
                };
                if changed && ["READY-1", "NOKM-2"].contains(&stocknum.as_str()) {
                    return None;
                }
                let price = if changed && stocknum == "ONEPHOTO-3" { "27990" } else { "25990" };
                let km = if changed && stocknum == "READY-4" { String::new() } else { km };
                Some(([stocknum, vin, km, desc, photos, loc, colour], price.to_string()))
            })
    });
    feed_csv(rows)
}

/// Issue 40: the readiness summary after an import is kept up to date from the change journal
/// (`syndication::readiness_cache`): a re-import changing four of 2,100 cars assesses only
/// those again, and the summary always equals a full scan's.
#[tokio::test]
async fn the_readiness_summary_after_a_small_change_is_replayed_and_equals_a_full_scan() {
    use forecourt_host::syndication::readiness_cache;
    let tdb = test_db().await;
    let (dir, reg) = tenants();
    let state = common::state(&tdb.db, reg, dir.path(), Some("admin-secret")).await;
    let t = state.tenants.by_slug("acme").unwrap().clone();
    let full = |r: &forecourt_host::stock::ImportReport| (r.readiness.clone(), r.not_ready);
    let first = import_feed(&tdb.db, &t, &many_csv(210, false), common::csv_opts("dms"))
        .await
        .unwrap();
    assert_eq!(first.rejected, 0, "{:?}", first.errors);
    let scanned = readiness::scanned_summary_of_source(&tdb.db, &t, "dms").await.unwrap();
    assert_eq!(first.readiness, scanned, "the first summary is a full scan");
    assert_eq!(scanned.cars, 2_100);

    let replays = readiness_cache::replays();
    let second = import_feed(&tdb.db, &t, &many_csv(210, true), common::csv_opts("dms"))
        .await
        .unwrap();
    assert_eq!(
        (second.updated, second.marked_sold),
        (2, 2),
        "{:?}",
        (second.inserted, second.updated, second.marked_sold, second.rejected, &second.errors)
    );
    assert_eq!(
        readiness_cache::replays(),
        replays + 1,
        "the second summary was replayed from the journal"
    );
    let scanned = readiness::scanned_summary_of_source(&tdb.db, &t, "dms").await.unwrap();
    assert_eq!(second.readiness, scanned, "the replayed summary equals a full scan");
    assert_ne!(full(&first), full(&second), "and it saw the changes");
    assert_eq!(scanned.cars, 2_098);
}
