-- Issue 23 (items 1 and 2): sign-in codes never at rest in clear, a keyed hash, and a lockout
-- nobody else can use to deny a shopper service (docs/features/platform.md "Sign-in and
-- watchlist").
--
-- Codes are now an HMAC-SHA-256 keyed with the server's code secret over (tenant, phone, code,
-- the send's random nonce): `code_hash` becomes `code_mac` and `salt` becomes `nonce`. The old
-- salted SHA-256 rows are cleared and expired: a code pending at the upgrade is simply invalid
-- (codes live 10 minutes; the shopper asks for a new one). The send counts still see the rows.
ALTER TABLE verification_codes RENAME COLUMN code_hash TO code_mac;
ALTER TABLE verification_codes RENAME COLUMN salt TO nonce;
UPDATE verification_codes SET code_mac = '', expires_at = created_at;

-- The client IP a code was asked from and a wrong code came from: failures and sends are
-- limited per (phone, client) plus a per-phone ceiling with a shorter window. Rows from before
-- the upgrade have no client ('').
ALTER TABLE verification_codes ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE verification_failures ADD COLUMN client TEXT NOT NULL DEFAULT '';

-- The outbox keeps a redacted body only: codes already stored there are masked.
UPDATE sms_outbox SET body = '••••••' || substr(body, 7) WHERE body ~ '^[0-9]{6} ';
