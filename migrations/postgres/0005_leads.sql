-- Issue 9: leads and their delivery outbox (shopper-core §3 "Lead data"; locations-forms-
-- marketing §2 forms, §7). A lead and its deliveries are written in one transaction; the same
-- idempotency key on the same site is one lead. Timestamps are unix seconds.
CREATE TABLE leads (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lead_id          TEXT    NOT NULL UNIQUE,
    tenant           TEXT    NOT NULL,
    idempotency_key  TEXT    NOT NULL,
    form             TEXT    NOT NULL,
    category         TEXT    NOT NULL,
    car_id           BIGINT,
    dealership_slug  TEXT,
    payload          TEXT    NOT NULL,
    created_at       BIGINT  NOT NULL,
    UNIQUE (tenant, idempotency_key)
);
CREATE INDEX leads_tenant_created ON leads (tenant, created_at);

-- One row per lead and destination (webhook or email): pending, delivered or dead.
CREATE TABLE lead_deliveries (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lead_id          TEXT    NOT NULL,
    tenant           TEXT    NOT NULL,
    kind             TEXT    NOT NULL,
    target           TEXT    NOT NULL,
    status           TEXT    NOT NULL,
    attempts         BIGINT  NOT NULL DEFAULT 0,
    next_attempt_at  BIGINT  NOT NULL,
    claimed_until    BIGINT,
    last_error       TEXT,
    delivered_at     BIGINT,
    created_at       BIGINT  NOT NULL
);
CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
