//! Finding the dealer (issue 11): navigation, offers, brands, reviews, the dealer locator and the
//! manufacturer list, from the site content read at start (`crate::content::marketing`) and the tenant's
//! locations. Spec: locations-forms-marketing §2 "Location screens", "Offers", "Navigation",
//! "Reviews"; §3 Location, Offer, Review, Manufacturer, Model menu item, Brand entry; §7
//! "Geocoding by postcode"; §9 (12 reviews, haversine with earth radius 6371 km).

use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, Query, State},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::error::{ApiError, ErrorEnvelope};
use crate::{
    content::marketing::{
        self, Brand, BrandTile, BrandsResponse, Manufacturer, NavLink, Navigation, Offer, OffersResponse, PopularBody, ReviewsResponse,
    },
    model::Location,
    repo::TenantRepo,
    server::{AppState, CurrentTenant},
    tenant::Tenant,
};

/// Today in the site's time zone (its first location's state; Brisbane by default).
fn today(t: &Tenant) -> jiff::civil::Date {
    let state = t
        .config
        .locations
        .first()
        .map(|l| l.address.state.as_str())
        .unwrap_or(&t.config.default_state);
    let tz = jiff::tz::TimeZone::get(super::appointments::state_time_zone(state)).unwrap_or(jiff::tz::TimeZone::UTC);
    jiff::Timestamp::now().to_zoned(tz).date()
}

/// The stock links (new, used, demo with their counts, then all) and the top 4 body types, from
/// one facet search of the site's visible stock. Search being down gives no counts and no bodies:
/// the menus still work.
async fn stock_menu(state: &AppState, t: &Arc<Tenant>) -> (Vec<NavLink>, Vec<PopularBody>) {
    let q = super::search::parse_for(t, None).expect("an empty address parses");
    let Ok(res) = super::search::run_search(state, t, &q, None).await else {
        let all = NavLink {
            label: "All Stock".into(),
            href: "/search/new-used-and-demo-cars".into(),
            count: None,
        };
        return (vec![all], Vec::new());
    };
    let by_type = |v: &str| {
        res.facets
            .get("car_type")
            .and_then(|f| f.iter().find(|i| i.value.eq_ignore_ascii_case(v)))
            .map_or(0, |i| i.count)
    };
    let mut stock: Vec<NavLink> = [
        ("new", "New Cars", "/search/new-cars"),
        ("used", "Used Cars", "/search/used-cars"),
        ("demo", "Demo Cars", "/search/demo-cars"),
    ]
    .into_iter()
    .filter_map(|(v, label, href)| {
        let n = by_type(v);
        (n > 0).then(|| NavLink {
            label: label.into(),
            href: href.into(),
            count: Some(n),
        })
    })
    .collect();
    stock.push(NavLink {
        label: "All Stock".into(),
        href: "/search/new-used-and-demo-cars".into(),
        count: Some(res.count),
    });
    let bodies = res
        .popular_body_types
        .iter()
        .map(|b| PopularBody {
            value: b.value.clone(),
            label: b.label.clone(),
            count: b.count,
            href: format!("/search/{}", crate::slug::slugify(&b.value)),
        })
        .collect();
    (stock, bodies)
}

