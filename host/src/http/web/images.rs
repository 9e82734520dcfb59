//! The host image endpoint (docs/features/platform.md "Search results page",
//! docs/features/platform.md "Vehicle detail page"): `GET /img/{path}?w={px}&q={1-100}`.
//!
//! - `{path}` is a file under the tenant's media folder (`tenants/<slug>/<media_dir>/...`,
//!   default `media`; feeds name car photos as `/img/<path>`), JPEG, PNG or WebP. Another tenant's files are unreachable:
//!   the tenant comes from the Host header and the path may not leave its folder.
//! - `w` (CSS px, 16-2560) is rounded up to the next of [`WIDTHS`] so caches stay bounded; the
//!   image is never enlarged. `q` (1-100, default [`DEFAULT_QUALITY`]) is rounded to a multiple
//!   of 5. Without `w` the original size is kept.
//! - The format follows the `Accept` header: AVIF when accepted, else WebP, else JPEG (PNG for
//!   sources with transparency); `Vary: Accept`. AVIF costs 15-35 times a WebP to encode
//!   (BENCHMARKS.md "Images"), so an AVIF not made yet is answered with the WebP (for a client
//!   that takes WebP) with `max-age=60`, while one background encoder makes the AVIF; later
//!   requests get the AVIF, cached for a day.
//! - Results are cached on disk under `<data_dir>/cache/img/<tenant>/`, keyed by the source's
//!   path, size and modification time and the options, written atomically (temp file, rename);
//!   an `ETag` answers `If-None-Match` with 304.
//! - `/img/placeholder/{body}.svg`: the body-type placeholder for cars with no photo (`suv`,
//!   `ute`, `van`, `hatch`...; anything else draws a sedan).
//!
//! Errors: 400 naming `w` or `q` when out of range, 404 for a missing file or a path that leaves
//! the folder, 415 for another file type, 422 when the file cannot be decoded.

use std::{
    collections::HashSet,
    io::Cursor,
    path::{Component, Path as FsPath, PathBuf},
    sync::{LazyLock, Mutex},
};

use crate::http::extract::{Path, Query};
use axum::{
    body::Body,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use image::{DynamicImage, ImageEncoder, ImageFormat, codecs::avif::AvifEncoder, codecs::jpeg::JpegEncoder};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use crate::{
    http::error::ApiError,
    http::state::{AppState, CurrentTenant},
};

/// Widths (px) a request's `w` is rounded up to; card sizes 250, 400, 500 and gallery sizes.
pub const WIDTHS: &[u32] = &[120, 160, 250, 320, 400, 500, 640, 800, 960, 1280, 1600, 1920, 2560];
/// Quality when `q` is absent (docs/features/platform.md "Search results page").
pub const DEFAULT_QUALITY: u8 = 75;
/// Largest source accepted, bytes.
pub const MAX_SOURCE_BYTES: u64 = 30 * 1024 * 1024;
/// AVIF encoder speed, 1 (slow, small) to 10 (fast); 8 keeps a first request well under a second.
const AVIF_SPEED: u8 = 8;

/// At most this many images are decoded and encoded at once for answers (each takes a CPU for a while).
static ENCODERS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(2));
/// Cache files of AVIFs being made in the background (each is made once).
static AVIF_IN_FLIGHT: LazyLock<Mutex<HashSet<PathBuf>>> = LazyLock::new(|| Mutex::new(HashSet::new()));
/// AVIFs waiting for the background encoder, at most; a request that finds the queue full is
/// answered with the WebP as usual and a later request queues the AVIF again.
pub const AVIF_QUEUE_LEN: usize = 512;
/// The nice value of the background encoder's thread on Linux (Chromium's "background" thread
/// level): under contention it gets about a tenth of a CPU against a thread at the default 0, so a
/// page's first visitor, who asks for dozens of new images at once, does not set the host encoding
/// AVIFs at full speed beside the answers (and, on a machine shared with a browser, beside its
/// page). Idle CPU still goes to it at full speed.
pub const AVIF_NICE: i32 = 10;

/// One AVIF to make: the source file, the width and quality asked, and where the result goes.
struct AvifJob {
    source: PathBuf,
    width: Option<u32>,
    quality: u8,
    cache_dir: PathBuf,
    cached: PathBuf,
}

