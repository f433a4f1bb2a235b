CREATE TABLE "order_counts" (
	"vendor_id" text NOT NULL,
	"kind" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_vendor_id_kind_pk" PRIMARY KEY("vendor_id","kind")
);
--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at" desc,"id" desc);--> statement-breakpoint
-- Orders made before the counter existed.
INSERT INTO "order_counts" ("vendor_id", "kind", "count") SELECT "vendor_id", "kind", count(*) FROM "orders" GROUP BY "vendor_id", "kind";
