-- Issue 8: comparable-stock lookups for the price comparison gauge (shopper-core §3 "Autogauge
-- result"): cars of the same make and model and a nearby year, across the platform.
CREATE INDEX cars_market ON cars (make, model, year);
