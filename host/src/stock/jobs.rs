//! Import jobs: a stock import over HTTP that outlives its request (docs/features/platform.md
//! "Stock import", issue 40).
//!
//! `POST /api/v1/admin/import` starts every import as a job: a row in `import_jobs`, written
//! while the import runs (its progress, at most once per [`HEARTBEAT`]) and when it ends (the
//! report, or the error envelope with its HTTP status). The request waits for the job as long as
//! it asked (`Prefer: wait=N` / `respond-async`, RFC 7240) and answers the report (200) or 202
//! with the job's URL; `GET /api/v1/admin/import/jobs/{id}` reads the row on any host of the
//! platform (the row is in the shared storage). A job whose host stopped mid-import is not
//! written any more: read more than [`STALE_AFTER_SECS`] after its last write while `running`,
//! it is answered `failed` with `import_interrupted` (the import's commit point is one
//! transaction, `super::staging`: it was applied whole or not at all, and sending the same feed
//! again changes nothing when it was).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::import::ImportProgress;
use crate::db::Db;

/// How often a running job's progress is written (and so how fresh `GET` is).
pub const HEARTBEAT: Duration = Duration::from_secs(1);
/// A `running` job not written for this long (seconds) belongs to a host that stopped.
pub const STALE_AFTER_SECS: i64 = 30;
/// Jobs kept per tenant (the oldest are removed when a new one starts).
pub const KEPT_PER_TENANT: i64 = 100;

/// A job's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobStatus {
    /// The import is running (`progress` says where).
    Running,
    /// The import ended; `report` is its report (rejected rows included).
    Done,
    /// The import did not run to its end; `error` says why, nothing was applied.
    Failed,
}

impl JobStatus {
    fn as_str(self) -> &'static str {
        match self {
            JobStatus::Running => "running",
            JobStatus::Done => "done",
            JobStatus::Failed => "failed",
        }
    }
}

/// Why a job failed: the error envelope the synchronous import would have answered, and its
/// HTTP status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct JobError {
    /// The HTTP status the import would have answered (400, 409, 500, ...).
    pub status: u16,
    /// Machine-readable code (`invalid_field`, `import_conflict`, `import_interrupted`, ...).
    pub code: String,
    /// Human-readable message.
    pub message: String,
    /// The request field at fault (`body`, `mapping`), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// One import job as `GET /api/v1/admin/import/jobs/{id}` answers it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImportJob {
    /// The job's id (a UUID).
    pub id: String,
    /// Tenant slug.
    pub tenant: String,
    /// Feed source name.
    pub source: String,
    /// `running`, `done` or `failed`.
    pub status: JobStatus,
    /// Where the import is (the last phase reached when it ended).
    pub progress: ImportProgress,
    /// The import's report once `done` (the body a synchronous import answers).
    #[schema(value_type = Option<super::ImportReport>)]
    pub report: Option<serde_json::Value>,
    /// Why it failed, once `failed`.
    pub error: Option<JobError>,
    /// When the job started, unix seconds.
    pub created_at: i64,
    /// When the job was last written, unix seconds.
    pub updated_at: i64,
    /// The job's URL (`/api/v1/admin/import/jobs/{id}`).
    pub url: String,
}

/// The URL of job `id`.
pub fn job_url(id: &str) -> String {
    format!("/api/v1/admin/import/jobs/{id}")
}

/// A running job's handle: where its import is (shared with the import's progress callback)
/// and the task writing it.
pub struct Running {
    /// The job's id.
    pub id: String,
    /// The import's latest progress (the callback writes, the heartbeat reads).
    pub progress: Arc<Mutex<ImportProgress>>,
    heartbeat: tokio::task::JoinHandle<()>,
}

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

