//! Search test support: the demo tenants with their real stock imported (SQLite or PostgreSQL per
//! `FORECOURT_TEST_DATABASE_URL`), and a reference model of the search semantics written
//! independently of any engine (plain Rust over the stored cars).
#![allow(dead_code)]

use std::collections::BTreeMap;

use forecourt_host::{
    feeds,
    http::state::AppState,
    model::Car,
    plugins::StockCondition,
    repo::TenantRepo,
    search::{
        SearchDoc, SearchQuery, SortBy,
        doc::{DEFAULT_FACETS, NUMERIC_FIELDS},
        query::fmt_num,
        semantics,
    },
    tenant::{Tenant, TenantRegistry},
};

use crate::common::{self, TestDb};

/// The demo tenants, their feeds imported, and an app state.
pub async fn demo() -> (TestDb, AppState) {
    let tdb = common::test_db().await;
    let dir = common::repo_tenants_dir();
    let reg = TenantRegistry::load_dir(&dir).expect("demo tenants");
    let state = common::state(&tdb.db, reg, &dir, Some("admin-secret")).await;
    feeds::import_changed_feeds(&tdb.db, &state.tenants)
        .await
        .expect("demo feeds import");
    (tdb, state)
}

/// Every car of a tenant (all statuses).
pub async fn all_cars(state: &AppState, slug: &str) -> Vec<Car> {
    TenantRepo::new(&state.db, slug).cars(100_000, 0).await.unwrap()
}

/// The tenant's stock-filter conditions as the host applies them.
pub fn conditions(state: &AppState, t: &Tenant) -> Vec<StockCondition> {
    state.plugins.stock_conditions(t, t.config.stock.filter_level).value
}

/// Longest word indexed or searched, bytes (README "Search semantics").
const MAX_WORD_BYTES: usize = 40;

/// A word lower-cased with its accents folded to ASCII (README "Search semantics"): each
/// non-ASCII character transliterated on its own.
fn fold(w: &str) -> String {
    w.to_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                any_ascii::any_ascii(&c.to_string()).to_lowercase()
            }
        })
        .collect()
}

/// The words of a text (README "Search semantics"): runs of letters and digits, words of 40
/// bytes or more dropped, lower-cased, accents folded.
fn tokens(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && w.len() < MAX_WORD_BYTES)
        .map(fold)
        .collect()
}

/// The words a car's text is found by: its [`tokens`], plus each part between white space that
/// holds several words written as one (`Mercedes-Benz` is also `mercedesbenz`).
fn doc_words(text: &str) -> Vec<String> {
    let mut out = tokens(text);
    for part in text.split_whitespace() {
        let words: Vec<&str> = part.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
        if words.len() > 1 {
            out.extend(tokens(&words.concat()));
        }
    }
    out
}

/// Facet values that differ only by letter case counted as one, under the variant with the most
/// of those cars (ties: the first in byte order).
fn merge_case(counts: BTreeMap<String, u64>) -> BTreeMap<String, u64> {
    let mut by_lower: BTreeMap<String, Vec<(String, u64)>> = BTreeMap::new();
    for (v, n) in counts {
        by_lower.entry(v.to_lowercase()).or_default().push((v, n));
    }
    by_lower
        .into_values()
        .map(|variants| {
            let total = variants.iter().map(|v| v.1).sum();
            let best = variants.iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0))).unwrap();
            (best.0.clone(), total)
        })
        .collect()
}

/// Reference answer: every matching id in order, and facet counts.
pub struct Expected {
    pub ids: Vec<i64>,
    pub facets: BTreeMap<String, BTreeMap<String, u64>>,
}

/// One stored car with its search document and the words of its text, computed once so the
/// reference can answer many queries over a large tenant.
pub struct Indexed {
    pub car: Car,
    pub doc: SearchDoc,
    pub words: Vec<String>,
}

/// The cars of a tenant with their documents and words ([`Indexed`]).
pub fn index(t: &Tenant, cars: &[Car]) -> Vec<Indexed> {
    cars.iter()
        .map(|c| {
            let doc = SearchDoc::from_car(t, c);
            let words = doc_words(&doc.text);
            Indexed {
                car: c.clone(),
                doc,
                words,
            }
        })
        .collect()
}

/// The reference model of a shopper's query at `now`: the visibility rule written out by hand,
/// stock conditions and client filters through `Filter::matches`, text words ANDed with the last
/// a prefix (words as README "Search semantics" defines them), price-0 hiding, order by the sort
/// key (missing last) then id; facet values that differ only by case counted as one.
pub fn reference(t: &Tenant, cars: &[Car], conds: &[StockCondition], q: &SearchQuery, now: i64) -> Expected {
    reference_on(t, &index(t, cars), conds, q, now)
}