/// The background encoder's queue: one thread, started on first use, makes the AVIFs one at a time
/// at [`AVIF_NICE`] (apart from [`ENCODERS`], so answers never wait behind them). `None` when the
/// thread could not be started (then no AVIF is made and WebP keeps being answered).
static AVIF_QUEUE: LazyLock<Option<std::sync::mpsc::SyncSender<AvifJob>>> = LazyLock::new(|| {
    let (tx, rx) = std::sync::mpsc::sync_channel::<AvifJob>(AVIF_QUEUE_LEN);
    let started = std::thread::Builder::new().name("forecourt-avif".into()).spawn(move || {
        lower_this_thread_priority();
        for job in rx {
            match encode_file(&job.source, job.width, job.quality, OutFormat::Avif) {
                Ok((bytes, _)) => write_cache_file(&job.cache_dir, &job.cached, &bytes),
                Err((_, e)) => tracing::warn!(file = %job.source.display(), error = %e, "background AVIF failed"),
            }
            AVIF_IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner()).remove(&job.cached);
        }
    });
    match started {
        Ok(_) => Some(tx),
        Err(e) => {
            tracing::warn!(error = %e, "the background AVIF encoder could not start: WebP only");
            None
        }
    }
});

/// Lowers the calling thread's CPU priority to [`AVIF_NICE`] (Linux: `setpriority` on the calling
/// thread, which is per thread there); elsewhere, or when refused, the thread keeps its priority
/// (logged).
fn lower_this_thread_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: setpriority takes plain integers and only changes the calling thread's nice value
        // (PRIO_PROCESS with who = 0 is the calling thread on Linux).
        let rc = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, AVIF_NICE) };
        if rc != 0 {
            tracing::warn!(error = %std::io::Error::last_os_error(), "background AVIF encoder keeps its priority");
        }
    }
}
/// `max-age` (s) of a WebP answered while its AVIF is being made.
pub const INTERIM_MAX_AGE: u32 = 60;

/// `?w=&q=`.
#[derive(Debug, Deserialize)]
pub struct ImageParams {
    /// Width in CSS px, 16-2560.
    pub w: Option<String>,
    /// Quality 1-100.
    pub q: Option<String>,
}

/// The encoded output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutFormat {
    /// `image/avif`.
    Avif,
    /// `image/webp` (lossy).
    Webp,
    /// `image/jpeg`.
    Jpeg,
    /// `image/png` (sources with transparency, for clients without AVIF/WebP).
    Png,
}

impl OutFormat {
    /// MIME type.
    pub fn mime(self) -> &'static str {
        match self {
            OutFormat::Avif => "image/avif",
            OutFormat::Webp => "image/webp",
            OutFormat::Jpeg => "image/jpeg",
            OutFormat::Png => "image/png",
        }
    }

    fn ext(self) -> &'static str {
        match self {
            OutFormat::Avif => "avif",
            OutFormat::Webp => "webp",
            OutFormat::Jpeg => "jpg",
            OutFormat::Png => "png",
        }
    }
}

/// The format for an `Accept` header value: AVIF if listed, else WebP, else JPEG (PNG when the
/// source has alpha). A `q=0` entry counts as not accepted.
pub fn negotiate(accept: &str, has_alpha: bool) -> OutFormat {
    if accepts(accept, "image/avif") {
        OutFormat::Avif
    } else if accepts(accept, "image/webp") {
        OutFormat::Webp
    } else if has_alpha {
        OutFormat::Png
    } else {
        OutFormat::Jpeg
    }
}

/// Whether an `Accept` header names `mime` without `q=0`.
fn accepts(accept: &str, mime: &str) -> bool {
    accept.split(',').any(|part| {
        let mut it = part.split(';').map(str::trim);
        it.next() == Some(mime) && !it.any(|p| p.replace(' ', "") == "q=0")
    })
}

