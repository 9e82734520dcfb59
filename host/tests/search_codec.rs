//! Property tests of the search address codec and the search endpoint (docs/features/platform.md "Search"): the
//! codec round-trips every valid query; arbitrary input never panics; the endpoint never answers
//! 5xx, and a malformed parameter is a 400 naming it.

mod common;
mod search_support;

use axum::http::StatusCode;
use common::{call, get};
use forecourt_host::search::{
    SearchQuery, SortBy,
    query::{RANGE_ATTRIBUTES, REFINEMENT_ATTRIBUTES, Range},
};
use proptest::prelude::*;

fn value() -> impl Strategy<Value = String> {
    // Values shoppers and dealers write: letters, digits, spaces, punctuation, non-ASCII.
    "[A-Za-z0-9 &>$,.%+=/?#éü-]{1,20}"
        .prop_map(|s| s.trim().to_string())
        .prop_filter("non-empty", |s| !s.is_empty())
}

fn num() -> impl Strategy<Value = Option<f64>> {
    prop_oneof![
        Just(None),
        (0u32..2_000_000).prop_map(|v| Some(f64::from(v))),
        (0u32..100_000).prop_map(|v| Some(f64::from(v) / 4.0))
    ]
}

prop_compose! {
    fn query()(
        text in prop_oneof![Just(String::new()), value()],
        page in 1u32..500,
        per in 1u32..=100,
        sort in proptest::sample::select(SortBy::ALL.to_vec()),
        refinements in proptest::collection::btree_map(
            proptest::sample::select(REFINEMENT_ATTRIBUTES.to_vec()).prop_map(String::from),
            proptest::collection::vec(value(), 1..4).prop_map(|mut v| { v.dedup(); v }),
            0..4),
        ranges in proptest::collection::btree_map(
            proptest::sample::select(RANGE_ATTRIBUTES.to_vec()).prop_map(String::from),
            (num(), num()).prop_filter("some bound", |(a, b)| a.is_some() || b.is_some()).prop_map(|(a, b)| match (a, b) {
                (Some(x), Some(y)) if x > y => Range { min: Some(y), max: Some(x) },
                (min, max) => Range { min, max },
            }),
            0..3),
    ) -> SearchQuery {
        let mut refinements = refinements;
        for v in refinements.values_mut() {
            let mut seen = Vec::new();
            v.retain(|x| if seen.contains(x) { false } else { seen.push(x.clone()); true });
        }
        SearchQuery { query: text, page, hits_per_page: per, sort_by: sort, refinements, ranges }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn codec_round_trips(q in query()) {
        let qs = q.to_query_string();
        let back = SearchQuery::from_query_string(&qs).map_err(|e| TestCaseError::fail(format!("{qs}: {e}")))?;
        prop_assert_eq!(&back, &q, "{}", qs);
        prop_assert_eq!(back.to_query_string(), qs);
    }

    #[test]
    fn codec_never_panics_on_arbitrary_input(s in "\\PC{0,200}", t in "[a-z_=&%:$,0-9\\[\\]]{0,80}") {
        let _ = SearchQuery::from_query_string(&s);
        let _ = SearchQuery::from_query_string(&t);
    }
}

#[test]
fn money_ranges_accept_dollars_and_commas() {
    let q = SearchQuery::from_query_string("price=$5,000:$20,000&km=:50,000").unwrap();
    assert_eq!(
        q.ranges["price"],
        Range {
            min: Some(5000.0),
            max: Some(20000.0)
        }
    );
    assert_eq!(
        q.ranges["km"],
        Range {
            min: None,
            max: Some(50000.0)
        }
    );
    assert_eq!(q.to_query_string(), "km=:50000&price=5000:20000");
}

#[tokio::test]
async fn endpoint_never_5xx_and_names_bad_parameters() {
    let (_db, state) = search_support::demo().await;
    let app = common::app(state);
    // Table: (address, expected status, parameter named).
    let table: &[(&str, u16, Option<&str>)] = &[
        ("page=0", 400, Some("page")),
        ("page=-1", 400, Some("page")),
        ("page=abc", 400, Some("page")),
        ("hitsPerPage=0", 400, Some("hitsPerPage")),
        ("hitsPerPage=101", 400, Some("hitsPerPage")),
        ("sortBy=cheapest", 400, Some("sortBy")),
        ("price=cheap", 400, Some("price")),
        ("price=10:5", 200, None),
        ("km=1e400:", 400, Some("km")),
        ("year=NaN", 400, Some("year")),
        ("make=%FF%FE", 400, Some("make")),
        ("page=99999", 400, Some("page")),
        ("page=400", 200, None),
        ("make=", 200, None),
        ("price=:", 200, None),
        ("unknown=1&utm_source=x", 200, None),
        ("query=%22%27%3B--%20DROP%20TABLE%20cars", 200, None),
        ("make=%22)%20OR%20(1%3D1", 200, None),
        ("query=%E2%9C%93%F0%9F%9A%97", 200, None),
    ];
    for (qs, status, field) in table {
        for path in ["/api/v1/search", "/api/v1/search/count"] {
            let (s, _, b) = call(&app, get("drive-depot.localhost", &format!("{path}?{qs}"))).await;
            assert_eq!(s.as_u16(), *status, "{path}?{qs}: {b}");
            if let Some(f) = field {
                let v: serde_json::Value = serde_json::from_str(&b).unwrap();
                assert_eq!(v["error"]["field"], *f, "{qs}: {b}");
                assert_eq!(v["error"]["code"], "invalid_field");
            }
        }
    }
    // Random inputs: never a 5xx; 400s always name a parameter.
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(200));
    let strategy = proptest::collection::vec(
        (
            prop_oneof![
                proptest::sample::select(vec![
                    "query",
                    "page",
                    "hitsPerPage",
                    "sortBy",
                    "price",
                    "km",
                    "year",
                    "make",
                    "body",
                    "x"
                ])
                .prop_map(String::from),
                "[a-z_\\[\\]]{1,10}"
            ],
            "[ -~]{0,16}",
        ),
        0..5,
    );
    let cases: std::cell::RefCell<Vec<String>> = Default::default();
    runner
        .run(&strategy, |pairs| {
            let qs: Vec<String> = pairs
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{k}={}",
                        percent_encoding::utf8_percent_encode(v, percent_encoding::NON_ALPHANUMERIC)
                    )
                })
                .collect();
            cases.borrow_mut().push(qs.join("&"));
            Ok(())
        })
        .unwrap();
    for qs in cases.into_inner() {
        let (s, _, b) = call(&app, get("drive-depot.localhost", &format!("/api/v1/search?{qs}"))).await;
        assert!(!s.is_server_error(), "{qs}: {s} {b}");
        if s == StatusCode::BAD_REQUEST {
            let v: serde_json::Value = serde_json::from_str(&b).unwrap();
            assert!(v["error"]["field"].is_string(), "{qs}: {b}");
        }
    }
}
