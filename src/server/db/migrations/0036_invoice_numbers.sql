CREATE TABLE "document_numbers" (
	"vendor_id" text NOT NULL,
	"kind" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_numbers_vendor_id_kind_pk" PRIMARY KEY("vendor_id","kind")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "credit_note_number" integer;--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_vendor_invoice_number_uq" ON "orders" USING btree ("vendor_id","invoice_number") WHERE invoice_number is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_vendor_credit_note_uq" ON "refunds" USING btree ("vendor_id","credit_note_number") WHERE credit_note_number is not null;--> statement-breakpoint
-- Invoices made before numbering get theirs in the order they were made (decision 191), and each vendor's counter
-- starts after its last one, so the next invoice continues the sequence without a gap.
UPDATE "orders" SET "invoice_number" = "numbered"."n" FROM (
	SELECT "id", row_number() OVER (PARTITION BY "vendor_id" ORDER BY "created_at", "id") AS "n" FROM "orders" WHERE "kind" = 'invoice'
) AS "numbered" WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "document_numbers" ("vendor_id", "kind", "last")
	SELECT "vendor_id", 'invoice', max("invoice_number") FROM "orders" WHERE "invoice_number" IS NOT NULL GROUP BY "vendor_id";
--> statement-breakpoint
-- Refunds of invoices that already reached the payer get their credit notes the same way.
UPDATE "refunds" SET "credit_note_number" = "numbered"."n" FROM (
	SELECT "refunds"."id", row_number() OVER (PARTITION BY "refunds"."vendor_id" ORDER BY "refunds"."created_at", "refunds"."id") AS "n"
	FROM "refunds" JOIN "orders" ON "orders"."id" = "refunds"."order_id"
	WHERE "orders"."kind" = 'invoice' AND "refunds"."status" = 'success'
) AS "numbered" WHERE "refunds"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "document_numbers" ("vendor_id", "kind", "last")
	SELECT "vendor_id", 'credit_note', max("credit_note_number") FROM "refunds" WHERE "credit_note_number" IS NOT NULL GROUP BY "vendor_id";
