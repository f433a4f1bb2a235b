import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { HOUR_MS } from '#server/clock'
import { creditFromBank } from '#server/money/ledger'
import { debitForTransfer, settle } from '#server/money/transfers'

import { call, createMember, createVendor, makeApp, type TestApp } from '../harness'
import { account, sender, tokenFor } from './helpers'

/* The main wallet's transactions: list, detail, Mark as POS, analytics. Always scoped to the caller's vendor. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

/** Lagos midnight starting 22 November 2026 (UTC+1). */
const DAY = Date.parse('2026-11-21T23:00:00.000Z')
const payer = { accountName: 'Kemi Adeyemi', bankName: 'Zenith Bank', accountNumber: '2081234567' }

async function vendorWithHistory() {
  const s = await sender(t, { balance: 0 })
  const at = (hours: number) => new Date(DAY + hours * HOUR_MS)
  const credit = (amount: number, hours: number, order?: { reference: string; customer: string }) =>
    creditFromBank(t.db, { vendorId: s.vendor.id, amount, originator: payer, createdAt: at(hours), order })
  const offline = (await credit(50_000_00, 1)).transaction
  const ordered = (await credit(20_000_00, 2.5, { reference: 'ORD-1', customer: 'Aisha Bello' })).transaction
  const beneficiary = {
    accountNumber: account('058', '135792468'),
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountName: 'Tunde Bakare',
  }
  const debit = async (amount: number, hours: number, outcome: 'success' | 'failed' | 'pending') => {
    const row = await t.db.transaction((tx) => debitForTransfer(tx, s.vendor.id, beneficiary, { amount, narration: null, at: at(hours) }))
    if (outcome === 'pending') return row
    return settle(t.deps, row, { status: outcome, sessionId: '1'.repeat(30), failureReason: 'Dormant' })
  }
  const sent = await debit(10_000_00, 3.5, 'success')
  const failed = await debit(5_000_00, 4, 'failed')
  const pending = await debit(1_000_00, 26, 'pending')
  const later = (await credit(7_500_00, 30)).transaction
  return { s, offline, ordered, sent, failed, pending, later }
}

const list = (token: string, query: Record<string, string> = {}) =>
  call(t.app, endpoints.listTransactions, { token, query }).then((res) => res.body)

