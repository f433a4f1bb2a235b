-- Issue 39 item 6, decision 164: one builder of a transfer's debit. "Main pays amount + fee, external receives the
-- amount, fees the fee" was written twice, at the end of send_debit (0011, 0020) and in TypeScript
-- (money/transfers.ts debitForTransfer: refunds and the demo's seeded sends), so a change to one could miss the
-- other. transfer_debit now builds the legs and the pending debit row and posts them through ledger_post; send_debit
-- (after its checks) and debitForTransfer both call it. Refunds and the seed cannot call send_debit itself: it needs
-- a name enquiry and applies the cooling-off, third-party and send-limit rules, which a refund must not meet.
--   p_to: the beneficiary, {"accountName", "bankName", "accountNumber", "bankCode"}.
--   p_txn: the transactions row (snake_case JSON) but for what this fills in: the wallet, the currency, both parties,
--   the type, status, amount and fee (so the row cannot disagree with its legs).
--   An amount <= 0 or a negative fee raises (what assertBalanced refused in TypeScript); an overdraft is ledger_post's
--   refusal, as before.
CREATE FUNCTION transfer_debit(p_vendor text, p_amount bigint, p_fee bigint, p_to jsonb, p_txn jsonb, p_at timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  w wallets;
  main wallets;
  external_id text;
  fees_id text;
  legs jsonb;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_fee IS NULL OR p_fee < 0 THEN
    RAISE EXCEPTION 'A transfer debit needs a positive amount and a fee of zero or more, got % and %', p_amount, p_fee;
  END IF;
  FOR w IN SELECT * FROM wallets WHERE vendor_id = p_vendor AND outlet_id IS NULL AND kind IN ('main', 'external', 'fees') LOOP
    IF w.kind = 'main' THEN main := w; ELSIF w.kind = 'external' THEN external_id := w.id; ELSE fees_id := w.id; END IF;
  END LOOP;
  IF main.id IS NULL OR external_id IS NULL OR fees_id IS NULL THEN
    RAISE EXCEPTION 'Vendor % is missing a main, external or fees wallet', p_vendor;
  END IF;
  legs := jsonb_build_array(
    jsonb_build_object('walletId', main.id, 'amount', -(p_amount + p_fee)),
    jsonb_build_object('walletId', external_id, 'amount', p_amount)
  );
  IF p_fee > 0 THEN legs := legs || jsonb_build_array(jsonb_build_object('walletId', fees_id, 'amount', p_fee)); END IF;
  RETURN ledger_post(p_vendor, legs, main.currency, p_txn || jsonb_build_object(
    'wallet_id', main.id,
    'type', 'debit',
    'status', 'pending',
    'amount', p_amount,
    'fee', p_fee,
    'currency', main.currency,
    'originator_account_name', main.account_name,
    'originator_bank_name', main.bank_name,
    'originator_account_number', main.account_number,
    'beneficiary_account_name', p_to ->> 'accountName',
    'beneficiary_bank_name', p_to ->> 'bankName',
    'beneficiary_account_number', p_to ->> 'accountNumber',
    'beneficiary_bank_code', p_to ->> 'bankCode'
  ), NULL, p_at);
END $$;
--> statement-breakpoint
-- send_debit as in 0020 (same signature, same checks in the same order), but it reads only the main wallet, for the
-- balance check before the PIN, and after spending the enquiry leaves the legs and the row to transfer_debit.
CREATE OR REPLACE FUNCTION send_debit(
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
  main wallets;
  attempts integer;
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

  SELECT * INTO main FROM wallets WHERE vendor_id = p_vendor AND outlet_id IS NULL AND kind = 'main';
  IF main.id IS NULL THEN RAISE EXCEPTION 'Vendor % is missing a main wallet', p_vendor; END IF;
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
  RETURN transfer_debit(p_vendor, p_amount, p_fee, jsonb_build_object(
    'accountName', enquiry.account_name,
    'bankName', enquiry.bank_name,
    'accountNumber', enquiry.account_number,
    'bankCode', enquiry.bank_code
  ), p_txn, p_at);
END $$;
