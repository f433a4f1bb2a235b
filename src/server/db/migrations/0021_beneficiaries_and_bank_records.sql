-- Saved beneficiaries (issue 36): a vendor's accounts to send to, each named by the bank's name enquiry when saved.
CREATE TABLE "saved_beneficiaries" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"label" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_beneficiaries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action,
	CONSTRAINT "saved_beneficiaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action
);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_beneficiaries_account_uq" ON "saved_beneficiaries" USING btree ("vendor_id","bank_code","account_number");--> statement-breakpoint
-- The sandbox bank keeps what a bank's statement shows (decision 146): the amount of each transfer, and the credits
-- it notified. Transfers kept before this migration have no amount: reconciliation reports them as differing.
ALTER TABLE "sandbox_bank_transfers" ADD COLUMN "amount" bigint;--> statement-breakpoint
CREATE INDEX "sandbox_bank_transfers_created_idx" ON "sandbox_bank_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "sandbox_bank_credits" (
	"provider_reference" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"account_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_credits_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "sandbox_bank_credits_amount_check" CHECK ("sandbox_bank_credits"."amount" > 0)
);--> statement-breakpoint
CREATE INDEX "sandbox_bank_credits_created_idx" ON "sandbox_bank_credits" USING btree ("created_at");
