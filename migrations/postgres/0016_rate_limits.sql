-- Issue 24 (item 3): rate limits shared by every host on one database (docs/features/platform.md
-- "Foundation", Rate limits; docs/operations.md "Scaling"), replacing the in-process limiters. Mirrors
-- migrations/sqlite/0016_rate_limits.sql.
--
-- `rate_limits`: one row per limited key, written by `crate::rate_limit` (GCRA). `bucket` is the
-- limit's name and its key (`lead:<tenant>|<ip>`, `sms_ip:<tenant>|<ip>`, `sms_tenant:<tenant>`,
-- `probe:<tenant>|<ip>`); `tat` is the key's theoretical arrival time, unix microseconds: the
-- instant its budget is full again. Bounded: a row whose `tat` has passed means the same as no row
-- and is deleted by a later allowed request (`rate_limit::sweep`, through `rate_limits_tat`).
CREATE TABLE rate_limits (
    bucket  TEXT    NOT NULL PRIMARY KEY,
    tat     BIGINT  NOT NULL
);
CREATE INDEX rate_limits_tat ON rate_limits (tat);
