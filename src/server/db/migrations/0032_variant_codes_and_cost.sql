ALTER TABLE "product_variants" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_price" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_cost" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_vendor_sku_uq" ON "product_variants" USING btree ("vendor_id",lower("sku")) WHERE sku is not null and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_vendor_barcode_uq" ON "product_variants" USING btree ("vendor_id","barcode") WHERE barcode is not null and deleted_at is null;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_cost_valid" CHECK ("product_variants"."cost_price" is null or "product_variants"."cost_price" >= 0);