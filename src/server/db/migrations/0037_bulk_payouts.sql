CREATE TABLE "payout_batch_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"position" integer NOT NULL,
	"account_number" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text,
	"account_name" text,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"narration" text,
	"request_id" text,
	"state" text NOT NULL,
	"reason" text,
	"transaction_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"created_by" text NOT NULL,
	"status" text DEFAULT 'review' NOT NULL,
	"total" bigint NOT NULL,
	"total_fee" bigint NOT NULL,
	"review_expires_at" timestamp with time zone NOT NULL,
	"send_at" timestamp with time zone,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_batch_rows" ADD CONSTRAINT "payout_batch_rows_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_rows" ADD CONSTRAINT "payout_batch_rows_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_rows" ADD CONSTRAINT "payout_batch_rows_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_rows_position_uq" ON "payout_batch_rows" USING btree ("batch_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_rows_transaction_uq" ON "payout_batch_rows" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payout_batches_vendor_idx" ON "payout_batches" USING btree ("vendor_id","created_at");