-- Settlement and payout safety (issue 36; decisions 143 and 144).
-- A new settlement account is usable for payouts from settlement_usable_from (null: usable); until then the last
-- usable account stays where payouts may go, kept in previous_settlement_* so the owner can cancel back to it.
ALTER TABLE "vendors" ADD COLUMN "settlement_usable_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "previous_settlement_account_number" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "previous_settlement_bank_code" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "previous_settlement_account_name" text;--> statement-breakpoint
-- Send Money's limits per vendor. A vendor without a row has the defaults (send_debit writes the row on the first
-- send, so its lock orders every send of the vendor). A raise waits: raised_* apply from raised_from on.
CREATE TABLE "vendor_send_limits" (
	"vendor_id" text PRIMARY KEY NOT NULL REFERENCES "vendors"("id"),
	"per_transfer" bigint DEFAULT 500000000 NOT NULL,
	"daily" bigint DEFAULT 2000000000 NOT NULL,
	"raised_per_transfer" bigint,
	"raised_daily" bigint,
	"raised_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_send_limits_positive" CHECK ("per_transfer" > 0 AND "daily" > 0 AND coalesce("raised_per_transfer", 1) > 0 AND coalesce("raised_daily", 1) > 0)
);--> statement-breakpoint
DROP FUNCTION send_debit(text, text, text, jsonb, bigint, bigint, text, boolean, integer, jsonb, timestamptz);--> statement-breakpoint

-- POST /transfer/send's database work in one call (money/send-debit.ts), as in 0011 with two more checks: a
-- settlement account still cooling off is not paid (before the third-party rule), and after the balance, before
-- the PIN, the vendor's limits hold. The limits row is
-- locked first (FOR UPDATE, written on the vendor's first send), so concurrent sends of one vendor count their
-- day one after the other: a send sees every earlier send of the day, committed.
--   p_day_start: the start of the Lagos day of p_at; the daily limit counts Send Money debits (TRX…, not refunds,
--   which carry an order reference) pending or successful since then.
CREATE FUNCTION send_debit(
  p_vendor text, p_user text, p_request_id text, p_only_to jsonb, p_amount bigint, p_fee bigint,
  p_pin_seen text, p_pin_right boolean, p_pin_max integer, p_txn jsonb, p_at timestamptz, p_day_start timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  enquiry name_enquiries;
  v vendors;
  lim vendor_send_limits;
  per_transfer bigint;
  daily bigint;
  sent bigint;
  w wallets;
  main wallets;
  external_id text;
  fees_id text;
  attempts integer;
  legs jsonb;
BEGIN
  SELECT * INTO enquiry FROM name_enquiries WHERE vendor_id = p_vendor AND request_id = p_request_id FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'request_unknown'); END IF;
  IF enquiry.used_at IS NOT NULL THEN RETURN jsonb_build_object('refused', 'request_used'); END IF;
  IF enquiry.expires_at <= p_at THEN RETURN jsonb_build_object('refused', 'request_expired'); END IF;

  SELECT * INTO v FROM vendors WHERE id = p_vendor;
  IF v.settlement_usable_from > p_at AND v.settlement_account_number = enquiry.account_number
     AND v.settlement_bank_code = enquiry.bank_code THEN
    RETURN jsonb_build_object('refused', 'settlement_cooling', 'usableFrom', v.settlement_usable_from);
  END IF;
  IF p_only_to IS NOT NULL AND p_only_to IS DISTINCT FROM jsonb_build_array(enquiry.account_number, enquiry.bank_code) THEN
    RETURN jsonb_build_object('refused', 'third_party');
  END IF;

  FOR w IN SELECT * FROM wallets WHERE vendor_id = p_vendor AND outlet_id IS NULL AND kind IN ('main', 'external', 'fees') LOOP
    IF w.kind = 'main' THEN main := w; ELSIF w.kind = 'external' THEN external_id := w.id; ELSE fees_id := w.id; END IF;
  END LOOP;
  IF main.id IS NULL OR external_id IS NULL OR fees_id IS NULL THEN
    RAISE EXCEPTION 'Vendor % is missing a main, external or fees wallet', p_vendor;
  END IF;
  -- Known before the PIN, so a send that cannot succeed costs no try (decision 087); ledger_post checks again
  -- under the wallet's lock.
  IF main.balance < p_amount + p_fee THEN RETURN jsonb_build_object('refused', 'insufficient'); END IF;

  INSERT INTO vendor_send_limits (vendor_id) VALUES (p_vendor) ON CONFLICT (vendor_id) DO NOTHING;
  SELECT * INTO lim FROM vendor_send_limits WHERE vendor_id = p_vendor FOR UPDATE;
  per_transfer := CASE WHEN lim.raised_from <= p_at THEN coalesce(lim.raised_per_transfer, lim.per_transfer) ELSE lim.per_transfer END;
  daily := CASE WHEN lim.raised_from <= p_at THEN coalesce(lim.raised_daily, lim.daily) ELSE lim.daily END;
  SELECT coalesce(sum(t.amount), 0) INTO sent FROM transactions t JOIN wallets mw ON mw.id = t.wallet_id
    WHERE t.vendor_id = p_vendor AND mw.kind = 'main' AND mw.outlet_id IS NULL AND t.type = 'debit'
      AND t.status IN ('pending', 'success') AND t.created_at >= p_day_start
      AND t.reference LIKE 'TRX%' AND t.order_reference IS NULL;
  IF p_amount > per_transfer THEN
    RETURN jsonb_build_object('refused', 'over_per_transfer', 'perTransfer', per_transfer, 'daily', daily, 'sentToday', sent);
  END IF;
  IF sent + p_amount > daily THEN
    RETURN jsonb_build_object('refused', 'over_daily', 'perTransfer', per_transfer, 'daily', daily, 'sentToday', sent);
  END IF;

  IF p_pin_right IS NOT NULL THEN
    attempts := pin_try(p_vendor, p_user, p_pin_seen, p_pin_right, NULL, p_pin_max);
    IF attempts IS NULL THEN RETURN jsonb_build_object('refused', 'pin_recheck'); END IF;
    IF NOT p_pin_right THEN RETURN jsonb_build_object('refused', 'pin_wrong', 'attempts', attempts); END IF;
  END IF;

  UPDATE name_enquiries SET used_at = p_at WHERE id = enquiry.id;
  legs := jsonb_build_array(
    jsonb_build_object('walletId', main.id, 'amount', -(p_amount + p_fee)),
    jsonb_build_object('walletId', external_id, 'amount', p_amount)
  );
  IF p_fee > 0 THEN legs := legs || jsonb_build_array(jsonb_build_object('walletId', fees_id, 'amount', p_fee)); END IF;
  RETURN ledger_post(p_vendor, legs, main.currency, p_txn || jsonb_build_object(
    'wallet_id', main.id,
    'currency', main.currency,
    'originator_account_name', main.account_name,
    'originator_bank_name', main.bank_name,
    'originator_account_number', main.account_number,
    'beneficiary_account_name', enquiry.account_name,
    'beneficiary_bank_name', enquiry.bank_name,
    'beneficiary_account_number', enquiry.account_number,
    'beneficiary_bank_code', enquiry.bank_code
  ), NULL, p_at);
END $$;