/// Parses `w`: None when absent; Some(width rounded up to [`WIDTHS`]); Err with the reason.
pub fn parse_width(w: Option<&str>) -> Result<Option<u32>, String> {
    let Some(w) = w.map(str::trim).filter(|w| !w.is_empty()) else {
        return Ok(None);
    };
    let n: u32 = w.parse().map_err(|_| "must be a whole number of pixels".to_string())?;
    if !(16..=2560).contains(&n) {
        return Err("must be between 16 and 2560".into());
    }
    Ok(Some(*WIDTHS.iter().find(|x| **x >= n).unwrap_or(&2560)))
}

/// Parses `q`: [`DEFAULT_QUALITY`] when absent, else 1-100 rounded to the nearest multiple of 5
/// (at least 5).
pub fn parse_quality(q: Option<&str>) -> Result<u8, String> {
    let Some(q) = q.map(str::trim).filter(|q| !q.is_empty()) else {
        return Ok(DEFAULT_QUALITY);
    };
    let n: u32 = q.parse().map_err(|_| "must be a whole number from 1 to 100".to_string())?;
    if !(1..=100).contains(&n) {
        return Err("must be between 1 and 100".into());
    }
    Ok((((n + 2) / 5) * 5).clamp(5, 100) as u8)
}

/// The file for `rel` inside `root`, or None when `rel` is absolute, has `..`, or is hidden.
pub fn safe_join(root: &FsPath, rel: &str) -> Option<PathBuf> {
    let p = FsPath::new(rel);
    let mut out = root.to_path_buf();
    for c in p.components() {
        match c {
            Component::Normal(s) => {
                let s = s.to_str()?;
                if s.starts_with('.') {
                    return None;
                }
                out.push(s);
            }
            _ => return None,
        }
    }
    (out != root).then_some(out)
}