/// The site's navigation for a request: the file's parts, the stock menu, the brand tiles and the
/// popup unless expired. Used by the endpoint and the documents. Errors: 404 when the site has no
/// `navigation.toml`.
pub async fn navigation(state: &AppState, t: &Arc<Tenant>) -> Result<Navigation, ApiError> {
    let n = t
        .content
        .site
        .navigation
        .as_ref()
        .ok_or_else(|| ApiError::not_found("This site has no navigation content."))?;
    let (stock, popular_bodies) = stock_menu(state, t).await;
    let brands = t
        .content
        .site
        .brands
        .as_ref()
        .map(|b| {
            b.groups
                .iter()
                .flat_map(|g| &g.brands)
                .map(|b| BrandTile {
                    title: b.title.clone(),
                    slug: b.slug.clone(),
                    logo_url: b.logo_url.clone(),
                    href: b.stock_href.clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    let now = jiff::Timestamp::now();
    Ok(Navigation {
        open_on: n.open_on,
        header: n.header.clone(),
        vehicles: n.vehicles.clone(),
        stock,
        brands,
        footer: n.footer.clone(),
        popular_bodies,
        popup: n.popup.clone().filter(|p| marketing::popup_live(p, now)),
    })
}

/// `GET /api/v1/navigation`: header entries (Vehicles, Offers, Stock, Service & Parts, Finance
/// Enquiry, More), the model menu with Coming Soon statuses, stock links with counts, brand
/// tiles, footer columns, the top 4 body types and the popup (null once expired). Errors: 404
/// when the site has no navigation content.
#[utoipa::path(get, path = "/api/v1/navigation", tag = "site",
    responses((status = 200, body = Navigation), (status = 404, body = ErrorEnvelope)))]
pub async fn get_navigation(State(state): State<AppState>, CurrentTenant(t): CurrentTenant) -> Result<Json<Navigation>, ApiError> {
    navigation(&state, &t).await.map(Json)
}

/// `GET /api/v1/offers`: the offers shown on this site today (not excluded for it, between their
/// start and end days), descriptions sanitised. An empty list when there are none.
#[utoipa::path(get, path = "/api/v1/offers", tag = "site", responses((status = 200, body = OffersResponse)))]
pub async fn get_offers(CurrentTenant(t): CurrentTenant) -> Json<OffersResponse> {
    Json(OffersResponse {
        offers: t.content.site.live_offers(today(&t)),
    })
}

/// The offer with this id shown today, for the endpoint and the documents. Errors: 404.
pub fn offer(t: &Tenant, id: &str) -> Result<Offer, ApiError> {
    t.content
        .site
        .offer(id, today(t))
        .cloned()
        .ok_or_else(|| ApiError::not_found(format!("No offer `{id}` on this site.")))
}

/// `GET /api/v1/offers/{id}`: one offer. Errors: 404 when unknown, excluded, not started or ended.
#[utoipa::path(get, path = "/api/v1/offers/{id}", tag = "site",
    params(("id" = String, Path, description = "Offer id")),
    responses((status = 200, body = Offer), (status = 404, body = ErrorEnvelope)))]
pub async fn get_offer(CurrentTenant(t): CurrentTenant, Path(id): Path<String>) -> Result<Json<Offer>, ApiError> {
    offer(&t, &id).map(Json)
}

/// The site's brands with the statistics banner (emptied when the `stats_banner` feature is off).
/// Errors: 404 when the site has no `brands.toml`.
pub fn brands(t: &Tenant) -> Result<BrandsResponse, ApiError> {
    let mut b = t
        .content
        .site
        .brands
        .clone()
        .ok_or_else(|| ApiError::not_found("This site has no brands."))?;
    if !t.config.features.get("stats_banner").copied().unwrap_or(false) {
        b.stats.clear();
    }
    Ok(b)
}

/// `GET /api/v1/brands`: brand grids (cars, motorcycles, trucks, group brands) and the statistics
/// banner. Errors: 404 when the site has no brands.
#[utoipa::path(get, path = "/api/v1/brands", tag = "site",
    responses((status = 200, body = BrandsResponse), (status = 404, body = ErrorEnvelope)))]
pub async fn get_brands(CurrentTenant(t): CurrentTenant) -> Result<Json<BrandsResponse>, ApiError> {
    brands(&t).map(Json)
}

/// `GET /api/v1/brands/{slug}`: one brand (its overview page). Errors: 404 when unknown.
#[utoipa::path(get, path = "/api/v1/brands/{slug}", tag = "site",
    params(("slug" = String, Path, description = "Brand slug, e.g. `toyota`")),
    responses((status = 200, body = Brand), (status = 404, body = ErrorEnvelope)))]
pub async fn get_brand(CurrentTenant(t): CurrentTenant, Path(slug): Path<String>) -> Result<Json<Brand>, ApiError> {
    t.content
        .site
        .brand(&slug)
        .cloned()
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("No brand `{slug}` on this site.")))
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

fn one_decimal(x: f64) -> String {
    format!("{:.1}", (x * 10.0).round() / 10.0)
}

