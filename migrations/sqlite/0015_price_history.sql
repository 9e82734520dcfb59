-- Issue 26 (item 4): price history and freshness (docs/features/platform.md "Stock import",
-- "Price history and freshness").
--
-- `car_price_history`: one row per real change of a car's price made by a stock import, written
-- in the import's apply transaction (a failed import writes none). Prices are whole dollars (AUD,
-- rounded); a change to or from price 0 (no price shown) and a car's first sighting are not
-- recorded. `journal_seq` is the stock change journal sequence (`search_journal`) of the import
-- that made the change. Bounded: the import keeps a car's last 20 changes
-- (`stock::history::KEEP_PER_CAR`) and deletes older ones.
CREATE TABLE car_price_history (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    tenant       TEXT    NOT NULL,
    car_id       INTEGER NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
    old_price    INTEGER NOT NULL,
    new_price    INTEGER NOT NULL,
    changed_at   INTEGER NOT NULL,
    journal_seq  INTEGER
);
CREATE INDEX car_price_history_car ON car_price_history (tenant, car_id, id);

-- On cars: `listed_at`, unix seconds of the last feed import that listed the car (moved by every
-- import whose feed has the car, changed or not); `price_reduced_at`, unix seconds of the import
-- that last lowered its price, NULL when its last price change was a rise or it never dropped
-- (the SRP's `recently_reduced` sort). Both are set by the host, never by a feed column.
ALTER TABLE cars ADD COLUMN listed_at INTEGER;
ALTER TABLE cars ADD COLUMN price_reduced_at INTEGER;
-- Staging mirrors every column of cars (0008), plus the car's price as the import read it
-- (`expect_price`, whole dollars; NULL unless the price changed), from which the apply writes
-- `car_price_history`.
ALTER TABLE stock_import_staging ADD COLUMN listed_at INTEGER;
ALTER TABLE stock_import_staging ADD COLUMN price_reduced_at INTEGER;
ALTER TABLE stock_import_staging ADD COLUMN expect_price INTEGER;
-- Cars imported before this migration were listed when they were last written.
UPDATE cars SET listed_at = updated_at WHERE feed_source IS NOT NULL;
