-- Issue 20: a tenant's cars by id. Search reads a page's cars with `tenant = $1 AND id IN (...)`
-- and reindexing walks a tenant's cars in keyset pages (`tenant = $1 AND id > $2 ORDER BY id`).
-- Without this index SQLite's planner answered both through cars_tenant_source (tenant,
-- feed_source): every car of the tenant visited, then sorted (13 ms for a page of 21 cars at
-- 100,000 cars; 0.4 ms with it, BENCHMARKS.md "Search: change to visible, reindex from storage, HTTP search").
CREATE INDEX cars_tenant_id ON cars (tenant, id);
