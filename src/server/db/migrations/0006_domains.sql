CREATE TABLE "shop_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"domain" text NOT NULL,
	"status" text NOT NULL,
	"verification_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_check_error" text,
	CONSTRAINT "shop_domains_status_check" CHECK ("shop_domains"."status" in ('pending', 'active') and ("shop_domains"."status" = 'pending' or "shop_domains"."verified_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "shop_domains" ADD CONSTRAINT "shop_domains_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_domains_active_domain_key" ON "shop_domains" USING btree ("domain") WHERE "shop_domains"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_domains_vendor_domain_key" ON "shop_domains" USING btree ("vendor_id","domain");--> statement-breakpoint
CREATE INDEX "shop_domains_domain_idx" ON "shop_domains" USING btree ("domain");