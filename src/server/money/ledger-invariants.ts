import type pg from 'pg'

/*
 * What the ledger's tables must say of themselves, as set-based SQL over a whole database (decision 155): run by
 * `npm run restore-check` on a restored backup, and usable on any copy. Every movement is written by ledger_post
 * (migrations/0011), which is what makes these exact rather than heuristics: it inserts one transaction row (or, for
 * a reversal, the opposite legs against the same row) and one entry per leg, updates each leg's wallet balance and
 * the transaction's wallet's transaction_count, and writes each entry's balance_after under the wallet's lock, so
 * entry ids follow each wallet's postings in order. Each query is one pass (aggregates, hash joins, one window
 * over the (vendor_id, wallet_id, id) index): minutes at most on tens of millions of entries, never a loop per row.
 */

export interface Invariant {
  name: string
  /** What must hold, in the operator's words. */
  rule: string
  /** Rows breaking it; each row's `row` names them (ids an operator can look up), `detail` says how. */
  sql: string
  /** A table a dump taken before its migration lacks: the invariant is then skipped, and the check says so. */
  needs?: string
}

/** Rows shown per broken invariant; the total is always counted. */
export const SHOWN_PER_INVARIANT = 20

/** What a transaction's entries moved its own wallet by, and what they should have (grouped by transactions.id). */
const OWN_NET = 'coalesce(sum(e.amount) filter (where e.wallet_id = t.wallet_id), 0)'
const EXPECTED = "(case when t.status = 'failed' then 0 when t.type = 'credit' then t.amount else -(t.amount + t.fee) end)"

/** What transaction_day_totals holds per wallet and Lagos day (d), as the rows of that day give it (r). */
const DAY_FIGURES = [
  'credit_amount',
  'credit_count',
  'debit_amount',
  'debit_fees',
  'debit_count',
  'success_count',
  'pending_count',
  'failed_count',
]
const differs = (figure: string) => `coalesce(d.${figure}, 0) <> coalesce(r.${figure}, 0)`

