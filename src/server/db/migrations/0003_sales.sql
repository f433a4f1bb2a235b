CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"account_number" text,
	"bank_name" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "dispute_categories_category_unique" UNIQUE("category")
);
--> statement-breakpoint
CREATE TABLE "dispute_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"dispute_id" text NOT NULL,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_reference" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"escalation_reason" text,
	"escalated_at" timestamp with time zone,
	"message_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"amount" bigint,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"order_id" text NOT NULL,
	"variant_id" text,
	"product_id" text,
	"name" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unit_price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_items_valid" CHECK ("order_items"."quantity" > 0 and "order_items"."unit_price" > 0 and "order_items"."amount" = "order_items"."unit_price" * "order_items"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_id" text,
	"customer_name" text,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"subtotal" bigint NOT NULL,
	"coupon_id" text,
	"coupon_code" text,
	"discount" bigint DEFAULT 0 NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"delivery_location_id" text,
	"delivery_location_name" text,
	"delivery_fee" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"amount_refund_committed" bigint DEFAULT 0 NOT NULL,
	"item_count" integer NOT NULL,
	"narration" text,
	"is_shareable" boolean DEFAULT false NOT NULL,
	"public_code" text,
	"stock_reserved" boolean DEFAULT false NOT NULL,
	"reserved_units" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"transaction_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_public_code_unique" UNIQUE("public_code"),
	CONSTRAINT "orders_money_valid" CHECK ("orders"."amount" > 0 and "orders"."amount_paid" >= 0 and "orders"."amount_refunded" >= 0
        and "orders"."amount_refunded" <= "orders"."amount_refund_committed" and "orders"."amount_refund_committed" <= "orders"."amount_paid")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"order_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"failure_reason" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_category_id_dispute_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."dispute_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_location_id_delivery_locations_id_fk" FOREIGN KEY ("delivery_location_id") REFERENCES "public"."delivery_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_vendor_email_uq" ON "customers" USING btree ("vendor_id","email") WHERE email is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_vendor_phone_uq" ON "customers" USING btree ("vendor_id","phone") WHERE phone is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_vendor_account_uq" ON "customers" USING btree ("vendor_id","account_number") WHERE account_number is not null;--> statement-breakpoint
CREATE INDEX "customers_vendor_created_idx" ON "customers" USING btree ("vendor_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "dispute_messages_dispute_idx" ON "dispute_messages" USING btree ("vendor_id","dispute_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_vendor_created_idx" ON "disputes" USING btree ("vendor_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "disputes_vendor_order_idx" ON "disputes" USING btree ("vendor_id","order_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("vendor_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("vendor_id","order_id","position");--> statement-breakpoint
CREATE INDEX "orders_vendor_kind_created_idx" ON "orders" USING btree ("vendor_id","kind","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "orders_vendor_kind_status_created_idx" ON "orders" USING btree ("vendor_id","kind","status","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "orders_vendor_customer_created_idx" ON "orders" USING btree ("vendor_id","customer_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "orders_vendor_shareable_idx" ON "orders" USING btree ("vendor_id","created_at" desc) WHERE is_shareable;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_uq" ON "orders" USING btree ("transaction_id") WHERE transaction_id is not null;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("vendor_id","order_id");--> statement-breakpoint
CREATE INDEX "transactions_order_reference_idx" ON "transactions" USING btree ("vendor_id","order_reference") WHERE order_reference is not null;--> statement-breakpoint
INSERT INTO "dispute_categories" ("id", "category", "description", "position") VALUES
  ('item-not-received', 'Item not received', 'The customer paid but says the order never arrived.', 1),
  ('not-as-described', 'Item not as described', 'What arrived differs from the product page: size, colour, quantity or quality.', 2),
  ('damaged-item', 'Damaged item', 'The item arrived broken, spoilt or unusable.', 3),
  ('wrong-item', 'Wrong item', 'A different product or variant was delivered.', 4),
  ('payment-not-reflected', 'Payment not reflected', 'The customer transferred money but the order does not show it as paid.', 5),
  ('duplicate-payment', 'Duplicate payment', 'The customer was charged or transferred twice for one order.', 6),
  ('refund-not-received', 'Refund not received', 'A refund was sent but has not reached the customer''s account.', 7),
  ('other', 'Other', 'Anything else about this order that needs an administrator.', 8);
