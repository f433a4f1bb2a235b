import { randomUUID } from 'node:crypto'

import { and, eq, fillPlaceholders, inArray, isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { transactions, vendors, wallets } from '#server/db/schema'
import { filteredPage, MAIN_WALLET } from '#server/money/transaction-queries'

import { call, createVendor, makeApp, type TestApp, type TestVendor } from '../harness'
import { tokenFor } from './helpers'

/*
 * Issue 35 item 11: a search of a wallet with many rows is answered from an index (migration 0017's trigram index on
 * what a row shows, decision 130), never by reading the wallet's or the table's rows. The plan is the list's own
 * query, built as GET /transaction builds it. The searched vendor sits beside others, as in production and in CI's
 * shared database: a neighbour of the same size and many small vendors. With many wallets in the table, a wallet id
 * read through a subquery was estimated at one row and the planner read the whole wallet through its amount index,
 * running the search on each row; the list now binds the id (boundList). A whole reference is not a fragment: the
 * reference's unique index answers it (decision 157).
 * PostgreSQL only: PGlite plans it the same way but takes minutes to insert the rows, so there the suite skips it.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

const ROWS = 30_000
// Enough wallets that a wallet read through a subquery is estimated at a handful of rows (CI's shared database has
// thousands; the plan flipped at a couple of hundred).
const SMALL_VENDORS = 400
const SMALL_ROWS = 25

let t: TestApp
let v: TestVendor

/**
 * A busy main wallet for each vendor named: credits from and debits to a few thousand people, one debit in 10,000
 * to Ifeoluwa Adebanjo: a name no other test file uses, so the planner's estimate of it comes from these rows alone.
 * The worker's database holds the rows of every file it ran: 'Aisha', which many use, was estimated at 1% of this
 * wallet, and the page then walked the wallet by date instead (a name common elsewhere and rare here is planned
 * that way in production too; it is the open hazard named in docs/performance.md).
 */
async function fill(vendorIds: string[], rows: number) {
  const main = await t.db
    .select({ id: wallets.id, vendorId: wallets.vendorId })
    .from(wallets)
    .where(and(inArray(wallets.vendorId, vendorIds), eq(wallets.kind, 'main'), isNull(wallets.outletId)))
  await t.db.execute(sql`
    insert into transactions (id, vendor_id, wallet_id, type, status, amount, reference, narration,
      originator_account_name, beneficiary_account_name, created_at, updated_at)
    select gen_random_uuid()::text, w.vendor_id, w.id, case when n % 2 = 0 then 'credit' else 'debit' end,
      'success', 10000 + (n % 977) * 100, 'TRX-20261205-' || upper(substr(md5(w.id || n::text), 1, 10)),
      'Order ' || (n % 311),
      case when n % 2 = 0 then 'Payer ' || (n % 4001) else null end,
      case when n % 2 = 1 then (case when n % 10000 = 1 then 'Ifeoluwa Adebanjo' else 'Supplier ' || (n % 3001) end) else null end,
      now() - n * interval '1 minute', now()
    from wallets w, generate_series(1, ${rows}) as n
    where w.id in (${sql.join(
      main.map((wallet) => sql`${wallet.id}`),
      sql`, `,
    )})`)
}

/**
 * The open hazard of docs/performance.md made concrete: a name in 1.5% of the table's rows, all of them the
 * neighbour's but three of this vendor's. The table's statistics (every vendor's) then estimate it at 1–2% of this
 * wallet, and a page of 20 was read by walking the wallet newest first, testing the name on each of its rows (the
 * plan stop 49's CI run met by chance with 'Adebanjo'). Sized from the rows the worker's database already holds.
 */
async function commonElsewhere(neighbour: string, vendorId: string) {
  const counted = await t.db.execute(sql`select count(*)::int as n from transactions`)
  const rows = Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n)
  const share = 0.015
  const many = Math.ceil((rows * share) / (1 - share))
  for (const [owner, count] of [
    [neighbour, many],
    [vendorId, 3],
  ] as const) {
    await t.db.execute(sql`
      insert into transactions (id, vendor_id, wallet_id, type, status, amount, reference, narration,
        beneficiary_account_name, created_at, updated_at)
      select gen_random_uuid()::text, w.vendor_id, w.id, 'debit', 'success', 250000,
        'TRX-20261204-' || upper(substr(md5(w.id || n::text), 1, 10)), 'Stock', 'Tamunotonye Briggs',
        now() - n * interval '7 minutes', now()
      from wallets w, generate_series(1, ${count}) as n
      where w.vendor_id = ${owner} and w.kind = 'main' and w.outlet_id is null`)
  }
}

