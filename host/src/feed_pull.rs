//! Stock feeds pulled from a URL on a schedule (docs/operations.md "Scheduled feeds"): a
//! tenant's `[[stock.feeds]]` entry with `url` is fetched every `every_minutes` with conditional
//! requests (`If-None-Match`, `If-Modified-Since`), read up to `max_bytes`, with the headers of
//! its `credentials` (values from the tenant's own environment variables), and imported as a file
//! feed is (`stock::import_feed`: staged, applied in one transaction). A pull that fails (the
//! network, a status other than 2xx or 304, an answer past the cap, a feed the import refuses)
//! changes no stock: the tenant keeps its last good stock, and the pull is retried after 1, 2, 4,
//! ... minutes (never later than its schedule). Every pull is logged in `feed_pull_log` (the
//! newest 100 per feed), readable at `GET /api/v1/admin/feeds`.
//!
//! Several hosts on one storage pull each feed once: a host claims a due pull by moving its
//! `next_due` forward in one statement (`feed_pulls`), so only one host's claim succeeds.

use std::time::Duration;

use crate::{
    db::Db,
    repo::TenantRepo,
    stock::{ImportOptions, import::feed_sha256, import_feed},
    tenant::{DEFAULT_PULL_MAX_BYTES, DEFAULT_PULL_MINUTES, FeedConfig, Tenant, TenantRegistry},
};

/// How often a serving host looks for due pulls.
pub const TICK: Duration = Duration::from_secs(15);
/// How long a claimed pull is held before another host may take it (a host that died mid-pull).
const LEASE_SECS: i64 = 300;
/// Time one pull may take (connect, answer, body).
const PULL_TIMEOUT: Duration = Duration::from_secs(120);
/// Pull log rows kept per feed.
const LOG_KEEP: i64 = 100;

/// What one pull did (a `feed_pull_log` row).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct PullRecord {
    /// The tenant.
    pub tenant: String,
    /// The feed's URL (its import source).
    pub source: String,
    /// When, unix seconds.
    pub at: i64,
    /// `imported`, `unchanged` (same bytes as the last import), `not_modified` (304) or `failed`.
    pub outcome: String,
    /// The HTTP status, when an answer came.
    pub status: Option<i64>,
    /// Bytes read.
    pub bytes: Option<i64>,
    /// The import's counts (`imported`), or the error (`failed`).
    pub detail: String,
}

/// One pulled feed's state, for `GET /api/v1/admin/feeds`.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct FeedState {
    /// The feed's URL.
    pub source: String,
    /// Minutes between pulls.
    pub every_minutes: u32,
    /// When the next pull is due, unix seconds (absent before the first).
    pub next_due: Option<i64>,
    /// Failures in a row (the retry backoff).
    pub failures: i64,
    /// The `ETag` of the last answer imported.
    pub etag: Option<String>,
    /// The `Last-Modified` of the last answer imported.
    pub last_modified: Option<String>,
    /// The newest pulls first (at most 20).
    pub history: Vec<PullRecord>,
}

/// The tenant's pulled feeds (`[[stock.feeds]]` entries with `url`).
fn pulled(t: &Tenant) -> impl Iterator<Item = (&FeedConfig, &str)> {
    t.config.stock.feeds.iter().filter_map(|f| f.url.as_deref().map(|u| (f, u)))
}

/// One pass: every serving tenant's pulled feeds that are due at `now` (unix seconds) and that
/// this host claims, pulled and imported one after the other. Returns what each pull did.
/// Errors: storage fails outside one pull.
pub async fn pull_due(db: &Db, tenants: &TenantRegistry, client: &reqwest::Client, now: i64) -> Result<Vec<PullRecord>, sqlx::Error> {
    let mut out = Vec::new();
    for t in tenants.iter() {
        for (feed, url) in pulled(&t) {
            sqlx::query(
                "INSERT INTO feed_pulls (tenant, source, next_due, failures) VALUES ($1, $2, 0, 0) ON CONFLICT (tenant, source) DO NOTHING",
            )
            .bind(t.slug())
            .bind(url)
            .execute(&db.pool)
            .await?;
            let claimed = sqlx::query("UPDATE feed_pulls SET next_due = $3 WHERE tenant = $1 AND source = $2 AND next_due <= $4")
                .bind(t.slug())
                .bind(url)
                .bind(now + LEASE_SECS)
                .bind(now)
                .execute(&db.pool)
                .await?
                .rows_affected()
                == 1;
            if claimed {
                out.push(pull_one(db, &t, feed, url, client, now).await?);
            }
        }
    }
    Ok(out)
}

/// A `feed_pulls` row: the validators of the last import, the next pull, the failures in a row.
#[derive(sqlx::FromRow)]
struct PullRow {
    etag: Option<String>,
    last_modified: Option<String>,
    next_due: i64,
    failures: i64,
}

