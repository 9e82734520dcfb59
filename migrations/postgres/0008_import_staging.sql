-- Stock import staging (docs/features/platform.md "Stock import"). Mirrors
-- migrations/sqlite/0008_import_staging.sql: an import writes its rows here in short
-- transactions, invisible to shoppers, then applies them to `cars` in one transaction of a few
-- set-based statements. The table has every column of `cars` (copied here, so a migration that
-- adds a column to `cars` adds it here too), all nullable: `id` is the car an `update` or `sold`
-- row targets (NULL for an `insert`).
CREATE TABLE stock_import_staging AS SELECT * FROM cars WITH NO DATA;
ALTER TABLE stock_import_staging ADD COLUMN import_id TEXT NOT NULL DEFAULT '';
ALTER TABLE stock_import_staging ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;
-- insert, update or sold.
ALTER TABLE stock_import_staging ADD COLUMN action TEXT NOT NULL DEFAULT 'insert';
-- The target car's feed_hash when the import read it: the apply refuses if it changed since.
ALTER TABLE stock_import_staging ADD COLUMN expect_hash TEXT;
-- Unix seconds (wall clock) the row was staged: rows of killed imports are removed later.
ALTER TABLE stock_import_staging ADD COLUMN staged_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX stock_import_staging_run ON stock_import_staging (import_id, seq);
CREATE INDEX stock_import_staging_age ON stock_import_staging (tenant, staged_at);
