import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { parseNairaToKobo } from '#contract/money'
import type { TransactionRow } from '#server/db/schema'

import { call, type TestApp } from '../harness'
import { makeOutlet, outletsApp, type Owner, owner } from '../outlets/helpers'
import { seedHistory, walletRows } from './history'

/*
 * Issue 38: the lists' query shapes change (capped counts, cursors, the search split by kind), their answers do not.
 * Each filter and each kind of search is asked of a seeded history and compared with the wallet's rows, newest
 * first, filtered here by the rules the list has always had (decision 130's search, decision 147's unattached
 * credits): the same rows in the same order, beside another vendor's and an outlet's rows that must never show.
 */

const ROWS = 700
let t: TestApp
let o: Owner
let main: TransactionRow[]
let outlet: { id: string; rows: TransactionRow[] }

beforeAll(async () => {
  t = await outletsApp()
  o = await owner(t)
  const newest = new Date('2026-12-05T10:00:00.000Z')
  await seedHistory(t.db, o.wallets.main.id, ROWS, newest)
  // An amount searched is also a fragment (decision 157 reads the two sides apart): '3000' in the narration of rows of
  // ₦3,000 (found by both sides, counted once) and of other amounts (found by the fragment alone).
  await t.db.execute(
    sql`update transactions set narration = 'Invoice 3000' where wallet_id = ${o.wallets.main.id} and right(id, 6)::int % 17 = 0`,
  )
  const branch = await makeOutlet(t, o.token)
  await seedHistory(t.db, branch.walletId, 120, newest)
  const neighbour = await owner(t)
  await seedHistory(t.db, neighbour.wallets.main.id, 300, newest)
  main = await walletRows(t.db, o.wallets.main.id)
  outlet = { id: branch.id, rows: await walletRows(t.db, branch.walletId) }
}, 120_000)

/** What a row shows, as decision 130's search reads it (migration 0017's transaction_search_text). */
function shown(row: TransactionRow): string {
  const name = row.type === 'credit' ? row.originatorAccountName : row.beneficiaryAccountName
  return [name, row.reference, row.narration, row.outletName, row.orderReference].map((part) => part ?? '').join(' ')
}

/** The search as it has always matched: a fragment in any case, or the amount typed as naira (alone under 3 chars). */
function matchesSearch(row: TransactionRow, text: string): boolean {
  const term = text.trim()
  const fragment = shown(row).toLowerCase().includes(term.toLowerCase())
  const kobo = parseNairaToKobo(term)
  if (kobo === null) return fragment
  return term.length < 3 ? row.amount === kobo : row.amount === kobo || fragment
}

/** The filters and paging both lists take (an outlet's adds its outletId, given apart). */
type Query = QueryInput<typeof endpoints.listTransactions>

/** The list's own rules, applied to every row of the wallet. */
function expected(rows: TransactionRow[], q: Query): string[] {
  return rows
    .filter(
      (row) =>
        (!q.status || row.status === q.status) &&
        (!q.type || row.type === q.type) &&
        (!q.customerId || row.customerId === q.customerId) &&
        (!q.reference || row.reference === q.reference) &&
        (!q.search?.trim() || matchesSearch(row, q.search)) &&
        (!q.unattached || (row.paidIntoOrderAccount !== null && row.isOffline && !row.hasMatchingOrder && !row.isPos)) &&
        (!q.startDate || row.createdAt >= new Date(q.startDate)) &&
        (!q.endDate || row.createdAt <= new Date(q.endDate)),
    )
    .map((row) => row.id)
}

