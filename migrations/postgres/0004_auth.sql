-- Issue 10: sign-in by SMS code, sessions, the watchlist and events (locations-forms-marketing
-- §2 "Sign-in screen", §3 "verification record", §4 "Phone verification", §7; shopper-core §7
-- watchlist calls). Phones are normalised Australian numbers with a leading 0. Timestamps are
-- unix seconds. Codes and session ids are never stored in clear.
CREATE TABLE users (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant      TEXT    NOT NULL,
    phone       TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    verified_at BIGINT  NOT NULL,
    UNIQUE (tenant, phone)
);

-- One-time codes: a salted SHA-256 of the 6-digit code, single use, valid 10 minutes.
CREATE TABLE verification_codes (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant      TEXT    NOT NULL,
    phone       TEXT    NOT NULL,
    code_hash   TEXT    NOT NULL,
    salt        TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    used_at     BIGINT,
    attempts    BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX verification_codes_phone ON verification_codes (tenant, phone, created_at);

-- Wrong codes per phone: a new code does not reset them (issue 10 §2).
CREATE TABLE verification_failures (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant      TEXT    NOT NULL,
    phone       TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX verification_failures_phone ON verification_failures (tenant, phone, created_at);

-- The verification record (lfm §3): website_slug, dealership_slug, user_id, verification_type.
CREATE TABLE verifications (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    website_slug       TEXT    NOT NULL,
    dealership_slug    TEXT,
    user_id            BIGINT  NOT NULL,
    verification_type  TEXT    NOT NULL,
    created_at         BIGINT  NOT NULL
);

-- Sessions: keyed by the SHA-256 of the 128-bit session id; bound to one tenant.
CREATE TABLE sessions (
    id_hash     TEXT    PRIMARY KEY,
    tenant      TEXT,
    user_id     BIGINT,
    data        TEXT    NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- Text messages handed to the SMS provider; with the development sink, the only copy.
CREATE TABLE sms_outbox (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant      TEXT    NOT NULL,
    phone       TEXT    NOT NULL,
    body        TEXT    NOT NULL,
    provider    TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX sms_outbox_phone ON sms_outbox (tenant, phone, id);

-- The watchlist (shopper-core §7 save-car / remove-car).
CREATE TABLE watchlist (
    tenant      TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    car_id      BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (tenant, user_id, car_id)
);

-- Tracking events (lfm §7: 36 code sent, 37 code verified; shopper-core: 39 save).
CREATE TABLE events (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tenant      TEXT    NOT NULL,
    event_id    BIGINT  NOT NULL,
    subject     TEXT,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX events_tenant ON events (tenant, event_id, created_at);
