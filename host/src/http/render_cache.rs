//! The rendered-response cache (docs/features/platform.md "Rendered-response cache";
//! ARCHITECTURE.md "How a request flows"): the public documents and the hot JSON (a car, the
//! search's first page, navigation, the tenant's settings) rendered once per content version and
//! kept as bytes with their brotli and gzip variants, answered with strong `ETag`s and `304 Not
//! Modified` to a matching `If-None-Match`.
//!
//! - **What is cached.** A handler opts in by putting [`Cacheable`] in its answer's extensions;
//!   [`serve`] (a layer inside tenant resolution) stores `200` answers of `GET` requests so
//!   marked, unless they set a cookie or are already encoded. The key is the request's scheme
//!   (https through a trusted proxy, else http: absolute links follow it), its `Host` and its
//!   path and query: nothing else of the request may change such an answer (the handlers that
//!   opt in read no cookie, no session and no other header).
//! - **Content version.** Every entry records the tenant's search generation
//!   (`search::Search::generation_of`) read before it was rendered: the indexer bumps it for
//!   every journaled change it applies (`stock::journal`: imports, stored quotes, paid
//!   reservations), and it follows the journal of the shared storage, so a change committed by
//!   another host or a CLI import invalidates this host's entries within the indexer's poll. An
//!   answer rendered while a change was applied is not stored (its generation moved).
//! - **Age.** What depends on the clock rather than on a journaled change (a reservation's hold
//!   running out, the price tables' effective dates) is bounded by `render_cache_max_age_secs`:
//!   an older entry is rendered again.
//! - **Per-request parts stay out.** The request id, the security headers and the trace span
//!   are added outside this layer to the hit and the miss alike; the documents carry no nonce
//!   and no view counts.
//! - **Memory.** Every tenant's entries are in one moka cache bounded by `render_cache_bytes`
//!   (the sum of each entry's three variants), whatever the number of tenants: a host of 10,000
//!   tenants keeps the pages shoppers ask for, not 10,000 caches (each moka cache has tens of
//!   kilobytes of its own, and an idle tenant's cache would keep its expired entries, as moka
//!   cleans a cache only when it is used). Admission and eviction are moka's (TinyLFU), so a scan
//!   of one-off URLs does not flush the hot pages; besides, a tenant holds at most
//!   `render_cache_tenant_bytes`: an answer that would take it past that is served but not kept
//!   (its entries expire within twice the max age and free its share).
//!   Hits and misses are counted in `forecourt_cache_hits_total{cache="rendered"}` and
//!   `forecourt_cache_misses_total`, the bytes held in `forecourt_cache_bytes`.

use std::{
    collections::HashMap,
    io::Write,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use tokio::sync::watch;

use axum::{
    body::{Body, Bytes, HttpBody},
    extract::{Request, State},
    http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri, header},
    middleware::Next,
    response::{IntoResponse, Response},
};

use crate::{
    config::Settings,
    http::state::{AppState, CurrentTenant},
    tenant::TenantRegistry,
};

/// The marker a handler puts in its answer's extensions (`(Extension(Cacheable), body)`) to
/// have a `200` answer kept by the rendered-response cache.
#[derive(Debug, Clone, Copy)]
pub struct Cacheable;

/// The header telling whether an answer came from the cache: `hit`, `stale` (an entry past
/// its max age, answered while another request renders it again) or `miss` (rendered and
/// stored); absent on answers the cache does not keep.
pub const CACHE_STATUS: HeaderName = HeaderName::from_static("x-forecourt-cache");

/// The largest answer kept, bytes of the identity body: a larger one is served but not stored.
pub const MAX_ENTRY_BYTES: usize = 2 * 1024 * 1024;

/// Brotli quality of the stored variant (0-11): paid once per content version, so above the
/// on-the-fly default, below 10-11 whose cost per miss is tens of milliseconds for a document.
const BROTLI_QUALITY: u32 = 8;
/// Gzip level of the stored variant (0-9).
const GZIP_LEVEL: u32 = 8;

