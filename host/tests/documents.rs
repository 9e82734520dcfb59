//! HTML documents, assets, robots.txt and sitemap.xml over a real database, with a UI build
//! fixture (the shell's markers and a hashed asset) so the tests do not depend on `npm run build`.

mod common;

use std::sync::Arc;

use axum::{
    body::Body,
    http::{Request, StatusCode},
};
use common::{call, get, inline, tenant_toml, test_db, write_tenants};
use forecourt_host::{
    config::Settings,
    http::state::{AppState, StateParts, WebFiles},
    stock::import_feed,
};

const INDEX: &str = "<!doctype html><html lang=\"en-AU\"><head><meta charset=\"utf-8\"><title>Forecourt</title>\n<!--forecourt:head-->\n\
<script type=\"module\" crossorigin src=\"/assets/index-abc123.js\"></script></head><body><div id=\"root\"></div>\n<!--forecourt:data-->\n</body></html>";

const FEED: &str = "stocknum,vin,year,make,model,badge,price,km,car_type,status,trans,body,fuel,location_slug,image_urls,dealercomments\n\
D1,WDDHF5GB7BA292772,2019,Mercedes-Benz,C-Class,C200,45990,30000,used,in_stock,Automatic,Sedan,Petrol,alpha-sales,https://cdn.example/d1.jpg|https://cdn.example/d1b.jpg,\"Nice car </script><script>alert(1)</script> & more\"\n\
D2,,2020,Toyota,Corolla,Ascent,19990,45000,used,sold,,,,,,\n\
D3,,2018,Mazda,CX-5,Maxx,5,1,used,in_stock,,SUV,,alpha-sales,,\n";

async fn setup(site_url: Option<&str>) -> (common::TestDb, tempfile::TempDir, tempfile::TempDir, axum::Router) {
    let tdb = test_db().await;
    let mut alpha = tenant_toml("alpha");
    if let Some(u) = site_url {
        alpha = alpha.replace("template = \"classic\"", &format!("template = \"classic\"\nsite_url = \"{u}\""));
    }
    let (dir, reg) = write_tenants(&[("alpha", alpha), ("beta", tenant_toml("beta"))]);
    let ui = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(ui.path().join("shell/assets")).unwrap();
    std::fs::write(ui.path().join("shell/index.html"), INDEX).unwrap();
    std::fs::write(
        ui.path().join("shell/assets/index-abc123.js"),
        "console.log('forecourt shell');\n".repeat(100),
    )
    .unwrap();
    std::fs::write(
        ui.path().join("shell/routes.json"),
        r#"[{"id":"home","path":"/","title":"Home"},{"id":"car","path":"/cars/:slug","title":"Vehicle details"},
            {"id":"car-checkout","path":"/cars/:slug/checkout","title":"Checkout"},
            {"id":"search","path":"/search/:refinement","title":"Search"},{"id":"our-location","path":"/our-location/:locationSlug","title":"Location"},
            {"id":"about-us","path":"/about-us","title":"About us"},{"id":"model","path":"/:modelSlug","title":"Model"}]"#,
    )
    .unwrap();
    std::fs::create_dir_all(ui.path().join("remotes/classic/dist/assets")).unwrap();
    std::fs::write(ui.path().join("remotes/classic/dist/remoteEntry.js"), "export const x = 1;").unwrap();
    std::fs::write(
        ui.path().join("remotes/classic/dist/assets/SearchCard-h4sh.js"),
        "export default 1;",
    )
    .unwrap();
    let base = common::state(&tdb.db, reg, dir.path(), None).await;
    let settings = Settings {
        ui_dist_dir: ui.path().join("shell"),
        ui_plugins_dir: ui.path().join("remotes"),
        ..(*base.settings).clone()
    };
    let state = AppState::new(StateParts {
        web: Arc::new(WebFiles::load(&settings)),
        settings: Arc::new(settings),
        ..(*base).clone()
    });
    let t = state.tenants.by_slug("alpha").unwrap().clone();
    let opts = common::csv_opts("feed");
    let r = import_feed(&tdb.db, &t, FEED.as_bytes(), opts).await.unwrap();
    assert_eq!(r.inserted, 3, "{r:?}");
    (tdb, dir, ui, common::app(state))
}

fn json_ld(html: &str) -> Vec<serde_json::Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|s| serde_json::from_str(&s[..s.find("</script>").unwrap()]).unwrap())
        .collect()
}