/// `GET /api/v1/reviews`: a reviews block: the average (a string) and count, and up to 12 reviews
/// at or above the site's minimum rating, hidden titles left out, newest first. With `location`
/// the location's own rating; with `dealership` its locations' ratings weighted by count; with
/// neither the site's aggregate (the demo sample set: 3118 reviews averaging 4.7). Errors: 404
/// when the site has no reviews or the slug is unknown; 400 naming `location` when both are given.
#[utoipa::path(get, path = "/api/v1/reviews", tag = "site", params(ReviewsParams),
    responses((status = 200, body = ReviewsResponse), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn get_reviews(CurrentTenant(t): CurrentTenant, Query(p): Query<ReviewsParams>) -> Result<Json<ReviewsResponse>, ApiError> {
    let reviews = t
        .content
        .site
        .reviews
        .as_ref()
        .ok_or_else(|| ApiError::not_found("This site has no reviews."))?;
    let today = today(&t);
    // The ratings come from the tenant's config in memory (the stored locations are its copy).
    let locations: Vec<&crate::tenant::LocationConfig> = t.config.locations.iter().filter(|l| l.visible).collect();
    let rated = |l: &&crate::tenant::LocationConfig| (l.average_rating.unwrap_or(0.0), u64::from(l.review_count.unwrap_or(0)));
    let out = match (p.location.as_deref(), p.dealership.as_deref()) {
        (Some(_), Some(_)) => return Err(ApiError::invalid("location", "Give location or dealership, not both.")),
        (Some(slug), None) => {
            let l = locations
                .iter()
                .find(|l| l.slug == slug)
                .ok_or_else(|| ApiError::not_found(format!("No location `{slug}` on this site.")))?;
            let (average, count) = rated(l);
            ReviewsResponse {
                average_rating: one_decimal(average),
                count,
                reviews: reviews.pick(today, |r| r.location == slug),
            }
        }
        (None, Some(slug)) => {
            let own: Vec<_> = locations.iter().filter(|l| l.dealership == slug).collect();
            if own.is_empty() {
                return Err(ApiError::not_found(format!("No dealership `{slug}` on this site.")));
            }
            let count: u64 = own.iter().map(|l| rated(l).1).sum();
            let sum: f64 = own.iter().map(|l| rated(l)).map(|(a, n)| a * n as f64).sum();
            ReviewsResponse {
                average_rating: one_decimal(if count > 0 { sum / count as f64 } else { 0.0 }),
                count,
                reviews: reviews.pick(today, |r| own.iter().any(|l| l.slug == r.location)),
            }
        }
        (None, None) => ReviewsResponse {
            average_rating: reviews.average_rating.clone(),
            count: reviews.count,
            reviews: reviews.pick(today, |_| true),
        },
    };
    Ok(Json(out))
}

/// `GET /api/v1/locations` parameters.
#[derive(Debug, Deserialize, IntoParams)]
pub struct LocatorParams {
    /// A 4-digit Australian postcode: locations nearest first, with distances.
    pub postcode: Option<String>,
    /// `sales`, `service`, `parts` or `car-buying`: only locations of that type (an empty
    /// location type counts as sales).
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub location_type: Option<String>,
}

/// The geocoded postcode the distances are measured from.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocatorOrigin {
    /// Postcode.
    pub postcode: String,
    /// Its locality, e.g. `Brisbane City`.
    pub locality: String,
    /// State code.
    pub state: String,
    /// Latitude, degrees.
    pub lat: f64,
    /// Longitude, degrees.
    pub long: f64,
}

/// A location and its distance from the origin.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocatorEntry {
    /// The location.
    pub location: Location,
    /// Great-circle distance in km (one decimal), or null without a postcode or coordinates.
    pub distance_km: Option<f64>,
}

/// The dealer locator's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct LocationsResponse {
    /// The postcode's point, or null without one.
    pub origin: Option<LocatorOrigin>,
    /// Visible locations: nearest first with a postcode (those without coordinates last), else in
    /// the site's order.
    pub locations: Vec<LocatorEntry>,
}

