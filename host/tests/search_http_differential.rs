//! Differential search suite at the HTTP level (docs/features/platform.md "Search"; README
//! "Search semantics"): a corpus of query strings is sent to `GET /api/v1/search` and
//! `GET /api/v1/search/count` of a real host served on 127.0.0.1 (the real router over real HTTP,
//! a real SQLite file, the demo tenants' real stock and a generated 20,000-car tenant), and every
//! answer must agree with a reference computed here from the stored cars: ids and their order on
//! the page (the page window, sold-run collapsing with the hit before the page), `count`,
//! `count_display`, `pages`, every facet in display order (disjunctive under refinements), the
//! popular body types and makes, and what a search path (`path=/search/...`) means, or its 404.
//!
//! The reference is written independently of the host's search code: the visibility rule, text
//! matching and ordering are those of `search_support::reference_on`; the page window, sold-run
//! collapsing, count display, facet display order and search-path resolution are modelled here
//! from the rules of docs/features/platform.md "Search" and docs/features/shopper-core.md §4, §9.
//!
//! The Meilisearch half sends the same corpus to a second host whose backend is Meilisearch and
//! compares it with the embedded host, except the documented differences ([`ENGINE_DIFFERENCES`],
//! also in README "Search semantics"). It runs when `MEILI_URL` (and `MEILI_MASTER_KEY`) are set
//! and is reported as `SKIPPED <test>: MEILI_URL is not set` otherwise.
//!
//! Bounded by counts: [`MAX_SWEEP_PAGES`] pages per page sweep, every [`LARGE_TENANT_STRIDE`]th
//! query of the corpus on the 20,000-car tenant ([`LARGE_TENANT_CARS`]).

mod common;
mod search_support;

use std::{
    collections::{BTreeMap, HashMap},
    sync::Arc,
};

use common::{Served, serve};
use forecourt_host::{
    http::state::AppState,
    plugins::{StockCondition, unix_now},
    search::{Search, SearchQuery, SearchService, doc::DEFAULT_FACETS, meili::MeiliBackend},
    slug::slugify,
    stock::{ImportOptions, import_feed},
    tenant::{FeedFormat, Tenant},
};
use search_support::{Indexed, QUERIES, all_cars, conditions, demo, index, reference_api_on, reference_on};
use serde_json::Value;

/// Cars of the generated tenant.
const LARGE_TENANT_CARS: usize = 20_000;
/// The generated tenant runs every this-many-th query of the corpus (plus its page sweeps).
const LARGE_TENANT_STRIDE: usize = 4;
/// Most pages one sweep asks (the first ones, then the last two and the one past the end).
const MAX_SWEEP_PAGES: u64 = 8;

