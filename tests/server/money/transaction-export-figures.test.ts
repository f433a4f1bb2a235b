import { randomUUID } from 'node:crypto'

import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'

import type { QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { type NetFigures, STATEMENT_TOTAL_LABELS as L } from '#contract/statements'
import type { TransactionRow } from '#server/db/schema'
import { creditFromBank } from '#server/money/ledger'
import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { debitForTransfer, settle } from '#server/money/transfers'

import { call, download, type TestApp, TestClock } from '../harness'
import { NAIRA, order, pay, payer, salesApp, type Shop, shop } from '../orders/helpers'
import { makeOutlet } from '../outlets/helpers'
import { account, enquiry, netFiguresFromOtherLegs, PIN, send } from './helpers'

/*
 * The transactions export carries the net figures (issue 42, decision 194): its Gross sales, Refunds, Fees and Net
 * settled columns, summed over the file, are GET /analytics/net's figures for the same Lagos range, and those are
 * the ledger's to the kobo (read from the external and fees wallets' legs, not from the main wallet's). The wallet
 * has sales, a refund, sends with fees, reversals inside a day and reversals across a Lagos midnight both ways.
 */

const lagos = (iso: string) => new Date(`${iso}+01:00`)
const D0 = '2026-11-21'
const D1 = '2026-11-22'
const D2 = '2026-11-23'

/** Lagos days as the app's Date filter sends them: from the first's midnight to the millisecond before the next. */
const days = (from: string, to: string) => {
  const start = lagos(`${from}T00:00:00.000`)
  const end = new Date(lagos(`${to}T00:00:00.000`).getTime() + 24 * 3600_000 - 1)
  return { startDate: start.toISOString(), endDate: end.toISOString(), start, end }
}

let t: TestApp
let s: Shop
/** The send made before D1's midnight and reversed after it, and the one made before D2's and reversed on D2. */
let acrossD1: TransactionRow
let acrossD2: TransactionRow

const beneficiary = {
  accountNumber: account('058', '135792468'),
  bankCode: '058',
  bankName: 'Guaranty Trust Bank',
  accountName: 'Tunde Bakare',
}

/** A pending send debited at a Lagos time, and its outcome (a reversal when failed) at another. */
async function sendAt(amount: number, at: string, outcome?: { status: 'success' | 'failed'; at: string }) {
  const row = await t.db.transaction((tx) =>
    debitForTransfer(tx, s.vendor.id, beneficiary, { amount, narration: 'Supplies', at: lagos(at) }),
  )
  if (!outcome) return row
  const clock = new TestClock(lagos(outcome.at).getTime())
  const result =
    outcome.status === 'success'
      ? { status: 'success' as const, sessionId: '1'.repeat(30) }
      : { status: 'failed' as const, sessionId: null, failureReason: 'Dormant account' }
  await settle({ db: t.db, clock }, row, result)
  return row
}

beforeAll(async () => {
  // The requests' own clock stands at 10:00 in Lagos on D1: the sale, its payment, the refund, the sends by the API.
  const clock = new TestClock(lagos(`${D1}T10:00:00.000`).getTime())
  t = await salesApp({ clock })
  t.clock = clock
  s = await shop(t, { balance: 0 })
  const vendorId = s.vendor.id
  const from = { accountName: 'Ada Obi', bankName: 'Access Bank', accountNumber: '0690000031' }
  await creditFromBank(t.db, { vendorId, amount: 100_000 * NAIRA, originator: from, createdAt: lagos(`${D0}T12:00:00.000`) })
  // Debited at 23:30 on D0, given back at 00:30 on D1: its fee is D0's, and D1's as a negative.
  acrossD1 = await sendAt(4_000 * NAIRA, `${D0}T23:30:00.000`, { status: 'failed', at: `${D1}T00:30:00.000` })
  await sendAt(10_000 * NAIRA, `${D1}T08:00:00.000`, { status: 'success', at: `${D1}T08:01:00.000` })
  // Declined within the day: its fee comes back the same day.
  await sendAt(5_000 * NAIRA, `${D1}T09:00:00.000`, { status: 'failed', at: `${D1}T09:30:00.000` })
  const sale = await order(t, s.token, { items: [{ name: 'Tray', amount: 3_000 * NAIRA, quantity: 1 }] })
  await pay(t, s, sale.reference, 3_000 * NAIRA, payer())
  const refund = await call(t.app, endpoints.refundOrder, {
    token: s.token,
    body: { reference: sale.reference, status: 'refunded', amount: 1_000 * NAIRA, pin: PIN },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(refund.status, JSON.stringify(refund.body)).toBe(200)
  // Two sends through the API: one the bank takes, one it declines at once (its debit reversed).
  const sent = await send(t, s.token, { amount: 2_500 * NAIRA, requestId: await enquiry(t, s) })
  expect(sent.status, JSON.stringify(sent.body)).toBe(201)
  const declined = await send(t, s.token, {
    amount: 1_500 * NAIRA,
    requestId: await enquiry(t, s, { serial: SANDBOX_SERIALS.transferFails }),
  })
  expect(declined.status, JSON.stringify(declined.body)).toBe(201)
  expect(declined.body.data.status).toBe('failed')
  // Money to an outlet is money out, not a deduction from sales.
  const outlet = await makeOutlet(t, s.token, { name: 'Lekki' })
  const fund = await call(t.app, endpoints.fundOutlet, {
    token: s.token,
    body: { amount: 2_000 * NAIRA, outletId: outlet.id, pin: PIN },
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(fund.status, JSON.stringify(fund.body)).toBe(201)
  acrossD2 = await sendAt(7_000 * NAIRA, `${D1}T23:30:00.000`, { status: 'failed', at: `${D2}T00:30:00.000` })
  // The last millisecond of D1 and D2's first; a send still pending on D2.
  await creditFromBank(t.db, { vendorId, amount: 5_000 * NAIRA, originator: from, createdAt: lagos(`${D1}T23:59:59.999`) })
  await creditFromBank(t.db, { vendorId, amount: 7_000 * NAIRA, originator: from, createdAt: lagos(`${D2}T00:00:00.000`) })
  await sendAt(800 * NAIRA, `${D2}T11:00:00.000`)
})

const kobo = (text: string) => {
  expect(text, 'a plain decimal').toMatch(/^-?\d+\.\d\d$/)
  const [naira, part] = text.replace('-', '').split('.')
  return (text.startsWith('-') ? -1 : 1) * (Number(naira) * 100 + Number(part))
}

/** The export for these filters, read by Papa Parse: its records by header. */
async function exportOf(query: QueryInput<typeof endpoints.exportTransactions>) {
  const res = await download(t.app, endpoints.exportTransactions, { token: s.token, query })
  expect(res.status).toBe(200)
  const text = (await res.text()).replace(/^\uFEFF/, '')
  const [header, ...records] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data
  return records.map((record) => Object.fromEntries(header!.map((name, i) => [name, record[i]!])))
}

/** What the file's four figure columns sum to. */
const columnTotals = (records: Record<string, string>[]): NetFigures => {
  const total = (header: string) => records.reduce((sum, record) => sum + kobo(record[header]!), 0)
  return { grossSales: total(L.grossSales), refunds: total(L.refunds), fees: total(L.fees), netSettled: total(L.netSettled) }
}

describe('the transactions export’s net-figure columns', () => {
  const ranges: [string, string][] = [
    [D0, D0],
    [D1, D1],
    [D2, D2],
    [D1, D2],
    [D0, D2],
  ]

  it.each(ranges)('sum to GET /analytics/net and the statement’s figures for %s to %s, which are the ledger’s', async (from, to) => {
    const range = days(from, to)
    const query = { startDate: range.startDate, endDate: range.endDate }
    const ledger = await netFiguresFromOtherLegs(t.db, s.vendor.id, s.wallets.main.id, range.start, new Date(range.end.getTime() + 1))
    const net = await call(t.app, endpoints.netFigures, { token: s.token, query })
    expect(net.status).toBe(200)
    expect(net.body.data).toMatchObject(ledger)
    const statement = await call(t.app, endpoints.statement, { token: s.token, query: { from, to } })
    expect(statement.body.data).toMatchObject(ledger)
    expect(columnTotals(await exportOf(query))).toEqual(ledger)
  })

  it('has every figure in it: sales, a refund, fees, and fees given back', async () => {
    const d1 = days(D1, D1)
    const ledger = await netFiguresFromOtherLegs(t.db, s.vendor.id, s.wallets.main.id, d1.start, new Date(d1.end.getTime() + 1))
    // 3,000 paid for the order and the 5,000 of D1's last millisecond; D2's first is not D1's.
    expect(ledger.grossSales).toBe(8_000 * NAIRA)
    expect(ledger.refunds).toBe(1_000 * NAIRA)
    const records = await exportOf({ startDate: d1.startDate, endDate: d1.endDate })
    const fees = records.map((record) => kobo(record[L.fees]!))
    expect(fees.some((fee) => fee > 0)).toBe(true)
    expect(fees.some((fee) => fee < 0)).toBe(true)
  })

  it('holds, after the range’s rows, an earlier send whose reversal is in the range, with its fee given back', async () => {
    for (const [day, send, before] of [
      [D1, acrossD1, D0],
      [D2, acrossD2, D1],
    ] as const) {
      const range = days(day, day)
      const query = { startDate: range.startDate, endDate: range.endDate }
      const records = await exportOf(query)
      const listed = await call(t.app, endpoints.listTransactions, { token: s.token, query: { ...query, size: '100' } })
      expect(listed.body.data.items.map((item) => item.reference)).not.toContain(send.reference)
      // The list's rows first, in its order; then the one from the day before.
      expect(records.map((record) => record.Reference)).toEqual([...listed.body.data.items.map((item) => item.reference), send.reference])
      const row = records.at(-1)!
      expect(row['Date (WAT, UTC+1)']).toMatch(new RegExp(`^${before} 23:30:00$`))
      expect(row.Status).toBe('failed')
      expect(kobo(row.Fee!)).toBe(send.fee)
      expect([row[L.grossSales], row[L.refunds]]).toEqual(['0.00', '0.00'])
      expect(kobo(row[L.fees]!)).toBe(-send.fee)
      expect(kobo(row[L.netSettled]!)).toBe(send.fee)
      // The day it was made, it paid its fee: that day's file shows it as a row of the range.
      const made = days(before, before)
      const thatDay = await exportOf({ startDate: made.startDate, endDate: made.endDate })
      const own = thatDay.find((record) => record.Reference === send.reference)!
      expect(kobo(own[L.fees]!)).toBe(send.fee)
    }
  })

  it('keeps to the other filters: a type or a status narrows the extra rows as it narrows the list', async () => {
    const range = days(D1, D1)
    const dates = { startDate: range.startDate, endDate: range.endDate }
    const credits = await exportOf({ ...dates, type: 'credit' })
    expect(credits.map((record) => record.Reference)).not.toContain(acrossD1.reference)
    expect(credits.every((record) => record.Type === 'credit')).toBe(true)
    expect(columnTotals(credits).fees).toBe(0)
    const failed = await exportOf({ ...dates, status: 'failed' })
    expect(failed.map((record) => record.Reference)).toContain(acrossD1.reference)
    expect(failed.every((record) => record.Status === 'failed')).toBe(true)
    // What was sent and declined on D1 took no fee in the end; the send reversed on D1 gave its fee back, the one
    // reversed on D2 had paid its fee on D1.
    expect(columnTotals(failed).fees).toBe(acrossD2.fee - acrossD1.fee)
  })

  it('is the whole ledger, every entry once, with no range', async () => {
    const records = await exportOf({})
    const ledger = await netFiguresFromOtherLegs(t.db, s.vendor.id, s.wallets.main.id, new Date(0), new Date('2100-01-01'))
    expect(columnTotals(records)).toEqual(ledger)
  })
})
