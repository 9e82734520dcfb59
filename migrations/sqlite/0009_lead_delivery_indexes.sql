-- Issue 22: per-destination lead delivery and the admin's lead listing (docs/features/platform.md
-- "Leads"). A delivery worker claims one destination's (tenant, kind, target) due rows; the
-- listing works out each lead's delivery state from its rows and pages by (created_at, id).
CREATE INDEX lead_deliveries_destination ON lead_deliveries (tenant, kind, target, status, next_attempt_at);
CREATE INDEX lead_deliveries_lead ON lead_deliveries (lead_id, status);
CREATE INDEX leads_tenant_created_id ON leads (tenant, created_at, id);
