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
-- Customers made before the counter existed.
INSERT INTO "customer_counts" ("vendor_id", "count", "anonymous_count")
SELECT "vendor_id", count(*), count(*) FILTER (WHERE "is_anonymous") FROM "customers" GROUP BY "vendor_id";--> statement-breakpoint
-- A name search reads one vendor's matches from a trigram index (pg_trgm and btree_gin: 0017) instead of every
-- customer of the vendor.
CREATE INDEX IF NOT EXISTS "customers_vendor_name_trgm_idx" ON "customers" USING gin ("vendor_id", "name" gin_trgm_ops);--> statement-breakpoint
-- A customer's orders and their totals from the index alone: the money columns trail the unique id, so they order
-- nothing and the list's order is unchanged. Replaces (vendor_id, customer_id, created_at desc).
DROP INDEX IF EXISTS "orders_vendor_customer_created_idx";--> statement-breakpoint
CREATE INDEX "orders_vendor_customer_created_idx" ON "orders" USING btree ("vendor_id","customer_id","created_at" desc,"id" desc,"amount_paid","amount_refunded");--> statement-breakpoint
-- Who ordered in a range (customer analytics) from the index alone: the customer trails the unique id.
DROP INDEX IF EXISTS "orders_vendor_created_idx";--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at" desc,"id" desc,"customer_id");
