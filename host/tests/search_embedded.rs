//! The embedded backend's own rules (docs/features/platform.md "Search"), on a small index whose every answer is
//! known: case-insensitive keyword matching on single- and multi-valued attributes, exclusive and
//! open ranges, negation, cars without the sort key last in both directions, numeric facets, the
//! tenant scope, the text query combined with filters, and documents replaced by a re-import
//! (dead in their segment) never matched or counted. The demo-stock differential suite
//! (`search_differential.rs`) covers the same path against the reference model at scale.

use std::collections::BTreeMap;

use forecourt_host::search::{BackendRequest, BackendResult, Filter, SearchDoc, embedded::EmbeddedBackend};

fn doc(id: i64, tenant: &str, make: &str, features: &[&str], km: Option<f64>, year: f64) -> SearchDoc {
    let mut keywords: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    keywords.insert("tenant", vec![tenant.into()]);
    keywords.insert("make", vec![make.into()]);
    keywords.insert("status", vec!["in_stock".into()]);
    if !features.is_empty() {
        keywords.insert("filtered_features", features.iter().map(|f| f.to_string()).collect());
    }
    let mut numbers = BTreeMap::new();
    numbers.insert("year", year);
    numbers.insert("price", 10_000.0 * id as f64);
    if let Some(k) = km {
        numbers.insert("km", k);
    }
    SearchDoc {
        id,
        text: format!("{make} car {id}"),
        keywords,
        numbers,
    }
}

fn req(tenant: &str, filter: Filter, sort: &str, desc: bool) -> BackendRequest {
    BackendRequest {
        tenant: tenant.into(),
        text: String::new(),
        filter,
        sort: (sort.into(), desc),
        offset: 0,
        limit: 10,
        facets: vec!["make".into(), "filtered_features".into(), "year".into()],
    }
}

fn backend() -> EmbeddedBackend {
    let b = EmbeddedBackend::in_ram().unwrap();
    b.replace_tenant_sync(
        "a",
        &[
            doc(1, "a", "Toyota", &["Sunroof", "Apple CarPlay"], Some(50_000.0), 2020.0),
            doc(2, "a", "toyota", &["Sunroof"], Some(10_000.0), 2021.0),
            doc(3, "a", "Mazda", &[], None, 2021.0),
            doc(4, "a", "Kia", &["Tow bar"], Some(10_000.0), 2019.0),
        ],
    )
    .unwrap();
    b.replace_tenant_sync("b", &[doc(10, "b", "Toyota", &["Sunroof"], Some(1.0), 2020.0)])
        .unwrap();
    b
}

fn counts(r: &BackendResult, facet: &str) -> Vec<(String, u64)> {
    r.facets[facet].iter().map(|(k, v)| (k.clone(), *v)).collect()
}

fn s(pairs: &[(&str, u64)]) -> Vec<(String, u64)> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

#[test]
fn keyword_matching_is_case_insensitive_on_single_and_multi_valued_attributes() {
    let b = backend();
    let r = b.search_sync(&req("a", Filter::eq("make", "TOYOTA"), "price", false)).unwrap();
    assert_eq!((r.total, r.ids.clone()), (2, vec![1, 2]));
    // Spellings that differ only by case are one facet value, as the refinement matches them
    // alike (README "Search semantics"): counted together under the spelling most of those cars
    // have, ties the first in byte order.
    assert_eq!(counts(&r, "make"), s(&[("Toyota", 2)]));
    assert_eq!(counts(&r, "filtered_features"), s(&[("Apple CarPlay", 1), ("Sunroof", 2)]));
    let r = b
        .search_sync(&req("a", Filter::eq("filtered_features", "apple carplay"), "price", false))
        .unwrap();
    assert_eq!(r.ids, vec![1]);
    let r = b
        .search_sync(&req(
            "a",
            Filter::any_of("filtered_features", &["sunroof", "tow bar"]),
            "price",
            false,
        ))
        .unwrap();
    assert_eq!(r.ids, vec![1, 2, 4]);
    let r = b.search_sync(&req("a", Filter::eq("make", "Holden"), "price", false)).unwrap();
    assert_eq!((r.total, r.facets["make"].len()), (0, 0));
}

#[test]
fn ranges_negation_and_missing_sort_keys() {
    let b = backend();
    let range = |min: Option<(f64, bool)>, max: Option<(f64, bool)>| Filter::Range {
        field: "km".into(),
        min,
        max,
    };
    let ids = |f: Filter, sort: &str, desc: bool| b.search_sync(&req("a", f, sort, desc)).unwrap().ids;
    assert_eq!(ids(range(Some((10_000.0, false)), None), "price", false), vec![1]);
    assert_eq!(
        ids(range(Some((10_000.0, true)), Some((50_000.0, false))), "price", false),
        vec![2, 4]
    );
    // Both bounds open: any car that has the number.
    assert_eq!(ids(range(None, None), "price", false), vec![1, 2, 4]);
    assert_eq!(ids(Filter::Not(Box::new(Filter::eq("make", "toyota"))), "price", false), vec![3, 4]);
    assert_eq!(ids(Filter::Any(vec![]), "price", false), Vec::<i64>::new());
    // Ties by id ascending; the car without km last in both directions.
    assert_eq!(ids(Filter::All(vec![]), "km", false), vec![2, 4, 1, 3]);
    assert_eq!(ids(Filter::All(vec![]), "km", true), vec![1, 2, 4, 3]);
    let r = b.search_sync(&req("a", Filter::All(vec![]), "km", false)).unwrap();
    assert_eq!(counts(&r, "year"), s(&[("2019", 1), ("2020", 1), ("2021", 2)]));
    let mut paged = req("a", Filter::All(vec![]), "km", false);
    paged.offset = 1;
    paged.limit = 2;
    let r = b.search_sync(&paged).unwrap();
    assert_eq!((r.total, r.ids), (4, vec![4, 1]));
}

