-- Issue 26 item 5 (docs/features/platform.md "Leads", lead receipts): each lead's reference, the
-- short code its receipt to the shopper, the answer to the form and the dealer's ADF/XML carry,
-- unique per site. New leads get a random code (8 characters of Crockford's base 32 as
-- `XXXX-XXXX`, host/src/leads/receipt.rs `new_reference`), so a reference says nothing about how
-- many leads a site has. Leads stored before this migration get the first 8 hex digits of their
-- random lead id (a UUID v4) in the same form; the rare one whose 8 digits another lead of its site
-- already has gets its whole lead id, which is unique, so the index below can always be built.
ALTER TABLE leads ADD COLUMN reference TEXT;
UPDATE leads SET reference = upper(substr(lead_id, 1, 4) || '-' || substr(lead_id, 5, 4)) WHERE reference IS NULL;
UPDATE leads SET reference = upper(lead_id)
 WHERE EXISTS (SELECT 1 FROM leads o WHERE o.tenant = leads.tenant AND o.reference = leads.reference AND o.id < leads.id);
CREATE UNIQUE INDEX leads_tenant_reference ON leads (tenant, reference);
