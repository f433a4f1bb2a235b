CREATE TABLE "stock_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"from_outlet_id" text,
	"to_outlet_id" text,
	"quantity" integer NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transfers_quantity_positive" CHECK ("stock_transfers"."quantity" > 0),
	CONSTRAINT "stock_transfers_two_places" CHECK ("stock_transfers"."from_outlet_id" is distinct from "stock_transfers"."to_outlet_id")
);
--> statement-breakpoint
CREATE TABLE "variant_stock" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"outlet_id" text,
	"units" bigint DEFAULT 0 NOT NULL,
	"threshold" bigint,
	"low_stock_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variant_stock_location_uq" UNIQUE NULLS NOT DISTINCT("variant_id","outlet_id"),
	CONSTRAINT "variant_stock_units_not_negative" CHECK ("variant_stock"."units" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "paylink_outlet_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "outlet_id" text;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_outlet_id_outlets_id_fk" FOREIGN KEY ("from_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_outlet_id_outlets_id_fk" FOREIGN KEY ("to_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_stock" ADD CONSTRAINT "variant_stock_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_stock" ADD CONSTRAINT "variant_stock_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_stock" ADD CONSTRAINT "variant_stock_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_transfers_variant_idx" ON "stock_transfers" USING btree ("vendor_id","variant_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "variant_stock_vendor_outlet_idx" ON "variant_stock" USING btree ("vendor_id","outlet_id");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_paylink_outlet_id_outlets_id_fk" FOREIGN KEY ("paylink_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing stock is the main store's (decision 174): one main-store row per variant, before the triggers exist, so
-- the total is not counted twice.
INSERT INTO "variant_stock" ("id", "vendor_id", "variant_id", "outlet_id", "units", "updated_at")
SELECT gen_random_uuid()::text, "vendor_id", "id", NULL, "available_units", now() FROM "product_variants" AS "pv"
WHERE NOT EXISTS (SELECT 1 FROM "variant_stock" WHERE "variant_id" = "pv"."id" AND "outlet_id" IS NULL);
--> statement-breakpoint
-- A change to a location moves the variant's total (product_variants.available_units) by the same amount, in the
-- same statement and under the variant's row lock, so the total is exact however many changes race. A change the
-- variant's own trigger made (depth > 1) is one the total already holds.
CREATE OR REPLACE FUNCTION variant_stock_moves_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
  variant text;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    delta := NEW.units; variant := NEW.variant_id;
  ELSIF TG_OP = 'DELETE' THEN
    delta := -OLD.units; variant := OLD.variant_id;
  ELSE
    delta := NEW.units - OLD.units; variant := NEW.variant_id;
  END IF;
  IF delta <> 0 THEN
    UPDATE product_variants SET available_units = available_units + delta WHERE id = variant;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER variant_stock_moves_total AFTER INSERT OR UPDATE OF units OR DELETE ON variant_stock
FOR EACH ROW EXECUTE FUNCTION variant_stock_moves_total();
--> statement-breakpoint
-- A write of the total itself (a new variant, a product form or Update Variant setting availableUnits, code that
-- predates locations) lands the difference in the main store; the check on variant_stock refuses a total below
-- what the outlets hold.
CREATE OR REPLACE FUNCTION variant_total_moves_main_store() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN delta := NEW.available_units; ELSE delta := NEW.available_units - OLD.available_units; END IF;
  IF TG_OP = 'UPDATE' AND delta = 0 THEN RETURN NULL; END IF;
  -- An update first: an INSERT … ON CONFLICT checks its proposed row (a negative delta) before finding the conflict.
  UPDATE variant_stock SET units = units + delta, updated_at = now() WHERE variant_id = NEW.id AND outlet_id IS NULL;
  IF NOT FOUND THEN
    INSERT INTO variant_stock (id, vendor_id, variant_id, outlet_id, units)
    VALUES (gen_random_uuid()::text, NEW.vendor_id, NEW.id, NULL, delta);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER variant_total_moves_main_store AFTER INSERT OR UPDATE OF available_units ON product_variants
FOR EACH ROW EXECUTE FUNCTION variant_total_moves_main_store();
