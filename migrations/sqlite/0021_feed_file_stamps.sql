-- Issue 36: a start does not re-read a feed file storage already imported. One row per tenant
-- feed file: the stamp of the file and its mapping (paths, sizes, modification times, mode) as
-- last seen, and the digest its bytes had then (host/src/feeds.rs `import_tenant_feeds`). A start
-- whose stamp matches and whose last import of the source has that digest skips the file
-- unread.
CREATE TABLE feed_file_stamps (
    tenant  TEXT NOT NULL,
    source  TEXT NOT NULL,
    stamp   TEXT NOT NULL,
    sha256  TEXT NOT NULL,
    PRIMARY KEY (tenant, source)
);
