-- Transactions search finds what a row shows (issue 35, decision 130): the other side's name (the payer of a credit,
-- the person paid by a debit), the reference, the narration, an own transfer's outlet and an order's reference.
-- pg_trgm answers a fragment anywhere in that text from a GIN index; btree_gin puts the wallet in the same index,
-- so a search reads one wallet's matches and never scans the table. Both are trusted extensions (PostgreSQL 13+):
-- the database's owner may create them. PGlite loads them in openDatabase (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The searched text, written once: the index below and the query (transactionSearch in
-- src/server/money/transaction-queries.ts) call it with the same columns, so the planner matches them.
CREATE OR REPLACE FUNCTION transaction_search_text(
  p_type text, p_originator_name text, p_beneficiary_name text, p_reference text, p_narration text,
  p_outlet_name text, p_order_reference text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_type = 'credit' THEN coalesce(p_originator_name, '') ELSE coalesce(p_beneficiary_name, '') END
    || ' ' || coalesce(p_reference, '') || ' ' || coalesce(p_narration, '') || ' ' || coalesce(p_outlet_name, '')
    || ' ' || coalesce(p_order_reference, '')
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_wallet_search_idx" ON "transactions" USING gin (
  "wallet_id",
  transaction_search_text("type", "originator_account_name", "beneficiary_account_name", "reference", "narration", "outlet_name", "order_reference") gin_trgm_ops
);
