CREATE TABLE "sandbox_bank_transfers" (
	"reference" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"session_id" text,
	"failure_reason" text,
	"settles_as" text,
	"settles_failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_transfers_settles_check" CHECK ("sandbox_bank_transfers"."settles_as" is null or "sandbox_bank_transfers"."status" = 'pending')
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_content_type_check" CHECK ("stored_files"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" = octet_length("stored_files"."data"))
);