/// Resizes (never enlarges) to `width` px keeping the aspect ratio, and encodes.
/// Errors: the encoder's message.
pub fn transcode(img: &DynamicImage, width: Option<u32>, quality: u8, fmt: OutFormat) -> Result<Vec<u8>, String> {
    let img = match width {
        Some(w) if w < img.width() => {
            let h = ((u64::from(img.height()) * u64::from(w)) / u64::from(img.width().max(1))).max(1) as u32;
            img.resize_exact(w, h, image::imageops::FilterType::CatmullRom)
        }
        _ => img.clone(),
    };
    let mut out = Vec::new();
    match fmt {
        OutFormat::Avif => {
            let rgba = img.to_rgba8();
            AvifEncoder::new_with_speed_quality(&mut out, AVIF_SPEED, quality)
                .with_num_threads(Some(1))
                .write_image(rgba.as_raw(), rgba.width(), rgba.height(), image::ExtendedColorType::Rgba8)
                .map_err(|e| e.to_string())?;
        }
        OutFormat::Webp => {
            let rgba = img.to_rgba8();
            out = webp::Encoder::from_rgba(rgba.as_raw(), rgba.width(), rgba.height())
                .encode(f32::from(quality))
                .to_vec();
        }
        OutFormat::Jpeg => {
            let rgb = img.to_rgb8();
            JpegEncoder::new_with_quality(&mut out, quality)
                .write_image(rgb.as_raw(), rgb.width(), rgb.height(), image::ExtendedColorType::Rgb8)
                .map_err(|e| e.to_string())?;
        }
        OutFormat::Png => {
            img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(out)
}

/// The format of encoded bytes by their signature (JPEG when unknown).
pub fn sniff(b: &[u8]) -> OutFormat {
    if b.len() >= 12 && &b[4..8] == b"ftyp" && (&b[8..12] == b"avif" || &b[8..12] == b"avis") {
        OutFormat::Avif
    } else if b.len() >= 12 && &b[0..4] == b"RIFF" && &b[8..12] == b"WEBP" {
        OutFormat::Webp
    } else if b.starts_with(b"\x89PNG") {
        OutFormat::Png
    } else {
        OutFormat::Jpeg
    }
}

fn cached_response(bytes: Vec<u8>, fmt: &str, etag: &str, max_age: u32) -> Response {
    let mut res = Response::new(Body::from(bytes));
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_str(fmt).expect("mime"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_str(&format!("public, max-age={max_age}")).expect("ascii"),
    );
    h.insert(header::VARY, HeaderValue::from_static("Accept"));
    h.insert(header::ETAG, HeaderValue::from_str(etag).expect("hex"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    res
}

fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// `GET /img/{*path}` (see the module docs).
pub async fn image(
    State(state): State<AppState>,
    CurrentTenant(t): CurrentTenant,
    Path(path): Path<String>,
    Query(params): Query<ImageParams>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(body) = path.strip_prefix("placeholder/").and_then(|p| p.strip_suffix(".svg")) {
        let svg = placeholder_svg(body);
        let etag = format!("\"{}\"", &hex::encode(Sha256::digest(svg.as_bytes()))[..16]);
        if not_modified(&headers, &etag) {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
        return Ok(cached_response(svg.into_bytes(), "image/svg+xml", &etag, 86_400));
    }
    let width = parse_width(params.w.as_deref()).map_err(|m| ApiError::invalid("w", format!("w {m}")))?;
    let quality = parse_quality(params.q.as_deref()).map_err(|m| ApiError::invalid("q", format!("q {m}")))?;
    let not_found = || ApiError::not_found(format!("No image `{path}` on this site"));
    let source = safe_join(&t.dir.join(&t.config.media_dir), &path).ok_or_else(not_found)?;
    let ext = source
        .extension()
        .and_then(|e| e.to_str())
        .map(|e| e.to_ascii_lowercase())
        .unwrap_or_default();
    if !["jpg", "jpeg", "png", "webp"].contains(&ext.as_str()) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Only JPEG, PNG and WebP images are served",
        ));
    }
    let meta = tokio::fs::metadata(&source).await.map_err(|_| not_found())?;
    if !meta.is_file() || meta.len() > MAX_SOURCE_BYTES {
        return Err(not_found());
    }
    let mtime = meta
        .modified()
        .ok()
        .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    // Alpha is known only after decoding; PNG/WebP sources may have it.
    let maybe_alpha = ext == "png" || ext == "webp";
    let fmt = negotiate(&accept, maybe_alpha);
    // The cache key of this image in a format: source, size, modification time and options.
    let key_for = |f: OutFormat| {
        hex::encode(Sha256::digest(format!(
            "{path}|{}|{mtime}|{width:?}|{quality}|{}",
            meta.len(),
            f.ext()
        )))
    };
    let key = key_for(fmt);
    let etag = format!("\"{}\"", &key[..32]);
    if not_modified(&headers, &etag) {
        return Ok(StatusCode::NOT_MODIFIED.into_response());
    }
    let cache_dir = state.settings.data_dir.join("cache").join("img").join(t.slug());
    let cached = cache_dir.join(format!("{key}.{}", fmt.ext()));
    if let Ok(bytes) = tokio::fs::read(&cached).await {
        let mime = sniff(&bytes).mime();
        return Ok(cached_response(bytes, mime, &etag, 86_400));
    }
    if fmt == OutFormat::Avif && accepts(&accept, "image/webp") {
        // Not made yet: the WebP now, the AVIF in the background.
        make_avif_later(source.clone(), width, quality, cache_dir.clone(), cached);
        let webp_key = key_for(OutFormat::Webp);
        let webp_etag = format!("\"{}\"", &webp_key[..32]);
        if not_modified(&headers, &webp_etag) {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
        let webp_file = cache_dir.join(format!("{webp_key}.webp"));
        let bytes = match tokio::fs::read(&webp_file).await {
            Ok(b) => b,
            Err(_) => {
                encode_and_cache(&t, &path, source, width, quality, OutFormat::Webp, &cache_dir, &webp_file)
                    .await?
                    .0
            }
        };
        return Ok(cached_response(bytes, OutFormat::Webp.mime(), &webp_etag, INTERIM_MAX_AGE));
    }
    let (bytes, out_fmt) = encode_and_cache(&t, &path, source, width, quality, fmt, &cache_dir, &cached).await?;
    Ok(cached_response(bytes, out_fmt.mime(), &etag, 86_400))
}

/// Decodes `source`, encodes it as `fmt` at `width` and `quality` under one [`ENCODERS`] permit
/// and writes it to `cached` (unless another request did while this one waited). Returns the
/// bytes and the format made: a PNG without transparency becomes JPEG.
#[allow(clippy::too_many_arguments)]
async fn encode_and_cache(
    t: &crate::tenant::Tenant,
    path: &str,
    source: PathBuf,
    width: Option<u32>,
    quality: u8,
    fmt: OutFormat,
    cache_dir: &FsPath,
    cached: &FsPath,
) -> Result<(Vec<u8>, OutFormat), ApiError> {
    let not_found = || ApiError::not_found(format!("No image `{path}` on this site"));
    let _permit = ENCODERS.acquire().await.map_err(|_| ApiError::internal("image encoder closed"))?;
    // Another request may have made it while this one waited.
    if let Ok(bytes) = tokio::fs::read(cached).await {
        let made = sniff(&bytes);
        return Ok((bytes, made));
    }
    let encoded = tokio::task::spawn_blocking(move || encode_file(&source, width, quality, fmt))
        .await
        .map_err(|e| ApiError::internal(format!("image task failed: {e}")))?;
    let (bytes, out_fmt) = encoded.map_err(|(status, msg)| {
        tracing::warn!(tenant = %t.slug(), path = %path, error = %msg, "image failed");
        match status {
            StatusCode::NOT_FOUND => not_found(),
            StatusCode::UNPROCESSABLE_ENTITY => ApiError::new(status, "undecodable_image", "The image file cannot be decoded"),
            _ => ApiError::internal("image encoding failed"),
        }
    })?;
    // Cached under the negotiated key; a PNG answer that became JPEG is told apart by its bytes.
    let (dir, file, copy) = (cache_dir.to_path_buf(), cached.to_path_buf(), bytes.clone());
    if let Err(e) = tokio::task::spawn_blocking(move || write_cache_file(&dir, &file, &copy)).await {
        tracing::warn!(error = %e, "image cache write task failed");
    }
    Ok((bytes, out_fmt))
}

/// Reads and decodes `src` and encodes it (blocking). Errors: 404 when unreadable, 422 when
/// undecodable, 500 when the encoder fails, with the cause.
fn encode_file(src: &FsPath, width: Option<u32>, quality: u8, fmt: OutFormat) -> Result<(Vec<u8>, OutFormat), (StatusCode, String)> {
    let img = image::ImageReader::open(src)
        .and_then(|r| r.with_guessed_format())
        .map_err(|e| (StatusCode::NOT_FOUND, e.to_string()))?
        .decode()
        .map_err(|e| (StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
    // A PNG or WebP without transparency is encoded as JPEG for old clients.
    let fmt = if fmt == OutFormat::Png && !img.color().has_alpha() {
        OutFormat::Jpeg
    } else {
        fmt
    };
    transcode(&img, width, quality, fmt)
        .map(|b| (b, fmt))
        .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e))
}

/// Queues the AVIF of `source` for `cached` on the background encoder ([`AVIF_QUEUE`]), once per
/// file however many requests ask meanwhile; when the queue is full the file is not queued and the
/// next request tries again; a failure is logged and the next request tries again.
fn make_avif_later(source: PathBuf, width: Option<u32>, quality: u8, cache_dir: PathBuf, cached: PathBuf) {
    let Some(queue) = AVIF_QUEUE.as_ref() else { return };
    if !AVIF_IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner()).insert(cached.clone()) {
        return;
    }
    let job = AvifJob {
        source,
        width,
        quality,
        cache_dir,
        cached: cached.clone(),
    };
    if queue.try_send(job).is_err() {
        AVIF_IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner()).remove(&cached);
    }
}

/// Writes `bytes` to the cache file `file` in `dir` atomically (a temporary file renamed over it),
/// creating `dir`; a failure is logged and leaves no temporary file (the image is made again on a
/// later request). Blocking: call it off the async runtime.
fn write_cache_file(dir: &FsPath, file: &FsPath, bytes: &[u8]) {
    if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| crate::fsio::write_atomic(file, bytes)) {
        tracing::warn!(file = %file.display(), error = %e, "image cache write failed");
    }
}

