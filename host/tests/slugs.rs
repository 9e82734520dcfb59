//! The platform's one slug rule (`forecourt_host::slug::slugify`, Unicode folded with any_ascii)
//! end to end: cars with accented makes imported through the real import path into a demo tenant
//! are found at the folded search paths (`/search/citroen`, `/search/skoda/octavia`), in the HTML
//! documents and the search API alike, and every link the host writes for them uses the same
//! slugs; a path slugged another way (`/search/citro-n`) names nothing.

mod common;

use axum::http::StatusCode;
use common::{call, get, inline, json, repo_tenants_dir, test_db};
use forecourt_host::{slug::slugify, stock::import_feed, tenant::TenantRegistry};

const HOST: &str = "drive-depot.localhost";

const FEED: &str = "stocknum,year,make,model,badge,price,km,car_type,status,body,location_slug\n\
DD1,2020,Citroën,C4,Shine,23990,41000,used,in_stock,Hatch,drive-depot-brisbane\n\
DD2,2021,Škoda,Octavia,RS,38990,22000,used,in_stock,Wagon,drive-depot-brisbane\n";

/// The drive-depot demo tenant with only the two cars of [`FEED`] imported; returns the database
/// (kept alive for the test) and the router.
async fn setup() -> (common::TestDb, axum::Router) {
    let tdb = test_db().await;
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).unwrap();
    let state = common::state(&tdb.db, reg, &repo_tenants_dir(), None).await;
    let t = state.tenants.by_slug("drive-depot").unwrap().clone();
    let r = import_feed(&tdb.db, &t, FEED.as_bytes(), common::csv_opts("slugs")).await.unwrap();
    assert_eq!((r.inserted, r.rejected), (2, 0), "{r:?}");
    (tdb, common::app(state))
}

/// The `item` URLs of the document's JSON-LD BreadcrumbList.
fn json_ld_crumbs(html: &str) -> Vec<String> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|s| json(&s[..s.find("</script>").unwrap()]))
        .find(|v| v["@type"] == "BreadcrumbList")
        .unwrap_or_else(|| panic!("no BreadcrumbList in {html}"))["itemListElement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["item"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The `href`s of a search scope's breadcrumbs.
fn scope_crumbs(scope: &serde_json::Value) -> Vec<String> {
    scope["breadcrumbs"]
        .as_array()
        .unwrap_or_else(|| panic!("no breadcrumbs in {scope}"))
        .iter()
        .map(|c| c["href"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn folded_make_and_model_slugs_resolve_in_documents_and_the_api() {
    let (_db, app) = setup().await;

    let (s, _, html) = call(&app, get(HOST, "/search/citroen")).await;
    assert_eq!(s, StatusCode::OK, "the folded make slug is a search page");
    let page = &inline(&html)["page"];
    assert_eq!(page["scope"]["heading"], "Citroën");
    assert_eq!(page["hits"][0]["slug"], "2020-citroen-c4-dd1");
    assert!(scope_crumbs(&page["scope"]).contains(&"/search/citroen".to_string()));
    let crumbs = json_ld_crumbs(&html);
    assert!(crumbs.iter().any(|c| c.ends_with("/search/citroen")), "{crumbs:?}");

    let (s, _, html) = call(&app, get(HOST, "/search/citroen/c4")).await;
    assert_eq!(s, StatusCode::OK, "the make and model slugs are a search page");
    let page = &inline(&html)["page"];
    assert_eq!(page["scope"]["heading"], "Citroën C4");
    let hrefs = scope_crumbs(&page["scope"]);
    assert!(
        hrefs.ends_with(&["/search/citroen".to_string(), "/search/citroen/c4".to_string()]),
        "{hrefs:?}"
    );
    let crumbs = json_ld_crumbs(&html);
    assert!(crumbs.iter().any(|c| c.ends_with("/search/citroen")), "{crumbs:?}");
    assert!(crumbs.iter().any(|c| c.ends_with("/search/citroen/c4")), "{crumbs:?}");

    // The car page's trail links to the same search pages.
    let (s, _, html) = call(&app, get(HOST, "/cars/2020-citroen-c4-dd1")).await;
    assert_eq!(s, StatusCode::OK);
    let crumbs = json_ld_crumbs(&html);
    assert!(crumbs.iter().any(|c| c.ends_with("/search/citroen/c4")), "{crumbs:?}");

    // A slug made another way (the `ë` dropped rather than folded) names nothing.
    for bad in ["/search/citro-n", "/search/citro-n/c4", "/search/koda"] {
        let (s, _, _) = call(&app, get(HOST, bad)).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{bad}");
        let (s, _, _) = call(&app, get(HOST, &format!("/api/v1/search?path={bad}"))).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{bad}");
    }
}

#[tokio::test]
async fn the_search_api_finds_and_links_the_folded_make() {
    let (_db, app) = setup().await;

    let (s, _, body) = call(&app, get(HOST, "/api/v1/search?path=/search/skoda/octavia")).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let v = json(&body);
    assert_eq!(v["count"], 1);
    assert_eq!(v["hits"][0]["slug"], "2021-skoda-octavia-dd2");
    assert_eq!(v["scope"]["heading"], "Škoda Octavia");
    assert_eq!(v["scope"]["refinements"]["make"][0], "Škoda");
    assert_eq!(
        scope_crumbs(&v["scope"]),
        vec!["/", "/search/new-used-and-demo-cars", "/search/skoda", "/search/skoda/octavia"]
    );

    // The make facet offers the make by its label; its link is `/search/{slug}` with the same
    // rule, and that link resolves to the make's page.
    let (_, _, body) = call(&app, get(HOST, "/api/v1/search")).await;
    let v = json(&body);
    let makes = v["facets"]["make"].as_array().unwrap_or_else(|| panic!("no make facet: {v}"));
    let skoda = makes.iter().find(|i| i["label"] == "Škoda").unwrap_or_else(|| panic!("{makes:?}"));
    assert_eq!(skoda["count"], 1);
    let slug = slugify(skoda["value"].as_str().unwrap());
    assert_eq!(slug, "skoda");
    let (s, _, body) = call(&app, get(HOST, &format!("/api/v1/search?path=/search/{slug}"))).await;
    assert_eq!(s, StatusCode::OK, "{body}");
    let v = json(&body);
    assert_eq!(v["count"], 1);
    assert_eq!(scope_crumbs(&v["scope"]).last().map(String::as_str), Some("/search/skoda"));
    // The popular makes list links the same way.
    let popular = v["popular_makes"].as_array().cloned().unwrap_or_default();
    for m in popular.iter().filter(|m| m["label"] == "Škoda") {
        assert_eq!(slugify(m["value"].as_str().unwrap()), "skoda");
    }
}
