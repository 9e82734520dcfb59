//! Start-up import of each tenant's `[[stock.feeds]]` (tenants/README.md): a feed is imported
//! when its bytes, mapping or mode changed since its last import, so a restart costs one hash per
//! feed.

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
        let bytes = std::fs::read(t.dir.join(&feed.path))?;
        let (mapping, mapping_text, mode) = mapping_of(t, feed)?;
        let sha = feed_sha256(&bytes, mapping_text.as_deref(), mode);
        if repo.last_import(&source).await?.is_some_and(|l| l.sha256 == sha) {
            tracing::debug!(tenant = %t.slug(), feed = %source, "feed unchanged");
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
        tracing::info!(tenant = %t.slug(), feed = %source, inserted = report.inserted, updated = report.updated,
            unchanged = report.unchanged, marked_sold = report.marked_sold, rejected = report.rejected, "feed imported");
        for e in report.errors.iter().take(20) {
            tracing::warn!(tenant = %t.slug(), feed = %source, row = e.row, errors = ?e.errors, "row rejected");
        }
    }
    Ok(())
}
