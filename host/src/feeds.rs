//! Start-up import of each tenant's `[[stock.feeds]]` (tenants/README.md): a feed is imported
//! when its bytes, mapping or mode changed since its last import. A feed file whose stamp (size
//! and modification time, with its mapping's, and the mode) is the one storage recorded when its
//! bytes were last imported or found unchanged is not read at all, so a restart of many
//! unchanged tenants costs one indexed read per feed, not a read and a hash of every file.

use crate::{
    db::Db,
    repo::TenantRepo,
    stock::{ImportOptions, import::feed_sha256, import_feed, mapping::Mapping},
    tenant::{FeedConfig, FeedMode, Tenant, TenantRegistry},
};

/// Imports every changed feed of every tenant. Rejected rows are logged as warnings; an
/// unreadable feed or a storage error stops start-up.
pub async fn import_changed_feeds(db: &Db, tenants: &TenantRegistry) -> anyhow::Result<()> {
    for t in tenants.iter() {
        import_tenant_feeds(db, &t).await?;
    }
    Ok(())
}

/// The mapping of tenant `t`'s feed entry `feed` (its file read from the tenant folder), the
/// mapping's text (part of the feed's digest) and the import mode (the entry's, else the
/// mapping's, else full). Errors: the mapping file cannot be read or parsed.
pub fn mapping_of(t: &Tenant, feed: &FeedConfig) -> anyhow::Result<(Option<Mapping>, Option<String>, FeedMode)> {
    let (mapping, text) = match &feed.mapping {
        Some(m) => {
            let (m, text) = Mapping::load(&t.dir.join(m))?;
            (Some(m), Some(text))
        }
        None => (None, None),
    };
    let mode = feed.mode.or_else(|| mapping.as_ref().and_then(|m| m.mode)).unwrap_or_default();
    Ok((mapping, text, mode))
}

/// Imports tenant `t`'s changed feeds (each one whose bytes, mapping or mode moved since its last
/// import). Errors: a feed or mapping file cannot be read, or the import fails (its rows are
/// staged aside, so a failed import changes no stock).
pub async fn import_tenant_feeds(db: &Db, t: &Tenant) -> anyhow::Result<()> {
    let repo = TenantRepo::new(db, t.slug());
    // Pulled feeds (`url`) are fetched on their schedule instead (`crate::feed_pull`).
    for feed in t.config.stock.feeds.iter().filter(|f| f.url.is_none()) {
        let source = feed.path.to_string_lossy().to_string();
        let stamp = file_stamp(t, feed);
        let last = repo.last_import(&source).await?;
        if let (Some(stamp), Some(last)) = (&stamp, &last)
            && stamped_sha(db, t.slug(), &source, stamp).await?.as_deref() == Some(last.sha256.as_str())
        {
            tracing::debug!(tenant = %t.slug(), feed = %source, "feed file unchanged (not read)");
            continue;
        }
        let bytes = std::fs::read(t.dir.join(&feed.path))?;
        let (mapping, mapping_text, mode) = mapping_of(t, feed)?;
        let sha = feed_sha256(&bytes, mapping_text.as_deref(), mode);
        if last.is_some_and(|l| l.sha256 == sha) {
            tracing::debug!(tenant = %t.slug(), feed = %source, "feed unchanged");
            if let Some(stamp) = &stamp {
                record_stamp(db, t.slug(), &source, stamp, &sha).await?;
            }
            continue;
        }
        let report = import_feed(
            db,
            t,
            &bytes,
            ImportOptions {
                source: source.clone(),
                format: feed.format,
                mode: Some(mode),
                mapping,
                mapping_text,
                progress: false,
                now: jiff::Timestamp::now().as_second(),
            },
        )
        .await?;
        if let Some(stamp) = &stamp {
            record_stamp(db, t.slug(), &source, stamp, &sha).await?;
        }
        tracing::info!(tenant = %t.slug(), feed = %source, inserted = report.inserted, updated = report.updated,
            unchanged = report.unchanged, marked_sold = report.marked_sold, rejected = report.rejected, "feed imported");
        for e in report.errors.iter().take(20) {
            tracing::warn!(tenant = %t.slug(), feed = %source, row = e.row, errors = ?e.errors, "row rejected");
        }
    }
    Ok(())
}

/// The stamp of feed entry `feed`'s files as they are now: the feed file's and its mapping file's
/// paths, sizes and modification times (nanoseconds), and the entry's mode. None when a file's
/// metadata cannot be read (the feed is then read and hashed as before).
fn file_stamp(t: &Tenant, feed: &FeedConfig) -> Option<String> {
    let one = |p: &std::path::Path| -> Option<String> {
        let m = std::fs::metadata(t.dir.join(p)).ok()?;
        let mtime = m.modified().ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_nanos();
        Some(format!("{}:{}:{}", p.display(), m.len(), mtime))
    };
    let mut stamp = one(&feed.path)?;
    if let Some(m) = &feed.mapping {
        stamp.push('|');
        stamp.push_str(&one(m)?);
    }
    stamp.push_str(&format!("|{:?}", feed.mode));
    Some(stamp)
}

/// The digest recorded with `stamp` for `tenant`'s `source`, when the stamp is the one recorded.
async fn stamped_sha(db: &Db, tenant: &str, source: &str, stamp: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT sha256 FROM feed_file_stamps WHERE tenant = $1 AND source = $2 AND stamp = $3")
        .bind(tenant)
        .bind(source)
        .bind(stamp)
        .fetch_optional(&db.pool)
        .await
}

/// Records that `tenant`'s `source` file with `stamp` holds the bytes of digest `sha` (imported
/// or found unchanged).
async fn record_stamp(db: &Db, tenant: &str, source: &str, stamp: &str, sha: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO feed_file_stamps (tenant, source, stamp, sha256) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (tenant, source) DO UPDATE SET stamp = excluded.stamp, sha256 = excluded.sha256",
    )
    .bind(tenant)
    .bind(source)
    .bind(stamp)
    .bind(sha)
    .execute(&db.pool)
    .await?;
    Ok(())
}