/// The body-type placeholder SVG (docs/features/shopper-core.md §2 cards; docs/features/platform.md
/// "Search results page") for a body slug (`suv`, `ute`, `van`, `hatch`, `wagon`, `coupe`,
/// `convertible`, `people-mover`, `cab-chassis`...; anything else draws a sedan). 400x300 view box,
/// neutral greys, labelled for screen readers.
pub fn placeholder_svg(body: &str) -> String {
    let body = body.to_ascii_lowercase();
    // Side profiles over a 400x300 box: roof line, then the lower body, wheels at 120 and 290.
    let (outline, label) = match body.as_str() {
        "suv" | "4x4" | "wagon" => (
            "M40 200 L55 150 L110 145 L150 100 L290 100 L330 145 L365 155 L370 200 Z",
            if body == "wagon" { "Wagon" } else { "SUV" },
        ),
        "ute" | "cab-chassis" | "pickup" => ("M35 200 L40 150 L120 145 L150 100 L225 100 L240 145 L375 145 L375 200 Z", "Ute"),
        "van" | "people-mover" | "peoplemover" | "bus" => (
            "M40 200 L40 110 L70 85 L330 85 L365 130 L370 200 Z",
            if body == "van" { "Van" } else { "People mover" },
        ),
        "hatch" | "hatchback" => ("M45 200 L55 155 L120 145 L165 105 L285 105 L335 150 L350 200 Z", "Hatch"),
        "coupe" | "convertible" | "sports" => (
            "M35 200 L45 165 L125 150 L175 120 L265 118 L325 150 L370 165 L372 200 Z",
            if body == "convertible" { "Convertible" } else { "Coupe" },
        ),
        _ => ("M35 200 L45 160 L115 150 L160 110 L275 110 L320 150 L368 160 L372 200 Z", "Car"),
    };
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="{label}: photo coming soon"><rect width="400" height="300" fill="#eef0f3"/><path d="{outline}" fill="#c5cad3"/><circle cx="120" cy="205" r="28" fill="#8a919c"/><circle cx="120" cy="205" r="12" fill="#eef0f3"/><circle cx="290" cy="205" r="28" fill="#8a919c"/><circle cx="290" cy="205" r="12" fill="#eef0f3"/><text x="200" y="270" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18" fill="#5b626d">Photo coming soon</text></svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_round_up_to_the_ladder() {
        assert_eq!(parse_width(None), Ok(None));
        assert_eq!(parse_width(Some("250")), Ok(Some(250)));
        assert_eq!(parse_width(Some("251")), Ok(Some(320)));
        assert_eq!(parse_width(Some("16")), Ok(Some(120)));
        assert_eq!(parse_width(Some("2560")), Ok(Some(2560)));
        assert!(parse_width(Some("2561")).is_err());
        assert!(parse_width(Some("abc")).is_err());
    }

    #[test]
    fn quality_defaults_and_rounds() {
        assert_eq!(parse_quality(None), Ok(75));
        assert_eq!(parse_quality(Some("77")), Ok(75));
        assert_eq!(parse_quality(Some("78")), Ok(80));
        assert_eq!(parse_quality(Some("1")), Ok(5));
        assert!(parse_quality(Some("0")).is_err());
        assert!(parse_quality(Some("101")).is_err());
    }

    #[test]
    fn accept_header_picks_the_format() {
        assert_eq!(negotiate("image/avif,image/webp,*/*", false), OutFormat::Avif);
        assert_eq!(negotiate("image/webp,*/*;q=0.8", false), OutFormat::Webp);
        assert_eq!(negotiate("image/avif;q=0, image/webp", false), OutFormat::Webp);
        assert_eq!(negotiate("*/*", false), OutFormat::Jpeg);
        assert_eq!(negotiate("", true), OutFormat::Png);
    }

    #[test]
    fn paths_cannot_leave_the_media_folder() {
        let root = FsPath::new("/t/media");
        assert_eq!(safe_join(root, "cars/a.jpg"), Some(PathBuf::from("/t/media/cars/a.jpg")));
        assert_eq!(safe_join(root, "../tenant.toml"), None);
        assert_eq!(safe_join(root, "/etc/passwd"), None);
        assert_eq!(safe_join(root, "cars/.hidden.jpg"), None);
        assert_eq!(safe_join(root, ""), None);
    }
}
