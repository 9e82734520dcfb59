-- Issue 40: `/readyz` answers 503 while writes fail (mirrors migrations/sqlite/0019_write_probe.sql).
-- `write_probe`: one row that readiness rewrites (at most every few seconds) with a 64 KiB pad,
-- the size of a large lead with its outbox rows, so a write that cannot land is seen before a
-- shopper's lead fails (host/src/db.rs `Db::check_writes`, docs/operations.md "A full disk").
CREATE TABLE write_probe (
    id   BIGINT  PRIMARY KEY,
    at   BIGINT  NOT NULL,
    pad  BYTEA   NOT NULL
);