/// Query strings over and above the backend suite's `QUERIES`: text with case, accents, typos
/// and joined or split words; facets under refinements; pages and page sizes; every sort.
const HTTP_QUERIES: &[&str] = &[
    // Text: case and accents.
    "query=MERCEDES",
    "query=mErCeDeS-bEnZ",
    "query=Citro%C3%ABn",
    "query=citroen",
    "query=%C3%A9",
    "query=e",
    "query=caf%C3%A9",
    // Text: joined and split words.
    "query=mercedes-benz",
    "query=mercedesbenz",
    "query=mercedes%20benz%20c",
    "query=f150",
    "query=f-150",
    "query=f%20150",
    "query=cr-v",
    "query=crv",
    "query=cr%20v",
    "query=c-class",
    "query=cclass",
    "query=c%20class",
    "query=gle",
    "query=gle%20coupe",
    "query=4matic",
    // Text: typos (no typo tolerance: a misspelt word matches nothing).
    "query=toyta",
    "query=mercedez",
    "query=hyundia",
    "query=corola",
    // Text: prefixes (the last word is a prefix, earlier words are whole words).
    "query=m",
    "query=merc",
    "query=merc%20benz",
    "query=hyun%20tuc",
    "query=2020",
    "query=202",
    "query=%20%20toyota%20%20",
    "query=toyota%20zzzz",
    // Text the engines are documented to treat differently (ENGINE_DIFFERENCES).
    "query=c5aircross",
    "query=ml%20350",
    // Text with refinements and sorts.
    "query=benz&sortBy=price_asc",
    "query=benz&sortBy=km_asc&page=2",
    "query=white&body=suv",
    "query=diesel&make=Mercedes-Benz&sortBy=year_desc",
    // Facets under refinements (disjunctive: the refined attribute keeps its other values).
    "make=Mercedes-Benz",
    "make=mercedes-benz",
    "make=Mercedes-Benz&model=C-Class",
    "make=Mercedes-Benz&model=C-Class&model=GLC",
    "model=C-Class&body=sedan",
    "body=suv&body=wagon&fuel=diesel",
    "fuel=petrol&fuel=diesel&transmission=automatic",
    "car_type=used&make=Toyota&make=Ford",
    "colour=Black&colour=White&sortBy=price_desc",
    "drive=awd&drive=4wd",
    "year=2022:&body=suv",
    "price_range=%2440%2C000%20-%20%2450%2C000&price_range=%2450%2C000%20-%20%2475%2C000",
    "location_name=Drive%20Depot%20Gold%20Coast",
    "state=NSW&state=QLD",
    "status=in_stock&status=coming_soon",
    "status=sold&status=in_stock&sortBy=price_asc",
    "make=Toyota&price=:40000&sortBy=km_asc",
    "make=NoSuchMake",
    // Every sort, a second page, small and large pages.
    "sortBy=custom_rank&page=2",
    "sortBy=price_desc&hitsPerPage=1",
    "sortBy=price_desc&hitsPerPage=1&page=2",
    "sortBy=year_desc&page=3&hitsPerPage=12",
    "sortBy=km_asc&page=2&hitsPerPage=48",
    "sortBy=newest&page=5&hitsPerPage=24",
    "sortBy=price_asc&page=4&hitsPerPage=24",
    "hitsPerPage=1",
    "hitsPerPage=1&page=3",
    "page=10000",
    "page=400&hitsPerPage=100",
    // Ranges at their edges.
    "price=0:0",
    "price=1:",
    "km=:0",
    "year=2024:2024",
    "price=30000:20000",
];

/// Search paths asked of every tenant (`path=`): condition routes, makes, make and model,
/// bodies, and slugs that name nothing (404).
const PATHS: &[&str] = &[
    "/search",
    "/search/new-used-and-demo-cars",
    "/search/used-cars",
    "/search/new-cars",
    "/search/demo-cars",
    "/search/new-and-demo-cars",
    "/search/USED-CARS/",
    "/search/mercedes-benz",
    "/search/mercedes-benz/c-class",
    "/search/mercedes-benz/gle",
    "/search/Mercedes-Benz/GLC",
    "/search/toyota",
    "/search/toyota/corolla",
    "/search/hyundai/tucson",
    "/search/im",
    "/search/citroen",
    "/search/ford/f-150",
    "/search/honda/cr-v",
    "/search/suv",
    "/search/sedan",
    "/search/ute",
    "/search/no-such-thing",
    "/search/mercedes-benz/no-such-model",
    "/search/a/b/c",
    "/stock/used-cars",
];

/// Addresses asked within some of those paths (the path's refinements add to the shopper's).
const PATH_ADDRESSES: &[&str] = &[
    "sortBy=price_asc&page=2",
    "make=Toyota",
    "car_type=new&hitsPerPage=5",
    "query=benz",
    "body=suv",
];

/// Sweeps from page 1 to one past the end: (address, page size).
const SWEEPS: &[(&str, u32)] = &[
    ("sortBy=price_asc", 48),
    ("sortBy=price_desc&status=in_stock&status=sold", 24),
    ("sortBy=km_asc", 100),
    ("", 21),
];

/// The documented differences between the engines (README "Search semantics"): query strings
/// whose answers differ between the embedded host and Meilisearch, with the reason. They are
/// sent to both and their differences printed, not asserted. The reference and the embedded
/// host agree on every query.
pub const ENGINE_DIFFERENCES: &[(&str, &str)] = &[
    (
        "query=c5aircross",
        "Meilisearch splits one query word into two adjacent words of the stock (`C5 Aircross`); \
         the embedded backend finds a word written apart only apart",
    ),
    (
        "query=ml%20350",
        "Meilisearch also searches adjacent query words concatenated (`ml350`, as the stock writes \
         `ML350`); the embedded backend finds a word written joined only joined",
    ),
];

/// The other documented difference (README "Search semantics"): where facet values that differ
/// only by case are merged, Meilisearch keeps a label of its own choosing among the variants, so
/// facet and popular-list labels are compared case-insensitively between the engines (the counts
/// exactly).
fn labels_case_folded(mut p: Page) -> Page {
    let fold = |l: &mut Vec<(String, u64)>| {
        for (label, _) in l.iter_mut() {
            *label = label.to_lowercase();
        }
    };
    p.facets.values_mut().for_each(fold);
    fold(&mut p.popular_body_types);
    fold(&mut p.popular_makes);
    p
}

