//! `GET /api/v1/cars/{slug}`: one car of the request's tenant with its location and images
//! (shopper-core §2 "Vehicle detail page", §3 "Car"), and what the tenant's plugins (or the host
//! defaults) decide about it: tag, price view, eligibility, phone and finance, with `decided_by`
//! naming who decided each (issue 3). Another tenant's slug is a 404.

use axum::{
    Json,
    extract::{Path, State},
};
use serde::Serialize;
use utoipa::ToSchema;

use super::error::ApiError;
use crate::{
    model::{Car, CarImage, Location},
    plugins::{DecidedBy, Eligibility, FinanceOffer, Phone, PriceView, Tag, unix_now},
    repo::TenantRepo,
    server::{AppState, CurrentTenant},
};

/// A car with what the VDP needs around it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CarResponse {
    /// The car.
    pub car: Car,
    /// `/cars/{slug}`.
    pub path: String,
    /// 'year make model badge'.
    pub name: String,
    /// in_stock or coming_soon (otherwise the sold view shows).
    pub available: bool,
    /// The car's location, when it has a visible one.
    pub location: Option<Location>,
    /// Images, primary first; `primary_image_url` is the first.
    pub images: Vec<CarImage>,
    /// First image URL.
    pub primary_image_url: Option<String>,
    /// Number of images.
    pub photos_count: usize,
    /// The card/VDP tag (shopper-core §4 "Card tag priority"); null for no tag.
    pub tag: Option<Tag>,
    /// The price view (shopper-core §4 "Price display"; money in AUD).
    pub price_view: PriceView,
    /// Which actions the car offers (shopper-core §5; lfm §4-§5).
    pub eligibility: Eligibility,
    /// The dealer number for this car's type (shopper-core §9), shown, dialled and masked; null
    /// when the tenant has none.
    pub phone: Option<Phone>,
    /// Finance calculator limits and defaults, widget visibility and the estimate at the defaults
    /// (shopper-core §5, §9); null when finance is not offered for this car.
    pub finance: Option<FinanceOffer>,
    /// Who decided each of `tag`, `price_view`, `eligibility`, `phone`, `finance`: `host` (the
    /// default rule) or the plugin's `name@version`, for example `tag-rules-ev@0.1.0`.
    pub decided_by: DecidedBy,
}

/// One car by slug.
#[utoipa::path(get, path = "/api/v1/cars/{slug}", tag = "cars",
    params(("slug" = String, Path, description = "Car slug")),
    responses((status = 200, body = CarResponse), (status = 404, description = "No such car on this site", body = super::error::ErrorEnvelope)))]
pub async fn get_car(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(slug): Path<String>,
) -> Result<Json<CarResponse>, ApiError> {
    let repo = TenantRepo::new(&state.db, t.slug());
    let car = repo
        .car_by_slug(&slug)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("No car `{slug}` on this site")))?;
    let location = match car.location_id {
        Some(id) => repo.location(id).await?,
        None => None,
    };
    let images: Vec<CarImage> = car
        .image_urls
        .0
        .iter()
        .map(|u| CarImage {
            url: u.clone(),
            thumb_url: u.clone(),
        })
        .collect();
    let p = state
        .plugins
        .present_async(t.clone(), vec![car.clone()], unix_now())
        .await
        .pop()
        .ok_or_else(|| ApiError::internal("plugin presentation returned no answer"))?;
    Ok(Json(CarResponse {
        tag: p.tag,
        price_view: p.price_view,
        eligibility: p.eligibility,
        phone: p.phone,
        finance: p.finance,
        decided_by: p.decided_by,
        path: car.path(),
        name: car.name(),
        available: car.is_available(),
        primary_image_url: images.first().map(|i| i.url.clone()),
        photos_count: images.len(),
        images,
        location,
        car,
    }))
}
