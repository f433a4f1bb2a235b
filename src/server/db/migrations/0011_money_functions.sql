-- Ledger movements, PIN tries and a send's debit as database functions (docs/decisions/110): each is one round
-- trip from the API, and the wallet locks a movement takes are held for one statement, not for several. The TypeScript
-- callers (money/ledger.ts, money/pin.ts, money/send-debit.ts) are the only users; they turn the exceptions raised
-- here (SQLSTATE VB001, the message an error code) into the API's errors.

-- Moves money between wallets of one vendor as one double-entry movement. p_legs: [{"walletId", "amount"}], signed
-- kobo summing to zero (checked by the caller). With p_txn (a whole transactions row as JSON, snake_case keys) the
-- row is inserted and the entries recorded against it; without, the entries are recorded against p_txn_id (a
-- reversal). Answers {"transaction": the row, "balances": {wallet id: balance after}}.
CREATE FUNCTION ledger_post(p_vendor text, p_legs jsonb, p_currency text, p_txn jsonb, p_txn_id text, p_at timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  w record;
  after numeric;
  balances jsonb := '{}'::jsonb;
  locked integer := 0;
  txn transactions;
BEGIN
  -- Wallets in id order, so two movements over the same wallets queue instead of deadlocking; and before any row
  -- that references them is written (a foreign key's share lock held while waiting for FOR UPDATE deadlocks).
  FOR w IN
    SELECT id, kind, balance, currency FROM wallets
    WHERE vendor_id = p_vendor AND id IN (SELECT leg ->> 'walletId' FROM jsonb_array_elements(p_legs) AS leg)
    ORDER BY id FOR UPDATE
  LOOP
    locked := locked + 1;
    IF w.currency <> p_currency THEN RAISE EXCEPTION 'Transfer mixes currencies'; END IF;
    SELECT w.balance::numeric + (leg ->> 'amount')::bigint INTO after
      FROM jsonb_array_elements(p_legs) AS leg WHERE leg ->> 'walletId' = w.id;
    -- Balances are read as JavaScript numbers: past 2^53 - 1 kobo they would no longer be exact.
    IF abs(after) > 9007199254740991 THEN RAISE EXCEPTION USING ERRCODE = 'VB001', MESSAGE = 'AMOUNT_TOO_LARGE'; END IF;
    -- Only the vendor's own money (ledger.ts GUARDED_KINDS) is refused an overdraft.
    IF after < 0 AND w.kind IN ('main', 'outlet') THEN
      RAISE EXCEPTION USING ERRCODE = 'VB001', MESSAGE = 'INSUFFICIENT_FUNDS';
    END IF;
    balances := balances || jsonb_build_object(w.id, after);
  END LOOP;
  IF locked <> jsonb_array_length(p_legs) THEN RAISE EXCEPTION 'Transfer names a wallet that is not this vendor''s'; END IF;

  UPDATE wallets
    SET balance = (balances ->> id)::bigint,
        transaction_count = transaction_count + CASE WHEN id = p_txn ->> 'wallet_id' THEN 1 ELSE 0 END
    WHERE vendor_id = p_vendor AND id IN (SELECT jsonb_object_keys(balances));

  IF p_txn IS NOT NULL THEN
    INSERT INTO transactions SELECT * FROM jsonb_populate_record(NULL::transactions, p_txn) RETURNING * INTO txn;
  ELSE
    SELECT * INTO STRICT txn FROM transactions WHERE vendor_id = p_vendor AND id = p_txn_id;
  END IF;
  INSERT INTO ledger_entries (vendor_id, transaction_id, wallet_id, amount, balance_after, created_at)
    SELECT p_vendor, txn.id, leg ->> 'walletId', (leg ->> 'amount')::bigint, (balances ->> (leg ->> 'walletId'))::bigint, p_at
    FROM jsonb_array_elements(p_legs) WITH ORDINALITY AS legs(leg, n) ORDER BY n;
  RETURN jsonb_build_object('transaction', to_jsonb(txn), 'balances', balances);
END $$;
--> statement-breakpoint

-- One PIN try, decided by the caller against p_seen (the hash it checked the PIN with): a right one resets the count
-- (and may store p_new_hash, a re-hash), a wrong one adds one. Only while the row still holds p_seen and has tries
-- left: PostgreSQL orders updates of one row, so concurrent tries from any process count one at a time (decision
-- 105). Answers the count after the try, or null when the row no longer matches (read it again).
CREATE FUNCTION pin_try(p_vendor text, p_user text, p_seen text, p_right boolean, p_new_hash text, p_max integer)
RETURNS integer LANGUAGE sql AS $$
  UPDATE users
    SET pin_attempts = CASE WHEN p_right THEN 0 ELSE pin_attempts + 1 END,
        pin_hash = CASE WHEN p_right THEN coalesce(p_new_hash, pin_hash) ELSE pin_hash END
    WHERE vendor_id = p_vendor AND id = p_user AND pin_hash = p_seen AND pin_attempts < p_max
    RETURNING pin_attempts
$$;
--> statement-breakpoint

-- POST /transfer/send's database work in one call (money/send-debit.ts): the name enquiry, the third-party rule,
-- the balance, the PIN try, spending the enquiry and the pending debit, in that order. A refusal answers
-- {"refused": why} and changes nothing but a wrong PIN's count (which must stay counted, so it is not an
-- exception); success answers what ledger_post does.
--   p_only_to: with third-party transfers off, the one [account number, bank code] money may go to ('[]' when
--   there is none); null when any account may be paid.
--   p_pin_right: the caller's verdict on the PIN against p_pin_seen; null when the caller has already applied it.
--   p_txn: the debit's row but for what this function knows (wallet, currency, originator, beneficiary).
CREATE FUNCTION send_debit(
  p_vendor text, p_user text, p_request_id text, p_only_to jsonb, p_amount bigint, p_fee bigint,
  p_pin_seen text, p_pin_right boolean, p_pin_max integer, p_txn jsonb, p_at timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  enquiry name_enquiries;
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
