-- One durable job queue for all background work (decision 141): each row is one job of a kind, run by whichever
-- process claims it first (FOR UPDATE SKIP LOCKED), retried with back-off, failed after max_attempts. A claim
-- is a lease: locked_by names the worker, and once locked_until has passed (its process died) another takes it.
CREATE TABLE "jobs" (
  "id" text PRIMARY KEY NOT NULL,
  "kind" text NOT NULL,
  "payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "run_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "max_attempts" integer DEFAULT 5 NOT NULL,
  "last_error" text,
  "locked_by" text,
  "locked_until" timestamp with time zone,
  -- Enqueueing twice with one key is one job, whatever became of the first (recurring jobs: one per period).
  "dedupe_key" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key"),
  CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('pending', 'done', 'failed')),
  CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."max_attempts" > 0 and "jobs"."attempts" >= 0)
);--> statement-breakpoint
-- What a worker's claim reads: the pending jobs, soonest first.
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE state = 'pending';--> statement-breakpoint
-- The sandbox's record of the virtual accounts it gave (decision 142): asked again for a wallet, it answers the
-- same number, as a provider does.
CREATE TABLE "sandbox_virtual_accounts" (
  "wallet_id" text PRIMARY KEY NOT NULL,
  "account_number" text NOT NULL,
  "account_name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "sandbox_virtual_accounts_account_number_unique" UNIQUE("account_number")
);
