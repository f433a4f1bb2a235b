CREATE TABLE "name_enquiries" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"user_id" text NOT NULL,
	"request_id" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "transactions_wallet_created_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "beneficiary_bank_code" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "order_reference" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "charge_bearer" text DEFAULT 'vendor' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "third_party_transfers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "settlement_account_number" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "settlement_bank_code" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "settlement_account_name" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "transaction_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "name_enquiries" ADD CONSTRAINT "name_enquiries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "name_enquiries" ADD CONSTRAINT "name_enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "name_enquiries_request_uq" ON "name_enquiries" USING btree ("vendor_id","request_id");--> statement-breakpoint
CREATE INDEX "name_enquiries_expires_idx" ON "name_enquiries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_wallet_status_created_idx" ON "transactions" USING btree ("vendor_id","wallet_id","status","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "transactions_wallet_type_created_idx" ON "transactions" USING btree ("vendor_id","wallet_id","type","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "transactions_customer_created_idx" ON "transactions" USING btree ("vendor_id","customer_id","created_at" DESC NULLS LAST) WHERE customer_id is not null;--> statement-breakpoint
CREATE INDEX "transactions_pending_idx" ON "transactions" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_uq" ON "transactions" USING btree ("vendor_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_reference_uq" ON "transactions" USING btree ("vendor_id","provider_reference") WHERE provider_reference is not null;--> statement-breakpoint
CREATE INDEX "transactions_wallet_created_idx" ON "transactions" USING btree ("vendor_id","wallet_id","created_at" desc,"id" desc);--> statement-breakpoint
-- Backfill the per-wallet count for rows written before the ledger kept it.
UPDATE "wallets" SET "transaction_count" = (SELECT count(*) FROM "transactions" WHERE "transactions"."wallet_id" = "wallets"."id");