/** Vendors with a main wallet, made in two statements (createVendor hashes a password each time). */
async function smallVendors(count: number): Promise<string[]> {
  const tag = randomUUID().slice(0, 8)
  const made = await t.db
    .insert(vendors)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Neighbour ${i}`,
        email: `neighbour-${tag}-${i}@test.ng`,
        status: 'approved' as const,
      })),
    )
    .returning({ id: vendors.id })
  await t.db.insert(wallets).values(made.map(({ id }) => ({ vendorId: id, kind: 'main' as const })))
  return made.map(({ id }) => id)
}

beforeAll(async () => {
  if (!onPostgres) return
  t = await makeApp()
  v = await createVendor()
  const neighbour = (await createVendor()).vendor.id
  await fill([v.vendor.id, neighbour], ROWS)
  await fill(await smallVendors(SMALL_VENDORS), SMALL_ROWS)
  await commonElsewhere(neighbour, v.vendor.id)
  // What autovacuum would have done by the time a wallet holds this many rows.
  await t.db.execute(sql`analyze transactions`)
}, 300_000)

/** The page query GET /transaction runs for this search (its total included), parameters bound. */
async function pageOf(search: string) {
  const filters = { page: 1, size: 20, search }
  const { query } = await filteredPage(t.db, v.vendor.id, filters, MAIN_WALLET)
  const { sql: text, params } = query.toSQL()
  return { text, params: fillPlaceholders(params, { limit: 20, offset: 0 }) }
}

type Client = { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }

/** EXPLAIN of that query: every branch it may take. */
async function plan(search: string): Promise<string> {
  const { text, params } = await pageOf(search)
  const result = await (t.db as unknown as Client).$client.query(`explain ${text}`, params)
  return result.rows.map((row) => row['QUERY PLAN']).join('\n')
}

type PlanNode = {
  'Node Type': string
  'Index Name'?: string
  'Relation Name'?: string
  Filter?: string
  'Actual Loops': number
  Plans?: PlanNode[]
}

/** EXPLAIN ANALYZE of that query: the nodes it ran, one line each (a branch it did not need is left out). */
async function ran(search: string): Promise<string[]> {
  const { text, params } = await pageOf(search)
  const result = await (t.db as unknown as Client).$client.query(`explain (analyze, format json) ${text}`, params)
  const raw = result.rows[0]!['QUERY PLAN']
  const [{ Plan }] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }]
  const lines: string[] = []
  const walk = (node: PlanNode) => {
    if (node['Actual Loops'] === 0) return
    lines.push(`${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''} ${node.Filter ? `Filter: ${node.Filter}` : ''}`)
    node.Plans?.forEach(walk)
  }
  walk(Plan)
  return lines
}

/** The search's matches were read from the trigram index, once for the page and its total, and the search was never
 * tested on rows another index or a scan read (a `Filter:` holding the ILIKE). */
function expectSearchFromTrigramIndex(nodes: string[]) {
  const shown = nodes.join('\n')
  expect(
    nodes.filter((node) => node.startsWith('Bitmap Index Scan transactions_wallet_search_idx')),
    shown,
  ).toHaveLength(1)
  expect(shown, shown).not.toMatch(/Seq Scan transactions/)
  expect(shown, shown).not.toMatch(/Filter: .*~~\*/)
}

describe.skipIf(!onPostgres)(`a search of a ${ROWS.toLocaleString('en')}-row wallet beside other vendors' rows`, () => {
  it('finds a name from the trigram index', async () => {
    expectSearchFromTrigramIndex(await ran('Adebanjo'))
    // And finds this vendor's three, not its neighbour's.
    const token = await tokenFor(t, v.owner.row)
    const res = await call(t.app, endpoints.listTransactions, { token, query: { page: '1', size: '20', search: 'adebanjo' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.total).toBe(3)
    expect(res.body.data.items.map((item) => item.beneficiaryAccountName)).toEqual([
      'Ifeoluwa Adebanjo',
      'Ifeoluwa Adebanjo',
      'Ifeoluwa Adebanjo',
    ])
  })

  it('finds a name common in other wallets and rare in this one from the trigram index (decision 197)', async () => {
    expectSearchFromTrigramIndex(await ran('Tamunotonye'))
    const token = await tokenFor(t, v.owner.row)
    const res = await call(t.app, endpoints.listTransactions, { token, query: { page: '1', size: '20', search: 'tamunotonye briggs' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ total: 3, totalCapped: false })
    expect(res.body.data.items.map((item) => item.beneficiaryAccountName)).toEqual(Array(3).fill('Tamunotonye Briggs'))
  })

  it('finds a fragment of a reference from the same index', async () => {
    expectSearchFromTrigramIndex(await ran('20261205-0A1B'))
  })

  it('a whole reference is that transaction, from the reference index alone (issue 38, decision 157)', async () => {
    const [row] = await t.db
      .select({ reference: transactions.reference })
      .from(transactions)
      .where(eq(transactions.vendorId, v.vendor.id))
      .limit(1)
    for (const typed of [row!.reference, row!.reference.toLowerCase()]) {
      const explained = await plan(typed)
      // The page and its capped total: each one row from the unique index, never the trigram index or a scan.
      expect(explained.match(/Index Scan using transactions_reference_unique/g), explained).toHaveLength(2)
      expect(explained, explained).not.toMatch(/transactions_wallet_search_idx|Seq Scan on transactions/)
    }
  })

  it('an amount is the amount index in order beside the text index, for the page and for its total', async () => {
    // Decision 157: no longer a BitmapOr (it read every match of the amount, then sorted or walked the wallet); the
    // amount's newest rows come in order from its index, merged with the fragment's few from the trigram index.
    const explained = await plan('₦2,500')
    expect(explained).not.toContain('BitmapOr')
    // Page and total each read the amount index; index-only or through a bitmap is the planner's call on the
    // table's visibility map and estimates (CI saw both), not this decision's.
    expect(explained.match(/Scan (using|on) transactions_wallet_amount_created_idx/g), explained).toHaveLength(2)
    // Decision 172: the text side is this wallet's rows showing its digits ('500'), from keys of this wallet alone,
    // not the trigram index (whose wallet column walked the wallet's whole posting tree); the ILIKE decides on those.
    expect(explained.match(/Bitmap Index Scan on transactions_wallet_digits_idx/g), explained).toHaveLength(2)
    expect(explained, explained).not.toMatch(/transactions_wallet_search_idx|Seq Scan on transactions/)
  })

  it('an amount without three digits in a row reads its text side from the trigram index, as before', async () => {
    const explained = await plan('₦25.50')
    expect(explained.match(/Scan (using|on) transactions_wallet_amount_created_idx/g), explained).toHaveLength(2)
    expectSearchFromTrigramIndex(await ran('₦25.50'))
  })
})
