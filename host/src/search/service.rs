//! The stock search service: what the search endpoints and the SRP document both run.
//!
//! - [`parse_for`]: the address form of a query for a tenant (errors name the parameter).
//! - [`resolve_scope`]: what an SRP path (`/search/toyota/rav4`) means on this site.
//! - [`run_search`]: a page of cards with facets, counts and the route scope, cached per tenant.
//! - [`count`]: the 'Show Me {count}' number; [`similar`]: similar cars of a VDP.
//!
//! The host adds the tenant scope, stock visibility and stock-filter level (`semantics.rs`); a
//! search engine that does not answer is `ErrorKind::Unavailable` (`search_unavailable`).

use std::{collections::BTreeMap, sync::Arc, time::Instant};

use serde::Serialize;
use utoipa::ToSchema;

use super::{
    backend::{BackendRequest, FacetItem},
    doc::Filter,
    index::SearchService,
    query::{SearchQuery, SortBy},
    scope::{self, RouteScope, ScopeVocabulary},
    semantics, sold_runs,
};
use crate::{
    error::{Error, Result},
    model::Car,
    platform::Platform,
    plugins::{DecidedBy, Eligibility, PriceView, Tag, unix_now},
    repo::TenantRepo,
    tenant::Tenant,
};

/// Similar cars returned at most (docs/features/shopper-core.md §9).
pub const SIMILAR_MAX: usize = 6;
/// Hits per similar-cars query (docs/features/shopper-core.md §9).
pub const SIMILAR_PER_QUERY: usize = 10;

/// A car as a search card shows it (docs/features/shopper-core.md §2 "Search results"). Money AUD, km.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SearchHit {
    /// Car id.
    pub id: i64,
    /// Slug.
    pub slug: String,
    /// `/cars/{slug}`.
    pub path: String,
    /// 'year make model badge'.
    pub name: String,
    /// Stock number.
    pub stocknum: String,
    /// Model year.
    pub year: i64,
    /// Make.
    pub make: String,
    /// Model.
    pub model: String,
    /// Badge.
    pub badge: Option<String>,
    /// Odometer, km.
    pub km: Option<i64>,
    /// Price, AUD.
    pub price: f64,
    /// new, demo or used.
    pub car_type: String,
    /// in_stock, coming_soon or sold.
    pub status: String,
    /// Normalised body.
    pub body: Option<String>,
    /// Normalised fuel.
    pub fuel: Option<String>,
    /// Normalised transmission.
    pub transmission: Option<String>,
    /// Normalised drive.
    pub drive: Option<String>,
    /// Colour.
    pub colour: Option<String>,
    /// Location name.
    pub location_name: Option<String>,
    /// City.
    pub city: Option<String>,
    /// State.
    pub state: Option<String>,
    /// First image URL.
    pub primary_image_url: Option<String>,
    /// Up to 5 image URLs (card carousel).
    pub image_urls: Vec<String>,
    /// Number of images.
    pub photos_count: usize,
    /// in_stock or coming_soon.
    pub available: bool,
    /// The card tag (plugin `tag-rules` or host default); null for none.
    pub tag: Option<Tag>,
    /// The price view (plugin `price-display` or host default).
    pub price_view: PriceView,
    /// The drive-away total in the car's state from the price engine (docs/features/platform.md "Price engine"),
    /// the same figure as the VDP's breakdown; null when the price view shows no price or the
    /// tenant turned estimates off.
    pub drive_away: Option<crate::pricing::DriveAwaySummary>,
    /// Actions offered (plugin `eligibility` or host default).
    pub eligibility: Eligibility,
    /// Who decided each part.
    pub decided_by: DecidedBy,
}

/// A page of search results.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SearchResponse {
    /// The page's cars; runs of consecutive sold cars collapsed to their first (docs/features/shopper-core.md §4).
    pub hits: Vec<SearchHit>,
    /// Number of cars the result shows over all its pages: the matching cars less the sold cars
    /// that sold-run collapsing leaves off (each sold car right after a sold one, unless every car
    /// is sold; docs/features/shopper-core.md §4), so it equals the cards a shopper can count.
    pub count: u64,
    /// The count to show: above 1999 the tenant's stock count or the summed facets (§9).
    pub count_display: u64,
    /// 1-based page.
    pub page: u32,
    /// Number of pages: positions in the whole result by the page size, collapsed sold cars
    /// included (a page can show fewer cards than its size).
    pub pages: u64,
    /// Page size.
    pub hits_per_page: u32,
    /// Facet items per attribute (label, value, count), in display order. A refined attribute's
    /// facet is counted without its own refinement (disjunctive), so its other values stay
    /// listed with the cars they would add.
    pub facets: BTreeMap<String, Vec<FacetItem>>,
    /// Top 4 body types by count.
    pub popular_body_types: Vec<FacetItem>,
    /// Makes by count up to position 20, then 'All Makes'.
    pub popular_makes: Vec<FacetItem>,
    /// The shopper's query in canonical address form, without the route's own refinements (the
    /// UI writes it into the address after the path).
    pub address: String,
    /// What the SRP path means (`path` parameter): heading, implied refinements, breadcrumbs; null
    /// without a path.
    pub scope: Option<RouteScope>,
    /// Search time, milliseconds.
    pub ms: u64,
}