describe('GET /transaction', () => {
  it('lists the main wallet newest first, paged, with filters', async () => {
    const h = await vendorWithHistory()
    const all = await list(h.s.token)
    expect(all.data.total).toBe(6)
    expect(all.data.items.map((row: { id: string }) => row.id)).toEqual(
      [h.later, h.pending, h.failed, h.sent, h.ordered, h.offline].map((row) => row.id),
    )
    const page2 = await list(h.s.token, { page: '2', size: '4' })
    expect(page2.data).toMatchObject({ page: 2, size: 4, total: 6 })
    expect(page2.data.items.map((row: { id: string }) => row.id)).toEqual([h.ordered.id, h.offline.id])

    const ids = async (query: Record<string, string>) => (await list(h.s.token, query)).data.items.map((row: { id: string }) => row.id)
    expect(await ids({ status: 'failed' })).toEqual([h.failed.id])
    expect(await ids({ status: 'pending' })).toEqual([h.pending.id])
    expect(await ids({ type: 'credit' })).toEqual([h.later.id, h.ordered.id, h.offline.id])
    expect(await ids({ type: 'debit', status: 'success' })).toEqual([h.sent.id])
    expect(await ids({ reference: h.sent.reference })).toEqual([h.sent.id])
    expect(await ids({ startDate: new Date(DAY + 2 * HOUR_MS).toISOString(), endDate: new Date(DAY + 4 * HOUR_MS).toISOString() })).toEqual(
      [h.failed.id, h.sent.id, h.ordered.id],
    )
    expect(await ids({ customerId: 'nobody' })).toEqual([])
  })

  it('answers the total on an empty list and on a page past the end, filtered or not (decision 098)', async () => {
    const empty = await sender(t, { balance: 0 })
    const none = { items: [], totalCapped: false, nextCursor: null }
    expect((await list(empty.token)).data).toEqual({ ...none, page: 1, size: 20, total: 0 })
    const h = await vendorWithHistory()
    expect((await list(h.s.token, { page: '4', size: '2' })).data).toEqual({ ...none, page: 4, size: 2, total: 6 })
    expect((await list(h.s.token, { page: '2', size: '5', type: 'credit' })).data).toEqual({ ...none, page: 2, size: 5, total: 3 })
    expect((await list(h.s.token, { page: '1', size: '2', type: 'credit' })).data.total).toBe(3)
    expect((await list(h.s.token, { page: '3', size: '2' })).data.total).toBe(6)
  })

  it('serialises a transaction as the contract says', async () => {
    const h = await vendorWithHistory()
    const [row] = (await list(h.s.token, { reference: h.ordered.reference })).data.items
    expect(row).toMatchObject({
      type: 'credit',
      status: 'success',
      amount: 20_000_00,
      fee: 0,
      isOffline: false,
      hasMatchingOrder: true,
      orderReference: 'ORD-1',
      customerName: 'Aisha Bello',
      isPOSTransaction: false,
      originatorAccountName: 'Kemi Adeyemi',
      beneficiaryAccountNumber: h.s.wallets.main.accountNumber,
      createdAt: new Date(DAY + 2.5 * HOUR_MS).toISOString(),
    })
    const [failed] = (await list(h.s.token, { status: 'failed' })).data.items
    expect(failed).toMatchObject({ failureReason: 'Dormant', beneficiaryAccountName: 'Tunde Bakare', fee: 25_00 })
  })

  it("never shows another vendor's transactions", async () => {
    const h = await vendorWithHistory()
    const other = await sender(t, { balance: 1_00 })
    const theirs = await list(other.token)
    expect(theirs.data.total).toBe(1)
    expect(await list(other.token, { reference: h.sent.reference })).toMatchObject({ data: { total: 0, items: [] } })
  })

  it('422 naming the field for bad filters; huge sizes are capped', async () => {
    const s = await sender(t)
    expect((await list(s.token, { status: 'done' })).message).toBe('status: must be success, pending or failed')
    expect((await list(s.token, { type: 'refund' })).message).toBe('type: must be credit or debit')
    expect((await list(s.token, { page: '0' })).message).toBe('page: must be at least 1')
    expect((await list(s.token, { startDate: 'yesterday' })).code).toBe('VALIDATION_FAILED')
    const reversed = await list(s.token, { startDate: '2026-11-02T00:00:00.000Z', endDate: '2026-11-01T00:00:00.000Z' })
    expect(reversed.message).toBe('startDate: must not be after endDate')
    // Above the largest page the size is refused, not cut (decision 170).
    expect((await list(s.token, { size: '10000000000000' })).message).toBe('size: must be at most 1000')
    expect((await list(s.token, { size: '1000' })).data.size).toBe(1000)
  })
})

describe('GET /transaction/single', () => {
  it("finds by id or reference; another vendor's id is 404", async () => {
    const h = await vendorWithHistory()
    const one = (token: string, query: Record<string, string>) => call(t.app, endpoints.transactionDetail, { token, query })
    expect((await one(h.s.token, { id: h.sent.id })).body.data.reference).toBe(h.sent.reference)
    expect((await one(h.s.token, { reference: h.sent.reference })).body.data.id).toBe(h.sent.id)
    expect((await one(h.s.token, {})).body.message).toBe('query: id or reference is required')
    const other = await sender(t)
    for (const query of [{ id: h.sent.id }, { reference: h.sent.reference }] as Record<string, string>[]) {
      const res = await one(other.token, query)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: 'Transaction not found', code: 'NOT_FOUND' })
    }
  })
})

