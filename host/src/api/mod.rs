//! JSON API v1 (issue "Foundation" item 7) and its OpenAPI document at `/api/openapi.json`.

pub mod admin;
pub mod car_events;
pub mod cars;
pub mod error;
pub mod finance;
pub mod print;
pub mod search;
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
    paths(
        tenant::get_tenant,
        cars::get_car,
        car_events::get_view,
        car_events::post_phone_reveal,
        print::get_print_pdf,
        finance::post_repayment,
        admin::post_import,
        search::get_search,
        search::get_search_count,
        search::get_similar
    ),
    components(schemas(error::ErrorEnvelope, error::ErrorBody))
)]
pub struct ApiDoc;

/// Routes under `/api` (the tenant middleware runs before them).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/openapi.json", get(|| async { Json(ApiDoc::openapi()) }))
        .route("/api/v1/tenant", get(tenant::get_tenant))
        .route("/api/v1/cars/{slug}", get(cars::get_car))
        .route("/api/v1/search", get(search::get_search))
        .route("/api/v1/search/count", get(search::get_search_count))
        .route("/api/v1/cars/{slug}/similar", get(search::get_similar))
        .route("/api/v1/cars/{slug}/view.json", get(car_events::get_view))
        .route(
            "/api/v1/cars/{slug}/phone-reveal",
            axum::routing::post(car_events::post_phone_reveal),
        )
        .route("/api/v1/cars/{slug}/print.pdf", get(print::get_print_pdf))
        .route("/api/v1/finance/repayment", axum::routing::post(finance::post_repayment))
        .route("/api/v1/admin/import", axum::routing::post(admin::post_import))
}