/** A page of the main wallet's list, or of the outlet's when its id is given. */
async function list(query: Query, outletId?: string) {
  const res = outletId
    ? await call(t.app, endpoints.outletTransactions, { token: o.token, query: { ...query, outletId } })
    : await call(t.app, endpoints.listTransactions, { token: o.token, query })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

/** Every filter and kind of search the screens send, alone and together. */
function queries(rows: TransactionRow[]): Query[] {
  const credit = rows.find((row) => row.type === 'credit' && row.orderReference)!
  const customerId = rows.find((row) => row.customerId)!.customerId!
  // Half a minute after the row a fraction of the way down the list: between two rows' instants.
  const at = (f: number) => new Date(rows[Math.floor(rows.length * f)]!.createdAt.getTime() + 30_000).toISOString()
  const searches = [
    'Chioma', // a common name: a third of the credits
    'aisha bello', // a rare one, in another case
    'supplier 1', // the person paid by a debit
    'Ikeja', // an own transfer's outlet
    'order 3', // the narration
    credit.reference, // an exact reference
    credit.reference.toLowerCase(),
    credit.reference.slice(-6).toLowerCase(), // a fragment of one
    credit.reference.slice(0, 12), // the shared prefix of many ('TRF-20261205')
    credit.reference.slice(0, -2), // shaped like a reference, but no whole one: a fragment still
    credit.orderReference!, // an order's reference
    '5000', // amounts, however written
    '5,000.50',
    '₦1,000',
    '3000', // an amount, and a fragment of narrations on rows of that amount and of others
    '261,205', // an amount whose digit runs every row shows ('20261205'), never with the comma: none (decision 172)
    '50', // too short for a fragment: an amount alone
    '%', // wildcards are literal
    'no such payer',
  ]
  return [
    {},
    { status: 'success' },
    { status: 'failed' },
    { type: 'debit' },
    { status: 'pending', type: 'credit' },
    { customerId },
    { reference: credit.reference },
    { unattached: true },
    { startDate: at(0.6), endDate: at(0.15) },
    { startDate: at(0.85) },
    ...searches.map((search) => ({ search })),
    { search: 'Chioma', status: 'success' },
    { search: 'Payer 1', startDate: at(0.45), endDate: at(0.03) },
    { search: '5000', type: 'credit' },
    // An amount whose digits sit inside every reference's longer run ('20261205', decision 172's keys).
    { search: '1205', type: 'debit' },
  ]
}

describe('GET /transaction and /transaction/outlet answer the same rows in the same order for every filter and search', () => {
  it("main wallet: each query's rows, in order, and its total", async () => {
    for (const q of queries(main)) {
      const want = expected(main, q)
      // Each query picks some rows and leaves others, save the four meant to find none.
      if (!['50', '%', 'no such payer', '261,205'].includes(q.search ?? '')) expect(want.length, JSON.stringify(q)).toBeGreaterThan(0)
      expect(want.length, JSON.stringify(q)).toBeLessThan(main.length + (Object.keys(q).length ? 0 : 1))
      const got = await list({ ...q, page: 1, size: 1000 })
      expect(
        got.items.map((item) => item.id),
        JSON.stringify(q),
      ).toEqual(want)
      expect(got.total, JSON.stringify(q)).toBe(want.length)
    }
  })

  it("an outlet's wallet: each query's rows, in order, and its total", async () => {
    for (const q of queries(outlet.rows)) {
      const want = expected(outlet.rows, q)
      const got = await list({ ...q, page: 1, size: 1000 }, outlet.id)
      expect(
        got.items.map((item) => item.id),
        JSON.stringify(q),
      ).toEqual(want)
      expect(got.total, JSON.stringify(q)).toBe(want.length)
    }
  })

  it('page by page, the same rows: none repeated, none skipped, ties at one instant included', async () => {
    const qs: Query[] = [{}, { status: 'success' }, { search: 'Chioma' }, { search: '₦1,000' }, { search: '3000' }]
    for (const q of qs) {
      const seen: string[] = []
      for (let page = 1; page <= Math.ceil(ROWS / 37) + 1; page++) {
        seen.push(...(await list({ ...q, page, size: 37 })).items.map((item) => item.id))
      }
      expect(seen, JSON.stringify(q)).toEqual(expected(main, q))
    }
  }, 180_000) // ~70 pages for each of five queries: a minute on a loaded machine (30 s was seen to run out)

  it('cursor by cursor, the same rows to the last, whose nextCursor is null (rows a microsecond apart kept apart)', async () => {
    // [filters, the wallet's rows, the outlet whose list it is (none: the main wallet's)]
    const walks: [Query, TransactionRow[], string?][] = [
      [{}, main],
      [{ status: 'success' }, main],
      [{ search: 'Chioma' }, main],
      [{ search: '₦1,000', type: 'credit' }, main],
      [{ search: '3000' }, main],
      [{ search: '3000', status: 'success' }, main],
      [{}, outlet.rows, outlet.id],
      [{ type: 'debit' }, outlet.rows, outlet.id],
    ]
    for (const [q, rows, outletId] of walks) {
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      const walk = `${outletId ? 'outlet' : 'main'} ${JSON.stringify(q)}`
      do {
        const got = await list({ ...q, size: 37, ...(cursor ? { cursor } : {}) }, outletId)
        seen.push(...got.items.map((item) => item.id))
        cursor = got.nextCursor
        expect(++pages, walk).toBeLessThan(ROWS)
      } while (cursor)
      expect(seen, walk).toEqual(expected(rows, q))
    }
  })
})