#[tokio::test]
async fn a_car_page_describes_the_car_to_crawlers() {
    let (_db, _d, _ui, app) = setup(Some("https://www.alpha.example")).await;
    let (s, h, html) = call(&app, get("alpha.localhost", "/cars/2019-mercedes-benz-c-class-c200-d1")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "slug includes stocknum only: {html}");
    let slug = "2019-mercedes-benz-c-class-d1";
    let (s, h2, html) = call(&app, get("alpha.localhost", &format!("/cars/{slug}"))).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h.get("content-security-policy").is_some(), "documents carry the CSP, 404s included");
    assert_eq!(h2["content-type"], "text/html; charset=utf-8");
    assert_eq!(h2["x-content-type-options"], "nosniff");
    assert!(
        html.contains("<title>2019 Mercedes-Benz C-Class C200 | alpha Motors</title>"),
        "{html}"
    );
    assert!(html.contains(&format!("<link rel=\"canonical\" href=\"https://www.alpha.example/cars/{slug}\">")));
    assert!(html.contains("<meta property=\"og:title\" content=\"2019 Mercedes-Benz C-Class C200 | alpha Motors\">"));
    assert!(html.contains("<meta property=\"og:type\" content=\"product\">"));
    assert!(html.contains("<meta property=\"og:image\" content=\"https://cdn.example/d1.jpg\">"));
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
    assert!(html.contains("<link rel=\"preload\" as=\"image\" href=\"https://cdn.example/d1.jpg\""));
    assert!(html.contains("Used 2019 Mercedes-Benz C-Class C200 for $45,990 at alpha Motors: 30,000 km, Automatic, Sedan, Petrol."));
    let ld = json_ld(&html);
    let car = ld.iter().find(|v| v["@type"] == "Car").expect("Car JSON-LD");
    assert_eq!(car["vehicleIdentificationNumber"], "WDDHF5GB7BA292772");
    assert_eq!(car["mileageFromOdometer"]["value"], 30000);
    assert_eq!(car["offers"]["@type"], "Offer");
    assert_eq!(car["offers"]["price"], 45990.0);
    assert_eq!(car["offers"]["priceCurrency"], "AUD");
    assert_eq!(car["offers"]["availability"], "https://schema.org/InStock");
    assert_eq!(car["itemCondition"], "https://schema.org/UsedCondition");
    let crumbs = ld.iter().find(|v| v["@type"] == "BreadcrumbList").expect("breadcrumbs");
    let names: Vec<&str> = crumbs["itemListElement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        vec!["Home", "Used cars", "Mercedes-Benz", "C-Class", "2019 Mercedes-Benz C-Class C200"]
    );
    // The inline data is the API's answer, and no stock text can break out of the script.
    let data = inline(&html);
    assert_eq!(data["version"], 1);
    assert_eq!(data["route"]["id"], "car");
    assert_eq!(data["route"]["params"]["slug"], slug);
    assert_eq!(data["page"]["car"]["stocknum"], "D1");
    assert_eq!(data["tenant"]["slug"], "alpha");
    let comments = data["page"]["car"]["dealercomments"].as_str().unwrap();
    assert!(comments.starts_with("Nice car"), "{comments}");
    assert!(!comments.contains("<script>"), "sanitised on the host: {comments}");
    assert_eq!(data["page"]["dealercomments_html"].as_str(), Some(comments));
    assert!(!html.contains("<script>alert(1)"), "escaped");
    // The shell's own tags are kept.
    assert!(html.contains("<script type=\"module\" crossorigin src=\"/assets/index-abc123.js\"></script>"));
}

