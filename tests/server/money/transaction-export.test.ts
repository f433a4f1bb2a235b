import { inArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { CSV_BOM, toCsv } from '#contract/csv'
import type { QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { STATEMENT_TOTAL_LABELS as L } from '#contract/statements'
import type { Transaction } from '#contract/transactions'
import { TRANSACTION_CSV_COLUMNS, TRANSACTION_EXPORT_COLUMNS } from '#contract/transactions-csv'
import { HOUR_MS } from '#server/clock'
import { transactions } from '#server/db/schema'
import { creditFromBank } from '#server/money/ledger'
import { exportTransactions } from '#server/money/transaction-export'
import { debitForTransfer, settle } from '#server/money/transfers'

import { call, createMember, download, makeApp, type TestApp } from '../harness'
import { countingDb } from '../query-count'
import { account, type Sender, sender, tokenFor } from './helpers'

/*
 * GET /transaction/export (decision 159): the file the app used to build from the list's pages, now written by the
 * server. Whatever the filters, it holds the list's rows in the list's order under the same columns, Lagos times,
 * text a stranger typed neutralised. Its streaming at 200,000 rows: transaction-export-stream.test.ts.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

/** Lagos midnight starting 22 November 2026 (UTC+1). */
const DAY = Date.parse('2026-11-21T23:00:00.000Z')
const at = (hours: number) => new Date(DAY + hours * HOUR_MS)
const FIGURE_HEADERS = [L.grossSales, L.refunds, L.fees, L.netSettled]
const bank = { bankName: 'Zenith Bank', accountNumber: '2081234567' }

interface History {
  s: Sender
  customerId: string
}

/** A main wallet of every kind of row: names a spreadsheet would run, ties to the microsecond, every status. */
async function vendorWithHistory(): Promise<History> {
  const s = await sender(t, { balance: 0 })
  const vendorId = s.vendor.id
  const credit = (amount: number, hours: number, accountName: string, more: Record<string, unknown> = {}) =>
    creditFromBank(t.db, { vendorId, amount, originator: { accountName, ...bank }, createdAt: at(hours), ...more })
  const customerId = `cus-${vendorId.slice(0, 8)}`
  // 00:30 in Lagos on the 22nd, still the 21st in UTC: the file says the Lagos day.
  await credit(50_000_00, 0.5, 'Kemi Adeyemi', { narration: 'Jollof, 40 plates' })
  await credit(20_000_00, 2.5, '=HYPERLINK("http://evil.example","Refund")', { order: { reference: 'ORD-1', customer: 'Aisha Bello' } })
  await credit(1_234_56, 3, 'Obi, "Emeka"', { narration: 'two\nlines', customer: { id: customerId, name: 'Emeka Obi' } })
  await credit(7_500_00, 5, '@SUM(A1)', { narration: '+2348031234567' })
  const beneficiary = {
    accountNumber: account('058', '135792468'),
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountName: '-Tunde Bakare',
  }
  const debit = async (amount: number, hours: number, outcome: 'success' | 'failed' | 'pending') => {
    const row = await t.db.transaction((tx) => debitForTransfer(tx, vendorId, beneficiary, { amount, narration: null, at: at(hours) }))
    if (outcome !== 'pending') await settle(t.deps, row, { status: outcome, sessionId: '1'.repeat(30), failureReason: 'Dormant' })
  }
  await debit(10_000_00, 3.5, 'success')
  await debit(5_000_00, 4, 'failed')
  await debit(1_000_00, 26, 'pending')
  // Four credits within one millisecond, apart by microseconds: a JS Date would read them as one instant.
  const tied = await Promise.all([1, 2, 3, 4].map((n) => credit(n * 100_00, 30, `Tied Payer ${n}`)))
  const ids = tied.map((posted) => posted.transaction.id)
  await t.db
    .update(transactions)
    .set({
      createdAt: sql`timestamptz '2026-11-23 05:00:00.000001+00' + (ascii(right(${transactions.id}, 1)) % 3) * interval '1 microsecond'`,
    })
    .where(inArray(transactions.id, ids))
  return { s, customerId }
}

type Filters = QueryInput<typeof endpoints.exportTransactions>

/** The export's bytes as text, its byte order mark kept (Response.text() would drop it). */
async function exported(token: string, query: Filters = {}) {
  const res = await download(t.app, endpoints.exportTransactions, { token, query })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { status: res.status, headers: res.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) }
}

/**
 * The file without its four net-figure columns (decision 194; their sums: transaction-export-figures.test.ts): the
 * transaction's own columns, as the list's rows render them. Figures are plain decimals, so each record ends in four.
 */
function withoutFigures(text: string): string {
  const header = `,${FIGURE_HEADERS.join(',')}\r\n`
  expect(text).toContain(header)
  const records = text.split('\r\n').length - 1
  const stripped = text.replace(header, '\r\n').replace(/(,-?\d+\.\d\d){4}\r\n/g, '\r\n')
  // Every record but the header ended in its four figures.
  expect(text.match(/(,-?\d+\.\d\d){4}\r\n/g)?.length ?? 0).toBe(records - 1)
  return stripped
}

/** Every row the list gives for these filters, page after page, rendered with the transaction's own columns. */
async function listedCsv(token: string, query: Filters = {}) {
  const items: Transaction[] = []
  for (let page = 1; ; page++) {
    const res = await call(t.app, endpoints.listTransactions, { token, query: { ...query, page, size: 3 } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    items.push(...(res.body.data.items as Transaction[]))
    if (res.body.data.items.length < 3) break
  }
  return { count: items.length, text: CSV_BOM + toCsv(items, TRANSACTION_CSV_COLUMNS) }
}

describe('GET /transaction/export', () => {
  let h: History
  beforeAll(async () => {
    h = await vendorWithHistory()
  })

  /** Each filter of the list, with how many of the history's rows it selects. */
  const filters = (): Record<string, [Filters, number]> => ({
    'no filter': [{}, 11],
    'a status': [{ status: 'failed' }, 1],
    'a type': [{ type: 'debit' }, 3],
    'a customer': [{ customerId: h.customerId }, 1],
    'a name search': [{ search: 'tied payer' }, 4],
    'an amount search': [{ search: '20,000' }, 1],
    'a Lagos day': [{ startDate: at(0).toISOString(), endDate: new Date(at(24).getTime() - 1).toISOString() }, 6],
    'a range and a type': [{ startDate: at(3).toISOString(), endDate: at(40).toISOString(), type: 'credit' }, 6],
    unattached: [{ unattached: true }, 0],
  })

  it('holds the rows of the list, in its order, under its columns, for every filter', async () => {
    for (const [label, [query, count]] of Object.entries(filters())) {
      const file = await exported(h.s.token, query)
      expect(file.status, `${label}: ${file.text.slice(0, 200)}`).toBe(200)
      const listed = await listedCsv(h.s.token, query)
      expect(listed.count, label).toBe(count)
      expect(withoutFigures(file.text), label).toBe(listed.text)
    }
  })

  it('answers a download named after the Lagos days and filters, as the app named it', async () => {
    const file = await exported(h.s.token, { ...filters()['a Lagos day']![0], status: 'success', type: 'credit' })
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="transactions-2026-11-22-to-2026-11-22-success-credit.csv"')
    const all = await exported(h.s.token)
    expect(all.headers.get('content-disposition')).toBe('attachment; filename="transactions-all-to-all.csv"')
  })

  it('writes Lagos times under a header naming the zone, and neutralises formulas a stranger typed', async () => {
    const lines = (await exported(h.s.token)).text.split('\r\n')
    expect(lines[0]).toBe(
      '\uFEFF"Date (WAT, UTC+1)",Reference,Type,Status,Amount,Fee,Currency,Counterparty name,Counterparty bank,Counterparty account number,Session ID,Narration,Customer,POS,Order reference,Gross sales,Refunds,Fees,Net settled',
    )
    const line = (name: string) => lines.find((l) => l.includes(name)) ?? ''
    // 23:30 UTC on the 21st is 00:30 in Lagos on the 22nd.
    expect(line('Kemi Adeyemi')).toMatch(
      /^2026-11-22 00:30:00,TRF-.*,credit,success,50000.00,0.00,NGN,Kemi Adeyemi,Zenith Bank,2081234567,.*"Jollof, 40 plates",,no,,50000.00,0.00,0.00,50000.00$/,
    )
    expect(line('HYPERLINK')).toContain(`,"'=HYPERLINK(""http://evil.example"",""Refund"")",`)
    expect(line('@SUM')).toContain(",'@SUM(A1),Zenith Bank,")
    expect(line('@SUM')).toContain(",'+2348031234567,")
    expect(line('Tunde Bakare')).toContain(",'-Tunde Bakare,Guaranty Trust Bank,")
    expect(line('Obi, ""Emeka""')).toContain(',"Obi, ""Emeka""",Zenith Bank,2081234567,')
  })

  it('keeps the order to the microsecond across chunks of any size', async () => {
    const whole = await listedCsv(h.s.token)
    for (const chunkRows of [1, 2, 3, 1000]) {
      const file = await exportTransactions(t.db, h.s.vendor.id, {}, { chunkRows })
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(file.body).arrayBuffer())
      expect(withoutFigures(text), `chunks of ${chunkRows}`).toBe(whole.text)
    }
  })

  it('reads a chunk only when its reader asks for one, and no more once the reader cancels', async () => {
    const counted = countingDb(t.db)
    const chunkReads = () => counted.statements.filter((q) => /order by "transactions"\."created_at" desc/.test(q)).length
    const settle = () => new Promise((done) => setTimeout(done, 50))
    const file = await exportTransactions(counted.db, h.s.vendor.id, {}, { chunkRows: 2 })
    // The first chunk is read before the answer starts (its failure would still be a JSON error).
    expect(chunkReads()).toBe(1)
    const reader = file.body.getReader()
    await settle()
    expect(chunkReads()).toBe(1)
    expect((await reader.read()).done).toBe(false)
    await settle()
    expect(chunkReads()).toBe(1)
    expect((await reader.read()).done).toBe(false)
    await settle()
    expect(chunkReads()).toBe(2)
    await reader.cancel()
    await settle()
    expect(chunkReads()).toBe(2)
  })

  it("gives only the caller's own rows", async () => {
    const other = await sender(t, { balance: 0 })
    await creditFromBank(t.db, { vendorId: other.vendor.id, amount: 100_00, originator: { accountName: 'Someone Else', ...bank } })
    expect((await exported(h.s.token)).text).not.toContain('Someone Else')
    const theirs = await exported(other.token)
    expect(theirs.text.split('\r\n')).toHaveLength(3)
    expect(theirs.text).toContain('Someone Else')
  })

  it('is refused to a member without VENDOR_TRANSACTIONS (403) and given to one with it', async () => {
    const without = await createMember(h.s, { permissions: ['VENDOR_ORDERS'] })
    const refused = await call(t.app, endpoints.exportTransactions, { token: await tokenFor(t, without.row) })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    const holder = await createMember(h.s, { permissions: ['VENDOR_TRANSACTIONS'] })
    expect((await exported(await tokenFor(t, holder.row))).status).toBe(200)
    expect((await call(t.app, endpoints.exportTransactions)).status).toBe(401)
  })

  it('refuses bad input with a JSON 422 naming the field, before any byte of a file', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ startDate: at(5).toISOString(), endDate: at(1).toISOString() }, 'startDate'],
      [{ startDate: 'yesterday' }, 'startDate'],
      [{ status: 'lost' }, 'status'],
      [{ search: 'x'.repeat(101) }, 'search'],
    ]
    for (const [query, field] of cases) {
      const res = await call(t.app, endpoints.exportTransactions, { token: h.s.token, query })
      expect(res.status, JSON.stringify(query)).toBe(422)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(res.body.message).toMatch(new RegExp(`^${field}: `))
    }
  })

  it('is a header alone when nothing matches', async () => {
    const file = await exported(h.s.token, { search: 'nobody by this name' })
    expect(file.status).toBe(200)
    expect(file.text).toBe(`${CSV_BOM}${toCsv([], TRANSACTION_EXPORT_COLUMNS)}`)
  })
})
