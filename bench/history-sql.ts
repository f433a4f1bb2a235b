/*
 * The set-based SQL behind bench/history-seed.ts: one vendor's history of `n` transactions, newest first at a constant
 * rate back from an anchor, with the ledger entries, wallets, orders, customers and counters that ledger_post,
 * createOrder and the customer paths would have written (decision 160). Each statement reads its parameters from the
 * one-row temp table `p`, so the list runs on any client (pg or PGlite) over one session.
 *
 * Transaction i (1 = newest) is at anchor − i·step. Rows go in blocks of 8: slot 0 of every other block is a debit
 * (a supplier payment or a payout) of 80–97 % of the 14 credits of its block and the older one, so the main wallet
 * never goes below zero and holds about a tenth of what came in; slots 2 and 5 are credits paying an order (one in 25 of the slot-2 ones the big customer's); slot 6 of
 * every third block carries an order that was never paid. Pseudo-random choices come from hashint8extended, so every
 * run writes the same rows.
 */

/** The parameters of one vendor's history, in the order of PARAMS_SQL's placeholders. */
export interface VendorHistoryParams {
  vendorId: string
  /** Distinguishes this vendor's ids and references from the other vendor's in the same database. */
  tag: string
  rows: number
  anchor: Date
  /** Seconds between two transactions. */
  stepSeconds: number
  mainWalletId: string
  externalWalletId: string
  feesWalletId: string
  main: { accountName: string; bankName: string; accountNumber: string }
  ownerName: string
  names: { first: readonly string[]; middle: readonly string[]; last: readonly string[] }
}

const BANKS = [
  'Guaranty Trust Bank',
  'Access Bank',
  'Zenith Bank',
  'First Bank of Nigeria',
  'United Bank for Africa',
  'OPay',
  'PalmPay',
  'Moniepoint Microfinance Bank',
  'Kuda Microfinance Bank',
  'Wema Bank',
  'Sterling Bank',
  'Fidelity Bank',
]
const SUPPLIERS = [
  'Dangote Sugar Refinery',
  'Nestle Nigeria',
  'Honeywell Flour Mills',
  'Chi Limited',
  'Promasidor Nigeria',
  'Nigerian Breweries',
  'Olam Nigeria',
  'Flour Mills of Nigeria',
]
const NARRATIONS = ['Groceries', 'Provisions', 'Foodstuff', 'Payment for goods', 'Transfer', 'Drinks and snacks']
const ITEMS = ['Groceries', 'Provisions', 'Household items', 'Toiletries', 'Beverages']

/** The big customer, the one with many orders (one in 200 transactions). */
export const bigCustomerId = (tag: string) => `${tag}-c-big`
export const BIG_CUSTOMER_NAME = 'Adaeze Bello Catering'

export const PARAMS_SQL = `create temp table p as select $1::text as vendor, $2::text as tag, $3::int as n,
  $4::timestamptz as anchor, $5::float8 as step, $6::text as main, $7::text as ext, $8::text as fees,
  $9::text as acct_name, $10::text as acct_bank, $11::text as acct_number, $12::text as owner,
  $13::text[] as first, $14::text[] as middle, $15::text[] as last, $3::int / 20 + 2 as nc`

export function paramsOf(v: VendorHistoryParams): unknown[] {
  const { main, names } = v
  return [
    v.vendorId,
    v.tag,
    v.rows,
    v.anchor.toISOString(),
    v.stepSeconds,
    v.mainWalletId,
    v.externalWalletId,
    v.feesWalletId,
    main.accountName,
    main.bankName,
    main.accountNumber,
    v.ownerName,
    names.first,
    names.middle,
    names.last,
  ]
}

const list = (values: string[]) => `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`
/** A name from the sandbox's lists, the same for the same key. */
const person = (key: string) =>
  `(p.first[1 + pg_temp.hx(${key}, 1) % array_length(p.first, 1)] || ' ' || p.middle[1 + pg_temp.hx(${key}, 2) % array_length(p.middle, 1)] || ' ' || p.last[1 + pg_temp.hx(${key}, 3) % array_length(p.last, 1)])`
const pick = (values: string[], key: string, salt: number) => `(${list(values)})[1 + pg_temp.hx(${key}, ${salt}) % ${values.length}]`
/** A bijection of 32-bit numbers, so references built from it never collide. */
const code = (key: string, multiplier: number) => `upper(lpad(to_hex((${key} * ${multiplier}::bigint) % 4294967296), 8, '0'))`