/// Orders locations by great-circle distance from `(lat, long)` (haversine, earth radius 6371
/// km), nearest first; locations without coordinates go last in their order. Returns each with its
/// distance in km rounded to one decimal.
pub fn nearest_first(locations: Vec<Location>, lat: f64, long: f64) -> Vec<LocatorEntry> {
    let mut out: Vec<LocatorEntry> = locations
        .into_iter()
        .map(|l| {
            let d = match (l.address.lat, l.address.long) {
                (Some(a), Some(b)) => Some((crate::geo::haversine_km(lat, long, a, b) * 10.0).round() / 10.0),
                _ => None,
            };
            LocatorEntry {
                location: l,
                distance_km: d,
            }
        })
        .collect();
    out.sort_by(|a, b| match (a.distance_km, b.distance_km) {
        (Some(x), Some(y)) => x.total_cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
    out
}

/// `GET /api/v1/locations`: the dealer locator (§2 "/dealer-locator lists all visible locations"):
/// visible locations, of one type when `type` is given, nearest first from `postcode` (geocoded
/// with the bundled Australian postcode table). Hidden locations never show. Errors: 400
/// `invalid_postcode` on `postcode` ('Invalid postcode') when it is not 4 digits or unknown; 400
/// on `type` for an unknown type.
#[utoipa::path(get, path = "/api/v1/locations", tag = "site", params(LocatorParams),
    responses((status = 200, body = LocationsResponse), (status = 400, body = ErrorEnvelope)))]
pub async fn get_locations(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Query(p): Query<LocatorParams>,
) -> Result<Json<LocationsResponse>, ApiError> {
    let kind = p.location_type.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if let Some(k) = kind
        && !["sales", "service", "parts", "car-buying"].contains(&k)
    {
        return Err(ApiError::invalid("type", "type must be sales, service, parts or car-buying."));
    }
    let mut locations = TenantRepo::new(&state.db, t.slug()).locations(false).await?;
    locations.retain(|l| {
        l.visible
            && kind.is_none_or(|k| {
                k == if l.location_type.is_empty() {
                    "sales"
                } else {
                    l.location_type.as_str()
                }
            })
    });
    let Some(code) = p.postcode.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(Json(LocationsResponse {
            origin: None,
            locations: locations
                .into_iter()
                .map(|location| LocatorEntry {
                    location,
                    distance_km: None,
                })
                .collect(),
        }));
    };
    let pc = crate::geo::postcode(code)
        .filter(|_| crate::geo::is_postcode(code))
        .ok_or_else(|| ApiError::bad_field("postcode", "invalid_postcode", "Invalid postcode"))?;
    Ok(Json(LocationsResponse {
        locations: nearest_first(locations, pc.lat, pc.long),
        origin: Some(LocatorOrigin {
            postcode: pc.postcode.clone(),
            locality: pc.locality.clone(),
            state: pc.state.clone(),
            lat: pc.lat,
            long: pc.long,
        }),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Address, ContactDetails};

    fn at(slug: &str, lat: Option<f64>, long: Option<f64>) -> Location {
        Location {
            id: 1,
            slug: slug.into(),
            name: slug.into(),
            primary: false,
            visible: true,
            location_type: "sales".into(),
            location_subtype: None,
            manufacturers: vec![],
            upcoming: false,
            dealership_id: 1,
            dealership_slug: "d".into(),
            address: Address {
                street: None,
                city: None,
                state: None,
                postcode: None,
                lat,
                long,
                place_url: None,
                place_id: None,
                map_key: None,
            },
            contact_detail: ContactDetails {
                phone: None,
                landline_phone: None,
                email: None,
                opening_hours: vec![],
            },
            special_hours: vec![],
            image_url: None,
            dealer_license_number: None,
            motor_vehicle_repairer: None,
            average_rating: None,
            review_count: None,
            distribution_locations: vec![],
        }
    }

    #[test]
    fn nearest_first_orders_by_great_circle_distance() {
        // From Brisbane (4000): Gold Coast (~66 km), Sydney (~730 km), Melbourne (~1375 km).
        let out = nearest_first(
            vec![
                at("melbourne", Some(-37.8136), Some(144.9631)),
                at("nowhere", None, None),
                at("sydney", Some(-33.8688), Some(151.2093)),
                at("gold-coast", Some(-28.0167), Some(153.4000)),
            ],
            -27.4698,
            153.0251,
        );
        let order: Vec<&str> = out.iter().map(|e| e.location.slug.as_str()).collect();
        assert_eq!(order, ["gold-coast", "sydney", "melbourne", "nowhere"]);
        let d: Vec<f64> = out.iter().filter_map(|e| e.distance_km).collect();
        assert!(d.windows(2).all(|w| w[0] <= w[1]));
        assert!((60.0..75.0).contains(&d[0]), "{d:?}");
        assert_eq!(out[3].distance_km, None);
    }

    #[test]
    fn averages_keep_one_decimal() {
        assert_eq!(one_decimal(4.66), "4.7");
        assert_eq!(one_decimal(5.0), "5.0");
    }
}
