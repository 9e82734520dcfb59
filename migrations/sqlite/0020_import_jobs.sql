-- Issue 40: a stock import over HTTP is a job (docs/features/platform.md "Stock import";
-- host/src/stock/jobs.rs). `POST /api/v1/admin/import` answers 202 with the job's URL when the
-- import is not done within the request's wait; `GET /api/v1/admin/import/jobs/{id}` reads it.
--
-- `import_jobs`: one row per job: its tenant and feed source, `status` (`running`, `done`,
-- `failed`), `progress` (JSON: phase, rows done, rows to do), the report when done (JSON, the
-- same as the synchronous answer) or the error envelope and HTTP status when failed, and when it
-- was created and last written (unix seconds; a running job not written for a while belongs to a
-- host that stopped). The newest 100 per tenant are kept.
CREATE TABLE import_jobs (
    id           TEXT    PRIMARY KEY,
    tenant       TEXT    NOT NULL,
    source       TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    progress     TEXT    NOT NULL,
    report       TEXT,
    error        TEXT,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE INDEX import_jobs_by_tenant ON import_jobs (tenant, created_at);