/// The count for the 'Show Me {count}' button.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CountResponse {
    /// Cars the result would show (as [`SearchResponse::count`]: collapsed sold cars not counted).
    pub count: u64,
    /// The count to show (see [`SearchResponse::count_display`]).
    pub count_display: u64,
    /// Milliseconds.
    pub ms: u64,
}

/// Similar cars.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SimilarResponse {
    /// At most 6 cars, the car itself excluded.
    pub hits: Vec<SearchHit>,
    /// `multi` (same body or make in the price window) or `fallback`.
    pub source: String,
}

fn parse(raw: Option<&str>) -> Result<SearchQuery> {
    SearchQuery::from_query_string(raw.unwrap_or("")).map_err(|e| Error::invalid(&e.param, e.to_string()))
}

/// Parses the address form for tenant `t`: as [`SearchQuery::from_query_string`], with the
/// tenant's `[search] page_size` when the address gives no `hitsPerPage`. Errors name the field.
pub fn parse_for(t: &Tenant, raw: Option<&str>) -> Result<SearchQuery> {
    let raw = raw.unwrap_or("");
    let mut q = parse(Some(raw))?;
    if !raw
        .split('&')
        .any(|p| p.starts_with("hitsPerPage=") || p.starts_with("hits_per_page="))
    {
        q.hits_per_page = t.config.search.page_size;
    }
    Ok(q)
}

/// The `path` parameter of a search address (the SRP route, e.g. `/search/toyota`), if any.
fn path_param(raw: Option<&str>) -> Option<String> {
    raw?.split('&').find_map(|p| {
        let v = p.strip_prefix("path=")?;
        percent_encoding::percent_decode_str(&v.replace('+', " "))
            .decode_utf8()
            .ok()
            .map(|s| s.into_owned())
    })
}

/// Resolves an SRP path (`/search/used-cars`, `/search/toyota/rav4`, `/search/suv`...) for
/// tenant `t` against its stock's facets and config ([`scope::resolve`]). Ok(None) when a slug
/// names nothing on this site (the page is a 404); errors when search is down.
pub async fn resolve_scope(p: Platform<'_>, t: &Arc<Tenant>, path: &str) -> Result<Option<RouteScope>> {
    let all = run_search(p, t, &SearchQuery::new(), None).await?;
    let labels = |facets: &BTreeMap<String, Vec<FacetItem>>, a: &str| -> Vec<String> {
        facets
            .get(a)
            .map(|v| v.iter().map(|f| f.value.clone()).collect())
            .unwrap_or_default()
    };
    let vocab = ScopeVocabulary {
        makes: labels(&all.facets, "make"),
        bodies: labels(&all.facets, "body"),
        location_names: labels(&all.facets, "location_name"),
    };
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let mut models = Vec::new();
    if let [_, make_slug, _] = parts.as_slice()
        && let Some(make) = scope::find(&vocab.makes, &make_slug.to_ascii_lowercase())
    {
        let of_make = run_search(p, t, &SearchQuery::new().refine("make", make), None).await?;
        models = labels(&of_make.facets, "model");
    }
    Ok(scope::resolve(t, &vocab, path, |_| models.clone()))
}

async fn service(p: Platform<'_>) -> Result<Arc<SearchService>> {
    Ok(p.search.get(p.db, p.tenants).await?)
}

/// The tenant's stock-filter conditions, asked of its plugin on a blocking thread (never on the
/// async worker).
async fn conditions(p: Platform<'_>, t: &Arc<Tenant>) -> Vec<crate::plugins::StockCondition> {
    p.plugins.stock_conditions_async(t.clone(), t.config.stock.filter_level).await.value
}