/// One stored answer: the identity body, its compressed variants and the headers to send.
#[derive(Debug)]
struct Rendered {
    /// The tenant's search generation the answer was rendered at.
    generation: u64,
    /// The tenant whose answer it is (its byte count is kept with it).
    owner: Arc<TenantCache>,
    /// When it was stored.
    stored: Instant,
    /// The headers of each variant (identity, brotli, gzip, in [`Coding::index`] order): the
    /// answer's own, with the variant's length, encoding, strong `ETag` and `Vary`, computed
    /// once at render so a hit only copies them.
    heads: [HeaderMap; 3],
    /// The uncompressed body.
    identity: Bytes,
    /// The body compressed with brotli.
    br: Bytes,
    /// The body compressed with gzip.
    gzip: Bytes,
    /// Hex digest of the identity body (the strong validator, suffixed per encoding).
    tag: String,
}

impl Rendered {
    /// Bytes held: the three bodies.
    fn weight(&self) -> usize {
        self.identity.len() + self.br.len() + self.gzip.len()
    }
}

/// The content coding sent to a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Coding {
    Br,
    Gzip,
    Identity,
}

impl Coding {
    /// Every coding, in the order of [`Rendered::heads`].
    const ALL: [Coding; 3] = [Coding::Identity, Coding::Br, Coding::Gzip];

    /// The position of this coding's headers in [`Rendered::heads`].
    fn index(self) -> usize {
        match self {
            Coding::Identity => 0,
            Coding::Br => 1,
            Coding::Gzip => 2,
        }
    }

    /// The ETag's suffix for this coding (a strong validator names one representation).
    fn suffix(self) -> &'static str {
        match self {
            Coding::Br => "-br",
            Coding::Gzip => "-gz",
            Coding::Identity => "",
        }
    }
}

/// One tenant's part of the cache: the counter of its content version
/// (`search::content_version`), kept so a lookup reads the version without a lock, and the
/// bytes its entries hold.
#[derive(Debug)]
struct TenantCache {
    version: Arc<std::sync::atomic::AtomicU64>,
    /// Bytes of this tenant's entries (added at insert, taken off when moka removes one).
    bytes: AtomicU64,
}

/// The cache of every tenant of the process (see the module's description).
pub struct RenderCache {
    /// Every tenant's entries, keyed by [`key_of`] (the tenant's slug first).
    entries: moka::sync::Cache<Box<str>, Arc<Rendered>>,
    /// Per tenant slug, made on a tenant's first answer (tenants come and go with reloads).
    tenants: std::sync::RwLock<HashMap<String, Arc<TenantCache>>>,
    /// Bytes per tenant; 0 when nothing is cached.
    budget: u64,
    max_age: Duration,
    /// The keys being rendered now, each with the channel its waiters watch: one request
    /// renders a missing or aged entry while the others wait for it (or, for an aged one, are
    /// answered from it), so an expiry or an import under load renders each page once.
    inflight: Mutex<HashMap<Box<str>, watch::Receiver<bool>>>,
}

/// What the cache holds for a key at a generation.
enum Lookup {
    /// Rendered at this generation, younger than the max age.
    Fresh(Arc<Rendered>),
    /// Rendered at this generation, older than the max age (served while one request renders it again).
    Aged(Arc<Rendered>),
    /// Nothing, or rendered at another generation (never served).
    Missing,
}

/// The right to render a key, held by one request; dropping it (the request finished, failed or
/// was cancelled) frees the key and wakes the waiters.
struct Flight<'a> {
    cache: &'a RenderCache,
    key: Box<str>,
    done: watch::Sender<bool>,
}

impl Drop for Flight<'_> {
    fn drop(&mut self) {
        self.cache.inflight.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.key);
        self.done.send_replace(true);
    }
}

impl RenderCache {
    /// A cache for each tenant (made on its first answer), each bounded by
    /// `settings.render_cache_tenant_bytes` bytes, entries rendered again after
    /// `settings.render_cache_max_age_secs` seconds. With either setting 0 nothing is cached.
    /// `_tenants` is the registry served (its tenants' caches are made as they answer).
    pub fn new(settings: &Settings, _tenants: &TenantRegistry) -> RenderCache {
        let max_age = Duration::from_secs(settings.render_cache_max_age_secs);
        let total = settings.render_cache_bytes;
        let budget = if max_age.is_zero() || total == 0 {
            0
        } else {
            settings.render_cache_tenant_bytes
        };
        let entries = moka::sync::Cache::builder()
            .max_capacity(total)
            .weigher(|_, v: &Arc<Rendered>| u32::try_from(v.weight()).unwrap_or(u32::MAX))
            // Aged entries stay a while to be served during their re-render.
            .time_to_live(max_age.saturating_mul(2))
            .eviction_listener(|_, v: Arc<Rendered>, _| {
                v.owner.bytes.fetch_sub(v.weight() as u64, Ordering::Relaxed);
            })
            .build();
        RenderCache {
            entries,
            tenants: std::sync::RwLock::default(),
            budget,
            max_age,
            inflight: Mutex::default(),
        }
    }

