-- Issue 36 (item 1): a reload done on one host is followed by every host on the same storage
-- (docs/operations.md "Reload and quarantine"; host/src/live.rs).
--
-- `tenant_reloads`: one row per tenant a reload was asked for (`tenant`, its slug), or `*` for
-- every tenant, with the reload's `generation` (the value `reload_generation` took for it) and
-- when it was asked (unix seconds). Each host remembers the highest generation it has applied
-- and, every second, reloads the tenants whose row is above it from the tenants folder it reads.
-- Bounded: one row per tenant and one for `*`.
CREATE TABLE tenant_reloads (
    tenant        TEXT    NOT NULL PRIMARY KEY,
    generation    INTEGER NOT NULL,
    requested_at  INTEGER NOT NULL
);
CREATE INDEX tenant_reloads_generation ON tenant_reloads (generation);
-- The one counter the generations come from (a single row, `id` = 1).
CREATE TABLE reload_generation (
    id     INTEGER NOT NULL PRIMARY KEY,
    value  INTEGER NOT NULL
);
INSERT INTO reload_generation (id, value) VALUES (1, 0);
-- What each tenant's dealerships and locations were last synced from (`live.rs`): the SHA-256 of
-- their config; a start or reload whose config has the same digest skips the sync.
CREATE TABLE tenant_config_synced (
    tenant  TEXT NOT NULL PRIMARY KEY,
    sha256  TEXT NOT NULL
);
