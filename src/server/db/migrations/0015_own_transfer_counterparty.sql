ALTER TABLE "transactions" ADD COLUMN "counterparty_kind" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "outlet_name" text;--> statement-breakpoint
-- Outlet transfers made before this migration (references OTR-…, decision 043): name their other side and keep
-- only what the user typed as the narration, which was stored after 'Transfer to outlet Lekki: ' (decision 112).
WITH own AS (
  SELECT t.id,
    CASE WHEN w.kind = 'outlet' THEN 'main' ELSE 'outlet' END AS kind,
    o.name,
    CASE
      WHEN w.kind = 'main' AND t.type = 'debit' THEN 'Transfer to outlet ' || o.name
      WHEN w.kind = 'main' THEN 'Transfer from outlet ' || o.name
      WHEN t.type = 'debit' THEN 'Transfer to main wallet'
      ELSE 'Transfer from main wallet'
    END AS prefix
  FROM "transactions" t
  JOIN "wallets" w ON w.id = t.wallet_id
  JOIN "outlets" o ON o.id = t.outlet_id
  WHERE t.reference LIKE 'OTR-%' AND w.kind IN ('main', 'outlet')
)
UPDATE "transactions" t SET
  "counterparty_kind" = own.kind,
  "outlet_name" = own.name,
  "narration" = CASE
    WHEN t.narration = own.prefix THEN NULL
    WHEN left(t.narration, length(own.prefix) + 2) = own.prefix || ': ' THEN substr(t.narration, length(own.prefix) + 3)
    ELSE t.narration
  END
FROM own WHERE own.id = t.id;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_counterparty_named" CHECK (("transactions"."counterparty_kind" is null and "transactions"."outlet_name" is null) or ("transactions"."counterparty_kind" in ('main', 'outlet') and "transactions"."outlet_name" is not null));
