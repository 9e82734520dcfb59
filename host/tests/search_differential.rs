//! Differential search suite (docs/features/platform.md "Search"): 60+ queries over the demo tenants' real stock must
//! give the same ids, order, counts and facet counts from every backend. The embedded (tantivy)
//! half runs against the reference model of the semantics; the Meilisearch half runs whenever
//! `MEILI_URL` is set and is reported as skipped, by name, otherwise.

mod common;
mod search_support;

use forecourt_host::{
    plugins::unix_now,
    search::{SearchBackend, SearchDoc, SearchQuery, meili::MeiliBackend, semantics},
};
use search_support::{QUERIES, all_cars, conditions, demo, reference};

#[tokio::test]
async fn differential_embedded_matches_reference_on_demo_stock() {
    assert!(QUERIES.len() >= 50, "at least 50 queries");
    let (_db, state) = demo().await;
    let svc = state.search.get(&state.db, &state.tenants).await.unwrap();
    let mut nonempty = 0;
    for t in &state.tenants.iter().collect::<Vec<_>>() {
        let cars = all_cars(&state, t.slug()).await;
        let conds = conditions(&state, t);
        for qs in QUERIES {
            let q = SearchQuery::from_query_string(qs).unwrap();
            let now = unix_now();
            let req = semantics::backend_request(t, &q, &conds, now, true);
            let got = svc.backend.search(&req).await.unwrap();
            let want = reference(t, &cars, &conds, &q, now);
            let page: Vec<i64> = want.ids.iter().skip(q.offset()).take(q.hits_per_page as usize).copied().collect();
            assert_eq!(got.total, want.ids.len(), "{}: `{qs}` count", t.slug());
            assert_eq!(got.ids, page, "{}: `{qs}` ids and order", t.slug());
            assert_eq!(got.facets, want.facets, "{}: `{qs}` facets", t.slug());
            if got.total > 0 {
                nonempty += 1;
            }
        }
    }
    assert!(nonempty >= 100, "the queries exercise real stock ({nonempty} non-empty answers)");
}

/// The Meilisearch page asked for a window of hits holds exactly that window: every window the
/// SRP asks for (pages of 1 to 60 hits, and a page after the first asking one hit more, one
/// earlier) up to hit 5,000, in one page no more than twice the window plus one.
#[test]
fn meilisearch_page_window_holds_the_requested_hits() {
    use forecourt_host::search::meili::{PageWindow, page_window};
    assert_eq!(
        page_window(0, 0),
        PageWindow {
            page: 1,
            hits_per_page: 0,
            skip: 0
        }
    );
    assert_eq!(
        page_window(24, 24),
        PageWindow {
            page: 2,
            hits_per_page: 24,
            skip: 0
        }
    );
    // Page 2 of 24 with the hit before it: hits 23..=47.
    assert_eq!(
        page_window(23, 25),
        PageWindow {
            page: 1,
            hits_per_page: 48,
            skip: 23
        }
    );
    for limit in 1..=61 {
        for offset in (0..5_000).step_by(7).chain((1..80).map(|k| k * (limit - 1).max(1) - 1)) {
            let w = page_window(offset, limit);
            let start = (w.page - 1) * w.hits_per_page + w.skip;
            assert_eq!(start, offset, "offset {offset} limit {limit}: {w:?}");
            assert!(w.skip + limit <= w.hits_per_page, "offset {offset} limit {limit}: {w:?}");
            assert!(w.hits_per_page >= limit, "{w:?}");
        }
    }
    for per in [12, 24, 48] {
        for page in 2..400 {
            let w = page_window(page * per - 1, per + 1);
            assert!(w.hits_per_page <= 2 * (per + 1), "page {page} of {per}: {w:?}");
        }
    }
}

/// Runs with `MEILI_URL=http://127.0.0.1:7700 MEILI_MASTER_KEY=... cargo nextest run -p
/// forecourt-host --test search_differential`; skipped (and reported by name) without `MEILI_URL`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn differential_meilisearch_matches_embedded() {
    let Ok(url) = std::env::var("MEILI_URL") else {
        eprintln!("SKIPPED differential_meilisearch_matches_embedded: MEILI_URL is not set");
        return;
    };
    let key = std::env::var("MEILI_MASTER_KEY").ok();
    let uid = format!("cars_test_{}", std::process::id());
    let meili = MeiliBackend::with_index(&url, key.as_deref(), &uid).unwrap();
    let (_db, state) = demo().await;
    let embedded = state.search.get(&state.db, &state.tenants).await.unwrap();
    for t in &state.tenants.iter().collect::<Vec<_>>() {
        let docs: Vec<SearchDoc> = all_cars(&state, t.slug())
            .await
            .iter()
            .filter(|c| matches!(c.status.as_str(), "in_stock" | "coming_soon" | "sold"))
            .map(|c| SearchDoc::from_car(t, c))
            .collect();
        meili
            .replace_tenant(t.slug(), docs)
            .await
            .expect("meilisearch indexes the demo stock");
    }
    let mut compared = 0;
    for t in &state.tenants.iter().collect::<Vec<_>>() {
        let conds = conditions(&state, t);
        for qs in QUERIES {
            let q = SearchQuery::from_query_string(qs).unwrap();
            let req = semantics::backend_request(t, &q, &conds, unix_now(), true);
            let a = embedded.backend.search(&req).await.unwrap();
            let b = meili.search(&req).await.unwrap();
            assert_eq!(a.total, b.total, "{}: `{qs}` count", t.slug());
            assert_eq!(a.ids, b.ids, "{}: `{qs}` ids and order", t.slug());
            assert_eq!(a.facets, b.facets, "{}: `{qs}` facets", t.slug());
            compared += 1;
        }
        // The similar-cars multi-query gives the same answers as single searches.
        let q = SearchQuery::from_query_string("body=suv&hitsPerPage=10").unwrap();
        let reqs = vec![semantics::backend_request(t, &q, &conds, unix_now(), false); 2];
        assert_eq!(
            meili.multi_search(&reqs).await.unwrap(),
            embedded.backend.multi_search(&reqs).await.unwrap()
        );
    }
    meili.delete_index().await.ok();
    assert!(compared >= 50);
}
