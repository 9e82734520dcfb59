-- Issue 9 §1 "reserve and buy online": one row per reservation lead (form `reserve`), written in
-- the lead's transaction. status: offline (no payment provider, or it failed: the dealer takes
-- the deposit), pending_payment (sent to the provider's checkout), paid (the provider confirmed;
-- hold_until is set) or payment_cancelled (the checkout expired unpaid). Amounts in cents,
-- timestamps in unix seconds.
CREATE TABLE reservations (
    lead_id        TEXT    PRIMARY KEY,
    tenant         TEXT    NOT NULL,
    car_id         BIGINT,
    deposit_cents  BIGINT  NOT NULL,
    hold_hours     BIGINT  NOT NULL,
    status         TEXT    NOT NULL,
    provider       TEXT,
    provider_ref   TEXT,
    hold_until     BIGINT,
    payment_url    TEXT,
    created_at     BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL
);
CREATE INDEX reservations_provider_ref ON reservations (tenant, provider_ref);
