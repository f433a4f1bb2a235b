import { randomUUID } from 'node:crypto'
import { inflateSync } from 'node:zlib'

import { and, asc, eq, gte, lt } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { ledgerEntries, wallets } from '#server/db/schema'
import { creditFromBank } from '#server/money/ledger'
import { statementEdges, statementRange } from '#server/money/statement'
import { statementCsv } from '#server/money/statement-files'
import { debitForTransfer, settle } from '#server/money/transfers'

import { call, download, type TestApp, TestClock } from '../harness'
import { NAIRA, order, pay, payer, salesApp, type Shop, shop } from '../orders/helpers'
import { makeOutlet, staff } from '../outlets/helpers'
import { account, netFiguresFromOtherLegs, PIN } from './helpers'

/*
 * Statements and net figures (issue 42, decision 178): the lines are the wallet's ledger entries with a running
 * balance the server computes, which must be the ledger's own balance_after at every line; the totals add up; the
 * Lagos days' edges are midnights in Lagos; an outlet's statement only for who sees the outlet; the net figures are
 * the ledger's to the kobo, read from the other legs (external and fees) rather than from the wallet's own.
 */

const lagos = (iso: string) => new Date(`${iso}+01:00`)
const D1 = '2026-11-22'
const D2 = '2026-11-23'

let t: TestApp
let s: Shop
let mainId: string

/** A ledger-walking CSV reader: RFC 4180 quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''))
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  return rows
}

const kobo = (text: string) => (text ? Math.round(Number(text) * 100) : 0)

/** A statement's CSV as its bytes read, byte order mark kept, and its rows. */
async function csvOf<E extends typeof endpoints.statementCsv | typeof endpoints.outletStatementCsv>(
  token: string,
  endpoint: E,
  query: QueryInput<E>,
) {
  const res = await download(t.app, endpoint, { token, query })
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()))
  return { status: res.status, headers: res.headers, text, rows: res.status === 200 ? parseCsv(text.replace(/^\uFEFF/, '')) : [] }
}

/** The main wallet's entries whose time is in [start, end), in id order. */
async function entriesIn(walletId: string, start: Date, end: Date) {
  return t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.walletId, walletId), gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end)))
    .orderBy(asc(ledgerEntries.id))
}

