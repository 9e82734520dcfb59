//! Stock search API (docs/features/platform.md "Search"; docs/features/shopper-core.md §2 "Search results", §7, §9):
//!
//! - `GET /api/v1/search?<address form>`: hits ready for a card (with the tag, price view and
//!   eligibility the tenant's plugins decide, one batched call per page), count, facets, page,
//!   pages and ms.
//! - `GET /api/v1/search/count?<address form>`: the number for the 'Show Me {count}' button.
//! - `GET /api/v1/cars/{slug}/similar`: at most 6 similar cars.
//!
//! The address form is [`SearchQuery::from_query_string`]; a malformed parameter is a 400 naming
//! it. The host adds the tenant scope, stock visibility and stock-filter level. When the search
//! engine is down these answer 503 `search_unavailable`; nothing else in the host is affected.

use crate::http::extract::{Json, Path};
use axum::{
    Extension,
    extract::{RawQuery, State},
};

use crate::{
    http::{
        error::ApiError,
        render_cache::Cacheable,
        state::{AppState, CurrentTenant},
    },
    search::{
        query::DEFAULT_HITS_PER_PAGE,
        service::{self, CountResponse, SearchResponse, SimilarResponse},
    },
};

/// Stock search.
#[utoipa::path(get, path = "/api/v1/search", tag = "search",
    params(
        ("query" = Option<String>, Query, description = "Text query"),
        ("page" = Option<u32>, Query, minimum = 1, maximum = 10000, description = "1-based page (default 1)"),
        ("hitsPerPage" = Option<u32>, Query, minimum = 1, maximum = 100, description = "Page size 1..=100 (default 21)"),
        ("sortBy" = inline(Option<crate::search::query::SortBy>), Query, description = "custom_rank (default), price_asc, price_desc, year_desc, km_asc, newest, recently_reduced"),
        ("make" = Option<Vec<String>>, Query, description = "Refinement list (repeat per value); likewise badge, status, car_type, categories, city, colour, dealership_name, filtered_features, item_type, location_name, make_model, model, price_range, seats, body, drive, fuel, transmission, state, tag, certified"),
        ("price" = Option<String>, Query, description = "Range `min:max` in AUD ($ and commas ignored); likewise km, year, subscription_price, weekly_price_range, created_at_timestamp"),
        ("path" = Option<String>, Query, description = "SRP route the query runs within, e.g. `/search/used-cars`, `/search/toyota/rav4`, `/search/suv`: its refinements apply and `scope` describes it"),
    ),
    responses((status = 200, body = SearchResponse),
        (status = 400, description = "Malformed parameter (named in `field`)", body = crate::http::error::ErrorEnvelope),
        (status = 404, description = "`path` names nothing on this site", body = crate::http::error::ErrorEnvelope),
        (status = 503, description = "Search engine unavailable", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_search(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    RawQuery(raw): RawQuery,
) -> Result<(Option<Extension<Cacheable>>, Json<SearchResponse>), ApiError> {
    let answer = service::search(state.platform(), &t, raw.as_deref()).await?;
    // The first page is what every SRP visit asks for; deeper pages are left to the results cache.
    Ok(((answer.page <= 1).then_some(Extension(Cacheable)), Json(answer)))
}

/// The count of a query (the 'Show Me {count}' button).
#[utoipa::path(get, path = "/api/v1/search/count", tag = "search",
    params(("query" = Option<String>, Query, description = "Same address form as /api/v1/search, `path` included")),
    responses((status = 200, body = CountResponse),
        (status = 400, description = "Malformed parameter", body = crate::http::error::ErrorEnvelope),
        (status = 503, description = "Search engine unavailable", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_search_count(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    RawQuery(raw): RawQuery,
) -> Result<Json<CountResponse>, ApiError> {
    Ok(Json(service::count(state.platform(), &t, raw.as_deref()).await?))
}

/// Similar cars: same body or same make within the price window (a multi-query of 10 hits
/// each); a fallback search (same car type, default order) when that fails or finds nothing.
#[utoipa::path(get, path = "/api/v1/cars/{slug}/similar", tag = "search",
    params(("slug" = String, Path, description = "Car slug")),
    responses((status = 200, body = SimilarResponse),
        (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope),
        (status = 503, description = "Search engine unavailable", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_similar(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
) -> Result<Json<SimilarResponse>, ApiError> {
    Ok(Json(service::similar(state.platform(), &t, &slug).await?))
}

/// Default page size re-exported for the API docs.
pub const HITS_PER_PAGE: u32 = DEFAULT_HITS_PER_PAGE;
