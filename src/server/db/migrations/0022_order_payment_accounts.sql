-- Pay by transfer per order (issue 36, decisions 147 and 148): each open order or invoice gets a temporary account
-- of its own at the banking provider; money into it pays that order with no narration needed.
CREATE TABLE "order_payment_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"order_id" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"provider_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payment_accounts_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "order_payment_accounts_status_check" CHECK ("order_payment_accounts"."status" in ('active', 'expired', 'closed')),
	CONSTRAINT "order_payment_accounts_amount_check" CHECK ("order_payment_accounts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_payment_accounts" ADD CONSTRAINT "order_payment_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payment_accounts" ADD CONSTRAINT "order_payment_accounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payment_accounts_order_idx" ON "order_payment_accounts" USING btree ("vendor_id","order_id","created_at" desc);--> statement-breakpoint
-- Paystack tells a payment into an order's account under its charge's reference (money/paystack/webhook.ts).
CREATE INDEX "order_payment_accounts_provider_reference_idx" ON "order_payment_accounts" USING btree ("provider_reference");--> statement-breakpoint
-- The sandbox bank's own side of it (money/sandbox-payment-accounts.ts): what it answered per order reference, as
-- Paystack keeps its charges. Not our ledger.
CREATE TABLE "sandbox_payment_accounts" (
	"order_reference" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"provider_reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_accounts_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
-- A credit paid into an order's account after it closed (expired, or the order paid or cancelled): it lands in the
-- main wallet as an offline credit and names the order it was meant for, so the vendor can attach it.
ALTER TABLE "transactions" ADD COLUMN "paid_into_order_account" text;--> statement-breakpoint
CREATE INDEX "transactions_paid_into_order_account_idx" ON "transactions" USING btree ("vendor_id","created_at" desc) WHERE paid_into_order_account is not null;
