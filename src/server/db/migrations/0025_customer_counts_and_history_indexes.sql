-- Issue 38, decision 158: the orders and customers calls of a vendor with a million transactions cost what they
-- cost for a new vendor. A maintained count of each vendor's customers (and anonymous ones), as order_counts (0007)
-- is for orders: the unfiltered customers list and customer analytics read one row instead of counting them all.
CREATE TABLE "customer_counts" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"anonymous_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Kept by a trigger, not by the code that writes customers: every writer counts, an older release still serving
-- during a rolling restart (docs/deploy.md) and a set-based insert included, in the writer's own transaction.
CREATE OR REPLACE FUNCTION count_customer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_counts (vendor_id, count, anonymous_count)
    VALUES (NEW.vendor_id, 1, CASE WHEN NEW.is_anonymous THEN 1 ELSE 0 END)
    ON CONFLICT (vendor_id) DO UPDATE
      SET count = customer_counts.count + 1, anonymous_count = customer_counts.anonymous_count + EXCLUDED.anonymous_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE customer_counts
      SET count = count - 1, anonymous_count = anonymous_count - CASE WHEN OLD.is_anonymous THEN 1 ELSE 0 END
      WHERE vendor_id = OLD.vendor_id;
  ELSIF NEW.is_anonymous IS DISTINCT FROM OLD.is_anonymous THEN
    UPDATE customer_counts
      SET anonymous_count = anonymous_count + CASE WHEN NEW.is_anonymous THEN 1 ELSE -1 END
      WHERE vendor_id = NEW.vendor_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The trigger first: creating it locks customers against writes until this migration commits, so the backfill
-- below counts every customer committed before, and every later one fires the trigger: none missed, none twice.
CREATE TRIGGER "customers_counted" AFTER INSERT OR DELETE OR UPDATE OF "is_anonymous" ON "customers"
FOR EACH ROW EXECUTE FUNCTION count_customer_change();--> statement-breakpoint
-- Customers made before the counter existed.
INSERT INTO "customer_counts" ("vendor_id", "count", "anonymous_count")
SELECT "vendor_id", count(*), count(*) FILTER (WHERE "is_anonymous") FROM "customers" GROUP BY "vendor_id";--> statement-breakpoint
-- A name search reads one vendor's matches from a trigram index (pg_trgm and btree_gin: 0017) instead of every
-- customer of the vendor. IF NOT EXISTS: an operator may build it CONCURRENTLY ahead (decision 158).
CREATE INDEX IF NOT EXISTS "customers_vendor_name_trgm_idx" ON "customers" USING gin ("vendor_id", "name" gin_trgm_ops);--> statement-breakpoint
-- A customer's orders and their totals from the index alone: the money columns trail the unique id, so they order
-- nothing and the list's order is unchanged. Replaces orders_vendor_customer_created_idx (vendor, customer, created).
CREATE INDEX IF NOT EXISTS "orders_vendor_customer_totals_idx" ON "orders" USING btree ("vendor_id","customer_id","created_at" desc,"id" desc,"amount_paid","amount_refunded");--> statement-breakpoint
-- Who ordered in a range (customer analytics) from the index alone: the customer trails the unique id. Replaces
-- orders_vendor_created_idx (vendor, created, id).
CREATE INDEX IF NOT EXISTS "orders_vendor_created_customer_idx" ON "orders" USING btree ("vendor_id","created_at" desc,"id" desc,"customer_id");--> statement-breakpoint
-- The indexes they replace go last: DROP INDEX locks orders against reads too, so it is held only from here to the
-- commit, not through the builds above (which an operator may also run CONCURRENTLY ahead, under these names).
DROP INDEX IF EXISTS "orders_vendor_customer_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "orders_vendor_created_idx";