/// Records a new running job of `tenant` for feed `source` (removing the tenant's jobs beyond
/// the newest [`KEPT_PER_TENANT`]) and starts its heartbeat, which writes the job's progress every
/// [`HEARTBEAT`] until [`finish`]. Returns the handle.
///
/// Errors: the storage error (no job recorded).
pub async fn start(db: &Db, tenant: &str, source: &str) -> Result<Running, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let at = now();
    let progress = ImportProgress::default();
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO import_jobs (id, tenant, source, status, progress, created_at, updated_at) \
         VALUES ($1, $2, $3, 'running', $4, $5, $5)",
    )
    .bind(&id)
    .bind(tenant)
    .bind(source)
    .bind(serde_json::to_string(&progress).expect("progress serialises"))
    .bind(at)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM import_jobs WHERE tenant = $1 AND id NOT IN \
         (SELECT id FROM import_jobs WHERE tenant = $1 ORDER BY created_at DESC, id DESC LIMIT $2)",
    )
    .bind(tenant)
    .bind(KEPT_PER_TENANT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    let progress = Arc::new(Mutex::new(progress));
    let heartbeat = tokio::spawn({
        let (db, id, progress) = (db.clone(), id.clone(), progress.clone());
        async move {
            let mut last = None;
            loop {
                tokio::time::sleep(HEARTBEAT).await;
                let p = *progress.lock().expect("progress lock");
                // A failed write is retried at the next beat; a job never written again reads
                // as interrupted after STALE_AFTER_SECS.
                let written = sqlx::query("UPDATE import_jobs SET progress = $2, updated_at = $3 WHERE id = $1 AND status = 'running'")
                    .bind(&id)
                    .bind(serde_json::to_string(&p).expect("progress serialises"))
                    .bind(now())
                    .execute(&db.pool)
                    .await;
                if let Err(e) = written
                    && last.as_ref() != Some(&e.to_string())
                {
                    tracing::warn!(job = %id, error = %e, "could not write an import job's progress");
                    last = Some(e.to_string());
                }
            }
        }
    });
    Ok(Running { id, progress, heartbeat })
}

/// Ends job `job` with the import's outcome: its report (`done`, as JSON) or the error the
/// request would have answered (`failed`). The heartbeat stops first.
///
/// Errors: the storage error (the job then reads as interrupted after [`STALE_AFTER_SECS`]).
pub async fn finish(db: &Db, job: Running, outcome: Result<serde_json::Value, JobError>) -> Result<(), sqlx::Error> {
    job.heartbeat.abort();
    let progress = *job.progress.lock().expect("progress lock");
    let (status, report, error) = match outcome {
        Ok(report) => (JobStatus::Done, Some(report.to_string()), None),
        Err(e) => (JobStatus::Failed, None, Some(serde_json::to_string(&e).expect("error serialises"))),
    };
    sqlx::query("UPDATE import_jobs SET status = $2, progress = $3, report = $4, error = $5, updated_at = $6 WHERE id = $1")
        .bind(&job.id)
        .bind(status.as_str())
        .bind(serde_json::to_string(&progress).expect("progress serialises"))
        .bind(report)
        .bind(error)
        .bind(now())
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Job `id` of `tenant`, or None when the tenant has no such job (another tenant's job is
/// None too). A `running` job not written for [`STALE_AFTER_SECS`] is answered `failed` with
/// `import_interrupted`.
///
/// Errors: the storage error.
pub async fn get(db: &Db, tenant: &str, id: &str) -> Result<Option<ImportJob>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, tenant, source, status, progress, report, error, created_at, updated_at \
         FROM import_jobs WHERE tenant = $1 AND id = $2",
    )
    .bind(tenant)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let id: String = r.try_get("id")?;
    let updated_at: i64 = r.try_get("updated_at")?;
    let mut status = match r.try_get::<String, _>("status")?.as_str() {
        "done" => JobStatus::Done,
        "failed" => JobStatus::Failed,
        _ => JobStatus::Running,
    };
    let mut error: Option<JobError> = r.try_get::<Option<String>, _>("error")?.and_then(|e| serde_json::from_str(&e).ok());
    if status == JobStatus::Running && now() - updated_at > STALE_AFTER_SECS {
        status = JobStatus::Failed;
        error = Some(JobError {
            status: 500,
            code: "import_interrupted".into(),
            message: format!(
                "The host running this import stopped before it ended (no progress for {STALE_AFTER_SECS} s); send the feed again (a feed already applied changes nothing the second time)"
            ),
            field: None,
        });
    }
    Ok(Some(ImportJob {
        url: job_url(&id),
        id,
        tenant: r.try_get("tenant")?,
        source: r.try_get("source")?,
        status,
        progress: serde_json::from_str(&r.try_get::<String, _>("progress")?).unwrap_or_else(|_| ImportProgress::default()),
        report: r
            .try_get::<Option<String>, _>("report")?
            .and_then(|t| serde_json::from_str(&t).ok()),
        error,
        created_at: r.try_get("created_at")?,
        updated_at,
    }))
}
