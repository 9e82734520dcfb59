-- Issue 20 (items 1 and 2): the search change journal (docs/features/platform.md "Search";
-- ARCHITECTURE.md "Search"). Every write that changes what a car's search document holds (an
-- import's apply, a stored lender quote) adds one sequence number for its tenant, in the same
-- transaction, with the ids of the cars it changed (car_id 0: the whole tenant, written for a
-- large import). Each server's indexer follows it from the last sequence it applied, so a CLI
-- import, another host or a search engine that was down all converge.
--
-- One row per tenant: the last sequence given out (`seq`), the sequences at or below `pruned_through`
-- pruned from `search_journal` (an index older than that is rebuilt), and `epoch`, a random id of
-- this database's journal (an index built from another database is rebuilt).
CREATE TABLE search_journal_heads (
    tenant TEXT PRIMARY KEY,
    seq INTEGER NOT NULL DEFAULT 0,
    pruned_through INTEGER NOT NULL DEFAULT 0,
    epoch TEXT NOT NULL
);
CREATE TABLE search_journal (
    tenant TEXT NOT NULL,
    seq INTEGER NOT NULL,
    car_id INTEGER NOT NULL,
    PRIMARY KEY (tenant, seq, car_id)
);
-- Tenants that already have cars start at sequence 0 with their own epoch.
INSERT INTO search_journal_heads (tenant, seq, pruned_through, epoch)
SELECT tenant, 0, 0, lower(hex(randomblob(16))) FROM (SELECT DISTINCT tenant FROM cars);
