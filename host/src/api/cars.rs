//! `GET /api/v1/cars/{slug}`: one car of the request's tenant with its location and images
//! (shopper-core §2 "Vehicle detail page", §3 "Car"). Another tenant's slug is a 404.

use axum::{
    Json,
    extract::{Path, State},
};
use serde::Serialize;
use utoipa::ToSchema;

use super::error::ApiError;
use crate::{
    model::{Car, CarImage, Location},
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
    Ok(Json(CarResponse {
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