/// GET `path_and_query` of tenant `slug` on `host`: the status and the JSON body (Null if none).
async fn get(client: &reqwest::Client, host: &Served, slug: &str, path_and_query: &str) -> (u16, Value) {
    let res = client
        .get(format!("http://{}{path_and_query}", host.addr))
        .header(reqwest::header::HOST, format!("{slug}.localhost"))
        .send()
        .await
        .unwrap_or_else(|e| panic!("{slug} {path_and_query}: {e}"));
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// One tenant as the reference sees it: config, indexed stored cars and stock conditions.
struct Site {
    t: Arc<Tenant>,
    stock: Vec<Indexed>,
    by_id: HashMap<i64, usize>,
    conds: Vec<StockCondition>,
    /// The facets of the unrefined query (the vocabulary search paths are resolved against).
    all: BTreeMap<String, BTreeMap<String, u64>>,
}

impl Site {
    async fn load(state: &AppState, slug: &str) -> Site {
        let t = state.tenants.by_slug(slug).unwrap().clone();
        let stock = index(&t, &all_cars(state, slug).await);
        let by_id = stock.iter().enumerate().map(|(i, s)| (s.car.id, i)).collect();
        let conds = conditions(state, &t);
        let all = reference_on(&t, &stock, &conds, &SearchQuery::new(), unix_now()).facets;
        Site {
            t,
            stock,
            by_id,
            conds,
            all,
        }
    }

    fn sold(&self, id: i64) -> bool {
        self.stock[self.by_id[&id]].car.status == "sold"
    }
}

/// The first number of a label (`$10,000 - $20,000` -> 10000; none: +inf).
fn first_number(label: &str) -> f64 {
    let digits: String = label
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(|c| *c != ',')
        .collect();
    digits.parse().unwrap_or(f64::INFINITY)
}

/// Facet values in display order (docs/features/shopper-core.md §9): price bands with
/// 'Under ...' first then by first number, years newest first, the rest by count descending
/// then label.
fn display(attr: &str, counts: &BTreeMap<String, u64>) -> Vec<(String, u64)> {
    let mut items: Vec<(String, u64)> = counts.iter().map(|(v, c)| (v.clone(), *c)).collect();
    match attr {
        "price_range" => items.sort_by(|a, b| {
            (!a.0.starts_with("Under"))
                .cmp(&!b.0.starts_with("Under"))
                .then(first_number(&a.0).total_cmp(&first_number(&b.0)))
        }),
        "year" => items.sort_by(|a, b| first_number(&b.0).total_cmp(&first_number(&a.0))),
        _ => items.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0))),
    }
    items
}

/// The first label (in display order) whose slug is `slug`.
fn find_label(labels: &[(String, u64)], slug: &str) -> Option<String> {
    labels.iter().find(|(l, _)| slugify(l) == slug).map(|(l, _)| l.clone())
}

