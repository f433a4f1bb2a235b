ALTER TABLE "payout_batches" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 196: a batch whose send time has come may have rows sent by jobs that predate started_at; it counts as
-- started, so it can never be cancelled with its rows already paid.
UPDATE "payout_batches" SET "started_at" = coalesce("send_at", "confirmed_at") WHERE "status" = 'confirmed' AND coalesce("send_at", "confirmed_at") <= now();
