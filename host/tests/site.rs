//! docs/features/platform.md "Locations, offers and navigation", the host side: the dealer locator
//! orders real locations by distance from a real postcode; reviews keep the average as a string,
//! apply the minimum rating and hidden titles and show at most 12; offers are sanitised, excluded
//! per site and bounded by dates; navigation carries the tenant's interaction, stock counts and
//! popup (gone once expired); brands and the statistics banner; logos; bad content files name file
//! and key; documents inline the page data.
//! Spec: docs/features/locations-forms-marketing.md §2 "Location screens", "Offers", "Navigation", "Reviews"; §3; §9.

mod common;

use axum::http::StatusCode;
use common::{call, get, inline, json, repo_tenants_dir, test_db, with_content};
use forecourt_host::tenant::TenantRegistry;
use serde_json::Value;

const GROUP: &str = "southern-cross-motor-group.localhost";
const IM: &str = "im-motors-au.localhost";

async fn demo_app() -> (common::TestDb, axum::Router) {
    let tdb = test_db().await;
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).unwrap();
    let mut state = common::state(&tdb.db, reg, &repo_tenants_dir(), None).await;
    forecourt_host::feeds::import_changed_feeds(&tdb.db, &state.tenants).await.unwrap();
    let routes = r#"[
 {"id":"home","path":"/","title":"Home","page":"home"},
 {"id":"special-offers","path":"/special-offers","title":"Special offers","page":"offers"},
 {"id":"offer","path":"/offers/:offerId","title":"Offer","page":"offer"},
 {"id":"offer-manufacturer","path":"/offers/:manufacturer/:offerId","title":"Offer","page":"offer"},
 {"id":"brands","path":"/brands","title":"Brands","page":"brands"},
 {"id":"brand-overview","path":"/:brand/overview","title":"Brand","page":"brand-overview"},
 {"id":"our-location","path":"/our-location/:locationSlug","title":"Location","page":"location"},
 {"id":"location","path":"/locations/:slug","title":"Location","page":"location"},
 {"id":"dealer-locator","path":"/dealer-locator","title":"Dealer locator","page":"dealer-locator"}
]"#;
    common::use_routes(&mut state, routes);
    (tdb, common::app(state))
}

#[tokio::test]
async fn the_dealer_locator_orders_locations_by_distance_from_a_real_postcode() {
    let (_db, app) = demo_app().await;
    let (s, _, b) = call(&app, get(GROUP, "/api/v1/locations?postcode=4000")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v = json(&b);
    assert_eq!(v["origin"]["postcode"], "4000");
    assert_eq!(v["origin"]["state"], "QLD");
    let list = v["locations"].as_array().unwrap();
    let slugs: Vec<&str> = list.iter().map(|e| e["location"]["slug"].as_str().unwrap()).collect();
    let distances: Vec<f64> = list.iter().map(|e| e["distance_km"].as_f64().unwrap()).collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "nearest first: {distances:?}");
    assert!(
        slugs[0].starts_with("southern-cross-toyota"),
        "Buranda is 3 km from Brisbane 4000: {slugs:?}"
    );
    assert!(distances[0] < 10.0, "{distances:?}");
    assert_eq!(slugs.last(), Some(&"southern-cross-ford-sales"), "Perth is the furthest: {slugs:?}");
    // Hidden locations never show; every visible one does.
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).unwrap();
    let cfg = &reg.by_slug("southern-cross-motor-group").unwrap().config;
    let hidden: Vec<&str> = cfg.locations.iter().filter(|l| !l.visible).map(|l| l.slug.as_str()).collect();
    assert!(!hidden.is_empty(), "the demo has a hidden location");
    assert!(hidden.iter().all(|h| !slugs.contains(h)));
    assert_eq!(slugs.len(), cfg.locations.len() - hidden.len());

    // From Perth the order turns round.
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/locations?postcode=6000")).await;
    assert_eq!(json(&b)["locations"][0]["location"]["slug"], "southern-cross-ford-sales");

    // One type only.
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/locations?postcode=4000&type=service")).await;
    let v = json(&b);
    assert!(
        v["locations"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["location"]["location_type"] == "service")
    );
    assert_eq!(v["locations"][0]["location"]["slug"], "southern-cross-toyota-service");

    // Malformed postcodes: 400 naming the field; 4 digits that are no postcode: 404 naming it;
    // both with the spec's message.
    for (bad, status, code) in [
        ("0001", StatusCode::NOT_FOUND, "unknown_postcode"),
        ("40000", StatusCode::BAD_REQUEST, "invalid_postcode"),
        ("abcd", StatusCode::BAD_REQUEST, "invalid_postcode"),
    ] {
        let (s, _, b) = call(&app, get(GROUP, &format!("/api/v1/locations?postcode={bad}"))).await;
        assert_eq!(s, status, "{bad}: {b}");
        let e = &json(&b)["error"];
        assert_eq!((e["code"].as_str(), e["field"].as_str()), (Some(code), Some("postcode")));
        assert_eq!(e["message"], "Invalid postcode");
    }
    let (s, _, b) = call(&app, get(GROUP, "/api/v1/locations?type=showroom")).await;
    assert_eq!((s, json(&b)["error"]["field"].as_str()), (StatusCode::BAD_REQUEST, Some("type")));
    // Without a postcode: every visible location, no distances.
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/locations")).await;
    let v = json(&b);
    assert_eq!(v["origin"], Value::Null);
    assert!(v["locations"].as_array().unwrap().iter().all(|e| e["distance_km"].is_null()));
}

