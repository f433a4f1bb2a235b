ALTER TABLE "idempotency_keys" ADD COLUMN "owner_lease" integer;--> statement-breakpoint
-- A database that already holds one NIP session credited twice (issue 35) cannot take the index below. Stop with
-- what to look at rather than the index's bare unique violation: which credit to reverse is the operator's call.
DO $$
DECLARE
  twice record;
BEGIN
  SELECT vendor_id, session_id, string_agg(reference, ', ' ORDER BY created_at) AS refs INTO twice
  FROM "transactions" WHERE provider_reference IS NOT NULL
  GROUP BY vendor_id, session_id HAVING count(*) > 1 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'NIP session % was credited more than once to vendor % (transactions %): settle the duplicate before migrating', twice.session_id, twice.vendor_id, twice.refs;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_session_uq" ON "transactions" USING btree ("vendor_id","session_id") WHERE provider_reference is not null;
