//! Finding the dealer (docs/features/platform.md "Locations, offers and navigation"): navigation,
//! offers, brands, reviews, the dealer locator and the manufacturer list, from the site content read at
//! start (`crate::content::marketing`) and the tenant's locations. Spec:
//! docs/features/locations-forms-marketing.md §2 "Location screens", "Offers", "Navigation", "Reviews";
//! §3 Location, Offer, Review, Manufacturer, Model menu item, Brand entry; §7 "Geocoding by postcode";
//! §9 (12 reviews, haversine with earth radius 6371 km).

use crate::http::extract::{Json, Path, Query};
use axum::{
    Extension,
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    content::marketing::{self, Brand, BrandsResponse, Manufacturer, Navigation, Offer, OffersResponse, ReviewsResponse},
    http::{
        error::{ApiError, ErrorEnvelope},
        render_cache::Cacheable,
        state::{AppState, CurrentTenant},
    },
    site::{
        locator::{self, LocationsResponse},
        navigation, offers, reviews,
    },
};

/// `GET /api/v1/navigation`: header entries (Vehicles, Offers, Stock, Service & Parts, Finance
/// Enquiry, More), the model menu with Coming Soon statuses, stock links with counts, brand
/// tiles, footer columns, the top 4 body types and the popup (null once expired). Errors: 404
/// when the site has no navigation content.
#[utoipa::path(get, path = "/api/v1/navigation", tag = "site",
    responses((status = 200, body = Navigation), (status = 404, body = ErrorEnvelope)))]
pub async fn get_navigation(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
) -> Result<(Extension<Cacheable>, Json<Navigation>), ApiError> {
    Ok((Extension(Cacheable), Json(navigation::navigation(state.platform(), &t).await?)))
}

/// `GET /api/v1/offers`: the offers shown on this site today (not excluded for it, between their
/// start and end days), descriptions sanitised. An empty list when there are none.
#[utoipa::path(get, path = "/api/v1/offers", tag = "site", responses((status = 200, body = OffersResponse)))]
pub async fn get_offers(CurrentTenant(t): CurrentTenant) -> Json<OffersResponse> {
    Json(offers::live_offers(&t))
}

/// `GET /api/v1/offers/{id}`: one offer. Errors: 404 when unknown, excluded, not started or ended.
#[utoipa::path(get, path = "/api/v1/offers/{id}", tag = "site",
    params(("id" = String, Path, description = "Offer id")),
    responses((status = 200, body = Offer), (status = 404, body = ErrorEnvelope)))]
pub async fn get_offer(CurrentTenant(t): CurrentTenant, Path(id): Path<String>) -> Result<Json<Offer>, ApiError> {
    Ok(Json(offers::offer(&t, &id)?))
}

/// `GET /api/v1/brands`: brand grids (cars, motorcycles, trucks, group brands) and the statistics
/// banner. Errors: 404 when the site has no brands.
#[utoipa::path(get, path = "/api/v1/brands", tag = "site",
    responses((status = 200, body = BrandsResponse), (status = 404, body = ErrorEnvelope)))]
pub async fn get_brands(CurrentTenant(t): CurrentTenant) -> Result<Json<BrandsResponse>, ApiError> {
    Ok(Json(offers::brands(&t)?))
}

/// `GET /api/v1/brands/{slug}`: one brand (its overview page). Errors: 404 when unknown.
#[utoipa::path(get, path = "/api/v1/brands/{slug}", tag = "site",
    params(("slug" = String, Path, description = "Brand slug, e.g. `toyota`")),
    responses((status = 200, body = Brand), (status = 404, body = ErrorEnvelope)))]
pub async fn get_brand(CurrentTenant(t): CurrentTenant, Path(slug): Path<String>) -> Result<Json<Brand>, ApiError> {
    Ok(Json(offers::brand(&t, &slug)?))
}

/// `GET /api/v1/manufacturers`: the platform's manufacturer list with logo URLs (§3 Manufacturer).
#[utoipa::path(get, path = "/api/v1/manufacturers", tag = "site", responses((status = 200, body = Vec<Manufacturer>)))]
pub async fn get_manufacturers() -> Json<&'static [Manufacturer]> {
    Json(marketing::manufacturers())
}

