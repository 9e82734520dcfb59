//! Static assets of the UI: the shell's hashed files under `/assets/` and each template remote
//! under `/ui-plugins/<template>/` (ui-shell/README.md "Asset layout"). Hashed files are cached
//! for a year as immutable; the remotes' `remoteEntry.js` (found by name) is revalidated.
//! Compression (brotli, gzip) is applied by the server's compression layer.

use crate::http::extract::Path;
use axum::{
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use tower::ServiceExt;
use tower_http::services::ServeDir;

use crate::{http::error::ApiError, http::state::AppState};

/// `Cache-Control` of content-hashed files.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of files found by name.
pub const REVALIDATE: &str = "no-cache";

async fn serve_file(dir: std::path::PathBuf, rel: &str, req: Request, cache: &'static str) -> Response {
    if rel.split('/').any(|s| s == ".." || s.starts_with('.')) {
        return ApiError::not_found("No such asset").into_response();
    }
    let uri = format!("/{rel}");
    let mut req = req;
    *req.uri_mut() = match uri.parse() {
        Ok(u) => u,
        Err(_) => return ApiError::not_found("No such asset").into_response(),
    };
    match ServeDir::new(dir).oneshot(req).await {
        Ok(res) if res.status() == StatusCode::NOT_FOUND => ApiError::not_found("No such asset").into_response(),
        Ok(mut res) => {
            if res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED {
                res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            }
            res.into_response()
        }
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// `GET /assets/{*path}`: a file of `ui-shell/dist/assets` (content-hashed: immutable).
pub async fn shell_asset(State(state): State<AppState>, Path(path): Path<String>, req: Request) -> Response {
    serve_file(state.settings.ui_dist_dir.join("assets"), &path, req, IMMUTABLE).await
}

/// `GET /ui-plugins/{template}/{*path}`: a file of `ui-plugins/<template>/dist`; `remoteEntry.js`
/// is revalidated, hashed assets are immutable.
pub async fn remote_asset(State(state): State<AppState>, Path((template, path)): Path<(String, String)>, req: Request) -> Response {
    if template.is_empty() || !template.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
        return ApiError::not_found("No such template").into_response();
    }
    let cache = if path.starts_with("assets/") { IMMUTABLE } else { REVALIDATE };
    serve_file(state.settings.ui_plugins_dir.join(&template).join("dist"), &path, req, cache).await
}