/** The statements, in order, after PARAMS_SQL. */
export const VENDOR_HISTORY_SQL: string[] = [
  `create or replace function pg_temp.hx(bigint, int) returns bigint language sql immutable as
    'select hashint8extended($1, $2) & 2147483647'`,
  // Customers arrive at one per 20 transactions, the oldest first seen before the first transaction.
  `insert into customers (id, vendor_id, name, email, is_anonymous, created_at, updated_at)
    select p.tag || '-c-' || c, p.vendor, ${person('c + 1000000000')}, lower(p.tag) || '.c' || c || '@bench.test', false,
      p.anchor - make_interval(secs => (20 * c + 10) * p.step), p.anchor - make_interval(secs => (20 * c + 10) * p.step)
    from p, generate_series(1, p.nc) as c
    union all
    select p.tag || '-c-big', p.vendor, '${BIG_CUSTOMER_NAME}', lower(p.tag) || '.big@bench.test', false,
      p.anchor - make_interval(secs => (p.n + 40) * p.step), p.anchor - make_interval(secs => (p.n + 40) * p.step)
    from p`,
  // An order's customer existed before it: 7 in 10 among the 200 customers who came last before it, the rest any earlier one.
  `create temp table h as
    select g.*, case when g.linked or g.unpaid then case when g.big then p.tag || '-c-big'
        else p.tag || '-c-' || g.first_customer + pg_temp.hx(g.i, 7) % case when pg_temp.hx(g.i, 6) % 10 < 7
          then least(200, p.nc - g.first_customer + 1) else p.nc - g.first_customer + 1 end end end as customer_id,
      case when g.linked or g.unpaid then case when pg_temp.hx(g.i, 10) % 10 = 0 then 'INV-' else 'ORD-' end
        || p.tag || ${code('g.i', 2246822519)} end as order_ref
    from p, lateral (select i, (i - 1) / 8 as b, p.anchor - make_interval(secs => i * p.step) as at,
        ((i - 1) % 8 = 0 and ((i - 1) / 8) % 2 = 0) as debit,
        ((i - 1) % 8 in (2, 5)) as linked,
        ((i - 1) % 8 = 2 and ((i - 1) / 8) % 25 = 0) as big,
        ((i - 1) % 8 = 6 and ((i - 1) / 8) % 3 = 0) as unpaid,
        (i + 20) / 20 + 1 as first_customer,
        50000 * (1 + pg_temp.hx(i, 4) % 200) as credit_amount
      from generate_series(1, p.n) as i) g`,
  `create temp table d as
    select i, amount, case when amount <= 500000 then 1075 when amount <= 5000000 then 2688 else 5375 end as fee,
      case when b % 34 = 0 then 'failed' when i <= 400 and b % 6 = 2 then 'pending' else 'success' end as status,
      b % 14 = 0 as payout
    from (select h.i, h.b, (s.total * (80 + pg_temp.hx(h.i, 5) % 18) / 10000) * 100 as amount
      from h join (select b / 2 as pair, sum(credit_amount) as total from h where not debit group by b / 2) s on s.pair = h.b / 2
      where h.debit) x`,
  `insert into transactions (id, vendor_id, wallet_id, type, status, amount, fee, currency, reference, session_id, narration,
      originator_account_name, originator_bank_name, originator_account_number, beneficiary_account_name,
      beneficiary_bank_name, beneficiary_account_number, beneficiary_bank_code, customer_id, customer_name,
      order_reference, failure_reason, is_offline, has_matching_order, created_at, updated_at)
    select p.tag || '-t-' || h.i, p.vendor, p.main, case when h.debit then 'debit' else 'credit' end,
      coalesce(d.status, 'success'), coalesce(d.amount, h.credit_amount), coalesce(d.fee, 0), 'NGN',
      case when h.debit then 'TRX-' else 'TRF-' end || to_char(h.at at time zone 'Africa/Lagos', 'YYYYMMDD') || '-' || p.tag
        || ${code('h.i', 2654435761)},
      lpad(pg_temp.hx(h.i, 8)::text || pg_temp.hx(h.i, 9)::text, 30, '1'),
      case when h.linked then h.order_ref when d.payout then 'Weekly payout' when h.debit then 'Supplier payment'
        else ${pick(NARRATIONS, 'h.i', 13)} end,
      case when h.debit then p.acct_name when h.linked then c.name else ${person('h.i')} end,
      case when h.debit then p.acct_bank else ${pick(BANKS, 'h.i', 14)} end,
      case when h.debit then p.acct_number else lpad((pg_temp.hx(h.i, 15) % 10000000000)::text, 10, '0') end,
      case when d.payout then p.owner when h.debit then ${pick(SUPPLIERS, 'h.i', 16)} else p.acct_name end,
      case when d.payout then 'Guaranty Trust Bank' when h.debit then ${pick(BANKS, 'h.i', 17)} else p.acct_bank end,
      case when h.debit then lpad((pg_temp.hx(h.i, 18) % 10000000000)::text, 10, '0') else p.acct_number end,
      case when h.debit then '058' end,
      case when h.linked then h.customer_id end, case when h.linked then c.name end, case when h.linked then h.order_ref end,
      case when d.status = 'failed' then 'Beneficiary account is dormant' end,
      not h.debit and not h.linked, h.linked, h.at, h.at + case when d.status = 'failed' then interval '2 minutes' else interval '0' end
    from p, h left join d using (i) left join customers c on c.id = h.customer_id`,
  `insert into orders (id, vendor_id, reference, kind, status, customer_id, customer_name, subtotal, amount, amount_paid,
      item_count, created_at, updated_at)
    select p.tag || '-o-' || h.i, p.vendor, h.order_ref, case when h.order_ref like 'INV-%' then 'invoice' else 'order' end,
      case when h.linked then case when pg_temp.hx(h.i, 11) % 3 = 0 then 'fulfilled' else 'paid' end
        when h.i <= 2000 then 'pending' when pg_temp.hx(h.i, 11) % 10 = 0 then 'failed' else 'abandoned' end,
      h.customer_id, c.name, h.credit_amount, h.credit_amount, case when h.linked then h.credit_amount else 0 end, 1,
      h.at - interval '10 minutes', h.at
    from p, h join customers c on c.id = h.customer_id`,
  `insert into order_items (id, vendor_id, order_id, name, unit_price, quantity, amount, position)
    select o.id || '-1', o.vendor_id, o.id, ${pick(ITEMS, 'length(o.id)', 19)}, o.amount, 1, o.amount, 0
    from p join orders o on o.vendor_id = p.vendor`,
  // What countOrder would have counted (decision 078).
  `insert into order_counts (vendor_id, kind, count)
    select o.vendor_id, o.kind, count(*) from p join orders o on o.vendor_id = p.vendor group by o.vendor_id, o.kind
    on conflict (vendor_id, kind) do update set count = excluded.count`,
  // What migration 0025's trigger would have counted (decision 158): triggers are off while loading (replica role).
  `insert into customer_counts (vendor_id, count, anonymous_count)
    select c.vendor_id, count(*), count(*) filter (where c.is_anonymous) from p join customers c on c.vendor_id = p.vendor
    group by c.vendor_id
    on conflict (vendor_id) do update set count = excluded.count, anonymous_count = excluded.anonymous_count`,
  // What migration 0030's triggers would have kept (decision 171): each customer's newest order, set.
  `insert into customer_last_orders (vendor_id, customer_id, last_order_at, customer_created_at)
    select o.vendor_id, o.customer_id, max(o.created_at), c.created_at from p join orders o on o.vendor_id = p.vendor
      join customers c on c.id = o.customer_id
    group by o.vendor_id, o.customer_id, c.created_at
    on conflict (vendor_id, customer_id) do update set last_order_at = excluded.last_order_at, customer_created_at = excluded.customer_created_at`,
  // What migration 0026's triggers would have totalled (decision 161), set rather than added: with triggers on (the
  // seed's test) they already did, and this writes the same figures.
  `insert into transaction_day_totals (vendor_id, wallet_id, day, credit_amount, credit_count, debit_amount, debit_fees,
      debit_count, success_count, pending_count, failed_count)
    select f.vendor_id, f.wallet_id, f.day, f.credit_amount, f.credit_count, f.debit_amount, f.debit_fees, f.debit_count,
      f.success_count, f.pending_count, f.failed_count
    from p join transaction_day_figures f on f.vendor_id = p.vendor
    on conflict (vendor_id, wallet_id, day) do update set credit_amount = excluded.credit_amount,
      credit_count = excluded.credit_count, debit_amount = excluded.debit_amount, debit_fees = excluded.debit_fees,
      debit_count = excluded.debit_count, success_count = excluded.success_count, pending_count = excluded.pending_count,
      failed_count = excluded.failed_count`,
  // ledger_post's legs, oldest first, a failed send's reversal right after it: ids (from the table's own sequence,
  // taken in that order, so writers beside it are not collided with) and each wallet's running balance follow that
  // order, as they do under the wallet's lock.
  `insert into ledger_entries (id, vendor_id, transaction_id, wallet_id, amount, balance_after, created_at)
    select nextval(pg_get_serial_sequence('ledger_entries', 'id')), vendor, transaction_id, wallet, amount, balance_after, at
    from (select p.vendor, p.tag || '-t-' || l.i as transaction_id, l.wallet, l.amount, l.at,
        sum(l.amount) over (partition by l.wallet order by l.i desc, l.phase, l.leg rows unbounded preceding) as balance_after
      from p, (select h.i, h.at, x.phase, x.leg, x.wallet, x.amount
        from p, h left join d using (i), lateral (values
          (0, 1, case when h.debit then p.main else p.ext end, case when h.debit then -(d.amount + d.fee) else -h.credit_amount end),
          (0, 2, case when h.debit then p.ext else p.main end, case when h.debit then d.amount else h.credit_amount end),
          (0, 3, p.fees, d.fee),
          (1, 1, p.main, case when d.status = 'failed' then d.amount + d.fee end),
          (1, 2, p.ext, case when d.status = 'failed' then -d.amount end),
          (1, 3, p.fees, case when d.status = 'failed' then -d.fee end)) as x(phase, leg, wallet, amount)
        where x.amount is not null and x.amount <> 0) l
      order by l.i desc, l.phase, l.leg) ordered`,
  `update wallets w set balance = s.total from (select e.wallet_id, sum(e.amount) as total from p join ledger_entries e
      on e.vendor_id = p.vendor group by e.wallet_id) s where w.id = s.wallet_id`,
  `update wallets w set transaction_count = p.n from p where w.id = p.main`,
  'drop table h, d, p',
]