/// Issue 25: a placeholder price in the feed ($5, at or under the minimum shown price) is "no price"
/// in the document too: no price in the `Car` JSON-LD offer, the no-price text in the description.
/// A car's own pages exist only on its tenant's host: another tenant's host, or a car that does
/// not exist, answers 404.
#[tokio::test]
async fn a_cars_checkout_page_is_its_tenants_only() {
    let (_db, _d, _ui, app) = setup(None).await;
    let path = "/cars/2018-mazda-cx-5-d3/checkout";
    assert_eq!(call(&app, get("alpha.localhost", path)).await.0, StatusCode::OK);
    assert_eq!(call(&app, get("beta.localhost", path)).await.0, StatusCode::NOT_FOUND);
    assert_eq!(
        call(&app, get("alpha.localhost", "/cars/nope/checkout")).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_placeholder_price_is_never_published() {
    let (_db, _d, _ui, app) = setup(None).await;
    let (s, _, html) = call(&app, get("alpha.localhost", "/cars/2018-mazda-cx-5-d3")).await;
    assert_eq!(s, StatusCode::OK);
    let car = json_ld(&html).into_iter().find(|v| v["@type"] == "Car").expect("Car JSON-LD");
    assert_eq!(car["offers"]["@type"], "Offer");
    assert!(car["offers"].get("price").is_none(), "{}", car["offers"]);
    assert!(!html.contains("for $5 "), "no $5 in the description");
    assert!(html.contains("for Enquire for price at alpha Motors"), "the no-price text instead");
    assert_eq!(inline(&html)["page"]["price_view"]["kind"], "no_price");
}

#[tokio::test]
async fn sold_unknown_and_foreign_cars() {
    let (_db, _d, _ui, app) = setup(None).await;
    let (s, _, html) = call(&app, get("alpha.localhost", "/cars/2020-toyota-corolla-d2")).await;
    assert_eq!(s, StatusCode::OK, "a sold car keeps its page");
    let car = json_ld(&html).into_iter().find(|v| v["@type"] == "Car").unwrap();
    assert_eq!(car["offers"]["availability"], "https://schema.org/SoldOut");
    assert!(
        html.contains("<link rel=\"canonical\" href=\"http://alpha.localhost/cars/2020-toyota-corolla-d2\">"),
        "host as base without site_url"
    );
    for (host, path) in [
        ("alpha.localhost", "/cars/nope"),
        ("beta.localhost", "/cars/2019-mercedes-benz-c-class-d1"),
        ("alpha.localhost", "/no-such-page"),
    ] {
        let (s, _, html) = call(&app, get(host, path)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{host}{path}");
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(html.contains("<title>Page not found | "));
        let data = inline(&html);
        assert_eq!(data["status"], 404);
        assert!(data["route"].is_null());
        assert!(!html.contains("WDDHF5GB7BA292772"), "no leak across tenants");
    }
}

#[tokio::test]
async fn location_search_and_generic_pages() {
    let (_db, _d, _ui, app) = setup(None).await;
    let (s, _, html) = call(&app, get("alpha.localhost", "/our-location/alpha-sales")).await;
    assert_eq!(s, StatusCode::OK);
    let dealer = json_ld(&html).into_iter().find(|v| v["@type"] == "AutoDealer").expect("AutoDealer");
    assert_eq!(dealer["address"]["postalCode"], "4000");
    assert_eq!(dealer["geo"]["latitude"], -27.46794);
    let hours = &dealer["openingHoursSpecification"][0];
    assert_eq!(
        (hours["dayOfWeek"].as_str(), hours["opens"].as_str(), hours["closes"].as_str()),
        (Some("https://schema.org/Monday"), Some("08:30"), Some("17:30"))
    );
    assert_eq!(dealer["specialOpeningHoursSpecification"][0]["validFrom"], "2026-12-25");
    let (s, _, _) = call(&app, get("alpha.localhost", "/our-location/alpha-hidden")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "hidden locations never show");

    let (s, _, html) = call(&app, get("alpha.localhost", "/search/used-cars")).await;
    assert_eq!(s, StatusCode::OK);
    let list = json_ld(&html).into_iter().find(|v| v["@type"] == "ItemList").expect("ItemList");
    assert_eq!(
        list["numberOfItems"], 2,
        "only available cars are listed (D1, and D3 with no price)"
    );
    let urls: Vec<&str> = list["itemListElement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["url"].as_str().unwrap())
        .collect();
    assert!(
        urls.contains(&"http://alpha.localhost/cars/2019-mercedes-benz-c-class-d1") && !urls.iter().any(|u| u.ends_with("-d2")),
        "{urls:?}"
    );
    assert_eq!(inline(&html)["route"]["params"]["refinement"], "used-cars");
    assert!(html.contains("<title>Used Cars | alpha Motors</title>"), "{html}");
    let page = &inline(&html)["page"];
    assert_eq!(page["scope"]["heading"], "Used Cars", "the first page is inline");
    assert_eq!(page["hits"][0]["slug"], "2019-mercedes-benz-c-class-d1");
    let (s, _, html) = call(&app, get("alpha.localhost", "/search/mercedes-benz")).await;
    assert_eq!(s, StatusCode::OK, "a make slug");
    assert!(html.contains("<title>Mercedes-Benz | alpha Motors</title>"));
    let crumbs = json_ld(&html).into_iter().find(|v| v["@type"] == "BreadcrumbList").unwrap();
    assert_eq!(crumbs["itemListElement"][2]["item"], "http://alpha.localhost/search/mercedes-benz");
    let (s, _, html) = call(&app, get("alpha.localhost", "/search/no-such-thing")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "a slug that names nothing here");
    assert!(html.contains("noindex"));

    let (s, _, html) = call(&app, get("alpha.localhost", "/about-us")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("<title>About us | alpha Motors</title>"));
    let (s, _, html) = call(&app, get("alpha.localhost", "/")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("<title>alpha Motors</title>"));
    let data = inline(&html);
    assert_eq!(data["route"]["id"], "home");
    // The featured stock's search page inline (in-stock used cars), the car types the site has on
    // sale, and no statistics banner without the feature.
    let hits: Vec<&str> = data["page"]["hits"]
        .as_array()
        .expect("featured search page inline")
        .iter()
        .map(|h| h["stocknum"].as_str().unwrap())
        .collect();
    assert!(hits.contains(&"D1") && !hits.contains(&"D2"), "{hits:?}");
    assert_eq!(data["tenant"]["car_types"], serde_json::json!(["used"]));
    assert_eq!(data["tenant"]["stats"], serde_json::json!([]));
    let (s, _, _) = call(
        &app,
        Request::post("/about-us")
            .header("host", "alpha.localhost")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn assets_are_cached_by_their_names_and_compressed() {
    let (_db, _d, _ui, app) = setup(None).await;
    let (s, h, body) = call(&app, get("alpha.localhost", "/assets/index-abc123.js")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.starts_with("console.log"));
    assert_eq!(h["cache-control"], "public, max-age=31536000, immutable");
    assert!(h["content-type"].to_str().unwrap().contains("javascript"));
    let (s, h, _) = call(&app, get("alpha.localhost", "/ui-plugins/classic/remoteEntry.js")).await;
    assert_eq!((s, h["cache-control"].to_str().unwrap()), (StatusCode::OK, "no-cache"));
    let (s, h, _) = call(&app, get("alpha.localhost", "/ui-plugins/classic/assets/SearchCard-h4sh.js")).await;
    assert_eq!(
        (s, h["cache-control"].to_str().unwrap()),
        (StatusCode::OK, "public, max-age=31536000, immutable")
    );
    for path in [
        "/assets/missing.js",
        "/assets/../index.html",
        "/ui-plugins/../Cargo.toml",
        "/ui-plugins/classic/../../x",
        "/ui-plugins/CLASSIC/remoteEntry.js",
    ] {
        let (s, _, _) = call(&app, get("alpha.localhost", path)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}");
    }
    let req = Request::get("/assets/index-abc123.js")
        .header("host", "alpha.localhost")
        .header("accept-encoding", "gzip")
        .body(Body::empty())
        .unwrap();
    let (_, h, _) = call(&app, req).await;
    assert_eq!(h["content-encoding"], "gzip");
    let req = Request::get("/")
        .header("host", "alpha.localhost")
        .header("accept-encoding", "br")
        .body(Body::empty())
        .unwrap();
    let (_, h, _) = call(&app, req).await;
    assert_eq!(h["content-encoding"], "br");
}

#[tokio::test]
async fn robots_and_sitemap_per_tenant() {
    let (_db, _d, _ui, app) = setup(Some("https://www.alpha.example")).await;
    let (s, _, robots) = call(&app, get("alpha.localhost", "/robots.txt")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(robots.contains("Disallow: /api/"));
    assert!(robots.contains("Sitemap: https://www.alpha.example/sitemap.xml"));
    let (s, h, xml) = call(&app, get("alpha.localhost", "/sitemap.xml")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(h["content-type"].to_str().unwrap().starts_with("application/xml"));
    assert!(xml.contains("<loc>https://www.alpha.example/cars/2019-mercedes-benz-c-class-d1</loc><lastmod>2026-"));
    assert!(!xml.contains("corolla"), "sold cars are not in the sitemap");
    assert!(xml.contains("<loc>https://www.alpha.example/our-location/alpha-sales</loc>"));
    assert!(!xml.contains("alpha-hidden"));
    let (_, _, beta) = call(&app, get("beta.localhost", "/sitemap.xml")).await;
    assert!(!beta.contains("/cars/"), "beta has no cars");
}

#[tokio::test]
async fn without_a_ui_build_documents_still_carry_seo_and_data() {
    let tdb = test_db().await;
    let (dir, reg) = write_tenants(&[("alpha", tenant_toml("alpha"))]);
    let app = common::app(common::state(&tdb.db, reg, dir.path(), None).await);
    let (s, _, html) = call(&app, get("alpha.localhost", "/our-location/alpha-sales")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("not built on this server"));
    assert!(html.contains("\"@type\":\"AutoDealer\""));
    assert_eq!(inline(&html)["route"]["id"], "our-location");
}