export const INVARIANTS: Invariant[] = [
  {
    name: 'legs-sum-to-zero',
    rule: "every transaction's ledger entries sum to zero",
    sql: `select 'transaction ' || s.transaction_id || coalesce(' (' || t.reference || ')', '') as row,
        'its entries sum to ' || s.total || ' kobo' as detail
      from (select transaction_id, sum(amount) as total from ledger_entries group by transaction_id having sum(amount) <> 0) s
        left join transactions t on t.id = s.transaction_id`,
  },
  {
    name: 'balance-equals-entries',
    rule: "every wallet's balance equals the sum of its entries",
    sql: `select 'wallet ' || w.id || ' (' || w.kind || ', vendor ' || w.vendor_id || ')' as row,
        'balance ' || w.balance || ' kobo, entries sum to ' || coalesce(s.total, 0) || ' kobo' as detail
      from wallets w left join (select wallet_id, sum(amount) as total from ledger_entries group by wallet_id) s on s.wallet_id = w.id
      where w.balance <> coalesce(s.total, 0)`,
  },
  {
    // Named where it goes wrong: after one bad entry every later balance_after is off by as much, so only an entry
    // whose drift differs from the one before it on its wallet is reported.
    name: 'balance-after-is-running-sum',
    rule: "every entry's balance_after is its wallet's running sum of entries up to it",
    sql: `select 'entry ' || id || ' (wallet ' || wallet_id || ', transaction ' || transaction_id || ')' as row,
        'balance_after ' || balance_after || ' kobo, running sum ' || running || ' kobo' as detail
      from (select *, lag(balance_after - running, 1, 0::numeric) over (partition by vendor_id, wallet_id order by id) as drift_before
        from (select id, vendor_id, wallet_id, transaction_id, balance_after,
            sum(amount) over (partition by vendor_id, wallet_id order by id rows unbounded preceding) as running
          from ledger_entries) r) d
      where balance_after - running <> drift_before`,
  },
  {
    name: 'entries-belong',
    rule: "every entry's transaction and wallet exist and are its vendor's",
    sql: `select 'entry ' || e.id || ' (transaction ' || e.transaction_id || ', wallet ' || e.wallet_id || ')' as row,
        case when t.id is null then 'its transaction does not exist' when w.id is null then 'its wallet does not exist'
          else 'vendor ' || e.vendor_id || ', transaction''s vendor ' || t.vendor_id || ', wallet''s vendor ' || w.vendor_id end as detail
      from ledger_entries e
        left join transactions t on t.id = e.transaction_id
        left join wallets w on w.id = e.wallet_id
      where t.id is null or w.id is null or t.vendor_id <> e.vendor_id or w.vendor_id <> e.vendor_id`,
  },
  {
    // A successful or pending credit adds its amount to its wallet; a debit takes amount + fee (a pending send's
    // hold until the bank answers); a failed one was reversed, so its wallet is back where it was.
    name: 'transaction-moves-its-wallet',
    rule: 'every transaction has two or more entries and moves its own wallet by its amount (0 once failed)',
    sql: `select 'transaction ' || t.id || ' (' || t.reference || ', ' || t.status || ' ' || t.type || ', wallet ' || t.wallet_id || ')' as row,
        case when count(e.id) = 0 then 'it has no ledger entries' when count(e.id) = 1 then 'it has one ledger entry'
          else 'its wallet moved by ' || ${OWN_NET} || ' kobo, not ' || ${EXPECTED} end as detail
      from transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id
      having count(e.id) < 2 or ${OWN_NET} <> ${EXPECTED}`,
  },
  {
    name: 'failed-transactions-reversed',
    rule: 'a failed transaction leaves every wallet it touched where it was',
    sql: `select 'transaction ' || t.id || ' (' || t.reference || '), wallet ' || e.wallet_id as row,
        'still moved by ' || sum(e.amount) || ' kobo' as detail
      from transactions t join ledger_entries e on e.transaction_id = t.id
      where t.status = 'failed'
      group by t.id, t.reference, e.wallet_id having sum(e.amount) <> 0`,
  },
  {
    name: 'transaction-count',
    rule: "every wallet's transaction_count is the number of transactions on it",
    sql: `select 'wallet ' || w.id || ' (' || w.kind || ', vendor ' || w.vendor_id || ')' as row,
        'transaction_count ' || w.transaction_count || ', transactions ' || coalesce(c.n, 0) as detail
      from wallets w left join (select wallet_id, count(*) as n from transactions group by wallet_id) c on c.wallet_id = w.id
      where w.transaction_count <> coalesce(c.n, 0)`,
  },
  {
    name: 'vendor-wallets-sum-to-zero',
    rule: "a vendor's wallets (main, outlets, external, fees, clearing) sum to zero",
    sql: `select 'vendor ' || vendor_id as row, 'wallets sum to ' || sum(balance) || ' kobo' as detail
      from wallets group by vendor_id having sum(balance) <> 0`,
  },
  {
    name: 'clearing-at-zero',
    rule: 'every clearing wallet is at zero (own transfers pass through it within one database transaction)',
    sql: `select 'wallet ' || id || ' (clearing, vendor ' || vendor_id || ')' as row, 'balance ' || balance || ' kobo' as detail
      from wallets where kind = 'clearing' and balance <> 0`,
  },
  {
    name: 'no-overdraft',
    rule: 'no main or outlet wallet was ever below zero',
    sql: `select 'entry ' || e.id || ' (wallet ' || e.wallet_id || ', ' || w.kind || ', transaction ' || e.transaction_id || ')' as row,
        'balance_after ' || e.balance_after || ' kobo' as detail
      from ledger_entries e join wallets w on w.id = e.wallet_id
      where w.kind in ('main', 'outlet') and e.balance_after < 0`,
  },
  {
    name: 'wallet-kinds',
    rule: "a vendor has one main, external, fees and clearing wallet; outlet wallets are their vendor's outlets'",
    sql: `select 'vendor ' || v.id as row, 'has ' || k.kind || ' wallets: ' || count(w.id) as detail
      from vendors v cross join (values ('main'), ('external'), ('fees'), ('clearing')) k(kind)
        left join wallets w on w.vendor_id = v.id and w.kind = k.kind and w.outlet_id is null
      group by v.id, k.kind having count(w.id) <> 1
      union all
      select 'wallet ' || w.id || ' (' || w.kind || ', vendor ' || w.vendor_id || ')',
        case when w.outlet_id is null then 'an outlet wallet without an outlet'
          when w.kind <> 'outlet' then 'a ' || w.kind || ' wallet with outlet ' || w.outlet_id
          else 'its outlet ' || w.outlet_id || ' is ' || coalesce('vendor ' || o.vendor_id || '''s', 'missing') end
      from wallets w left join outlets o on o.id = w.outlet_id
      where (w.kind = 'outlet') <> (w.outlet_id is not null) or (w.outlet_id is not null and (o.id is null or o.vendor_id <> w.vendor_id))`,
  },
  {
    // Kept by triggers on transactions (migration 0026, decision 161); transaction analytics read them. A day whose
    // rows are all gone may keep a row of zeros.
    name: 'day-totals-equal-rows',
    rule: "every wallet's Lagos-day totals (transaction_day_totals) equal its transactions of that day",
    needs: 'transaction_day_totals',
    sql: `select 'wallet ' || wallet_id || ', Lagos day ' || day || ' (vendor ' || vendor_id || ')' as row,
        concat_ws(', ', ${DAY_FIGURES.map(
          (figure) =>
            `case when ${differs(figure)} then '${figure} ' || coalesce(d.${figure}, 0) || ' (rows: ' || coalesce(r.${figure}, 0) || ')' end`,
        ).join(', ')}) as detail
      from transaction_day_totals d full join transaction_day_figures r using (vendor_id, wallet_id, day)
      where ${DAY_FIGURES.map(differs).join(' or ')}`,
  },
]