/// What a search path means on `site` (locations-forms-marketing.md §2): its refinements, or
/// None when it is no search path or a slug names nothing (a 404).
fn resolve(site: &Site, path: &str, now: i64) -> Option<BTreeMap<String, Vec<String>>> {
    let parts: Vec<String> = path
        .trim_end_matches('/')
        .split('/')
        .filter(|p| !p.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    if parts.first().map(String::as_str) != Some("search") || parts.len() > 3 {
        return None;
    }
    let labels = |attr: &str| display(attr, &site.all[attr]);
    let one = |attr: &str, v: String| Some(BTreeMap::from([(attr.to_string(), vec![v])]));
    match parts.len() {
        1 => Some(BTreeMap::new()),
        2 => {
            let slug = parts[1].as_str();
            let types: Option<&[&str]> = match slug {
                "new-used-and-demo-cars" => Some(&[]),
                "used-cars" => Some(&["used"]),
                "new-and-demo-cars" => Some(&["new", "demo"]),
                "demo-cars" => Some(&["demo"]),
                "new-cars" => Some(&["new"]),
                _ => None,
            };
            if let Some(types) = types {
                let mut r = BTreeMap::new();
                if !types.is_empty() {
                    r.insert("car_type".to_string(), types.iter().map(|s| s.to_string()).collect());
                }
                return Some(r);
            }
            if let Some(m) = find_label(&labels("make"), slug) {
                return one("make", m);
            }
            if let Some(b) = find_label(&labels("body"), slug) {
                return one("body", b);
            }
            if let Some(d) = site.t.config.dealerships.iter().find(|d| d.slug == slug) {
                return one("dealership_name", d.name.clone());
            }
            if let Some(l) = site.t.config.locations.iter().find(|l| l.slug == slug) {
                return one("location_name", l.name.clone());
            }
            find_label(&labels("location_name"), slug).and_then(|l| one("location_name", l))
        }
        _ => {
            let make = find_label(&labels("make"), &parts[1])?;
            let of_make = reference_on(&site.t, &site.stock, &site.conds, &SearchQuery::new().refine("make", &make), now);
            let model = find_label(&display("model", &of_make.facets["model"]), &parts[2])?;
            Some(BTreeMap::from([
                ("make".to_string(), vec![make]),
                ("model".to_string(), vec![model]),
            ]))
        }
    }
}

/// What `GET /api/v1/search` must answer (the fields compared).
#[derive(Debug, PartialEq)]
struct Page {
    ids: Vec<i64>,
    count: u64,
    count_display: u64,
    page: u64,
    pages: u64,
    hits_per_page: u64,
    facets: BTreeMap<String, Vec<(String, u64)>>,
    popular_body_types: Vec<(String, u64)>,
    popular_makes: Vec<(String, u64)>,
    scope: Option<BTreeMap<String, Vec<String>>>,
}

/// `(label, count)` pairs of a JSON list of facet items.
fn items(v: &Value) -> Vec<(String, u64)> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|i| (i["label"].as_str().unwrap().to_string(), i["count"].as_u64().unwrap()))
                .collect()
        })
        .unwrap_or_default()
}

impl Page {
    /// The compared fields of a search answer.
    fn of(v: &Value) -> Page {
        let n = |k: &str| v[k].as_u64().unwrap_or_else(|| panic!("`{k}` in {v}"));
        Page {
            ids: v["hits"].as_array().unwrap().iter().map(|h| h["id"].as_i64().unwrap()).collect(),
            count: n("count"),
            count_display: n("count_display"),
            page: n("page"),
            pages: n("pages"),
            hits_per_page: n("hits_per_page"),
            facets: v["facets"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, l)| (k.clone(), items(l)))
                .collect(),
            popular_body_types: items(&v["popular_body_types"]),
            popular_makes: items(&v["popular_makes"]),
            scope: v["scope"]
                .as_object()
                .map(|s| serde_json::from_value(s["refinements"].clone()).expect("scope refinements")),
        }
    }
}

/// The address's `path` parameter and whether it sets the page size.
fn path_and_size(raw: &str) -> (Option<String>, bool) {
    let mut path = None;
    let mut sized = false;
    for (k, v) in form_urlencoded::parse(raw.as_bytes()) {
        match k.as_ref() {
            "path" => path = Some(v.into_owned()),
            "hitsPerPage" | "hits_per_page" => sized = true,
            _ => {}
        }
    }
    (path, sized)
}

/// The count to show (shopper-core.md §9) of a result whose matches are `ids` and which shows
/// `count` cards: the count up to 1999; above, the tenant's configured stock count, else the
/// number of matching cars counted by car type.
fn count_display(site: &Site, ids: &[i64], count: u64) -> u64 {
    if count <= 1999 {
        return count;
    }
    let by_type = ids
        .iter()
        .filter(|id| site.stock[site.by_id[id]].doc.keywords.contains_key("car_type"))
        .count() as u64;
    site.t.config.stock.stock_count.unwrap_or(if by_type > 0 { by_type } else { count })
}

