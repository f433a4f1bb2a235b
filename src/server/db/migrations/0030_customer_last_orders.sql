-- Issue 38, decision 171: customer analytics over a range no order comes after (TODAY, LAST_WEEK, LAST_MONTH) count
-- the customers whose newest order is in the range, one row each, instead of reading every order of the range and
-- keeping the distinct customers. One row per (vendor, customer) with an order: its newest order's created_at, and
-- the customer's created_at so that returning customers (created before the range) are counted from the row alone.
CREATE TABLE "customer_last_orders" (
	"vendor_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL,
	"customer_created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_last_orders_vendor_id_customer_id_pk" PRIMARY KEY("vendor_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customer_last_orders" ADD CONSTRAINT "customer_last_orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_last_orders_vendor_last_idx" ON "customer_last_orders" USING btree ("vendor_id","last_order_at","customer_created_at");--> statement-breakpoint
-- The newest order of (vendor, customer) taken again from the orders, for a change that can make it older (a
-- delete, a customer or time changed). The row is locked first (made if missing): an order of this customer being
-- inserted meanwhile waits for this commit and then keeps the later time; one committed before the lock is seen by
-- the count that follows (a VOLATILE function's statement takes a new snapshot under READ COMMITTED).
CREATE OR REPLACE FUNCTION recount_customer_last_order(v text, c text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE newest timestamptz;
BEGIN
  INSERT INTO customer_last_orders (vendor_id, customer_id, last_order_at, customer_created_at)
  SELECT v, c, '-infinity', created_at FROM customers WHERE id = c
  ON CONFLICT (vendor_id, customer_id) DO UPDATE SET last_order_at = customer_last_orders.last_order_at;
  SELECT max(created_at) INTO newest FROM orders WHERE vendor_id = v AND customer_id = c;
  IF newest IS NULL THEN
    DELETE FROM customer_last_orders WHERE vendor_id = v AND customer_id = c;
  ELSE
    UPDATE customer_last_orders SET last_order_at = newest WHERE vendor_id = v AND customer_id = c;
  END IF;
END $$;--> statement-breakpoint
-- Kept by triggers, not by the code that writes orders: every writer (an older release during a rolling restart, a
-- set-based insert) keeps it, in the writer's own transaction. A new order only moves the time later: one upsert
-- (its row lock is taken at the order's insert, before countOrder's order_counts lock, on every path).
CREATE OR REPLACE FUNCTION note_customer_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_last_orders (vendor_id, customer_id, last_order_at, customer_created_at)
    SELECT NEW.vendor_id, NEW.customer_id, NEW.created_at, c.created_at FROM customers c WHERE c.id = NEW.customer_id
    ON CONFLICT (vendor_id, customer_id) DO UPDATE SET last_order_at = EXCLUDED.last_order_at
      WHERE customer_last_orders.last_order_at < EXCLUDED.last_order_at;
    RETURN NULL;
  END IF;
  IF OLD.customer_id IS NOT NULL THEN
    PERFORM recount_customer_last_order(OLD.vendor_id, OLD.customer_id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.customer_id IS NOT NULL
    AND (NEW.vendor_id, NEW.customer_id) IS DISTINCT FROM (OLD.vendor_id, OLD.customer_id) THEN
    PERFORM recount_customer_last_order(NEW.vendor_id, NEW.customer_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The customer's created_at copied: customers keep theirs (no code changes it), but should one change, so does the copy.
CREATE OR REPLACE FUNCTION copy_customer_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_last_orders SET customer_created_at = NEW.created_at WHERE vendor_id = NEW.vendor_id AND customer_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The triggers first: creating them locks orders and customers against writes until this migration commits, so the
-- backfill below reads every order committed before, and every later one fires a trigger: none missed.
CREATE TRIGGER "orders_customer_last_order_insert" AFTER INSERT ON "orders"
FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL) EXECUTE FUNCTION note_customer_order();--> statement-breakpoint
CREATE TRIGGER "orders_customer_last_order_delete" AFTER DELETE ON "orders"
FOR EACH ROW WHEN (OLD.customer_id IS NOT NULL) EXECUTE FUNCTION note_customer_order();--> statement-breakpoint
-- Orders change status and payments all the time; only a change of vendor, customer or time calls the function.
CREATE TRIGGER "orders_customer_last_order_update" AFTER UPDATE OF "vendor_id", "customer_id", "created_at" ON "orders"
FOR EACH ROW WHEN ((OLD.vendor_id, OLD.customer_id, OLD.created_at) IS DISTINCT FROM (NEW.vendor_id, NEW.customer_id, NEW.created_at))
EXECUTE FUNCTION note_customer_order();--> statement-breakpoint
CREATE TRIGGER "customers_created_at_copied" AFTER UPDATE OF "created_at" ON "customers"
FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION copy_customer_created_at();--> statement-breakpoint
-- Orders made before the table existed.
INSERT INTO "customer_last_orders" ("vendor_id", "customer_id", "last_order_at", "customer_created_at")
SELECT o."vendor_id", o."customer_id", max(o."created_at"), c."created_at"
FROM "orders" o JOIN "customers" c ON c."id" = o."customer_id"
GROUP BY o."vendor_id", o."customer_id", c."created_at";
--> statement-breakpoint
-- Issue 38, decision 172: the text side of an amount search ('15000' is also any row showing those digits) from
-- keys scoped by wallet. The trigram index's btree_gin wallet column made each lookup walk the wallet's whole posting
-- tree (~3 ms for 7 matches at a million rows, 287 buffers); a key here is `<wallet id>:<three digits in a row>` of
-- what a row shows, so a lookup reads that wallet's rows with those digits only (0.2 ms, 12 buffers). A row's digits
-- held by the search are a superset of its ILIKE matches: the ILIKE still decides. Immutable: an index expression.
CREATE OR REPLACE FUNCTION transaction_digit_keys(wallet text, search text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT wallet || ':' || substr(m[1], i, 3)), '{}')
  FROM regexp_matches(search, '[0-9]{3,}', 'g') AS m, generate_series(1, length(m[1]) - 2) AS i
$$;--> statement-breakpoint
-- IF NOT EXISTS: on a large live database build it CONCURRENTLY by hand first, under this name (about 2 minutes per
-- 2 million rows on the bench's machine); the migration keeps it.
CREATE INDEX IF NOT EXISTS "transactions_wallet_digits_idx" ON "transactions" USING gin (transaction_digit_keys("wallet_id", transaction_search_text("type", "originator_account_name", "beneficiary_account_name", "reference", "narration", "outlet_name", "order_reference")));