async fn pull_one(
    db: &Db,
    t: &Tenant,
    feed: &FeedConfig,
    url: &str,
    client: &reqwest::Client,
    now: i64,
) -> Result<PullRecord, sqlx::Error> {
    let PullRow {
        etag,
        last_modified,
        failures,
        ..
    } = sqlx::query_as::<_, PullRow>("SELECT etag, last_modified, next_due, failures FROM feed_pulls WHERE tenant = $1 AND source = $2")
        .bind(t.slug())
        .bind(url)
        .fetch_one(&db.pool)
        .await?;
    let every = i64::from(feed.every_minutes.unwrap_or(DEFAULT_PULL_MINUTES)) * 60;
    let record = |outcome: &str, status: Option<u16>, bytes: Option<usize>, detail: String| PullRecord {
        tenant: t.slug().to_string(),
        source: url.to_string(),
        at: now,
        outcome: outcome.to_string(),
        status: status.map(i64::from),
        bytes: bytes.and_then(|b| i64::try_from(b).ok()),
        detail,
    };
    let rec = match fetch(feed, url, client, etag.as_deref(), last_modified.as_deref()).await {
        Err((status, bytes, error)) => record("failed", status, bytes, error),
        Ok(Fetched::NotModified) => record("not_modified", Some(304), Some(0), "not modified since the last import".into()),
        Ok(Fetched::Body {
            status,
            body,
            etag,
            last_modified,
        }) => match import(db, t, feed, url, &body, now).await {
            Ok(Some(detail)) => {
                sqlx::query("UPDATE feed_pulls SET etag = $3, last_modified = $4 WHERE tenant = $1 AND source = $2")
                    .bind(t.slug())
                    .bind(url)
                    .bind(etag)
                    .bind(last_modified)
                    .execute(&db.pool)
                    .await?;
                record("imported", Some(status), Some(body.len()), detail)
            }
            Ok(None) => record(
                "unchanged",
                Some(status),
                Some(body.len()),
                "the same bytes as the last import".into(),
            ),
            Err(e) => record(
                "failed",
                Some(status),
                Some(body.len()),
                format!("the import refused the feed: {e:#}"),
            ),
        },
    };
    let failed = rec.outcome == "failed";
    let failures = if failed { failures + 1 } else { 0 };
    // Retries after 1, 2, 4, ... minutes, never later than the schedule.
    let next = if failed {
        now + (60_i64 << (failures - 1).clamp(0, 20)).min(every)
    } else {
        now + every
    };
    sqlx::query("UPDATE feed_pulls SET next_due = $3, failures = $4 WHERE tenant = $1 AND source = $2")
        .bind(t.slug())
        .bind(url)
        .bind(next)
        .bind(failures)
        .execute(&db.pool)
        .await?;
    log(db, &rec).await?;
    if failed {
        tracing::warn!(tenant = %t.slug(), feed = %url, failures, error = %rec.detail, "feed pull failed; the last good stock is kept");
    } else {
        tracing::info!(tenant = %t.slug(), feed = %url, outcome = %rec.outcome, detail = %rec.detail, "feed pulled");
    }
    Ok(rec)
}

/// What a pull's answer was.
enum Fetched {
    /// 304: unchanged since the validators sent.
    NotModified,
    /// 2xx: the body (at most the cap) and its validators.
    Body {
        status: u16,
        body: Vec<u8>,
        etag: Option<String>,
        last_modified: Option<String>,
    },
}