    /// `tenant`'s cache, if it has answered since start.
    fn tenant(&self, tenant: &str) -> Option<Arc<TenantCache>> {
        self.tenants.read().unwrap_or_else(|e| e.into_inner()).get(tenant).cloned()
    }

    /// `tenant`'s cache, made now if it has none (None when nothing is cached).
    fn tenant_or_new(&self, tenant: &str) -> Option<Arc<TenantCache>> {
        if self.budget == 0 {
            return None;
        }
        if let Some(c) = self.tenant(tenant) {
            return Some(c);
        }
        let mut all = self.tenants.write().unwrap_or_else(|e| e.into_inner());
        let c = all.entry(tenant.to_string()).or_insert_with(|| {
            Arc::new(TenantCache {
                version: crate::search::content_version(tenant),
                bytes: AtomicU64::new(0),
            })
        });
        Some(c.clone())
    }

    /// Bytes held for `tenant` (settles after moka's pending maintenance, run here).
    pub fn bytes(&self, tenant: &str) -> u64 {
        self.entries.run_pending_tasks();
        self.tenant(tenant).map_or(0, |c| c.bytes.load(Ordering::Relaxed))
    }

    /// Bytes held for every tenant together (at most `render_cache_bytes`).
    pub fn total_bytes(&self) -> u64 {
        self.entries.run_pending_tasks();
        self.entries.weighted_size()
    }

    /// Keeps `entry` under `key` unless its tenant would hold more than its budget (then it is
    /// only served).
    fn keep(&self, key: Box<str>, entry: Arc<Rendered>) {
        let weight = entry.weight() as u64;
        let owner = &entry.owner;
        if owner.bytes.load(Ordering::Relaxed).saturating_add(weight) <= self.budget {
            owner.bytes.fetch_add(weight, Ordering::Relaxed);
            self.entries.insert(key, entry);
        }
    }

    /// `tenant`'s content version now (`search::Search::generation_of`): None for a tenant
    /// without a cache or while the search service is not built.
    fn generation(&self, search: &crate::search::Search, tenant: &str) -> Option<u64> {
        search.generation_of(&self.tenant_or_new(tenant)?.version)
    }

    /// What is held for `key` at `generation`.
    fn lookup(&self, key: &str, generation: u64) -> Lookup {
        if self.budget == 0 {
            return Lookup::Missing;
        }
        match self.entries.get(key) {
            Some(e) if e.generation == generation && e.stored.elapsed() < self.max_age => Lookup::Fresh(e),
            Some(e) if e.generation == generation => Lookup::Aged(e),
            _ => Lookup::Missing,
        }
    }

    /// The right to render `key`, or, when another request is rendering it, the channel that
    /// turns true (or closes) when it is done.
    fn claim(&self, key: &str) -> Result<Flight<'_>, watch::Receiver<bool>> {
        let mut inflight = self.inflight.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(rx) = inflight.get(key) {
            return Err(rx.clone());
        }
        let (done, rx) = watch::channel(false);
        inflight.insert(key.into(), rx);
        Ok(Flight {
            cache: self,
            key: key.into(),
            done,
        })
    }
}

/// The cache key of a request of `tenant`: the tenant's slug, its scheme (`https` when it came
/// through a trusted proxy over https, as `session::is_https` or, before the router,
/// `session::forwarded_https` decide; the documents' absolute links follow it), its `Host`, and
/// its path and query.
fn key_of(tenant: &str, https: bool, headers: &HeaderMap, uri: &Uri) -> Box<str> {
    let host = headers.get(header::HOST).map_or(&b""[..], |h| h.as_bytes());
    let pq = uri.path_and_query().map_or("/", |pq| pq.as_str());
    let mut k = String::with_capacity(tenant.len() + host.len() + pq.len() + 8);
    k.push_str(tenant);
    k.push(' ');
    k.push_str(if https { "https " } else { "http " });
    k.push_str(std::str::from_utf8(host).unwrap_or(""));
    k.push(' ');
    k.push_str(pq);
    k.into_boxed_str()
}

