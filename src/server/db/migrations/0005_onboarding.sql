CREATE TABLE "shops" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"font" text NOT NULL,
	"background" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_kyc" (
	"vendor_id" text PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"document_key" text NOT NULL,
	"document_content_type" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "welcomed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_kyc" ADD CONSTRAINT "vendor_kyc_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Vendors approved before onboarding existed have nothing left to verify and have been welcomed long ago.
UPDATE "vendors" SET "phone_verified_at" = "created_at", "welcomed_at" = "created_at" WHERE "status" = 'approved';