#[test]
fn tenant_scope_text_and_replaced_documents() {
    let b = backend();
    let r = b.search_sync(&req("b", Filter::All(vec![]), "price", false)).unwrap();
    assert_eq!((r.total, r.ids.clone()), (1, vec![10]));
    let mut text = req("a", Filter::eq("filtered_features", "sunroof"), "price", true);
    text.text = "toyota".into();
    assert_eq!(b.search_sync(&text).unwrap().ids, vec![2, 1]);
    text.text = "maz".into();
    assert_eq!(b.search_sync(&text).unwrap().total, 0);
    // A re-import replaces tenant a's cars; the old documents stay in their segment, dead.
    b.replace_tenant_sync("a", &[doc(5, "a", "Kia", &["Sunroof"], Some(5.0), 2024.0)])
        .unwrap();
    let r = b.search_sync(&req("a", Filter::All(vec![]), "price", false)).unwrap();
    assert_eq!((r.total, r.ids.clone()), (1, vec![5]));
    assert_eq!(counts(&r, "make"), s(&[("Kia", 1)]));
    assert_eq!(counts(&r, "filtered_features"), s(&[("Sunroof", 1)]));
    let r = b.search_sync(&req("b", Filter::eq("make", "toyota"), "price", false)).unwrap();
    assert_eq!(r.ids, vec![10]);
}

/// With a limit of open indexes (the `search_open_indexes` setting), the least recently used
/// tenants' indexes are closed past it and reopened from disk on their next search or change,
/// with the same answers: nothing is lost by closing. Reading a tenant's state opens nothing.
#[test]
fn least_recently_used_indexes_close_past_the_limit_and_reopen_with_the_same_answers() {
    let dir = tempfile::tempdir().unwrap();
    let b = EmbeddedBackend::open_bounded(dir.path(), 10).unwrap();
    let tenants: Vec<String> = (0..25).map(|i| format!("t{i:02}")).collect();
    for (i, t) in tenants.iter().enumerate() {
        let id = 100 * (i as i64 + 1);
        b.replace_tenant_sync(
            t,
            &[
                doc(id, t, "Toyota", &["Sunroof"], Some(1.0), 2020.0),
                doc(id + 1, t, "Kia", &[], None, 2021.0),
            ],
        )
        .unwrap();
        assert!(b.open_indexes() <= 10, "{} indexes open after {t}", b.open_indexes());
    }
    // Every tenant answers, the closed ones reopened (and others closed in their place).
    for (i, t) in tenants.iter().enumerate() {
        let id = 100 * (i as i64 + 1);
        let r = b.search_sync(&req(t, Filter::eq("make", "toyota"), "price", false)).unwrap();
        assert_eq!((r.total, r.ids.clone()), (1, vec![id]), "{t}");
        assert!(b.open_indexes() <= 10);
    }
    // A change to a closed tenant's index is kept and seen.
    let r = b.search_sync(&req("t00", Filter::eq("make", "kia"), "price", false)).unwrap();
    assert_eq!(r.ids, vec![101]);
    for t in &tenants[10..] {
        b.search_sync(&req(t, Filter::eq("make", "kia"), "price", false)).unwrap();
    }
    let state = forecourt_host::search::IndexState {
        epoch: "e".into(),
        seq: 7,
        layout: "l".into(),
    };
    b.apply_sync("t00", &[doc(150, "t00", "Kia", &[], None, 2022.0)], &[101], &state)
        .unwrap();
    let r = b.search_sync(&req("t00", Filter::eq("make", "kia"), "price", false)).unwrap();
    assert_eq!(r.ids, vec![150]);
    // The state is read back from the state file without opening the index.
    let fresh = EmbeddedBackend::open_bounded(dir.path(), 10).unwrap();
    assert_eq!(fresh.state_sync("t00").unwrap().map(|s| s.seq), Some(7));
    assert_eq!(fresh.open_indexes(), 0, "reading a state opens no index");
    assert_eq!(fresh.num_docs(), 0);
    let r = fresh.search_sync(&req("t00", Filter::eq("make", "kia"), "price", false)).unwrap();
    assert_eq!(r.ids, vec![150]);
    assert_eq!(fresh.open_indexes(), 1);
}