/// The layer (inside `server::resolve_tenant`): answers `GET` and `HEAD` requests from the
/// cache when it holds a live entry, else runs the handler and stores a [`Cacheable`] answer.
/// Other requests, requests of a tenant without a cache and requests made before the search
/// index is ready pass through untouched.
pub async fn serve(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let method = req.method().clone();
    if method != Method::GET && method != Method::HEAD {
        return next.run(req).await;
    }
    let Some(t) = req.extensions().get::<CurrentTenant>().map(|c| c.0.clone()) else {
        return next.run(req).await;
    };
    let cache = &state.render_cache;
    let Some(owner) = cache.tenant_or_new(t.slug()) else {
        return next.run(req).await;
    };
    let Some(generation) = state.search.generation_of(&owner.version) else {
        return next.run(req).await;
    };
    let key = key_of(t.slug(), crate::http::session::is_https(req.headers()), req.headers(), req.uri());
    let series = crate::metrics::cache_series();
    let head = method == Method::HEAD;
    let hit = |e: &Rendered, req: &HeaderMap, status| {
        series.record("rendered", t.slug(), true);
        answer(e, req, head, status)
    };
    // One request renders a key at a time: the others wait for it (a missing entry) or are
    // answered from the aged one meanwhile.
    let _flight = match cache.lookup(&key, generation) {
        Lookup::Fresh(e) => return hit(&e, req.headers(), "hit"),
        Lookup::Aged(e) if head => return hit(&e, req.headers(), "stale"),
        Lookup::Missing if head => return next.run(req).await,
        Lookup::Aged(e) => match cache.claim(&key) {
            Ok(flight) => Some(flight),
            Err(_) => return hit(&e, req.headers(), "stale"),
        },
        Lookup::Missing => match cache.claim(&key) {
            Ok(flight) => Some(flight),
            Err(mut rx) => {
                // Closed or done: either way look again; still missing (the answer was not
                // kept, or the version moved again): render it here, uncoordinated.
                let _ = rx.wait_for(|done| *done).await;
                match cache.lookup(&key, generation) {
                    Lookup::Fresh(e) => return hit(&e, req.headers(), "hit"),
                    _ => None,
                }
            }
        },
    };
    let headers = req.headers().clone();
    let res = next.run(req).await;
    if res.status() != StatusCode::OK
        || res.extensions().get::<Cacheable>().is_none()
        || res.headers().contains_key(header::SET_COOKIE)
        || res.headers().contains_key(header::CONTENT_ENCODING)
    {
        return res;
    }
    // Only a body whose length is known and within an entry's bound is kept (documents and
    // JSON are whole in memory already); a larger or streamed one passes through.
    if res.body().size_hint().exact().is_none_or(|n| n > MAX_ENTRY_BYTES as u64) {
        return res;
    }
    series.record("rendered", t.slug(), false);
    let (parts, body) = res.into_parts();
    let identity = match axum::body::to_bytes(body, MAX_ENTRY_BYTES).await {
        Ok(b) => b,
        Err(e) => {
            tracing::error!(error = %e, "rendered answer's body failed");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
    let entry = Arc::new(render(generation, owner.clone(), parts.headers, identity));
    // Not stored when a change was applied while it was rendered (it may predate the change).
    if state.search.generation_of(&owner.version) == Some(generation) {
        cache.keep(key, entry.clone());
    }
    answer(&entry, &headers, false, "miss")
}

/// The entry of an answer: its headers less those sent per request, the body and its variants.
fn render(generation: u64, owner: Arc<TenantCache>, mut headers: HeaderMap, identity: Bytes) -> Rendered {
    for h in [header::CONTENT_LENGTH, header::ETAG, header::VARY, header::TRANSFER_ENCODING] {
        headers.remove(h);
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    let tag = {
        use sha2::{Digest, Sha256};
        hex::encode(&Sha256::digest(&identity)[..16])
    };
    // Each body is kept in an allocation of its own size: a rendered document's buffer grew by
    // doubling and the compressors' by estimate, and a `Bytes` keeps its whole allocation (up to
    // twice what the entry's weight counts).
    let identity = Bytes::copy_from_slice(&identity);
    let mut br = Vec::with_capacity(identity.len() / 4 + 64);
    {
        let mut w = brotli::CompressorWriter::new(&mut br, 4096, BROTLI_QUALITY, 22);
        w.write_all(&identity).expect("writing to memory");
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::with_capacity(identity.len() / 3 + 64), flate2::Compression::new(GZIP_LEVEL));
    gz.write_all(&identity).expect("writing to memory");
    let mut gz = gz.finish().expect("writing to memory");
    gz.shrink_to_fit();
    br.shrink_to_fit();
    let gzip = Bytes::from(gz);
    let br = Bytes::from(br);
    let heads = Coding::ALL.map(|coding| {
        let mut h = headers.clone();
        let len = match coding {
            Coding::Br => br.len(),
            Coding::Gzip => gzip.len(),
            Coding::Identity => identity.len(),
        };
        h.insert(header::CONTENT_LENGTH, HeaderValue::from(len));
        match coding {
            Coding::Br => {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
            }
            Coding::Gzip => {
                h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            }
            Coding::Identity => {}
        }
        let etag = HeaderValue::from_str(&format!("\"{tag}{}\"", coding.suffix())).expect("hex is a valid header value");
        h.insert(header::ETAG, etag);
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        h
    });
    Rendered {
        generation,
        owner,
        stored: Instant::now(),
        heads,
        identity,
        br,
        gzip,
        tag,
    }
}

/// The coding to send for the request's `Accept-Encoding` (RFC 9110 §12.5.3): brotli, else
/// gzip, else identity, skipping codings given `q=0`; `*` stands for the codings not named.
fn coding_for(headers: &HeaderMap) -> Coding {
    let Some(v) = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else {
        return Coding::Identity;
    };
    let (mut br, mut gzip, mut star) = (None, None, None);
    for item in v.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let accepted = q > 0.0;
        if name.eq_ignore_ascii_case("br") {
            br = Some(accepted);
        } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
            gzip = Some(accepted);
        } else if name == "*" {
            star = Some(accepted);
        }
    }
    if br.or(star).unwrap_or(false) {
        Coding::Br
    } else if gzip.or(star).unwrap_or(false) {
        Coding::Gzip
    } else {
        Coding::Identity
    }
}

/// Whether `If-None-Match` names the stored content: `*`, or an entity tag (weak or strong, any
/// coding's suffix) of the same digest (RFC 9110 §13.1.2 uses the weak comparison for it).
fn not_modified(headers: &HeaderMap, tag: &str) -> bool {
    headers.get_all(header::IF_NONE_MATCH).iter().any(|v| {
        v.to_str().is_ok_and(|v| {
            v.split(',').any(|t| {
                let t = t.trim();
                let t = t.strip_prefix("W/").unwrap_or(t).trim_matches('"');
                t == "*" || t.strip_prefix(tag).is_some_and(|rest| ["", "-br", "-gz"].contains(&rest))
            })
        })
    })
}

/// The answer of an entry to a request: `304` when `If-None-Match` matches, else `200` with the
/// variant the request accepts (no body for `HEAD`), `ETag`, `Vary: Accept-Encoding` and
/// `x-forecourt-cache: <status>`.
fn answer(e: &Rendered, req: &HeaderMap, head: bool, status: &'static str) -> Response {
    let coding = coding_for(req);
    let heads = &e.heads[coding.index()];
    if not_modified(req, &e.tag) {
        let mut res = StatusCode::NOT_MODIFIED.into_response();
        let h = res.headers_mut();
        for name in [header::ETAG, header::VARY, header::CACHE_CONTROL] {
            if let Some(v) = heads.get(&name) {
                h.insert(name, v.clone());
            }
        }
        h.insert(CACHE_STATUS, HeaderValue::from_static(status));
        return res;
    }
    let body = match coding {
        Coding::Br => &e.br,
        Coding::Gzip => &e.gzip,
        Coding::Identity => &e.identity,
    };
    let mut res = Response::new(if head { Body::empty() } else { Body::from(body.clone()) });
    let h = res.headers_mut();
    h.clone_from(heads);
    h.insert(CACHE_STATUS, HeaderValue::from_static(status));
    res
}

/// The fresh entry for a `GET` or `HEAD` request of `tenant` (made over https when `https`), answered as a hit (counted in
/// `forecourt_cache_hits_total{cache="rendered"}` by the caller), or `None` when the cache holds
/// no entry for it rendered at the tenant's current content version and younger than the max
/// age. Used by the listener's hit path (`http::hit_path`), which answers before the router;
/// everything else (a miss, an aged entry, a tenant without a cache) goes to [`serve`].
pub(crate) fn fresh_answer(state: &AppState, tenant: &str, https: bool, headers: &HeaderMap, uri: &Uri, head: bool) -> Option<Response> {
    let generation = state.render_cache.generation(&state.search, tenant)?;
    match state.render_cache.lookup(&key_of(tenant, https, headers, uri), generation) {
        Lookup::Fresh(e) => Some(answer(&e, headers, head, "hit")),
        Lookup::Aged(_) | Lookup::Missing => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(name: HeaderName, v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(name, HeaderValue::from_str(v).unwrap());
        h
    }

    #[test]
    fn accept_encoding_prefers_brotli_then_gzip_and_honours_q_zero() {
        assert_eq!(coding_for(&HeaderMap::new()), Coding::Identity);
        assert_eq!(coding_for(&with(header::ACCEPT_ENCODING, "gzip, deflate, br, zstd")), Coding::Br);
        assert_eq!(coding_for(&with(header::ACCEPT_ENCODING, "gzip")), Coding::Gzip);
        assert_eq!(coding_for(&with(header::ACCEPT_ENCODING, "br;q=0, gzip;q=0.5")), Coding::Gzip);
        assert_eq!(coding_for(&with(header::ACCEPT_ENCODING, "br;q=0, gzip;q=0")), Coding::Identity);
        assert_eq!(coding_for(&with(header::ACCEPT_ENCODING, "*")), Coding::Br);
        assert_eq!(coding_for(&with(header::ACCEPT_ENCODING, "br;q=0, *")), Coding::Gzip);
        assert_eq!(coding_for(&with(header::ACCEPT_ENCODING, "identity")), Coding::Identity);
    }

    #[test]
    fn if_none_match_matches_any_coding_of_the_same_digest() {
        let tag = "0123abcd";
        for v in ["\"0123abcd\"", "\"0123abcd-br\"", "W/\"0123abcd-gz\"", "\"x\", \"0123abcd\"", "*"] {
            assert!(not_modified(&with(header::IF_NONE_MATCH, v), tag), "{v}");
        }
        for v in ["\"0123abce\"", "\"0123abcd-zz\"", "\"0123abc\"", ""] {
            assert!(!not_modified(&with(header::IF_NONE_MATCH, v), tag), "{v}");
        }
        assert!(!not_modified(&HeaderMap::new(), tag));
    }

    #[test]
    fn variants_decode_to_the_identity_body() {
        let body = Bytes::from("<!doctype html>".repeat(200));
        let owner = Arc::new(TenantCache {
            version: Arc::default(),
            bytes: AtomicU64::new(0),
        });
        let e = render(7, owner, HeaderMap::new(), body.clone());
        let mut out = Vec::new();
        brotli::BrotliDecompress(&mut &e.br[..], &mut out).unwrap();
        assert_eq!(out, body);
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&e.gzip[..]), &mut out).unwrap();
        assert_eq!(out, body);
        assert!(e.br.len() < body.len() / 10 && e.gzip.len() < body.len() / 10);
        for (coding, h) in Coding::ALL.iter().zip(&e.heads) {
            assert_eq!(h.get(header::CACHE_CONTROL).unwrap(), "no-cache");
            let len = [&e.identity, &e.br, &e.gzip][coding.index()].len();
            assert_eq!(h.get(header::CONTENT_LENGTH).unwrap(), &len.to_string());
            assert_eq!(h.get(header::ETAG).unwrap(), &format!("\"{}{}\"", e.tag, coding.suffix()));
        }
    }
}