/// Cards for cars, with one batched plugin call for the page.
pub async fn hits_for(p: Platform<'_>, t: &Arc<Tenant>, cars: Vec<Car>) -> Vec<SearchHit> {
    let presented = p.plugins.present_async(t.clone(), cars.clone(), unix_now()).await;
    cars.into_iter()
        .zip(presented)
        .map(|(c, p)| SearchHit {
            drive_away: crate::pricing::for_car(&t.config, &c, &p.price_view, None).map(|d| d.summary()),
            id: c.id,
            slug: c.slug.clone(),
            path: c.path(),
            name: c.name(),
            available: c.is_available(),
            stocknum: c.stocknum.clone(),
            year: c.year,
            make: c.make.clone(),
            model: c.model.clone(),
            badge: c.badge.clone(),
            km: c.km,
            price: c.price,
            car_type: c.car_type.clone(),
            status: c.status.clone(),
            body: c.simple_body.clone().or(c.body.clone()),
            fuel: c.simple_fuel.clone().or(c.fuel.clone()),
            transmission: c.simple_transmission.clone().or(c.trans.clone()),
            drive: c.simple_drive.clone().or(c.drive.clone()),
            colour: c.colour.clone(),
            location_name: c.location_name.clone(),
            city: c.city.clone(),
            state: c.state.clone(),
            primary_image_url: c.image_urls.0.first().cloned(),
            image_urls: c.image_urls.0.iter().take(5).cloned().collect(),
            photos_count: c.image_urls.0.len(),
            tag: p.tag,
            price_view: p.price_view,
            eligibility: p.eligibility,
            decided_by: p.decided_by,
        })
        .collect()
}

/// The results cache's name in `forecourt_cache_hits_total` / `forecourt_cache_misses_total`.
pub const SEARCH_CACHE: &str = "search_results";

/// Runs a shopper's query `q` for a tenant within an SRP route `scope` (its refinements are
/// added to the shopper's, [`scope::apply`]). Used by the endpoint, the SRP document and tests.
/// Errors: 503 when search is down.
pub async fn run_search(p: Platform<'_>, t: &Arc<Tenant>, q: &SearchQuery, scope: Option<&RouteScope>) -> Result<SearchResponse> {
    let started = Instant::now();
    let svc = service(p).await?;
    let address = q.to_query_string();
    let merged = scope.map(|s| scope::apply(s, q.clone()));
    let q = merged.as_ref().unwrap_or(q);
    let cache_key = match scope {
        Some(s) => format!("{}?{address}", s.path),
        None => address.clone(),
    };
    let (cached, generation) = {
        let cache = svc.cache.lock().unwrap_or_else(|e| e.into_inner());
        (cache.get(t.slug(), &cache_key), cache.generation(t.slug()))
    };
    if let Some(hit) = cached
        && let Ok(r) = hit.downcast::<SearchResponse>()
    {
        crate::metrics::cache_series().record(SEARCH_CACHE, t.slug(), true);
        let mut r = (*r).clone();
        r.ms = started.elapsed().as_millis() as u64;
        return Ok(r);
    }
    crate::metrics::cache_series().record(SEARCH_CACHE, t.slug(), false);
    let (conds, now) = (conditions(p, t).await, unix_now());
    let mut req = semantics::backend_request(t, q, &conds, now, true);
    // One hit before the page too: a run of sold cars that starts on an earlier page is not
    // shown again at the top of this one.
    let before = req.offset > 0;
    if before {
        req.offset -= 1;
        req.limit += 1;
    }
    // Disjunctive facets: a refined attribute's own facet is counted without its refinement, so
    // the other values stay listed with the counts they would add (values of one attribute OR).
    let refined: Vec<String> = req
        .facets
        .iter()
        .filter(|a| q.refinements.contains_key(a.as_str()))
        .cloned()
        .collect();
    let mut reqs = vec![req];
    for attr in &refined {
        let mut without = q.clone();
        without.refinements.remove(attr);
        let mut r = semantics::backend_request(t, &without, &conds, now, false);
        r.offset = 0;
        r.limit = 0;
        r.facets = vec![attr.clone()];
        reqs.push(r);
    }
    let mut results = if reqs.len() == 1 {
        vec![svc.backend.search(&reqs[0]).await?]
    } else {
        svc.backend.multi_search(&reqs).await?
    };
    let mut res = results.remove(0);
    // The count is what the pages show: the matches less the sold cars collapsing leaves off.
    let hidden = hidden_sold_cached(&svc, t, q, &reqs[0], res.total, generation).await?;
    let count = res.total.saturating_sub(hidden) as u64;
    let count_display = semantics::count_display(count, t, &res.facets);
    for (attr, r) in refined.iter().zip(results) {
        if let Some(f) = r.facets.get(attr) {
            res.facets.insert(attr.clone(), f.clone());
        }
    }
    let mut cars = TenantRepo::new(p.db, t.slug()).cars_by_ids(&res.ids).await?;
    let before_sold = before && !cars.is_empty() && cars.remove(0).status == "sold";
    let all_sold = cars.iter().all(|c| c.status == "sold") && all_sold(&svc, t, q, &conds, now).await?;
    let cars = semantics::collapse_sold_runs_on_page(cars, before_sold, all_sold, |c| c.status == "sold");
    let hits = hits_for(p, t, cars).await;
    let per = u64::from(q.hits_per_page.max(1));
    let response = SearchResponse {
        hits,
        count,
        count_display,
        page: q.page,
        // Pages are positions in the whole result, collapsed cars included.
        pages: (res.total as u64).div_ceil(per),
        hits_per_page: q.hits_per_page,
        facets: res.facets.iter().map(|(a, c)| (a.clone(), semantics::facet_items(a, c))).collect(),
        popular_body_types: semantics::popular_body_types(res.facets.get("body")),
        popular_makes: semantics::popular_makes(res.facets.get("make"), count),
        address: address.clone(),
        scope: scope.cloned(),
        ms: started.elapsed().as_millis() as u64,
    };
    // Counted at its JSON size against the tenant's cache budget (plugin texts can be large);
    // not cached when the indexer applied a change while this answer was computed.
    let bytes = serde_json::to_vec(&response).map_or(usize::MAX, |v| v.len());
    svc.cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .put_at(t.slug(), &cache_key, Arc::new(response.clone()), bytes, generation);
    Ok(response)
}

