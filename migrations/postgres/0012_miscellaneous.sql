-- Issue 25: `POST /api/miscellaneous` (docs/features/shopper-core.md §7 "POST /api/miscellaneous |
-- valuation data plus column_name valuation | success or failure logged"): extra data a form keeps
-- beside a lead, e.g. the trade-in valuation the shopper was shown. One row per call; `column_name`
-- says what it is (`valuation`), `data` is the JSON object, `lead_id` the lead it belongs to when
-- the form names one. Timestamps are unix seconds.
CREATE TABLE miscellaneous (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant       TEXT    NOT NULL,
    column_name  TEXT    NOT NULL,
    lead_id      TEXT,
    data         TEXT    NOT NULL,
    created_at   BIGINT  NOT NULL
);
CREATE INDEX miscellaneous_tenant_created ON miscellaneous (tenant, created_at);
