//! Serving a tenant's listings feeds (docs/features/platform.md "Syndication feeds and listing
//! readiness"): the feed token check, and the feeds themselves, generated from storage in keyset
//! batches and cached per (tenant, feed) under the tenant's stock change journal head
//! (`stock::journal`: its epoch and last sequence). Every write that changes a car's listing (an
//! import's apply, a stored quote) takes a new sequence, so the first request after a stock
//! change regenerates the feed, and every other request is answered from memory with the same
//! bytes and the same strong `ETag` (a hash of the bytes).

use std::{
    collections::HashMap,
    sync::{Arc, LazyLock, Mutex},
};

use sha2::{Digest, Sha256};

use super::{
    google::GoogleFeed,
    listing::{Context, Listing},
    meta::MetaFeed,
    readiness::BATCH,
};
use crate::{
    db::Db,
    error::{Error, ErrorKind},
    repo::TenantRepo,
    stock::journal,
    tenant::Tenant,
};

/// A listings feed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FeedKind {
    /// The Google vehicle listings feed (RSS 2.0 with `g:` attributes; `google.rs`).
    Google,
    /// The Meta automotive inventory catalog (CSV; `meta.rs`).
    Meta,
}

impl FeedKind {
    /// `google` or `meta` (the readiness report's feed names).
    pub fn name(self) -> &'static str {
        match self {
            FeedKind::Google => "google",
            FeedKind::Meta => "meta",
        }
    }

    /// The `Content-Type` the feed is served with.
    pub fn content_type(self) -> &'static str {
        match self {
            FeedKind::Google => "application/rss+xml; charset=utf-8",
            FeedKind::Meta => "text/csv; charset=utf-8",
        }
    }
}

/// One generated feed.
#[derive(Debug)]
pub struct FeedFile {
    /// The document (UTF-8); cloning it shares the buffer.
    pub bytes: bytes::Bytes,
    /// Strong entity tag: `"` + the first 32 hex digits of the bytes' SHA-256 + `"`.
    pub etag: String,
    /// Cars in the feed.
    pub items: usize,
}

/// (tenant, feed) -> (journal key the feed was generated at, the feed).
type Cache = HashMap<(String, FeedKind), (String, Arc<FeedFile>)>;

static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// Checks the feed token `given` (the request's `?token=`) against the tenant's, in constant
/// time. Errors: 404 `feeds_disabled` when the tenant publishes no feeds (no
/// `[syndication] token_env`, or that variable unset or empty); 401 `invalid_feed_token` when
/// `given` is missing or wrong.
pub fn check_token(t: &Tenant, given: Option<&str>) -> Result<(), Error> {
    let disabled = || Error::new(ErrorKind::NotFound, "feeds_disabled", "This site publishes no listings feeds");
    let var = t.config.syndication.token_env.as_deref().ok_or_else(disabled)?;
    let expected = match std::env::var(var) {
        Ok(v) if !v.is_empty() => v,
        _ => {
            tracing::warn!(tenant = %t.slug(), variable = var, "feed token variable is not set: feeds answer 404");
            return Err(disabled());
        }
    };
    let given = given.unwrap_or("");
    if !given.is_empty() && constant_time_eq::constant_time_eq(given.as_bytes(), expected.as_bytes()) {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::Unauthorized,
            "invalid_feed_token",
            "A valid feed token is required (`?token=`)",
        )
        .with_field("token"))
    }
}

/// The feed cache's name in `forecourt_cache_hits_total` / `forecourt_cache_misses_total`.
pub const FEED_CACHE: &str = "listings_feed";