#[tokio::test]
async fn reviews_keep_the_average_as_a_string_and_show_at_most_12() {
    let (_db, app) = demo_app().await;
    let (s, _, b) = call(&app, get(GROUP, "/api/v1/reviews")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let v = json(&b);
    assert_eq!(v["average_rating"], "4.7", "the spec's sample set, as a string");
    assert_eq!(v["count"], 3118);
    let reviews = v["reviews"].as_array().unwrap();
    assert_eq!(reviews.len(), 12);
    assert!(reviews.iter().all(|r| r["rating"].as_u64().unwrap() >= 4), "minimum rating 4");
    assert!(
        reviews.iter().all(|r| !r["text"].as_str().unwrap().starts_with("Test review")),
        "hidden title"
    );
    let dates: Vec<&str> = reviews.iter().map(|r| r["review_date"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first: {dates:?}");
    assert!(
        reviews
            .iter()
            .all(|r| r["review_date_in_words"].as_str().unwrap().ends_with("ago") || r["review_date_in_words"] == "today")
    );

    let (_, _, b) = call(&app, get(GROUP, "/api/v1/reviews?location=southern-cross-toyota-sales")).await;
    let v = json(&b);
    assert_eq!((v["average_rating"].as_str(), v["count"].as_u64()), (Some("4.6"), Some(421)));
    assert!(
        v["reviews"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["location"] == "southern-cross-toyota-sales")
    );
    // A dealership: its locations' ratings weighted by count (Honda: 4.7 x 198 and 4.6 x 87).
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/reviews?dealership=southern-cross-honda")).await;
    let v = json(&b);
    assert_eq!((v["average_rating"].as_str(), v["count"].as_u64()), (Some("4.7"), Some(285)));
    assert!(
        v["reviews"].as_array().unwrap().iter().all(|r| r["rating"].as_u64().unwrap() >= 4),
        "the 2-star Honda review stays hidden"
    );

    let (s, _, _) = call(&app, get(GROUP, "/api/v1/reviews?location=nowhere")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // The tenant settings say which sites have reviews, so the UI never asks a site without:
    // there the answer is 404.
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/tenant")).await;
    assert_eq!(json(&b)["has_reviews"], true);
    let (_, _, b) = call(&app, get(IM, "/api/v1/tenant")).await;
    assert_eq!(json(&b)["has_reviews"], false);
    let (s, _, _) = call(&app, get(IM, "/api/v1/reviews")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, b) = call(&app, get(GROUP, "/api/v1/reviews?location=a&dealership=b")).await;
    assert_eq!(
        (s, json(&b)["error"]["field"].as_str()),
        (StatusCode::BAD_REQUEST, Some("location"))
    );
    let (s, _, _) = call(&app, get("drive-depot.localhost", "/api/v1/reviews")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "a site without reviews");
}

#[tokio::test]
async fn offers_navigation_brands_and_logos() {
    let (_db, app) = demo_app().await;
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/offers")).await;
    let offers = json(&b)["offers"].as_array().unwrap().clone();
    let ids: Vec<&str> = offers.iter().map(|o| o["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "service-price-promise",
            "trade-in-bonus",
            "rav4-hybrid-finance",
            "ranger-bonus-accessories",
            "bmw-certified-warranty"
        ],
        "the shared offers, then the site's own"
    );
    let rav4 = &offers[2];
    assert_eq!(rav4["href"], "/offers/toyota/rav4-hybrid-finance");
    // The group has no model pages: Explore RAV4 is the RAV4 stock (its override URL; issue 25).
    assert_eq!(rav4["model"]["href"], "/search/toyota/rav4");
    assert!(rav4["description_html"].as_str().unwrap().contains("<strong>RAV4 Hybrid</strong>"));
    assert!(
        rav4["description_text"].as_str().unwrap().chars().count() > 200,
        "a long offer for View more"
    );
    assert!(rav4["disclaimer"].as_str().unwrap().chars().count() > 200);
    assert_eq!(rav4["test_drive"], true);
    // Excluded on the manufacturer site.
    let (_, _, b) = call(&app, get(IM, "/api/v1/offers")).await;
    let im_ids: Vec<String> = json(&b)["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(im_ids, ["service-price-promise"]);
    let (s, _, _) = call(&app, get(IM, "/api/v1/offers/trade-in-bonus")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, b) = call(&app, get(GROUP, "/api/v1/offers/trade-in-bonus")).await;
    assert_eq!(
        (s, json(&b)["name"].as_str()),
        (StatusCode::OK, Some("Trade-in Valuation Guarantee"))
    );

    // Navigation: the group opens on hover, has brand tiles, stock counts and the popup.
    let (s, _, b) = call(&app, get(GROUP, "/api/v1/navigation")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let n = json(&b);
    assert_eq!(n["open_on"], "hover");
    let labels: Vec<&str> = n["header"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Brands", "Offers", "Stock", "Service & Parts", "Finance Enquiry", "More"]);
    assert_eq!(n["brands"][0]["logo_url"], "/logos/toyota.svg");
    let stock = n["stock"].as_array().unwrap();
    let all = stock.last().unwrap();
    assert_eq!(all["label"], "All Stock");
    let by_type: u64 = stock[..stock.len() - 1].iter().map(|l| l["count"].as_u64().unwrap()).sum();
    assert!(all["count"].as_u64().unwrap() > 0);
    assert_eq!(by_type, all["count"].as_u64().unwrap(), "new + used + demo = all");
    let bodies = n["popular_bodies"].as_array().unwrap();
    assert_eq!(bodies.len(), 4, "top 4 body types");
    assert!(bodies.windows(2).all(|w| w[0]["count"].as_u64() >= w[1]["count"].as_u64()));
    assert_eq!(n["popup"]["id"], "spring-service-2026");
    let footer: Vec<&str> = n["footer"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        footer.last(),
        Some(&"Southern Cross Motor Group"),
        "{{site_name}} in the shared footer"
    );
    // The manufacturer site: click, a models menu with a Coming Soon model, no popup.
    let (_, _, b) = call(&app, get(IM, "/api/v1/navigation")).await;
    let n = json(&b);
    assert_eq!(n["open_on"], "click");
    let soon: Vec<&str> = n["vehicles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["status"] == "coming_soon")
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(soon, ["IM LS7"]);
    assert_eq!(n["vehicles"][0]["bodies"], serde_json::json!(["suv"]));
    assert_eq!(n["popup"], Value::Null);

    // Brands and the statistics banner.
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/brands")).await;
    let v = json(&b);
    let stats: Vec<(&str, &str)> = v["stats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["value"].as_str().unwrap(), s["label"].as_str().unwrap()))
        .collect();
    assert_eq!(stats, [("50+", "Locations"), ("40+", "Brands"), ("30+", "Years Established")]);
    let kinds: Vec<&str> = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["cars", "group"]);
    let fleet = &v["groups"][1]["brands"][0];
    assert_eq!(
        (fleet["skip_page"].as_bool(), fleet["href"].as_str()),
        (Some(true), Some("/search/southern-cross-fleet"))
    );
    let (s, _, b) = call(&app, get(GROUP, "/api/v1/brands/toyota")).await;
    assert_eq!((s, json(&b)["href"].as_str()), (StatusCode::OK, Some("/toyota/overview")));
    let (s, _, _) = call(&app, get(GROUP, "/api/v1/brands/lada")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // IM (single-brand) has its one brand since issue 25; Drive Depot the make of its stock
    // since issue 39 (its /brands and /mercedes-benz/overview were 404s).
    let (s, b_im, _) = call(&app, get(IM, "/api/v1/brands/im")).await;
    assert_eq!(s, StatusCode::OK, "{b_im:?}");
    let (s, _, b) = call(&app, get("drive-depot.localhost", "/api/v1/brands/mercedes-benz")).await;
    assert_eq!(
        (s, json(&b)["href"].as_str()),
        (StatusCode::OK, Some("/mercedes-benz/overview")),
        "{b}"
    );

    let (s, h, b) = call(&app, get(GROUP, "/logos/toyota.svg")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h["content-type"], "image/svg+xml");
    assert!(b.contains("<svg"));
    let (s, _, _) = call(&app, get(GROUP, "/logos/manufacturers.csv")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (_, _, b) = call(&app, get(GROUP, "/api/v1/manufacturers")).await;
    let makes = json(&b);
    assert!(makes.as_array().unwrap().len() > 60);
    assert!(makes.as_array().unwrap().iter().any(|m| m["slug"] == "mercedes-benz"));
}

#[test]
fn offers_are_sanitised_dated_and_excluded_per_site() {
    let reg = with_content(&[
        (
            "_shared/content/offers.toml",
            "[[offers]]\nid = \"shared\"\nname = \"Shared\"\n\n[[offers]]\nid = \"not-here\"\nname = \"N\"\nexcluded_websites = [\"acme\"]\n",
        ),
        (
            "acme/content/offers.toml",
            "[[offers]]\nid = \"x\"\nname = \"X at {{site_name}}\"\ndescription = \"Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [a](javascript:alert(1))\"\nstarts_on = \"2020-01-01\"\nends_on = \"2020-12-31\"\n",
        ),
    ])
    .unwrap();
    let t = reg.by_slug("acme").unwrap();
    let ids: Vec<&str> = t.content.site.offers.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["shared", "x"], "excluded on acme");
    let x = &t.content.site.offers[1];
    assert_eq!(x.name, "X at acme Motors");
    for bad in ["<script", "onerror", "javascript:"] {
        assert!(!x.description_html.contains(bad), "{bad} in {}", x.description_html);
    }
    let today = jiff::civil::date(2026, 11, 21);
    assert!(t.content.site.offer("x", today).is_none(), "ended in 2020");
    assert!(t.content.site.offer("x", jiff::civil::date(2020, 6, 1)).is_some());
    assert_eq!(t.content.site.live_offers(today).len(), 1);
}

#[test]
fn an_expired_popup_is_not_served_and_bad_files_name_file_and_key() {
    let reg = with_content(&[(
        "acme/content/navigation.toml",
        "[popup]\nid = \"old\"\ntitle = \"Old\"\nexpires_at = \"2020-01-01T00:00:00Z\"\n",
    )])
    .unwrap();
    let p = reg
        .by_slug("acme")
        .unwrap()
        .content
        .site
        .navigation
        .as_ref()
        .unwrap()
        .popup
        .clone()
        .unwrap();
    assert!(!forecourt_host::content::marketing::popup_live(&p, jiff::Timestamp::now()));

    let err = |files: &[(&str, &str)]| with_content(files).expect_err("must fail");
    let e = err(&[(
        "acme/content/navigation.toml",
        "[[vehicles]]\nslug = \"a\"\nname = \"A\"\nstatus = \"soon\"\n",
    )]);
    assert!(e.contains("navigation.toml") && e.contains("vehicles.0.status"), "{e}");
    let e = err(&[("acme/content/navigation.toml", "open_on = \"wink\"\n")]);
    assert!(e.contains("navigation.toml") && e.contains("open_on"), "{e}");
    let e = err(&[(
        "acme/content/navigation.toml",
        "[[footer]]\ntitle = \"F\"\nlinks = [{ label = \"x\", href = \"javascript:alert(1)\" }]\n",
    )]);
    assert!(e.contains("footer.0.links.0.href"), "{e}");
    let e = err(&[(
        "acme/content/navigation.toml",
        "[popup]\nid = \"p\"\ntitle = \"P\"\nexpires_at = \"next week\"\n",
    )]);
    assert!(e.contains("popup.expires_at"), "{e}");
    let e = err(&[("acme/content/offers.toml", "[[offers]]\nid = \"Bad Id\"\nname = \"N\"\n")]);
    assert!(e.contains("offers.toml") && e.contains("offers.0.id"), "{e}");
    let e = err(&[(
        "acme/content/offers.toml",
        "[[offers]]\nid = \"a\"\nname = \"N\"\nends_on = \"soon\"\n",
    )]);
    assert!(e.contains("offers.0.ends_on"), "{e}");
    let e = err(&[(
        "acme/content/brands.toml",
        "[[brands]]\ntitle = \"T\"\nslug = \"t\"\nkind = \"boats\"\n",
    )]);
    assert!(e.contains("brands.toml") && e.contains("kind"), "{e}");
    let e = err(&[("acme/content/reviews.toml", "average_rating = \"great\"\ncount = 1\n")]);
    assert!(e.contains("reviews.toml") && e.contains("average_rating"), "{e}");
    let e = err(&[(
        "acme/content/reviews.toml",
        "average_rating = \"4.5\"\ncount = 1\n[[reviews]]\nid = \"a\"\nlocation = \"l\"\ncustomer_name = \"C\"\ntext = \"t\"\nrating = 6\nreview_date = \"2026-01-01\"\n",
    )]);
    assert!(e.contains("reviews.0.rating"), "{e}");
}

#[tokio::test]
async fn documents_inline_offers_brands_and_locations() {
    let (_db, app) = demo_app().await;
    let (s, _, b) = call(&app, get(GROUP, "/offers/toyota/rav4-hybrid-finance")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        b.contains("<title>RAV4 Hybrid from 4.99% p.a. comparison rate | Southern Cross Motor Group</title>"),
        "{}",
        &b[..b.len().min(500)]
    );
    assert_eq!(inline(&b)["page"]["id"], "rav4-hybrid-finance");
    assert!(b.contains("og:image\" content=\"http"), "the offer's image, absolute");
    let (s, _, _) = call(&app, get(GROUP, "/offers/honda/rav4-hybrid-finance")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "the manufacturer in the path must be the offer's");
    let (s, _, b) = call(&app, get(GROUP, "/offers/trade-in-bonus")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(inline(&b)["route"]["id"], "offer");
    let (s, _, _) = call(&app, get(IM, "/offers/trade-in-bonus")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "excluded on this site");

    let (s, _, b) = call(&app, get(GROUP, "/special-offers")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(inline(&b)["page"]["offers"].as_array().unwrap().len(), 5);

    let (s, _, b) = call(&app, get(GROUP, "/brands")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(inline(&b)["page"]["stats"][0]["value"], "50+");
    let (s, _, b) = call(&app, get(GROUP, "/toyota/overview")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(b.contains("<title>Toyota Overview | Southern Cross Motor Group</title>"));
    assert_eq!(inline(&b)["page"]["stock_href"], "/search/toyota");
    let (s, _, _) = call(&app, get(GROUP, "/southern-cross-fleet/overview")).await;
    assert_eq!(s, StatusCode::NOT_FOUND, "a brand that skips its page");

    let (s, _, b) = call(&app, get(GROUP, "/our-location/southern-cross-toyota-service")).await;
    assert_eq!(s, StatusCode::OK);
    let d = inline(&b);
    assert_eq!(d["page"]["location_type"], "service");
    assert!(b.contains("\"@type\":\"AutoDealer\"") && b.contains("openingHoursSpecification"));
    assert!(b.contains("\"geo\":{\"@type\":\"GeoCoordinates\""));
    // A dealership slug opens its primary location.
    let (s, _, b) = call(&app, get(GROUP, "/locations/southern-cross-toyota")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(inline(&b)["page"]["slug"], "southern-cross-toyota-sales");
    let (s, _, _) = call(&app, get(GROUP, "/our-location/nowhere")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, b) = call(&app, get(GROUP, "/dealer-locator")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(b.contains("<title>Dealer Locator | Southern Cross Motor Group</title>"));
}
