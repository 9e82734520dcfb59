//! `GET /api/v1/cars/{slug}/print.pdf`: a printable A4 PDF of one car (docs/features/platform.md
//! "Vehicle detail page"; docs/features/shopper-core.md §7 "PDF generation for a car slug"). The
//! handler finds the car with `cars::detail` and hands it to `print::render_pdf`, which lays the
//! brochure out (any Unicode text prints; see src/print.rs).

use crate::http::extract::Path;
use axum::{
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};

use crate::http::{
    error::ApiError,
    state::{AppState, CurrentTenant},
};

/// The car as a PDF download (`{slug}.pdf`).
#[utoipa::path(get, path = "/api/v1/cars/{slug}/print.pdf", tag = "cars",
    params(("slug" = String, Path, description = "Car slug")),
    responses((status = 200, description = "A4 PDF", content_type = "application/pdf"),
        (status = 404, description = "No such car on this site", body = crate::http::error::ErrorEnvelope)))]
pub async fn get_print_pdf(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    headers: axum::http::HeaderMap,
    Path(slug): Path<String>,
) -> Result<Response, ApiError> {
    let res = crate::cars::detail(state.platform(), &t, &slug).await?;
    let url = format!("{}{}", crate::http::web::seo::base_url(&t, &headers), res.path);
    let site = t.config.name.clone();
    let pdf = tokio::task::spawn_blocking(move || crate::print::render_pdf(&res, &site, &url))
        .await
        .map_err(|e| ApiError::internal(format!("pdf task failed: {e}")))??;
    let mut r = pdf.into_response();
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"{slug}.pdf\"")) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(r)
}
