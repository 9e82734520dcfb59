-- Issue 7: the VDP's phone reveals (shopper-core §4 "Phone": clicking reveal logs the reveal to
-- the server; §7 "Phone-reveal log": car_id, dealership_id, website_id). Views are counted on
-- cars.views. Timestamps are unix seconds.
CREATE TABLE phone_reveals (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant         TEXT    NOT NULL,
    car_id         INTEGER NOT NULL,
    dealership_id  INTEGER NOT NULL,
    website_id     TEXT    NOT NULL,
    user_agent     TEXT,
    created_at     INTEGER NOT NULL
);
CREATE INDEX phone_reveals_tenant_car ON phone_reveals (tenant, car_id, created_at);