/// The reference answer of `raw` on `site`: None for a 404 (a path that names nothing).
fn expected(site: &Site, raw: &str, now: i64) -> Option<Page> {
    let (path, sized) = path_and_size(raw);
    let mut q = SearchQuery::from_query_string(raw).unwrap();
    if !sized {
        q.hits_per_page = site.t.config.search.page_size;
    }
    let scope = match &path {
        Some(p) => Some(resolve(site, p, now)?),
        None => None,
    };
    for (attr, values) in scope.iter().flatten() {
        let list = q.refinements.entry(attr.clone()).or_default();
        for v in values {
            if !list.contains(v) {
                list.push(v.clone());
            }
        }
    }
    let want = reference_api_on(&site.t, &site.stock, &site.conds, &q, now);
    let per = q.hits_per_page as usize;
    let offset = (q.page as usize - 1) * per;
    // Sold-run collapsing over the whole ordered result: a sold car whose predecessor in the
    // result is sold is not shown, unless every car of the result is sold.
    let all_sold = want.ids.iter().all(|id| site.sold(*id));
    let ids = (offset..(offset + per).min(want.ids.len()))
        .filter(|&i| all_sold || !(site.sold(want.ids[i]) && i > 0 && site.sold(want.ids[i - 1])))
        .map(|i| want.ids[i])
        .collect();
    // The count is the cards the whole result shows: the matches less the sold cars collapsing
    // leaves off (search/sold_runs.rs); pages stay positions in the whole result.
    let hidden = if all_sold {
        0
    } else {
        (1..want.ids.len())
            .filter(|&i| site.sold(want.ids[i]) && site.sold(want.ids[i - 1]))
            .count()
    };
    let matches = want.ids.len() as u64;
    let count = matches - hidden as u64;
    let facets: BTreeMap<String, Vec<(String, u64)>> = DEFAULT_FACETS
        .iter()
        .map(|a| (a.to_string(), display(a, &want.facets[*a])))
        .collect();
    let mut popular_makes: Vec<(String, u64)> = facets["make"].iter().take(20).cloned().collect();
    popular_makes.push(("All Makes".into(), count));
    Some(Page {
        ids,
        count,
        count_display: count_display(site, &want.ids, count),
        page: u64::from(q.page),
        pages: matches.div_ceil(per as u64),
        hits_per_page: per as u64,
        popular_body_types: facets["body"].iter().take(4).cloned().collect(),
        popular_makes,
        facets,
        scope,
    })
}

/// The corpus for `site`: the backend suite's `QUERIES`, [`HTTP_QUERIES`], every [`PATHS`] (some
/// with [`PATH_ADDRESSES`]), the site's own dealership and location slugs and its top make and
/// model paths, then every [`SWEEPS`] from page 1 to one past the end (at most
/// [`MAX_SWEEP_PAGES`] pages each).
fn corpus(site: &Site, now: i64) -> Vec<String> {
    let mut out: Vec<String> = QUERIES.iter().chain(HTTP_QUERIES).map(|s| s.to_string()).collect();
    let mut paths: Vec<String> = PATHS.iter().map(|s| s.to_string()).collect();
    paths.extend(site.t.config.dealerships.iter().map(|d| format!("/search/{}", d.slug)));
    paths.extend(site.t.config.locations.iter().map(|l| format!("/search/{}", l.slug)));
    for (make, _) in display("make", &site.all["make"]).iter().take(2) {
        let of = reference_on(&site.t, &site.stock, &site.conds, &SearchQuery::new().refine("make", make), now);
        for (model, _) in display("model", &of.facets["model"]).iter().take(2) {
            paths.push(format!("/search/{}/{}", slugify(make), slugify(model)));
        }
    }
    for (i, p) in paths.iter().enumerate() {
        out.push(format!("path={p}"));
        out.push(format!("path={p}&{}", PATH_ADDRESSES[i % PATH_ADDRESSES.len()]));
    }
    for (address, per) in SWEEPS {
        let q = SearchQuery::from_query_string(address).unwrap();
        let total = reference_on(&site.t, &site.stock, &site.conds, &q, now).ids.len() as u64;
        let pages = total.div_ceil(u64::from(*per)) + 1;
        let mut wanted: Vec<u64> = (1..=pages.min(MAX_SWEEP_PAGES - 3)).collect();
        wanted.extend(pages.saturating_sub(2).max(1)..=pages);
        wanted.sort_unstable();
        wanted.dedup();
        for page in wanted {
            let sep = if address.is_empty() { "" } else { "&" };
            out.push(format!("{address}{sep}hitsPerPage={per}&page={page}"));
        }
    }
    out
}

/// What a checked query showed (the suite asserts the corpus covers each case).
#[derive(Debug, Default)]
struct Seen {
    /// Answers with hits.
    nonempty: usize,
    /// Search paths that name nothing (404).
    not_found: usize,
    /// Pages shorter than their window because sold runs were collapsed.
    collapsed: usize,
}