/// Fetches `url` with the feed's credentials and the validators; the body is read chunk by
/// chunk and refused once past `max_bytes`. Errors: (status, bytes read, reason).
async fn fetch(
    feed: &FeedConfig,
    url: &str,
    client: &reqwest::Client,
    etag: Option<&str>,
    last_modified: Option<&str>,
) -> Result<Fetched, (Option<u16>, Option<usize>, String)> {
    let cap = usize::try_from(feed.max_bytes.unwrap_or(DEFAULT_PULL_MAX_BYTES)).unwrap_or(usize::MAX);
    let parsed = reqwest::Url::parse(url).map_err(|e| (None, None, format!("`{url}`: {e}")))?;
    crate::outbound::check_tenant_url(&parsed).map_err(|why| (None, None, why))?;
    let mut req = client.get(parsed).timeout(PULL_TIMEOUT);
    for c in &feed.credentials {
        match std::env::var(&c.value_env) {
            Ok(v) if !v.is_empty() => req = req.header(c.header.as_str(), format!("{}{v}", c.prefix)),
            _ => return Err((None, None, format!("credential variable {} is not set", c.value_env))),
        }
    }
    if let Some(e) = etag {
        req = req.header(reqwest::header::IF_NONE_MATCH, e);
    }
    if let Some(m) = last_modified {
        req = req.header(reqwest::header::IF_MODIFIED_SINCE, m);
    }
    let mut res = req.send().await.map_err(|e| (None, None, format!("request failed: {e}")))?;
    let status = res.status().as_u16();
    if status == 304 {
        return Ok(Fetched::NotModified);
    }
    if !res.status().is_success() {
        return Err((Some(status), None, format!("the feed answered {status}")));
    }
    if res.content_length().is_some_and(|n| n > cap as u64) {
        return Err((Some(status), None, format!("the feed is larger than max_bytes ({cap} bytes)")));
    }
    let header = |h| {
        res.headers()
            .get(h)
            .and_then(|v: &reqwest::header::HeaderValue| v.to_str().ok())
            .map(String::from)
    };
    let (etag, last_modified) = (header(reqwest::header::ETAG), header(reqwest::header::LAST_MODIFIED));
    let mut body = Vec::new();
    while let Some(chunk) = res
        .chunk()
        .await
        .map_err(|e| (Some(status), Some(body.len()), format!("reading the feed failed: {e}")))?
    {
        if body.len() + chunk.len() > cap {
            return Err((
                Some(status),
                Some(body.len()),
                format!("the feed is larger than max_bytes ({cap} bytes)"),
            ));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Fetched::Body {
        status,
        body,
        etag,
        last_modified,
    })
}

/// Imports a pulled body as `[[stock.feeds]]` `feed` of `t` (source: the URL). Returns the
/// import's counts, or None when the bytes are those of the last import (nothing done). Errors:
/// the mapping file cannot be read, or the import refuses the feed (no stock changed).
async fn import(db: &Db, t: &Tenant, feed: &FeedConfig, url: &str, body: &[u8], now: i64) -> anyhow::Result<Option<String>> {
    let (mapping, mapping_text, mode) = crate::feeds::mapping_of(t, feed)?;
    let sha = feed_sha256(body, mapping_text.as_deref(), mode);
    if TenantRepo::new(db, t.slug())
        .last_import(url)
        .await?
        .is_some_and(|l| l.sha256 == sha)
    {
        return Ok(None);
    }
    let r = import_feed(
        db,
        t,
        body,
        ImportOptions {
            source: url.to_string(),
            format: feed.format,
            mode: Some(mode),
            mapping,
            mapping_text,
            progress: false,
            now,
        },
    )
    .await?;
    Ok(Some(format!(
        "{} rows: {} inserted, {} updated, {} unchanged, {} marked sold, {} rejected",
        r.rows_total, r.inserted, r.updated, r.unchanged, r.marked_sold, r.rejected
    )))
}

async fn log(db: &Db, r: &PullRecord) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO feed_pull_log (tenant, source, at, outcome, status, bytes, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(&r.tenant)
        .bind(&r.source)
        .bind(r.at)
        .bind(&r.outcome)
        .bind(r.status)
        .bind(r.bytes)
        .bind(&r.detail)
        .execute(&db.pool)
        .await?;
    sqlx::query(
        "DELETE FROM feed_pull_log WHERE tenant = $1 AND source = $2 AND id <= \
         (SELECT id FROM feed_pull_log WHERE tenant = $1 AND source = $2 ORDER BY id DESC LIMIT 1 OFFSET $3)",
    )
    .bind(&r.tenant)
    .bind(&r.source)
    .bind(LOG_KEEP)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Tenant `t`'s pulled feeds with their state and newest 20 pulls (`GET /api/v1/admin/feeds`).
/// Errors: the storage error.
pub async fn states(db: &Db, t: &Tenant) -> Result<Vec<FeedState>, sqlx::Error> {
    let mut out = Vec::new();
    for (feed, url) in pulled(t) {
        let row = sqlx::query_as::<_, PullRow>(
            "SELECT etag, last_modified, next_due, failures FROM feed_pulls WHERE tenant = $1 AND source = $2",
        )
        .bind(t.slug())
        .bind(url)
        .fetch_optional(&db.pool)
        .await?;
        let history = sqlx::query_as::<_, PullRecord>(
            "SELECT tenant, source, at, outcome, status, bytes, detail FROM feed_pull_log \
             WHERE tenant = $1 AND source = $2 ORDER BY id DESC LIMIT 20",
        )
        .bind(t.slug())
        .bind(url)
        .fetch_all(&db.pool)
        .await?;
        out.push(FeedState {
            source: url.to_string(),
            every_minutes: feed.every_minutes.unwrap_or(DEFAULT_PULL_MINUTES),
            next_due: row.as_ref().map(|r| r.next_due),
            failures: row.as_ref().map_or(0, |r| r.failures),
            etag: row.as_ref().and_then(|r| r.etag.clone()),
            last_modified: row.and_then(|r| r.last_modified),
            history,
        });
    }
    Ok(out)
}

/// Pulls due feeds every [`TICK`] for as long as the process serves (`forecourt serve`). A
/// redirect is followed only to https (at most 3).
pub async fn run(db: Db, tenants: std::sync::Arc<TenantRegistry>) {
    let client = match crate::outbound::tenant_client_builder()
        .redirect(reqwest::redirect::Policy::custom(|a| {
            if a.previous().len() >= 3 || a.url().scheme() != "https" {
                a.stop()
            } else if let Err(why) = crate::outbound::check_tenant_url(a.url()) {
                a.error(why)
            } else {
                a.follow()
            }
        }))
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(error = %e, "feed puller cannot start");
            return;
        }
    };
    loop {
        if let Err(e) = pull_due(&db, &tenants, &client, jiff::Timestamp::now().as_second()).await {
            tracing::warn!(error = %e, "feed puller: storage failed; retrying");
        }
        tokio::time::sleep(TICK).await;
    }
}
