-- Issue 36: a start does not re-read a feed file storage already imported (mirrors
-- migrations/sqlite/0021_feed_file_stamps.sql; host/src/feeds.rs `import_tenant_feeds`).
CREATE TABLE feed_file_stamps (
    tenant  TEXT NOT NULL,
    source  TEXT NOT NULL,
    stamp   TEXT NOT NULL,
    sha256  TEXT NOT NULL,
    PRIMARY KEY (tenant, source)
);