/** What an operator compares with the live database: the restore brought back about as much as was there. */
const COUNTS = [
  'vendors',
  'users',
  'outlets',
  'wallets',
  'transactions',
  'ledger_entries',
  'customers',
  'orders',
  'order_items',
  'refunds',
  'disputes',
  'products',
  'stored_files',
  'jobs',
] as const

export interface Violation {
  invariant: string
  rule: string
  /** How many rows break it; only the first SHOWN_PER_INVARIANT are in `rows`. */
  total: number
  rows: { row: string; detail: string }[]
}

export interface LedgerCheck {
  counts: Record<string, number>
  /** Kobo in vendors' main and outlet wallets: their money the platform holds. */
  heldKobo: number
  violations: Violation[]
  /** Invariants not checked: the database has no `needs` table (a dump from before that table's migration). */
  skipped: string[]
}

/** Refuses a database that is not this application's (another app's dump restores fine and proves nothing). */
async function assertLedgerTables(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select name from unnest($1::text[]) as name where to_regclass('public.' || name) is null`,
    [[...COUNTS]],
  )
  if (rows.length) throw new Error(`The database has no ${rows.map((row) => row.name).join(', ')} table: not a dump of this application`)
}

/** Counts, money held and every broken invariant of the database `client` is connected to. Reads only. */
export async function checkLedger(client: pg.Client): Promise<LedgerCheck> {
  await assertLedgerTables(client)
  const counted = await client.query<
    Record<string, string>
  >(`select ${COUNTS.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ')},
    (select coalesce(sum(balance), 0) from wallets where kind in ('main', 'outlet')) as held`)
  const { held, ...counts } = counted.rows[0]!
  const violations: Violation[] = []
  const present = await client.query<{ name: string }>(
    `select name from unnest($1::text[]) as name where to_regclass('public.' || name) is not null`,
    [INVARIANTS.flatMap((invariant) => invariant.needs ?? [])],
  )
  const skipped = INVARIANTS.filter((invariant) => invariant.needs && !present.rows.some((row) => row.name === invariant.needs))
  for (const invariant of INVARIANTS.filter((invariant) => !skipped.includes(invariant))) {
    const { rows } = await client.query<{ row: string; detail: string; total: string }>(
      `select row, detail, count(*) over () as total from (${invariant.sql}) broken order by row limit ${SHOWN_PER_INVARIANT}`,
    )
    if (rows.length) {
      violations.push({
        invariant: invariant.name,
        rule: invariant.rule,
        total: Number(rows[0]!.total),
        rows: rows.map(({ row, detail }) => ({ row, detail })),
      })
    }
  }
  return {
    counts: Object.fromEntries(Object.entries(counts).map(([table, n]) => [table, Number(n)])),
    heldKobo: Number(held),
    violations,
    skipped: skipped.map((invariant) => invariant.name),
  }
}

/** The check as the operator reads it: counts first, then each broken invariant with the rows that break it. */
export function formatLedgerCheck(check: LedgerCheck): string {
  const width = Math.max(...Object.keys(check.counts).map((table) => table.length))
  const lines = ['Counts:', ...Object.entries(check.counts).map(([table, n]) => `  ${table.padEnd(width)}  ${n}`)]
  lines.push(`Held in main and outlet wallets: ${check.heldKobo} kobo`)
  for (const name of check.skipped) {
    const needs = INVARIANTS.find((invariant) => invariant.name === name)?.needs
    lines.push(`Skipped ${name}: the database has no ${needs} table (a dump from before its migration).`)
  }
  const checked = INVARIANTS.length - check.skipped.length
  if (!check.violations.length) {
    lines.push(`Ledger invariants: all ${checked} hold.`)
    return lines.join('\n')
  }
  const broken = check.violations.length
  lines.push(`Ledger invariants: ${broken} of ${checked} broken.`)
  for (const violation of check.violations) {
    lines.push(`VIOLATION ${violation.invariant}: ${violation.rule}; ${violation.total} row(s) break it`)
    for (const { row, detail } of violation.rows) lines.push(`  ${row}: ${detail}`)
    if (violation.total > violation.rows.length) lines.push(`  … and ${violation.total - violation.rows.length} more`)
  }
  return lines.join('\n')
}