/// `GET /logos/{file}`: a make's logo SVG from the platform's list, cached for a day. Errors: 404.
pub async fn logo(Path(file): Path<String>) -> Response {
    match marketing::logo_svg(&file) {
        Some(svg) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "public, max-age=86400"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'"),
            ],
            svg,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such logo").into_response(),
    }
}

/// `GET /api/v1/reviews` parameters: at most one of `location` and `dealership`.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ReviewsParams {
    /// A location slug: that location's reviews and rating.
    pub location: Option<String>,
    /// A dealership slug: the reviews of its locations, their ratings averaged by count.
    pub dealership: Option<String>,
}

/// `GET /api/v1/reviews`: a reviews block: the average (a string) and count, and up to 12 reviews
/// at or above the site's minimum rating, hidden titles left out, newest first. With `location`
/// the location's own rating; with `dealership` its locations' ratings weighted by count; with
/// neither the site's aggregate (the demo sample set: 3118 reviews averaging 4.7). Errors: 404
/// when the site has no reviews or the slug is unknown; 400 naming `location` when both are given.
#[utoipa::path(get, path = "/api/v1/reviews", tag = "site", params(ReviewsParams),
    responses((status = 200, body = ReviewsResponse), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn get_reviews(CurrentTenant(t): CurrentTenant, Query(p): Query<ReviewsParams>) -> Result<Json<ReviewsResponse>, ApiError> {
    Ok(Json(reviews::reviews(&t, p.location.as_deref(), p.dealership.as_deref())?))
}

/// `GET /api/v1/locations` parameters.
#[derive(Debug, Deserialize, IntoParams)]
pub struct LocatorParams {
    /// A 4-digit Australian postcode: locations nearest first, with distances.
    #[param(nullable = false, pattern = "^([0-9]{4})?$")]
    pub postcode: Option<String>,
    /// `sales`, `service`, `parts` or `car-buying`: only locations of that type (an empty
    /// location type counts as sales).
    #[serde(rename = "type")]
    #[param(rename = "type", value_type = Option<LocationTypeFilter>, inline, nullable = false)]
    pub location_type: Option<String>,
}

/// `GET /api/v1/locations`: the dealer locator (§2 "/dealer-locator lists all visible locations"):
/// visible locations, of one type when `type` is given, nearest first from `postcode` (geocoded
/// with the bundled Australian postcode table). Hidden locations never show. Errors: 400
/// `invalid_postcode` on `postcode` ('Invalid postcode') when it is not 4 digits; 404
/// `unknown_postcode` on `postcode` ('Invalid postcode') when the table has no such postcode; 400
/// on `type` for an unknown type.
#[utoipa::path(get, path = "/api/v1/locations", tag = "site", params(LocatorParams),
    responses((status = 200, body = LocationsResponse),
        (status = 400, description = "`postcode` is not 4 digits, or `type` is unknown", body = ErrorEnvelope),
        (status = 404, description = "`postcode` is 4 digits but no Australian postcode (`unknown_postcode`, 'Invalid postcode')", body = ErrorEnvelope)))]
pub async fn get_locations(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Query(p): Query<LocatorParams>,
) -> Result<Json<LocationsResponse>, ApiError> {
    Ok(Json(
        locator::locations(&state.db, &t, p.postcode.as_deref(), p.location_type.as_deref()).await?,
    ))
}

/// The `?type=` values of the dealer locator (documents the parameter; the locator validates it).
#[derive(Debug, utoipa::ToSchema)]
pub enum LocationTypeFilter {
    /// Sales yards (an empty location type counts as sales).
    #[schema(rename = "sales")]
    Sales,
    /// Service centres.
    #[schema(rename = "service")]
    Service,
    /// Parts counters.
    #[schema(rename = "parts")]
    Parts,
    /// Car-buying centres.
    #[schema(rename = "car-buying")]
    CarBuying,
}