/// Sends `raw` to both endpoints of `host` for `site` and checks them against the reference;
/// counts what it showed in `seen`.
async fn check(client: &reqwest::Client, host: &Served, site: &Site, raw: &str, now: i64, seen: &mut Seen) {
    let slug = site.t.slug();
    let want = expected(site, raw, now);
    let (status, v) = get(client, host, slug, &format!("/api/v1/search?{raw}")).await;
    let (count_status, c) = get(client, host, slug, &format!("/api/v1/search/count?{raw}")).await;
    let Some(want) = want else {
        assert_eq!(status, 404, "{slug} `{raw}`: a path that names nothing is a 404: {v}");
        assert_eq!(count_status, 404, "{slug} `{raw}` count: {c}");
        seen.not_found += 1;
        return;
    };
    assert_eq!(status, 200, "{slug} `{raw}`: {v}");
    assert_eq!(count_status, 200, "{slug} `{raw}` count: {c}");
    let got = Page::of(&v);
    assert_eq!(got.ids, want.ids, "{slug} `{raw}`: ids and order");
    assert_eq!(got.count, want.count, "{slug} `{raw}`: count");
    for a in DEFAULT_FACETS {
        assert_eq!(got.facets.get(*a), want.facets.get(*a), "{slug} `{raw}`: facet {a}");
    }
    assert_eq!(got, want, "{slug} `{raw}`");
    assert_eq!(c["count"].as_u64(), Some(want.count), "{slug} `{raw}`: /count count");
    assert_eq!(
        c["count_display"].as_u64(),
        Some(want.count_display),
        "{slug} `{raw}`: /count count_display"
    );
    seen.nonempty += usize::from(want.count > 0);
    // A page before the last spans a whole window of positions: fewer cars means some collapsed.
    seen.collapsed += usize::from(want.page < want.pages && (want.ids.len() as u64) < want.hits_per_page);
}

/// Spellings that must find the same cars (README "Search semantics": case, accents, joined and
/// split words), each group found on the generated tenant.
const SAME_CARS: &[&[&str]] = &[
    &[
        "mercedesbenz",
        "mercedes-benz",
        "mercedes%20benz",
        "MERCEDES-BENZ",
        "Mercedes%20Benz",
    ],
    &["f150", "f-150", "f%20150", "F-150", "F150"],
    &["crv", "cr-v", "cr%20v", "CR-V"],
    &["cclass", "c-class", "c%20class"],
    &["citroen", "Citro%C3%ABn", "CITRO%C3%8BN", "citro%C3%ABn"],
];

/// A feed of `rows` cars built from the demo stock (every demo feed in canonical columns, as
/// host/tests/import_contention.rs does), each row a copy of a real car with its own stock
/// number, without VIN, dealership and location; every 10th and 11th a car sold within the last
/// two days (visible, so sold runs form under price sorts), and a few rows changed into the
/// cases the search semantics name: an accented make (`Citroën`), hyphenated models (`F-150`,
/// `CR-V`), and case variants of a make and a model (`mercedes-benz`, an upper-case model).
fn generated_feed(rows: usize, now: i64) -> String {
    let dir = common::repo_tenants_dir();
    let files = ["drive-depot/stock/used.csv", "southern-cross-motor-group/stock/new.csv"];
    let mut header: Vec<String> = Vec::new();
    let mut demo: Vec<csv::StringRecord> = Vec::new();
    for f in files {
        let mut rdr = csv::Reader::from_path(dir.join(f)).unwrap();
        let h: Vec<String> = rdr.headers().unwrap().iter().map(String::from).collect();
        if header.is_empty() {
            header = h.clone();
        }
        assert_eq!(h, header, "{f}: the demo feeds share one header");
        demo.extend(rdr.records().map(Result::unwrap));
    }
    let col = |n: &str| header.iter().position(|h| h == n).unwrap();
    let keep: Vec<usize> = (0..header.len())
        .filter(|i| !matches!(header[*i].as_str(), "vin" | "dealership_slug" | "location_slug"))
        .collect();
    let (stocknum, make, model, status, sold_at) = (col("stocknum"), col("make"), col("model"), col("status"), col("sold_at"));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(keep.iter().map(|i| header[*i].as_str())).unwrap();
    for n in 0..rows {
        let rec = &demo[n % demo.len()];
        let mut fields: Vec<String> = rec.iter().map(String::from).collect();
        fields[stocknum] = format!("{}-{n}", &rec[stocknum]);
        match n % 50 {
            7 => (fields[make], fields[model]) = ("Citroën".into(), "C5 Aircross".into()),
            8 => (fields[make], fields[model]) = ("Ford".into(), "F-150".into()),
            9 => (fields[make], fields[model]) = ("Honda".into(), "CR-V".into()),
            12 => fields[make] = fields[make].to_lowercase(),
            13 => fields[model] = fields[model].to_uppercase(),
            _ => {}
        }
        if n % 10 == 3 || n % 10 == 4 {
            fields[status] = "sold".into();
            let at = now - 3_600 * (1 + (n as i64 % 40));
            fields[sold_at] = jiff::Timestamp::from_second(at).unwrap().to_string();
        } else if fields[status] == "sold" {
            fields[status] = "in_stock".into();
            fields[sold_at].clear();
        }
        w.write_record(keep.iter().map(|i| fields[*i].as_str())).unwrap();
    }
    String::from_utf8(w.into_inner().unwrap()).unwrap()
}

