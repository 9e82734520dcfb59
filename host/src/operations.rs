//! What an operator reads of a running host (docs/operations.md "Metrics and readiness"): the
//! readiness verdict `/readyz` answers ([`readiness`]) and the gauges computed at each
//! `/metrics` scrape from storage and the search indexer ([`refresh_gauges`]), so nothing polls
//! for them between scrapes.

use std::time::Duration;

use crate::{leads::delivery, metrics::ops_gauges, platform::Platform, plugins::unix_now, search::index::TenantLag};

/// Longest a readiness check waits for storage or the search engine to answer.
pub const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// Why the host is not ready (`/readyz` answers 503 with [`NotReady::code`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotReady {
    /// Storage did not answer `SELECT 1` within [`CHECK_TIMEOUT`] (the error, or `timed out`).
    Storage(String),
    /// Storage answers but a write does not land (`crate::db::Db::check_writes`: a full disk,
    /// a read-only file); the storage error.
    Writes(String),
    /// The search engine did not answer its health check within [`CHECK_TIMEOUT`].
    Search(String),
    /// A tenant's search index is more journal sequences behind than
    /// `readiness_max_search_lag` allows.
    SearchLagging {
        /// The tenant furthest behind.
        tenant: String,
        /// Its lag, journal sequences.
        behind: i64,
        /// The bound (`readiness_max_search_lag`).
        bound: u64,
    },
}

impl NotReady {
    /// The machine-readable code: `storage_unavailable`, `storage_writes_failing`,
    /// `search_unavailable` or `search_lagging`.
    pub fn code(&self) -> &'static str {
        match self {
            NotReady::Storage(_) => "storage_unavailable",
            NotReady::Writes(_) => "storage_writes_failing",
            NotReady::Search(_) => "search_unavailable",
            NotReady::SearchLagging { .. } => "search_lagging",
        }
    }

    /// The reason in words, naming the part (and the tenant, for a lag).
    pub fn message(&self) -> String {
        match self {
            NotReady::Storage(e) => format!("Storage does not answer: {e}"),
            NotReady::Writes(e) => format!("Storage does not take writes: {e}"),
            NotReady::Search(e) => format!("The search engine does not answer: {e}"),
            NotReady::SearchLagging { tenant, behind, bound } => format!(
                "The search index of tenant {tenant} is {behind} journal sequences behind \
                 (readiness_max_search_lag is {bound})"
            ),
        }
    }
}

/// A ready host's report: the search indexer's lag per tenant (None while the search index is
/// not built yet, or when the journal could not be read).
#[derive(Debug, Clone, Default)]
pub struct Readiness {
    /// Journal sequences each tenant's index is behind.
    pub lag: Option<Vec<TenantLag>>,
}

impl Readiness {
    /// The lag summed over the tenants (None when not known).
    pub fn total_lag(&self) -> Option<i64> {
        self.lag.as_ref().map(|l| l.iter().map(|t| t.behind).sum())
    }
}

/// Whether the host can take traffic: storage answers, a write lands (`Db::check_writes`, at
/// most one 64 KiB probe write per 5 s; a writer busy with an import is not a failure), the search engine answers (once the
/// search service is built) and no tenant's index is more than `readiness_max_search_lag`
/// journal sequences behind (0: no bound). Each check waits at most [`CHECK_TIMEOUT`].
/// Errors: the first failed check, as [`NotReady`].
pub async fn readiness(p: Platform<'_>) -> Result<Readiness, NotReady> {
    match tokio::time::timeout(CHECK_TIMEOUT, p.db.ping()).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(NotReady::Storage(e.to_string())),
        Err(_) => return Err(NotReady::Storage("timed out".into())),
    }
    p.db.check_writes(CHECK_TIMEOUT).await.map_err(NotReady::Writes)?;
    let Some(svc) = p.search.built() else {
        return Ok(Readiness::default());
    };
    match tokio::time::timeout(CHECK_TIMEOUT, svc.backend.health()).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => return Err(NotReady::Search(e.to_string())),
        Err(_) => return Err(NotReady::Search("timed out".into())),
    }
    let lag = match tokio::time::timeout(CHECK_TIMEOUT, svc.lag(p.db)).await {
        Ok(Ok(l)) => l,
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "readiness: the search journal cannot be read");
            return Ok(Readiness::default());
        }
        Err(_) => return Err(NotReady::Storage("timed out reading the search journal".into())),
    };
    let bound = p.settings_now().readiness_max_search_lag;
    if bound > 0
        && let Some(worst) = lag.iter().max_by_key(|l| l.behind)
        && u64::try_from(worst.behind).unwrap_or(0) > bound
    {
        return Err(NotReady::SearchLagging {
            tenant: worst.tenant.clone(),
            behind: worst.behind,
            bound,
        });
    }
    Ok(Readiness { lag: Some(lag) })
}

/// Sets the scrape-time gauges (`crate::metrics::ops_gauges`) from what storage and the
/// indexer hold now: every tenant's pending and dead lead deliveries and the age of its oldest
/// pending one (seconds), and its search index lag and journal head (once the search service
/// is built). A part that cannot be read has its gauges cleared (no stale figure is served) and
/// is logged. Never fails.
pub async fn refresh_gauges(p: Platform<'_>) {
    let g = ops_gauges();
    match delivery::outbox_stats(p.db).await {
        Ok(stats) => {
            let now = unix_now();
            for t in p.tenants.iter() {
                let s = stats.iter().find(|s| s.tenant == t.slug());
                g.outbox_pending.with_label_values(&[t.slug()]).set(s.map_or(0, |s| s.pending));
                g.outbox_dead.with_label_values(&[t.slug()]).set(s.map_or(0, |s| s.dead));
                g.outbox_oldest_age
                    .with_label_values(&[t.slug()])
                    .set(s.map_or(0, |s| s.oldest_pending_age(now)));
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, "metrics: the lead outbox cannot be read");
            g.outbox_pending.reset();
            g.outbox_dead.reset();
            g.outbox_oldest_age.reset();
        }
    }
    let Some(svc) = p.search.built() else {
        return;
    };
    match svc.lag(p.db).await {
        Ok(lag) => {
            for l in lag {
                g.search_lag.with_label_values(&[&l.tenant]).set(l.behind);
                g.journal_head.with_label_values(&[&l.tenant]).set(l.head);
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, "metrics: the search journal cannot be read");
            g.search_lag.reset();
            g.journal_head.reset();
        }
    }
}
