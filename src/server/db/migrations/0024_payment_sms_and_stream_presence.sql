-- Issue 37. The owner's opt-in (off until they turn it on in Settings) to an SMS for each payment received while
-- the app is closed, and the open event streams of every process with the user signed in on each, so a process
-- that records a credit knows whether the owner's app is open on any other (decision 151).
ALTER TABLE "vendors" ADD COLUMN "payment_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "event_stream_presence" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"user_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"seen_until" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_stream_presence" ADD CONSTRAINT "event_stream_presence_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stream_presence" ADD CONSTRAINT "event_stream_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_stream_presence_user_idx" ON "event_stream_presence" USING btree ("user_id","seen_until");