/// [`sold_runs::hidden_sold`] for the query `q` (any page; `whole` its backend request, `total`
/// its matches), kept in the tenant's results cache under the query's page-free address so the
/// whole result's order is read once for all its pages. Errors: `Unavailable` when search is down.
async fn hidden_sold_cached(
    svc: &SearchService,
    t: &Tenant,
    q: &SearchQuery,
    whole: &BackendRequest,
    total: usize,
    generation: u64,
) -> Result<usize> {
    let key = format!("sold-hidden?{}", SearchQuery { page: 1, ..q.clone() }.to_query_string());
    let cached = svc.cache.lock().unwrap_or_else(|e| e.into_inner()).get(t.slug(), &key);
    if let Some(n) = cached.and_then(|hit| hit.downcast::<usize>().ok()) {
        return Ok(*n);
    }
    let n = sold_runs::hidden_sold(svc.backend.as_ref(), whole, total).await?;
    svc.cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .put_at(t.slug(), &key, Arc::new(n), key.len() + 8, generation);
    Ok(n)
}

/// Whether every car of the whole result is sold (sold-run collapsing keeps them all then): no
/// match is left once the shopper's statuses, or all shown ones, lose `sold`.
async fn all_sold(svc: &SearchService, t: &Tenant, q: &SearchQuery, conds: &[crate::plugins::StockCondition], now: i64) -> Result<bool> {
    let mut unsold = q.clone();
    let statuses: Vec<String> = match q.refinements.get("status") {
        Some(v) => v.iter().filter(|s| s.as_str() != "sold").cloned().collect(),
        None => vec!["in_stock".into(), "coming_soon".into()],
    };
    if statuses.is_empty() {
        return Ok(true);
    }
    unsold.refinements.insert("status".into(), statuses);
    let mut r = semantics::backend_request(t, &unsold, conds, now, false);
    r.offset = 0;
    r.limit = 0;
    Ok(svc.backend.search(&r).await?.total == 0)
}

/// The count of the query `raw` (address form, `path=` included) for tenant `t`, for the
/// 'Show Me {count}' button. Errors: `Invalid` naming a malformed parameter, `NotFound` for a
/// `path` that names nothing on this site, `Unavailable` when search is down.
pub async fn count(p: Platform<'_>, t: &Arc<Tenant>, raw: Option<&str>) -> Result<CountResponse> {
    let started = Instant::now();
    let mut q = parse(raw)?;
    if let Some(path) = path_param(raw) {
        let scope = resolve_scope(p, t, &path).await?.ok_or_else(|| not_a_search_page(&path))?;
        q = scope::apply(&scope, q);
    }
    let svc = service(p).await?;
    let mut req = semantics::backend_request(t, &q, &conditions(p, t).await, unix_now(), false);
    req.offset = 0;
    req.limit = 0;
    req.facets = vec!["car_type".into()];
    let res = svc.backend.search(&req).await?;
    // As the results page counts: the sold cars collapsing leaves off are not counted (kept in
    // the results cache as the results page keeps it, so a shopper's filter changes read the
    // whole result's order once per query).
    let generation = svc.cache.lock().unwrap_or_else(|e| e.into_inner()).generation(t.slug());
    let count = res
        .total
        .saturating_sub(hidden_sold_cached(&svc, t, &q, &req, res.total, generation).await?) as u64;
    Ok(CountResponse {
        count,
        count_display: semantics::count_display(count, t, &res.facets),
        ms: started.elapsed().as_millis() as u64,
    })
}