/// Tenant `t`'s feed `kind` as of its current stock: from the cache when the tenant's journal
/// head has not moved since it was generated, else generated anew (and cached). Errors: the
/// storage error as `Internal`.
pub async fn feed(db: &Db, t: &Tenant, kind: FeedKind) -> Result<Arc<FeedFile>, Error> {
    let head = journal::read_head(db, t.slug()).await?;
    let key = head.map_or_else(|| "none".to_string(), |h| format!("{}:{}", h.epoch, h.seq));
    let slot = (t.slug().to_string(), kind);
    if let Some((k, f)) = CACHE.lock().unwrap_or_else(|e| e.into_inner()).get(&slot)
        && *k == key
    {
        crate::metrics::cache_series().record(FEED_CACHE, t.slug(), true);
        return Ok(f.clone());
    }
    crate::metrics::cache_series().record(FEED_CACHE, t.slug(), false);
    let started = std::time::Instant::now();
    let file = Arc::new(generate(db, t, kind).await?);
    tracing::info!(tenant = %t.slug(), feed = kind.name(), items = file.items, bytes = file.bytes.len(),
        ms = started.elapsed().as_millis() as u64, "listings feed generated");
    CACHE.lock().unwrap_or_else(|e| e.into_inner()).insert(slot, (key, file.clone()));
    Ok(file)
}

/// The writer of one feed.
enum Writer {
    Google(GoogleFeed),
    /// Boxed: the CSV writer's buffers make it the larger.
    Meta(Box<MetaFeed>),
}

impl Writer {
    fn push(&mut self, l: &Listing) -> Result<(), Error> {
        match self {
            Writer::Google(g) => g.push(l).map(drop).map_err(Error::internal),
            Writer::Meta(m) => m.push(l).map(drop).map_err(Error::internal),
        }
    }

    /// The document and the number of cars in it.
    fn finish(self) -> Result<(Vec<u8>, usize), Error> {
        match self {
            Writer::Google(g) => {
                let items = g.items;
                Ok((g.finish().map_err(Error::internal)?, items))
            }
            Writer::Meta(m) => {
                let items = m.items;
                Ok(((*m).finish().map_err(Error::internal)?, items))
            }
        }
    }
}

/// Writes feed `kind` of tenant `t` from storage, reading its cars on sale in id order, [`BATCH`]
/// at a time: memory holds the output and one batch. Errors: the storage error as `Internal`.
pub async fn generate(db: &Db, t: &Tenant, kind: FeedKind) -> Result<FeedFile, Error> {
    let repo = TenantRepo::new(db, t.slug());
    let ctx = Context::load(&repo, t).await?;
    let site = ctx.base_url.clone().unwrap_or_default();
    let mut writer = match kind {
        FeedKind::Google => Writer::Google(GoogleFeed::begin(&t.config.name, &site).map_err(Error::internal)?),
        FeedKind::Meta => Writer::Meta(Box::new(MetaFeed::begin().map_err(Error::internal)?)),
    };
    let mut after = 0;
    loop {
        let batch = repo.cars_on_sale_after(after, BATCH, None).await?;
        let Some(last) = batch.last() else { break };
        after = last.id;
        for car in &batch {
            writer.push(&Listing::of(car, &ctx))?;
        }
        if (batch.len() as i64) < BATCH {
            break;
        }
    }
    let (bytes, items) = writer.finish()?;
    let digest = hex::encode(Sha256::digest(&bytes));
    Ok(FeedFile {
        etag: format!("\"{}\"", &digest[..32]),
        bytes: bytes.into(),
        items,
    })
}

/// Whether an `If-None-Match` header value matches `etag` (weak comparison, as RFC 9110 asks
/// for this header: a `W/` prefix is ignored; `*` matches any).
pub fn not_modified(if_none_match: &str, etag: &str) -> bool {
    if_none_match
        .split(',')
        .map(|t| t.trim())
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag)
}

#[cfg(test)]
mod tests {
    #[test]
    fn if_none_match_lists_are_compared_weakly() {
        let tag = "\"abc\"";
        assert!(super::not_modified("\"abc\"", tag));
        assert!(super::not_modified("\"x\", W/\"abc\"", tag));
        assert!(super::not_modified("*", tag));
        assert!(!super::not_modified("\"abd\"", tag));
    }
}