beforeAll(async () => {
  // The requests' own clock stands at 10:00 in Lagos on D1: the order, its payment, the refund and the transfer.
  const clock = new TestClock(lagos(`${D1}T10:00:00.000`).getTime())
  t = await salesApp({ clock })
  t.clock = clock
  s = await shop(t, { balance: 0 })
  mainId = s.wallets.main.id
  const vendorId = s.vendor.id
  const from = { accountName: 'Ada Obi', bankName: 'Access Bank', accountNumber: '0690000031' }
  await creditFromBank(t.db, { vendorId, amount: 100_000 * NAIRA, originator: from, createdAt: lagos('2026-11-21T12:00:00.000') })
  const beneficiary = {
    accountNumber: account('058', '135792468'),
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountName: 'Tunde Bakare',
  }
  const debit = (amount: number, at: string) =>
    t.db.transaction((tx) => debitForTransfer(tx, vendorId, beneficiary, { amount, narration: 'Supplies', at: lagos(at) }))
  await settle(t.deps, await debit(10_000 * NAIRA, `${D1}T08:00:00.000`), { status: 'success', sessionId: '1'.repeat(30) })
  // Declined: the debit at 09:00 and its reversal at 10:00 are two lines.
  await settle(t.deps, await debit(5_000 * NAIRA, `${D1}T09:00:00.000`), {
    status: 'failed',
    sessionId: null,
    failureReason: 'Dormant account',
  })
  const sale = await order(t, s.token, { items: [{ name: 'Tray', amount: 3_000 * NAIRA, quantity: 1 }] })
  await pay(t, s, sale.reference, 3_000 * NAIRA, payer())
  const refund = await call(t.app, endpoints.refundOrder, {
    token: s.token,
    body: { reference: sale.reference, status: 'refunded', amount: 1_000 * NAIRA, pin: PIN },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(refund.status, JSON.stringify(refund.body)).toBe(200)
  const outlet = await makeOutlet(t, s.token, { name: 'Lekki' })
  const fund = await call(t.app, endpoints.fundOutlet, {
    token: s.token,
    body: { amount: 2_000 * NAIRA, outletId: outlet.id, pin: PIN },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(fund.status, JSON.stringify(fund.body)).toBe(201)
  // The last millisecond of D1 in Lagos, and D2's first.
  await creditFromBank(t.db, { vendorId, amount: 5_000 * NAIRA, originator: from, createdAt: lagos(`${D1}T23:59:59.999`) })
  await creditFromBank(t.db, { vendorId, amount: 7_000 * NAIRA, originator: from, createdAt: lagos(`${D2}T00:00:00.000`) })
})

describe('a statement (GET /statement, /statement/csv)', () => {
  it('runs from the opening balance through every entry: each running balance is the ledger’s balance_after', async () => {
    for (const days of [
      { from: D1, to: D1 },
      { from: D1, to: D2 },
      { from: '2026-11-01', to: D2 },
    ]) {
      const csv = await csvOf(s.token, endpoints.statementCsv, days)
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="statement-main-wallet-${days.from}-to-${days.to}.csv"`)
      const [header, opening, ...rest] = csv.rows
      expect(header).toEqual([
        'Date (WAT, UTC+1)',
        'Reference',
        'Description',
        'Status',
        'Money in',
        'Money out',
        'Fee',
        'Balance',
        'Narration',
      ])
      expect(opening![2]).toBe('Opening balance')
      const range = statementRange(days)
      const entries = await entriesIn(mainId, range.startAt, range.endAt)
      const lines = rest.slice(0, entries.length)
      expect(lines.length).toBeGreaterThan(0)
      let running = kobo(opening![7]!)
      lines.forEach((line, i) => {
        running += kobo(line[4]!) - kobo(line[5]!)
        expect(kobo(line[7]!), `line ${i + 1}: ${line[2]}`).toBe(entries[i]!.balanceAfter)
        expect(running).toBe(entries[i]!.balanceAfter)
      })
      const closing = rest[entries.length]!
      expect(closing[2]).toBe('Closing balance')
      const totals = Object.fromEntries(rest.slice(entries.length + 1).map((row) => [row[2], row]))
      const [moneyIn, moneyOut] = [kobo(totals['Total money in']![4]!), kobo(totals['Total money out']![5]!)]
      expect(kobo(opening![7]!) + moneyIn - moneyOut).toBe(kobo(closing[7]!))
      // The summary the screen shows is the file's.
      const summary = await call(t.app, endpoints.statement, { token: s.token, query: days })
      expect(summary.body.data).toMatchObject({
        openingBalance: kobo(opening![7]!),
        closingBalance: kobo(closing[7]!),
        moneyIn,
        moneyOut,
        entryCount: entries.length,
      })
    }
  })

  it('starts and ends on Lagos midnights: the last millisecond of a day is in it, the next day’s first is not', async () => {
    const one = await csvOf(s.token, endpoints.statementCsv, { from: D1, to: D1 })
    const two = await csvOf(s.token, endpoints.statementCsv, { from: D2, to: D2 })
    // The lines only (a reference): the opening and closing lines carry the range's own edges.
    const dates = (rows: string[][]) => rows.filter((row) => row[1]).map((row) => row[0])
    expect(dates(one.rows)).toContain('2026-11-22 23:59:59')
    expect(dates(one.rows)).not.toContain('2026-11-23 00:00:00')
    expect(dates(two.rows)).toContain('2026-11-23 00:00:00')
    // The day before is not in D1: its credit is the opening balance.
    expect(one.rows[1]!.slice(0, 3)).toEqual(['2026-11-22 00:00:00', '', 'Opening balance'])
    expect(kobo(one.rows[1]![7]!)).toBe(100_000 * NAIRA)
    const d1 = (await call(t.app, endpoints.statement, { token: s.token, query: { from: D1, to: D1 } })).body.data
    const d2 = (await call(t.app, endpoints.statement, { token: s.token, query: { from: D2, to: D2 } })).body.data
    expect(d2.openingBalance).toBe(d1.closingBalance)
    expect(d2.moneyIn).toBe(7_000 * NAIRA)
    expect(d1.startAt).toBe('2026-11-21T23:00:00.000Z')
    expect(d1.endAt).toBe('2026-11-22T23:00:00.000Z')
  })

  it('is the same file whatever the chunk it is read in', async () => {
    const edges = await statementEdges(t.db, s.vendor.id, mainId, statementRange({ from: D1, to: D2 }))
    const [main] = await t.db.select().from(wallets).where(eq(wallets.id, mainId))
    const read = async (chunkRows: number) => {
      const file = await statementCsv(t.db, {
        vendorId: s.vendor.id,
        of: { wallet: main!, name: 'Main wallet' },
        edges,
        now: t.clock.now(),
        chunkRows,
      })
      return new Response(file.body).text()
    }
    expect(await read(2)).toBe(await read(1000))
  })

  it('refuses a range the wrong way round, naming from', async () => {
    const res = await call(t.app, endpoints.statement, { token: s.token, query: { from: D2, to: D1 } })
    expect(res.status).toBe(422)
    expect(res.body.issues).toEqual([{ path: 'from', message: 'must not be after to' }])
  })
})

describe('net figures (GET /analytics/net and the statement’s totals)', () => {
  it('are the ledger’s to the kobo for a day with sales, a refund and fees', async () => {
    const range = statementRange({ from: D1, to: D1 })
    const expected = await netFiguresFromOtherLegs(t.db, s.vendor.id, mainId, range.startAt, range.endAt)
    expect(expected.grossSales).toBe(8_000 * NAIRA)
    expect(expected.refunds).toBe(1_000 * NAIRA)
    expect(expected.fees).toBeGreaterThan(0)

    const net = await call(t.app, endpoints.netFigures, {
      token: s.token,
      query: { startDate: range.startAt.toISOString(), endDate: new Date(range.endAt.getTime() - 1).toISOString() },
    })
    expect(net.status).toBe(200)
    expect(net.body.data).toMatchObject(expected)
    const statement = await call(t.app, endpoints.statement, { token: s.token, query: { from: D1, to: D1 } })
    expect(statement.body.data).toMatchObject(expected)
    const csv = await csvOf(s.token, endpoints.statementCsv, { from: D1, to: D1 })
    const totals = Object.fromEntries(csv.rows.map((row) => [row[2], row]))
    expect(kobo(totals['Gross sales']![4]!)).toBe(expected.grossSales)
    expect(kobo(totals.Refunds![5]!)).toBe(expected.refunds)
    expect(kobo(totals.Fees![6]!)).toBe(expected.fees)
    expect(kobo(totals['Net settled']![7]!)).toBe(expected.netSettled)
  })
})

describe('outlet statements', () => {
  it('an outlet member gets their outlet’s statement only; the owner any', async () => {
    const lekki = await makeOutlet(t, s.token, { name: `Lekki ${randomUUID().slice(0, 4)}` })
    const ikeja = await makeOutlet(t, s.token, { name: `Ikeja ${randomUUID().slice(0, 4)}` })
    const cashier = await staff(t, s, ['VENDOR_OUTLETS'], [lekki.id])
    const days = { from: D1, to: D2 }
    const own = await call(t.app, endpoints.outletStatement, { token: cashier.token, query: { outletId: lekki.id, ...days } })
    expect(own.status).toBe(200)
    expect(own.body.data.walletName).toBe(lekki.name)
    expect((await csvOf(cashier.token, endpoints.outletStatementCsv, { outletId: lekki.id, ...days })).status).toBe(200)
    for (const endpoint of [endpoints.outletStatement, endpoints.outletStatementCsv, endpoints.outletStatementPdf]) {
      const other = await call(t.app, endpoint, { token: cashier.token, query: { outletId: ikeja.id, ...days } })
      expect(other.status, endpoint.path).toBe(404)
    }
    expect((await call(t.app, endpoints.statement, { token: cashier.token, query: days })).status).toBe(403)
    expect((await call(t.app, endpoints.outletStatement, { token: s.token, query: { outletId: ikeja.id, ...days } })).status).toBe(200)
  })
})

describe('the statement PDF', () => {
  it('is an A4 document of numbered pages, with the business and every line, whose cross-references hold', async () => {
    // Enough lines for three pages.
    const vendorId = s.vendor.id
    const references: string[] = []
    for (let i = 0; i < 120; i++) {
      const at = lagos(`2026-11-24T09:${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}.000`)
      const posted = await creditFromBank(t.db, {
        vendorId,
        amount: (i + 1) * NAIRA,
        originator: { accountName: `Payer ${i}`, bankName: 'Access Bank', accountNumber: '0690000031' },
        createdAt: at,
      })
      references.push(posted.transaction.reference)
    }
    // The business address from Settings heads the main wallet's statement (decision 191).
    const body = { address: '12 Allen Avenue, Ikeja, Lagos', tin: null }
    expect((await call(t.app, endpoints.updateBusinessDetails, { token: s.token, body })).status).toBe(200)
    const res = await download(t.app, endpoints.statementPdf, { token: s.token, query: { from: '2026-11-24', to: '2026-11-24' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    const bytes = Buffer.from(await res.arrayBuffer())
    const text = bytes.toString('latin1')
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    const count = Number(/\/Type \/Pages \/Count (\d+)/.exec(text)![1])
    expect(count).toBe(3)
    expect(text.match(/\/MediaBox \[0 0 595.28 841.89\]/g)).toHaveLength(3)
    // Every object is where the cross-reference table says.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1])
    const table = text.slice(xref).split('\n')
    const size = Number(/^0 (\d+)$/.exec(table[1]!)![1])
    for (let object = 1; object < size; object++) {
      const offset = Number(table[2 + object]!.slice(0, 10))
      expect(text.slice(offset, offset + `${object} 0 obj`.length)).toBe(`${object} 0 obj`)
    }
    const pages: string[] = []
    for (const match of text.matchAll(/<< \/Filter \/FlateDecode \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index + match[0].length
      pages.push(inflateSync(bytes.subarray(start, start + Number(match[1]))).toString('latin1'))
    }
    expect(pages).toHaveLength(3)
    expect(pages[0]).toContain(`(${s.vendor.name})`)
    expect(pages[0]).toContain('(Statement of account)')
    expect(pages[0]).toContain('(12 Allen Avenue, Ikeja, Lagos)')
    expect(pages[0]).toMatch(/\(Generated \d+ \w+ \d{4}, \d\d:\d\d \\\(Lagos time\\\)\)/)
    pages.forEach((page, i) => expect(page).toContain(`(Page ${i + 1} of )`))
    expect(text).toContain('BT /F1 8 Tf 0 0 Td (3) Tj ET')
    const all = pages.join('\n')
    // Every line, its reference whole (a bank asks for it).
    for (let i = 0; i < 120; i++) {
      expect(all).toContain(`(Transfer from Payer ${i})`)
      expect(all).toContain(`(${references[i]})`)
    }
    expect(all).toContain('(Closing balance)')
  })
})