/// A page of results for the query `raw` (address form) of tenant `t`, within the SRP route
/// its `path=` parameter names, if any. Errors: `Invalid` naming a malformed parameter,
/// `NotFound` for a `path` that names nothing on this site, `Unavailable` when search is down.
pub async fn search(p: Platform<'_>, t: &Arc<Tenant>, raw: Option<&str>) -> Result<SearchResponse> {
    let q = parse_for(t, raw)?;
    let scope = match path_param(raw) {
        Some(path) => Some(resolve_scope(p, t, &path).await?.ok_or_else(|| not_a_search_page(&path))?),
        None => None,
    };
    run_search(p, t, &q, scope.as_ref()).await
}

fn not_a_search_page(path: &str) -> Error {
    Error::not_found(format!("`{path}` is not a search page on this site"))
}

/// The price window of similar cars (docs/features/shopper-core.md §9): +-10000 under 50000, else +-25000 (AUD).
pub fn similar_window(price: f64) -> (f64, f64) {
    let w = if price < 50_000.0 { 10_000.0 } else { 25_000.0 };
    ((price - w).max(0.0), price + w)
}

/// Similar cars to the car `slug` of tenant `t`: same body or same make within
/// [`similar_window`] (a multi-query of [`SIMILAR_PER_QUERY`] hits each), at most
/// [`SIMILAR_MAX`], the car itself excluded; a fallback search (same car type, default order)
/// when that fails or finds nothing. Errors: `NotFound` for an unknown slug, `Unavailable` when
/// search is down.
pub async fn similar(p: Platform<'_>, t: &Arc<Tenant>, slug: &str) -> Result<SimilarResponse> {
    let repo = TenantRepo::new(p.db, t.slug());
    let car = repo
        .car_by_slug(slug)
        .await?
        .ok_or_else(|| Error::not_found(format!("No car `{slug}` on this site")))?;
    let svc = service(p).await?;
    let conds = conditions(p, t).await;
    let now = unix_now();
    let (lo, hi) = similar_window(car.price);
    let base = SearchQuery {
        hits_per_page: SIMILAR_PER_QUERY as u32,
        ..SearchQuery::new()
    }
    .range("price", Some(lo), Some(hi));
    let not_self = Filter::Not(Box::new(Filter::eq("stocknum", &car.stocknum)));
    let mk = |attr: &str, value: Option<&str>| -> Option<BackendRequest> {
        let q = base.clone().refine(attr, value?);
        let mut r = semantics::backend_request(t, &q, &conds, now, false);
        r.filter = Filter::All(vec![r.filter, not_self.clone()]);
        Some(r)
    };
    let reqs: Vec<BackendRequest> = [
        mk("body", car.simple_body.as_deref().or(car.body.as_deref())),
        mk("make", Some(&car.make)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut ids = Vec::new();
    let mut source = "multi";
    match svc.backend.multi_search(&reqs).await {
        Ok(results) => {
            for r in results {
                for id in r.ids {
                    if id != car.id && !ids.contains(&id) {
                        ids.push(id);
                    }
                }
            }
        }
        Err(e) => tracing::warn!(tenant = %t.slug(), error = %e, "similar multi-search failed; fallback search"),
    }
    if ids.is_empty() {
        source = "fallback";
        let q = SearchQuery {
            hits_per_page: (SIMILAR_MAX + 1) as u32,
            ..SearchQuery::new()
        }
        .refine("car_type", &car.car_type)
        .sort(SortBy::CustomRank);
        let mut r = semantics::backend_request(t, &q, &conds, now, false);
        r.filter = Filter::All(vec![r.filter, not_self]);
        ids = svc.backend.search(&r).await?.ids;
    }
    ids.truncate(SIMILAR_MAX);
    let cars = repo.cars_by_ids(&ids).await?;
    Ok(SimilarResponse {
        hits: hits_for(p, t, cars).await,
        source: source.into(),
    })
}