/// A host with the generated tenant `bulk` of [`LARGE_TENANT_CARS`] cars imported: (database,
/// tenants dir, state).
async fn large_tenant(now: i64) -> (common::TestDb, tempfile::TempDir, AppState) {
    let tdb = common::test_db().await;
    let (dir, reg) = common::write_tenants(&[("bulk", common::tenant_toml("bulk"))]);
    let t = reg.by_slug("bulk").unwrap().clone();
    let state = common::state(&tdb.db, reg, dir.path(), None).await;
    let feed = generated_feed(LARGE_TENANT_CARS, now);
    let opts = ImportOptions {
        source: "generated.csv".into(),
        format: FeedFormat::Csv,
        mode: None,
        mapping: None,
        mapping_text: None,
        progress: false,
        now,
    };
    let r = import_feed(&tdb.db, &t, feed.as_bytes(), opts).await.unwrap();
    assert_eq!(r.inserted, LARGE_TENANT_CARS, "every generated car imported: {r:?}");
    (tdb, dir, state)
}

/// The part of the corpus the generated tenant runs: every [`LARGE_TENANT_STRIDE`]th query,
/// every search path and every page of the sweeps.
fn large_subset(i: usize, raw: &str) -> bool {
    i.is_multiple_of(LARGE_TENANT_STRIDE)
        || raw.starts_with("path=")
        || SWEEPS
            .iter()
            .any(|(a, _)| !a.is_empty() && raw.starts_with(a) && raw.contains("page="))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_search_matches_the_reference_on_demo_and_generated_stock() {
    let client = reqwest::Client::new();
    let (_db, state) = demo().await;
    let host = serve(state.clone()).await;
    let mut seen = Seen::default();
    let mut sizes = Vec::new();
    for t in state.tenants.iter() {
        let site = Site::load(&state, t.slug()).await;
        let now = unix_now();
        let corpus = corpus(&site, now);
        sizes.push(corpus.len());
        for raw in &corpus {
            check(&client, &host, &site, raw, now, &mut seen).await;
        }
    }
    let compared: usize = sizes.iter().sum();
    assert!(sizes.iter().all(|n| *n >= 150), "at least 150 query strings per tenant: {sizes:?}");
    assert!(
        seen.nonempty * 2 >= compared,
        "the corpus exercises real stock: {seen:?} of {compared}"
    );
    assert!(seen.not_found >= 4 * 4, "search paths that name nothing are asked: {seen:?}");

    let now = unix_now();
    let (_bulk_db, _dir, bulk) = large_tenant(now).await;
    let host = serve(bulk.clone()).await;
    let site = Site::load(&bulk, "bulk").await;
    let mut large = Seen::default();
    let subset: Vec<String> = corpus(&site, now)
        .into_iter()
        .enumerate()
        .filter(|(i, r)| large_subset(*i, r))
        .map(|(_, r)| r)
        .chain(SAME_CARS.iter().flat_map(|g| g.iter().map(|q| format!("query={q}"))))
        .collect();
    for raw in &subset {
        check(&client, &host, &site, raw, now, &mut large).await;
    }
    assert!(large.collapsed > 0, "sold runs are collapsed on some page: {large:?}");
    for group in SAME_CARS {
        let mut counts = Vec::new();
        for q in *group {
            let (_, c) = get(&client, &host, "bulk", &format!("/api/v1/search/count?query={q}")).await;
            counts.push(c["count"].as_u64().unwrap());
        }
        assert!(
            counts[0] > 0 && counts.iter().all(|n| *n == counts[0]),
            "{group:?} find the same cars: {counts:?}"
        );
    }
    println!(
        "compared {compared} query strings over {} demo tenants ({sizes:?} per tenant; {seen:?}) and {} on the {LARGE_TENANT_CARS}-car tenant ({large:?})",
        sizes.len(),
        subset.len()
    );
}

/// Sends `raw` to both endpoints of the `embedded` and the `meili` host for `site`: whether the
/// answers agree (statuses, the compared fields of [`Page`] with [`labels_case_folded`], counts).
async fn engines_agree(client: &reqwest::Client, embedded: &Served, meili: &Served, site: &Site, raw: &str) -> bool {
    let slug = site.t.slug();
    let page = |r: &(u16, Value)| (r.0, (r.0 == 200).then(|| labels_case_folded(Page::of(&r.1))));
    let count = |r: &(u16, Value)| (r.0, r.1["count"].clone(), r.1["count_display"].clone());
    let search = format!("/api/v1/search?{raw}");
    let counted = format!("/api/v1/search/count?{raw}");
    let (a, b) = (get(client, embedded, slug, &search).await, get(client, meili, slug, &search).await);
    let (c, d) = (
        get(client, embedded, slug, &counted).await,
        get(client, meili, slug, &counted).await,
    );
    let same = page(&a) == page(&b) && count(&c) == count(&d);
    if !same {
        println!(
            "{slug} `{raw}`: embedded {:?} count {:?}, meilisearch {:?} count {:?}",
            page(&a).1.map(|p| (p.count, p.ids)),
            count(&c),
            page(&b).1.map(|p| (p.count, p.ids)),
            count(&d)
        );
    }
    same
}

/// Serves `state` twice, on its embedded backend and on Meilisearch (`meili`, indexed from
/// storage through the journal as a host does), and compares `select`ed queries of each
/// tenant's corpus. Returns (queries compared exactly, documented differences seen); panics on
/// any other difference.
async fn compare_engines(state: &AppState, meili: Arc<MeiliBackend>, select: impl Fn(usize, &str) -> bool) -> (usize, usize) {
    let client = reqwest::Client::new();
    let embedded = serve(state.clone()).await;
    let svc = Arc::new(SearchService::new(meili));
    svc.catch_up(&state.db, &state.tenants, true)
        .await
        .expect("meilisearch indexes the stock");
    let mut on_meili = state.clone();
    on_meili.search = Search::ready(svc);
    let meili_host = serve(on_meili).await;
    let (mut compared, mut differing) = (0, 0);
    for t in state.tenants.iter() {
        let site = Site::load(state, t.slug()).await;
        for (i, raw) in corpus(&site, unix_now()).iter().enumerate().filter(|(i, r)| select(*i, r)) {
            let same = engines_agree(&client, &embedded, &meili_host, &site, raw).await;
            if ENGINE_DIFFERENCES.iter().any(|(q, _)| raw == q) {
                differing += usize::from(!same);
                continue;
            }
            assert!(same, "{} `{raw}` (#{i}): meilisearch and embedded differ (printed above)", t.slug());
            compared += 1;
        }
    }
    (compared, differing)
}

/// The same corpus through an embedded host and a Meilisearch host, over the demo tenants and
/// the generated tenant: the same answers, except the [`ENGINE_DIFFERENCES`] (printed). Runs with
/// `MEILI_URL=http://127.0.0.1:7700 MEILI_MASTER_KEY=... cargo nextest run -p forecourt-host
/// --test search_http_differential`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_search_on_meilisearch_matches_embedded() {
    let Ok(url) = std::env::var("MEILI_URL") else {
        eprintln!("SKIPPED http_search_on_meilisearch_matches_embedded: MEILI_URL is not set");
        return;
    };
    let key = std::env::var("MEILI_MASTER_KEY").ok();
    let uid = format!("cars_http_{}", std::process::id());
    let meili = Arc::new(MeiliBackend::with_index(&url, key.as_deref(), &uid).unwrap());
    let (_db, state) = demo().await;
    let (demo_compared, demo_differing) = compare_engines(&state, meili.clone(), |_, _| true).await;
    let (_bulk_db, _dir, bulk) = large_tenant(unix_now()).await;
    let (large_compared, large_differing) = compare_engines(&bulk, meili.clone(), large_subset).await;
    meili.delete_index().await.ok();
    println!(
        "compared exactly: {demo_compared} demo answers, {large_compared} on the generated tenant; \
         documented differences seen: {}",
        demo_differing + large_differing
    );
    assert!(
        demo_compared >= 150 * 4,
        "the whole corpus of every demo tenant is compared ({demo_compared})"
    );
}