/// [`reference`] over cars already indexed ([`index`]).
pub fn reference_on(t: &Tenant, stock: &[Indexed], conds: &[StockCondition], q: &SearchQuery, now: i64) -> Expected {
    let client = semantics::client_filter(q);
    let cond_filters: Vec<_> = conds.iter().map(semantics::stock_condition).collect();
    let words = tokens(&q.query);
    let hide_zero = q.sort_by == SortBy::PriceAsc && t.config.features.get("hide_zero_price_on_price_asc").copied().unwrap_or(false);
    let mut hits: Vec<(Option<f64>, i64, &SearchDoc)> = Vec::new();
    let (field, desc) = q.sort_by.keys()[0];
    for Indexed {
        car: c,
        doc: d,
        words: toks,
    } in stock
    {
        let days = i64::from(t.include_sold_cars_days(&c.dealership_slug));
        let visible = c.show_on_dealer_website.0
            && (c.status == "in_stock"
                || c.status == "coming_soon"
                || (c.status == "sold"
                    && t.config.dealerships.iter().any(|d| d.slug == c.dealership_slug)
                    && c.sold_at.is_some_and(|s| s > now - days * 86_400)));
        if !visible || (hide_zero && c.price <= 0.0) {
            continue;
        }
        if !cond_filters.iter().all(|f| f.matches(d)) || !client.matches(d) {
            continue;
        }
        let text_ok = words.iter().enumerate().all(|(i, w)| {
            if i + 1 == words.len() {
                toks.iter().any(|t| t.starts_with(w.as_str()))
            } else {
                toks.iter().any(|t| t == w)
            }
        });
        if !text_ok {
            continue;
        }
        hits.push((d.numbers.get(field).copied(), c.id, d));
    }
    hits.sort_by(|a, b| {
        let k = match (a.0, b.0) {
            (Some(x), Some(y)) => {
                if desc {
                    y.total_cmp(&x)
                } else {
                    x.total_cmp(&y)
                }
            }
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            _ => std::cmp::Ordering::Equal,
        };
        k.then(a.1.cmp(&b.1))
    });
    let mut facets: BTreeMap<String, BTreeMap<String, u64>> = BTreeMap::new();
    for f in DEFAULT_FACETS {
        let m = facets.entry(f.to_string()).or_default();
        for (_, _, d) in &hits {
            if NUMERIC_FIELDS.contains(f) {
                if let Some(v) = d.numbers.get(f) {
                    *m.entry(fmt_num(*v)).or_insert(0) += 1;
                }
            } else if let Some(vals) = d.keywords.get(f) {
                for v in vals {
                    *m.entry(v.clone()).or_insert(0) += 1;
                }
            }
        }
    }
    Expected {
        ids: hits.iter().map(|h| h.1).collect(),
        facets: facets.into_iter().map(|(a, m)| (a, merge_case(m))).collect(),
    }
}

/// What the search API answers (as [`reference`], with disjunctive facets): a refined facet
/// attribute is counted without its own refinement.
pub fn reference_api(t: &Tenant, cars: &[Car], conds: &[StockCondition], q: &SearchQuery, now: i64) -> Expected {
    reference_api_on(t, &index(t, cars), conds, q, now)
}

/// [`reference_api`] over cars already indexed ([`index`]).
pub fn reference_api_on(t: &Tenant, stock: &[Indexed], conds: &[StockCondition], q: &SearchQuery, now: i64) -> Expected {
    let mut want = reference_on(t, stock, conds, q, now);
    for attr in DEFAULT_FACETS.iter().filter(|a| q.refinements.contains_key(**a)) {
        let mut without = q.clone();
        without.refinements.remove(*attr);
        let other = reference_on(t, stock, conds, &without, now);
        want.facets.insert(attr.to_string(), other.facets[*attr].clone());
    }
    want
}

/// At least 50 representative queries (address form) over the demo stock.
pub const QUERIES: &[&str] = &[
    "",
    "page=2",
    "page=3&hitsPerPage=10",
    "hitsPerPage=100",
    "sortBy=price_asc",
    "sortBy=price_desc",
    "sortBy=year_desc",
    "sortBy=km_asc",
    "sortBy=newest",
    "sortBy=recently_reduced",
    "make=Toyota&sortBy=recently_reduced&page=2&hitsPerPage=5",
    "sortBy=price_asc&page=2",
    "query=toyota",
    "query=Toyota",
    "query=toy",
    "query=mercedes",
    "query=mercedes%20benz",
    "query=benz%20c",
    "query=hilux",
    "query=corolla%20hybrid",
    "query=white",
    "query=sedan",
    "query=diesel&sortBy=price_asc",
    "query=zzzz-no-such-car",
    "make=Toyota",
    "make=toyota",
    "make=Toyota&make=Mazda",
    "make=Mercedes-Benz&sortBy=price_desc",
    "make=Hyundai&model=Tucson",
    "model=Corolla",
    "car_type=new",
    "car_type=used",
    "car_type=demo",
    "car_type=new&car_type=demo",
    "status=sold",
    "status=coming_soon",
    "status=in_stock&sortBy=km_asc",
    "body=suv",
    "body=ute&fuel=diesel",
    "body=sedan&body=hatch",
    "fuel=electric",
    "fuel=hybrid",
    "transmission=manual",
    "drive=4wd",
    "colour=White",
    "state=QLD",
    "location_name=Drive%20Depot%20Brisbane",
    "price=%2410%2C000%3A%2430%2C000",
    "price=:20000",
    "price=50000:",
    "price=20000:40000&sortBy=price_asc",
    "km=:50000",
    "km=0:10",
    "year=2020:",
    "year=2015:2018&sortBy=year_desc",
    "price_range=Under%20%2410%2C000",
    "price_range=%2420%2C000%20-%20%2430%2C000",
    "seats=7",
    "certified=true",
    "make_model=Toyota%20%3E%20Corolla",
    "categories=car",
    "dealership_name=Drive%20Depot",
    "query=toyota&body=suv&price=20000:60000&sortBy=price_asc",
    "make=Toyota&year=2019:2023&km=:80000&sortBy=newest",
    "make=Kia&make=Hyundai&car_type=used&sortBy=price_desc&page=2&hitsPerPage=5",
];