describe('PATCH /transaction/pos', () => {
  it('marks an offline credit without an order, once', async () => {
    const h = await vendorWithHistory()
    const mark = (token: string, id: string) => call(t.app, endpoints.markPos, { token, body: { id } })
    const marked = await mark(h.s.token, h.offline.id)
    expect(marked.status).toBe(200)
    expect(marked.body.message).toBe('Transaction marked as POS')
    expect(marked.body.data).toMatchObject({ id: h.offline.id, isPOSTransaction: true })
    const cases: [string, string][] = [
      [h.offline.id, 'This transaction is already marked as POS'],
      [h.ordered.id, 'This transaction already has a matching order'],
      [h.sent.id, 'Only a credit can be marked as POS'],
    ]
    for (const [id, message] of cases) {
      const res = await mark(h.s.token, id)
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ code: 'NOT_MARKABLE_AS_POS', message })
    }
    const other = await sender(t)
    expect((await mark(other.token, h.later.id)).status).toBe(404)
    expect((await mark(h.s.token, '')).body.message).toBe('id: is required')
  })

  it('403 for a member without VENDOR_TRANSACTIONS', async () => {
    const vendor = await createVendor({ balance: 5_00 })
    const member = await createMember(vendor, { permissions: ['VENDOR_WALLET', 'VENDOR_TRANSFERS'] })
    const token = await tokenFor(t, member.row)
    expect((await call(t.app, endpoints.listTransactions, { token })).status).toBe(403)
    const [row] = (await list(await tokenFor(t, vendor.owner.row))).data.items
    expect((await call(t.app, endpoints.markPos, { token, body: { id: row!.id } })).status).toBe(403)
  })
})

describe('analytics', () => {
  const range = (from: number, to: number) => ({
    startDate: new Date(DAY + from * HOUR_MS).toISOString(),
    endDate: new Date(DAY + to * HOUR_MS).toISOString(),
  })

  it('totals successful credits, debits and fees, and counts by status', async () => {
    const h = await vendorWithHistory()
    const res = await call(t.app, endpoints.transactionAnalytics, { token: h.s.token, query: range(0, 48) })
    expect(res.body.data).toEqual({
      ...range(0, 48),
      totalCredit: 77_500_00,
      totalDebit: 10_000_00,
      totalFees: 25_00,
      creditCount: 3,
      debitCount: 1,
      successCount: 4,
      pendingCount: 1,
      failedCount: 1,
    })
  })

  it('one Lagos day breaks down by hour, longer ranges by Lagos day, empty buckets included', async () => {
    const h = await vendorWithHistory()
    const byHour = await call(t.app, endpoints.transactionBreakdown, { token: h.s.token, query: range(0, 24) })
    expect(byHour.body.data.bucket).toBe('hour')
    const hours = byHour.body.data.points
    expect(hours).toHaveLength(25)
    expect(hours[0]).toEqual({ label: '00:00', start: new Date(DAY).toISOString(), credit: 0, debit: 0, count: 0 })
    expect(hours[1]).toMatchObject({ label: '01:00', credit: 50_000_00, count: 1 })
    expect(hours[3]).toMatchObject({ label: '03:00', debit: 10_000_00, count: 1 })
    expect(hours[4]).toMatchObject({ label: '04:00', debit: 0, count: 0 })

    const byDay = await call(t.app, endpoints.transactionBreakdown, { token: h.s.token, query: range(0, 71) })
    expect(byDay.body.data.bucket).toBe('day')
    expect(byDay.body.data.points).toEqual([
      { label: '2026-11-22', start: new Date(DAY).toISOString(), credit: 70_000_00, debit: 10_000_00, count: 3 },
      { label: '2026-11-23', start: new Date(DAY + 24 * HOUR_MS).toISOString(), credit: 7_500_00, debit: 0, count: 1 },
      { label: '2026-11-24', start: new Date(DAY + 48 * HOUR_MS).toISOString(), credit: 0, debit: 0, count: 0 },
    ])
  })

  it('defaults to today in Lagos and validates the range', async () => {
    const s = await sender(t, { balance: 3_00 })
    // The credit was stamped by the real clock, which has run on since this app's test clock started (by however
    // long the tests before this one took): catch up with it, and a moment more.
    t.clock.advance(Math.max(0, Date.now() - t.clock.now().getTime()) + 5_000)
    const today = await call(t.app, endpoints.transactionAnalytics, { token: s.token })
    const start = new Date(today.body.data.startDate)
    expect((start.getTime() + HOUR_MS) % (24 * HOUR_MS)).toBe(0)
    expect(today.body.data.endDate).toBe(t.clock.now().toISOString())
    expect(today.body.data.totalCredit).toBe(3_00)
    const bad = await call(t.app, endpoints.transactionBreakdown, { token: s.token, query: range(5, 1) })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe('startDate: must not be after endDate')
    const long = await call(t.app, endpoints.transactionAnalytics, { token: s.token, query: range(0, 367 * 24) })
    expect(long.body.message).toBe('endDate: must be at most 366 days after startDate')
  })
})
