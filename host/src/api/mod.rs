//! JSON API v1 (issue "Foundation" item 7) and its OpenAPI document at `/api/openapi.json`.

pub mod admin;
pub mod cars;
pub mod error;
pub mod tenant;

use axum::{Json, Router, routing::get};
use utoipa::OpenApi;

use crate::server::AppState;

/// The OpenAPI document of the JSON API.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Forecourt API",
        version = "1",
        description = "Multi-tenant car-dealer platform API. The tenant is resolved from the Host header."
    ),
    paths(tenant::get_tenant, cars::get_car, admin::post_import),
    components(schemas(error::ErrorEnvelope, error::ErrorBody))
)]
pub struct ApiDoc;

/// Routes under `/api` (the tenant middleware runs before them).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/openapi.json", get(|| async { Json(ApiDoc::openapi()) }))
        .route("/api/v1/tenant", get(tenant::get_tenant))
        .route("/api/v1/cars/{slug}", get(cars::get_car))
        .route("/api/v1/admin/import", axum::routing::post(admin::post_import))
}
