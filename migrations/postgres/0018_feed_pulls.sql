-- Issue 36 (item 5): stock feeds pulled from a URL on a schedule (docs/operations.md "Scheduled
-- feeds"; host/src/feed_pull.rs). Mirrors migrations/sqlite/0018_feed_pulls.sql.
--
-- `feed_pulls`: one row per (tenant, source URL): the validators of the last answer imported
-- (`etag`, `last_modified`, sent back as If-None-Match / If-Modified-Since), when the next pull is
-- due (`next_due`, unix seconds; a host claims a due pull by moving it forward, so several hosts
-- pull each feed once) and the consecutive failures (the retry backoff).
CREATE TABLE feed_pulls (
    tenant         TEXT    NOT NULL,
    source         TEXT    NOT NULL,
    etag           TEXT,
    last_modified  TEXT,
    next_due       BIGINT  NOT NULL,
    failures       INTEGER NOT NULL,
    PRIMARY KEY (tenant, source)
);
-- `feed_pull_log`: what each pull did (`imported`, `unchanged`, `not_modified`, `failed`), with
-- the HTTP status, the bytes read, the import's counts or the error; the newest 100 per feed.
CREATE TABLE feed_pull_log (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant      TEXT    NOT NULL,
    source      TEXT    NOT NULL,
    at          BIGINT  NOT NULL,
    outcome     TEXT    NOT NULL,
    status      INTEGER,
    bytes       BIGINT,
    detail      TEXT    NOT NULL
);
CREATE INDEX feed_pull_log_feed ON feed_pull_log (tenant, source, id);
