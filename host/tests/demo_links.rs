//! The demo tenants' own links lead somewhere (issue 25, "Broken flows"), on their real content
//! and stock through the real router:
//! * every offer's 'Explore {model}' link is a page, not a 404 (docs/features/locations-forms-marketing.md §2
//!   "/{model slug} or the model's override URL");
//! * a single-brand site has `/brands` and its brand's `/{brand}/overview` (docs/features/shopper-core.md §2);
//! * the electric-model area's 'Search Stock' links find only the model they name (IM5 shows no
//!   IM6: docs/features/locations-forms-marketing.md §2 "stock for a model family").

mod common;

use axum::http::StatusCode;
use common::{call, get, json, repo_tenants_dir, test_db};
use forecourt_host::tenant::TenantRegistry;
use serde_json::Value;

const ROUTES: &str = r#"[
 {"id":"home","path":"/","title":"Home","page":"home"},
 {"id":"search","path":"/search/:refinement","title":"Search","page":"search"},
 {"id":"search-make-model","path":"/search/:make/:model","title":"Search","page":"search"},
 {"id":"special-offers","path":"/special-offers","title":"Special offers","page":"offers"},
 {"id":"offer","path":"/offers/:offerId","title":"Offer","page":"offer"},
 {"id":"book-test-drive","path":"/book-test-drive","title":"Book a test drive","page":"test-drive"},
 {"id":"models","path":"/models","title":"Models","page":"models"},
 {"id":"model-family","path":"/models/:baseId","title":"Model","page":"model-family"},
 {"id":"brand-overview","path":"/:brand/overview","title":"Brand","page":"brand-overview"},
 {"id":"model","path":"/:modelSlug","title":"Model","page":"model"},
 {"id":"brands","path":"/brands","title":"Brands","page":"brands"}
]"#;

async fn demo_app() -> (common::TestDb, axum::Router, TenantRegistry) {
    let tdb = test_db().await;
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).unwrap();
    let mut state = common::state(&tdb.db, reg, &repo_tenants_dir(), None).await;
    forecourt_host::feeds::import_changed_feeds(&tdb.db, &state.tenants).await.unwrap();
    common::use_routes(&mut state, ROUTES);
    let reg = TenantRegistry::load_dir(&repo_tenants_dir()).unwrap();
    (tdb, common::app(state), reg)
}

fn host(slug: &str) -> String {
    format!("{slug}.localhost")
}

/// Every string in `v` that starts with `prefix`.
fn links<'a>(v: &'a Value, prefix: &str, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) if s.starts_with(prefix) => out.push(s),
        Value::Array(a) => a.iter().for_each(|x| links(x, prefix, out)),
        Value::Object(o) => o.values().for_each(|x| links(x, prefix, out)),
        _ => {}
    }
}

#[tokio::test]
async fn offers_explore_links_and_single_brand_pages_are_pages() {
    let (_db, app, reg) = demo_app().await;
    let mut checked = 0;
    for t in reg.iter() {
        let h = host(t.slug());
        let (s, _, b) = call(&app, get(&h, "/api/v1/offers")).await;
        assert_eq!(s, StatusCode::OK, "{}: {b}", t.slug());
        for o in json(&b)["offers"].as_array().unwrap() {
            let Some(href) = o["model"]["href"].as_str() else { continue };
            let (s, _, _) = call(&app, get(&h, href)).await;
            assert_eq!(s, StatusCode::OK, "{}: offer {}'s Explore link {href}", t.slug(), o["id"]);
            checked += 1;
        }
        if let Some(m) = &t.config.manufacturer {
            for path in ["/brands".to_string(), format!("/{m}/overview")] {
                let (s, _, _) = call(&app, get(&h, &path)).await;
                assert_eq!(s, StatusCode::OK, "{}: {path} on a single-brand site", t.slug());
                checked += 1;
            }
        }
    }
    // Two Explore links (RAV4, Ranger) and two single-brand sites' /brands and overview.
    assert!(checked >= 6, "{checked} links checked");
}

#[tokio::test]
async fn a_model_familys_search_stock_link_finds_only_that_model() {
    let (_db, app, _) = demo_app().await;
    let h = host("im-motors-au");
    let (s, _, b) = call(&app, get(&h, "/api/v1/content/models")).await;
    assert_eq!(s, StatusCode::OK, "{b}");
    let content = json(&b);
    let mut found = Vec::new();
    links(&content, "/search/", &mut found);
    let family: Vec<&str> = found.into_iter().filter(|l| l.contains('?')).collect();
    assert!(family.len() >= 2, "the im5 and im6 Search Stock links: {family:?}");
    for link in family {
        let query = link.split_once('?').unwrap().1;
        let q: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
        let want = q
            .iter()
            .find(|(k, _)| k == "model" || k == "query")
            .map(|(_, v)| v.to_lowercase())
            .unwrap_or_else(|| panic!("{link} names no model"));
        let (s, _, b) = call(&app, get(&h, &format!("/api/v1/search?{query}&hitsPerPage=100"))).await;
        assert_eq!(s, StatusCode::OK, "{link}: {b}");
        let hits = json(&b)["hits"].as_array().unwrap().clone();
        assert!(!hits.is_empty(), "{link} finds cars");
        let models: Vec<String> = hits.iter().map(|c| c["model"].as_str().unwrap().to_lowercase()).collect();
        assert!(models.iter().all(|m| *m == want), "{link} shows other models: {models:?}");
    }
}
