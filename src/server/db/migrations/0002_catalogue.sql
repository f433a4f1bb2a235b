CREATE TABLE "collections" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"code" text NOT NULL,
	"value_type" text NOT NULL,
	"value" bigint NOT NULL,
	"max_usage" integer NOT NULL,
	"current_usage" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_usage_within_max" CHECK ("coupons"."current_usage" >= 0 and "coupons"."current_usage" <= "coupons"."max_usage"),
	CONSTRAINT "coupons_dates_ordered" CHECK ("coupons"."end_date" >= "coupons"."start_date"),
	CONSTRAINT "coupons_value_valid" CHECK (("coupons"."value_type" = 'PERCENTAGE' and "coupons"."value" between 1 and 10000) or ("coupons"."value_type" = 'FLAT' and "coupons"."value" > 0))
);
--> statement-breakpoint
CREATE TABLE "delivery_locations" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"fee" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_locations_fee_valid" CHECK ("delivery_locations"."fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"product_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"product_id" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" bigint NOT NULL,
	"discount_type" text,
	"discount_value" bigint,
	"available_units" bigint DEFAULT 0 NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"threshold" bigint,
	"low_stock_notified_at" timestamp with time zone,
	"paylink_code" text,
	"qr_code_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price" > 0 and "product_variants"."available_units" >= 0),
	CONSTRAINT "product_variants_discount_valid" CHECK (("product_variants"."discount_type" is null and "product_variants"."discount_value" is null)
        or ("product_variants"."discount_type" = 'PERCENTAGE' and "product_variants"."discount_value" between 1 and 10000)
        or ("product_variants"."discount_type" = 'FLAT' and "product_variants"."discount_value" > 0 and "product_variants"."discount_value" < "product_variants"."price"))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"collection_id" text,
	"category_id" text,
	"name" text NOT NULL,
	"description" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_price" bigint DEFAULT 0 NOT NULL,
	"max_price" bigint DEFAULT 0 NOT NULL,
	"variant_count" integer DEFAULT 0 NOT NULL,
	"total_units" bigint DEFAULT 0 NOT NULL,
	"low_stock_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"percentage_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxes_percentage_valid" CHECK ("taxes"."percentage_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD CONSTRAINT "delivery_locations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_vendor_name_uq" ON "collections" USING btree ("vendor_id",lower("name"));--> statement-breakpoint
CREATE INDEX "collections_vendor_created_idx" ON "collections" USING btree ("vendor_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_vendor_code_uq" ON "coupons" USING btree ("vendor_id",lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_vendor_created_idx" ON "coupons" USING btree ("vendor_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "delivery_locations_vendor_idx" ON "delivery_locations" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("vendor_id","product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("vendor_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_paylink_uq" ON "product_variants" USING btree ("paylink_code") WHERE paylink_code is not null;--> statement-breakpoint
CREATE INDEX "products_vendor_created_idx" ON "products" USING btree ("vendor_id","created_at" desc,"id" desc) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_vendor_collection_idx" ON "products" USING btree ("vendor_id","collection_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "taxes_vendor_name_uq" ON "taxes" USING btree ("vendor_id",lower("name"));