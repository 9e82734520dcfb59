//! JSON API v1 (docs/features/platform.md "Foundation") and its OpenAPI document at `/api/openapi.json`.

pub mod admin;
pub mod appointments;
pub mod auth;
pub mod car_events;
pub mod cars;
pub mod content;
pub mod contract;
pub mod finance;
pub mod lead_schemas;
pub mod leads;
pub mod print;
pub mod quote;
pub mod reservations;
pub mod search;
pub mod site;
pub mod standard_errors;
pub mod syndication;
pub mod tenant;
pub mod tools;

use crate::http::extract::Json;
use axum::{Router, extract::State, routing::get};
use standard_errors::StandardErrors;
use utoipa::OpenApi;

use crate::http::state::{AppState, CurrentTenant};

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
        cars::get_drive_away,
        car_events::get_view,
        car_events::post_phone_reveal,
        print::get_print_pdf,
        finance::post_repayment,
        quote::post_quote,
        tools::get_delivery,
        tools::get_autogauge,
        auth::post_send_code,
        auth::post_verify,
        auth::get_me,
        auth::post_sign_out,
        auth::post_rate_limit,
        auth::get_contact_exists,
        auth::post_save_car,
        auth::post_remove_car,
        auth::get_watchlist,
        auth::get_sms_outbox,
        leads::post_lead,
        leads::post_miscellaneous,
        appointments::get_appointments,
        tools::post_trade_in_estimate,
        tools::post_rego_lookup,
        reservations::get_reservation,
        reservations::post_stripe_webhook,
        leads::get_leads,
        leads::get_leads_csv,
        leads::get_deliveries,
        leads::post_retry,
        admin::post_import,
        admin::get_import_job,
        admin::get_plugins,
        admin::get_metrics,
        admin::get_tenants,
        admin::post_reload,
        admin::get_feeds,
        syndication::get_readiness,
        syndication::get_google_feed,
        syndication::get_meta_feed,
        search::get_search,
        search::get_search_count,
        search::get_similar,
        content::get_models,
        content::get_recalls,
        content::get_service,
        content::get_trade_in,
        content::get_vdp,
        content::get_page,
        site::get_navigation,
        site::get_offers,
        site::get_offer,
        site::get_brands,
        site::get_brand,
        site::get_manufacturers,
        site::get_reviews,
        site::get_locations
    ),
    components(schemas(
        crate::http::error::ErrorEnvelope,
        crate::http::error::ErrorBody,
        // Referenced by the admin import's query parameters (`?format=`, `?mode=`).
        crate::tenant::FeedFormat,
        crate::tenant::FeedMode
    )),
    modifiers(&StandardErrors)
)]
pub struct ApiDoc;

/// `GET /api/openapi.json`: the OpenAPI document of the request's site (its Host), with the
/// host's rules and the site's own required fields and values written in
/// ([`contract::document`]).
async fn get_openapi(State(state): State<AppState>, CurrentTenant(t): CurrentTenant) -> Json<serde_json::Value> {
    let rego = state.plugins.offers(t.slug(), crate::plugins::Point::RegoLookup);
    Json(contract::document(Some(&t), rego))
}

/// Routes under `/api` (the tenant middleware runs before them).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/openapi.json", get(get_openapi))
        .route("/api/v1/tenant", get(tenant::get_tenant))
        .route("/api/v1/cars/{slug}", get(cars::get_car))
        .route("/api/v1/search", get(search::get_search))
        .route("/api/v1/search/count", get(search::get_search_count))
        .route("/api/v1/cars/{slug}/drive-away", get(cars::get_drive_away))
        .route("/api/v1/cars/{slug}/similar", get(search::get_similar))
        .route("/api/v1/cars/{slug}/view.json", get(car_events::get_view))
        .route(
            "/api/v1/cars/{slug}/phone-reveal",
            axum::routing::post(car_events::post_phone_reveal),
        )
        .route("/api/v1/cars/{slug}/print.pdf", get(print::get_print_pdf))
        .route("/api/v1/finance/repayment", axum::routing::post(finance::post_repayment))
        .route("/api/v1/finance/quote", axum::routing::post(quote::post_quote))
        // The spec's own path for the quote (docs/features/shopper-core.md §7).
        .route("/api/youx/quote", axum::routing::post(quote::post_quote))
        .route("/api/v1/cars/{slug}/delivery", get(tools::get_delivery))
        .route("/api/v1/cars/{slug}/autogauge", get(tools::get_autogauge))
        // The spec's `GET {car path}/autogauge` (docs/features/shopper-core.md §7).
        .route("/cars/{slug}/autogauge", get(tools::get_autogauge))
        .route("/api/v1/content/models", get(content::get_models))
        .route("/api/v1/content/recalls", get(content::get_recalls))
        .route("/api/v1/content/service", get(content::get_service))
        .route("/api/v1/content/trade-in", get(content::get_trade_in))
        .route("/api/v1/content/vdp", get(content::get_vdp))
        .route("/api/v1/content/pages/{*path}", get(content::get_page))
        .route("/api/v1/navigation", get(site::get_navigation))
        .route("/api/v1/offers", get(site::get_offers))
        .route("/api/v1/offers/{id}", get(site::get_offer))
        .route("/api/v1/brands", get(site::get_brands))
        .route("/api/v1/brands/{slug}", get(site::get_brand))
        .route("/api/v1/manufacturers", get(site::get_manufacturers))
        .route("/api/v1/reviews", get(site::get_reviews))
        .route("/api/v1/locations", get(site::get_locations))
        // A stock feed may be up to `max_body_bytes` (64 MiB by default; the edge's
        // RequestBodyLimitLayer answers 413 in the envelope past it): axum's own 2 MiB default
        // for buffered bodies is lifted on this route only (issue 20 item 6).
        .route(
            "/api/v1/admin/import",
            axum::routing::post(admin::post_import).layer(axum::extract::DefaultBodyLimit::disable()),
        )
        .route("/api/v1/admin/import/jobs/{id}", get(admin::get_import_job))
        .route("/api/v1/admin/plugins", get(admin::get_plugins))
        .route("/api/v1/admin/tenants", get(admin::get_tenants))
        .route("/api/v1/admin/reload", axum::routing::post(admin::post_reload))
        .route("/api/v1/admin/feeds", get(admin::get_feeds))
        .route("/api/v1/admin/readiness", get(syndication::get_readiness))
        .route("/api/v1/feeds/google-vehicle-listings.xml", get(syndication::get_google_feed))
        .route("/api/v1/feeds/meta-vehicles.csv", get(syndication::get_meta_feed))
        .route("/metrics", get(admin::get_metrics))
        .route("/api/v1/leads", axum::routing::post(leads::post_lead))
        .route("/api/miscellaneous", axum::routing::post(leads::post_miscellaneous))
        .route("/api/v1/locations/{slug}/appointments", get(appointments::get_appointments))
        .route("/api/v1/trade-in/estimate", axum::routing::post(tools::post_trade_in_estimate))
        .route("/api/v1/trade-in/rego", axum::routing::post(tools::post_rego_lookup))
        .route("/api/v1/reservations/{lead_id}", get(reservations::get_reservation))
        .route(
            "/api/v1/payments/stripe/webhook",
            axum::routing::post(reservations::post_stripe_webhook),
        )
        .route("/api/v1/admin/leads", get(leads::get_leads))
        .route("/api/v1/admin/leads.csv", get(leads::get_leads_csv))
        .route("/api/v1/admin/leads/deliveries", get(leads::get_deliveries))
        .route("/api/v1/admin/leads/deliveries/{id}/retry", axum::routing::post(leads::post_retry))
}
