//! The content API (docs/features/platform.md "Marketing and content pages"): the electric-model area,
//! the recall page, the service and trade-in information and the markdown pages, as read and rendered at
//! start by `crate::content`. Each answers 404 (`not_found`) when the tenant has no such content.
//! Spec: docs/features/locations-forms-marketing.md §2 "Electric-model marketing area", "Recall page", "Trade-in
//! information", the informational routes; §3 Model variant, Colour, Slide, Category card, Recall record.

use crate::http::extract::{Json, Path};

use crate::http::error::{ApiError, ErrorEnvelope};
use crate::{
    content::{ContentPage, ModelsContent, RecallsContent, ServiceContent, TradeInContent, VdpContent},
    http::state::CurrentTenant,
};

/// `GET /api/v1/content/models`: slides, families, tabs, banners, tiles, compare defaults, the six
/// variants and their colours. Errors: 404 on a site without the model area.
#[utoipa::path(get, path = "/api/v1/content/models", tag = "content",
    responses((status = 200, body = ModelsContent), (status = 404, body = ErrorEnvelope)))]
pub async fn get_models(CurrentTenant(t): CurrentTenant) -> Result<Json<ModelsContent>, ApiError> {
    t.content
        .models
        .clone()
        .map(Json)
        .ok_or_else(|| ApiError::not_found("This site has no model pages."))
}

/// `GET /api/v1/content/recalls`: the recall campaigns and the FAQ. Errors: 404 when the site has none.
#[utoipa::path(get, path = "/api/v1/content/recalls", tag = "content",
    responses((status = 200, body = RecallsContent), (status = 404, body = ErrorEnvelope)))]
pub async fn get_recalls(CurrentTenant(t): CurrentTenant) -> Result<Json<RecallsContent>, ApiError> {
    t.content
        .recalls
        .clone()
        .map(Json)
        .ok_or_else(|| ApiError::not_found("This site has no recall page."))
}

/// `GET /api/v1/content/vdp`: the VDP's warranty wording by car type and make, the money-back
/// guarantee and the blog links (docs/features/shopper-core.md §2 "blogs", §9 warranty wording and
/// the 48-hour money-back guarantee; `crate::content::vdp`). Errors: 404 when the site has none.
#[utoipa::path(get, path = "/api/v1/content/vdp", tag = "content",
    responses((status = 200, body = VdpContent), (status = 404, body = ErrorEnvelope)))]
pub async fn get_vdp(CurrentTenant(t): CurrentTenant) -> Result<Json<VdpContent>, ApiError> {
    t.content
        .vdp
        .clone()
        .map(Json)
        .ok_or_else(|| ApiError::not_found("This site has no VDP content."))
}

/// `GET /api/v1/content/service`: the service page's banner, sections, perks, quote wording and
/// external booking page. Errors: 404 when the site has none.
#[utoipa::path(get, path = "/api/v1/content/service", tag = "content",
    responses((status = 200, body = ServiceContent), (status = 404, body = ErrorEnvelope)))]
pub async fn get_service(CurrentTenant(t): CurrentTenant) -> Result<Json<ServiceContent>, ApiError> {
    t.content
        .service
        .clone()
        .map(Json)
        .ok_or_else(|| ApiError::not_found("This site has no service information."))
}

/// `GET /api/v1/content/trade-in`: the trade-in FAQ and the privacy line's brand. Errors: 404 when
/// the site has none.
#[utoipa::path(get, path = "/api/v1/content/trade-in", tag = "content",
    responses((status = 200, body = TradeInContent), (status = 404, body = ErrorEnvelope)))]
pub async fn get_trade_in(CurrentTenant(t): CurrentTenant) -> Result<Json<TradeInContent>, ApiError> {
    t.content
        .trade_in
        .clone()
        .map(Json)
        .ok_or_else(|| ApiError::not_found("This site has no trade-in information."))
}

/// `GET /api/v1/content/pages/{path}`: the markdown page at `/{path}` (`about-us`,
/// `pages/warranty`), its HTML sanitised. Errors: 404 when the site has no such page.
#[utoipa::path(get, path = "/api/v1/content/pages/{path}", tag = "content",
    params(("path" = String, Path, description = "The page's URL path without its leading slash, e.g. `about-us` or `pages/warranty`")),
    responses((status = 200, body = ContentPage), (status = 404, body = ErrorEnvelope)))]
pub async fn get_page(CurrentTenant(t): CurrentTenant, Path(path): Path<String>) -> Result<Json<ContentPage>, ApiError> {
    t.content
        .page(&format!("/{}", path.trim_start_matches('/')))
        .cloned()
        .map(Json)
        .ok_or_else(|| ApiError::not_found(format!("No page at /{path} on this site.")))
}
