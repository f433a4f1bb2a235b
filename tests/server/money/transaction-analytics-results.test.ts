import { randomUUID } from 'node:crypto'

import { type SQL, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { LAGOS_OFFSET_MS } from '#server/analytics'
import { DAY_MS, HOUR_MS } from '#server/clock'
import type { TransactionRow } from '#server/db/schema'
import { creditFromBank, newReference, postTransfer, reversePendingWithin, reverseSucceededWithin } from '#server/money/ledger'
import { INVARIANTS } from '#server/money/ledger-invariants'
import { settle } from '#server/money/transfers'

import { call, createVendor, makeApp, type TestApp, type TestVendor } from '../harness'
import { tokenFor } from './helpers'

/*
 * Issue 38, decision 161: transaction analytics read whole Lagos days from transaction_day_totals (kept by triggers)
 * and the edges of a range from rows. Whatever it reads, a client sees what the plain definition over the rows says,
 * for every range, after every kind of change a row goes through: set-based inserts, pending → success or failed,
 * an amount, a type or a day changed, rows deleted, and the ledger's own paths (a bank credit, a send settled, a
 * send reversed, a successful send reversed by the bank). Rows sit on Lagos midnights, a microsecond and half a
 * millisecond before them, and at sub-millisecond instants; an outlet wallet of the vendor and another vendor beside
 * it change alike and never count. PGlite and PostgreSQL alike.
 */

let t: TestApp
let token: string
let me: TestVendor
let other: TestVendor
let outletWalletId: string
/** 15:30 in Lagos. */
const NOW = new Date('2026-03-10T14:30:00.000Z')

const rowsOf = async <Row>(query: SQL): Promise<Row[]> => ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows
const lagosMidnight = (day: number) => new Date(day * DAY_MS - LAGOS_OFFSET_MS)
const TODAY = Math.floor((NOW.getTime() + LAGOS_OFFSET_MS) / DAY_MS)
/** From the first instant of Lagos day `first` to the last millisecond of `last`, as the app asks (date-range.ts). */
const days = (first: number, last: number) => ({ start: lagosMidnight(first), end: new Date(lagosMidnight(last + 1).getTime() - 1) })
const at = (day: number, hours: number) => new Date(lagosMidnight(day).getTime() + hours * HOUR_MS)

const RANGES: Record<string, { start: Date; end: Date }> = {
  today: days(TODAY, TODAY),
  'today up to now': { start: lagosMidnight(TODAY), end: NOW },
  yesterday: days(TODAY - 1, TODAY - 1),
  'last 7 days': days(TODAY - 6, TODAY),
  'last 30 days': days(TODAY - 29, TODAY),
  'this month up to now': { start: new Date('2026-02-28T23:00:00.000Z'), end: NOW },
  'last month': { start: new Date('2026-01-31T23:00:00.000Z'), end: new Date('2026-02-28T22:59:59.999Z') },
  'mid-day to mid-day, edges under half a day': { start: at(TODAY - 20, 9.29), end: at(TODAY - 3, 16.0834) },
  'mid-day to mid-day, edges over half a day': { start: at(TODAY - 25, 20.5), end: at(TODAY - 4, 3.75) },
  'ending on a midnight': { start: lagosMidnight(TODAY - 12), end: lagosMidnight(TODAY - 2) },
  'starting a millisecond before a midnight': { start: new Date(lagosMidnight(TODAY - 9).getTime() - 1), end: at(TODAY - 1, 12) },
  'a day and a millisecond': { start: at(TODAY - 5, 7), end: new Date(at(TODAY - 4, 7).getTime() + 1) },
  'exactly a day': { start: at(TODAY - 5, 7), end: at(TODAY - 4, 7) },
  'one hour': { start: at(TODAY - 2, 10), end: at(TODAY - 2, 11) },
  'everything, 40 days': { start: lagosMidnight(TODAY - 40), end: NOW },
}

/**
 * A wallet's rows, set-based: one every 20 minutes for 35 days back from NOW (less some microseconds), every 5th a
 * debit with a fee, every 11th failed, every 7th pending; and three on each of the last 36 Lagos midnights: on it,
 * a microsecond before it and half a millisecond before it.
 */
async function fill(vendorId: string, walletId: string) {
  const tag = randomUUID().slice(0, 8)
  await t.db.execute(sql`
    insert into transactions (id, vendor_id, wallet_id, type, status, amount, fee, reference, created_at, updated_at)
    select ${tag} || '-' || n, ${vendorId}, ${walletId}, case when n % 5 = 0 then 'debit' else 'credit' end,
      case when n % 11 = 0 then 'failed' when n % 7 = 0 then 'pending' else 'success' end,
      5000 * (1 + n % 97), case when n % 5 = 0 then 1075 + 1613 * (n % 2) else 0 end, 'TRF-AN-' || ${tag} || '-' || n,
      at, at
    from (select n, ${NOW.toISOString()}::timestamptz - n * interval '20 minutes' - (n % 7) * interval '1.000250 seconds' as at
        from generate_series(1, 2520) as n
      union all
      select 10000 + 3 * d + s, ${lagosMidnight(TODAY).toISOString()}::timestamptz - d * interval '1 day'
          - (array[interval '0', interval '1 microsecond', interval '500 microseconds'])[s + 1]
        from generate_series(1, 36) as d, generate_series(0, 2) as s) as r`)
  return tag
}

beforeAll(async () => {
  t = await makeApp()
  t.clock.advance(NOW.getTime() - t.clock.now().getTime())
  me = await createVendor({ balance: 500_000_00 })
  token = await tokenFor(t, me.owner.row)
  const [outlet] = await rowsOf<{ id: string }>(sql`
    insert into outlets (id, vendor_id, name, address) values (${randomUUID()}, ${me.vendor.id}, 'Ikeja', 'Ikeja') returning id`)
  const [wallet] = await rowsOf<{ id: string }>(sql`
    insert into wallets (id, vendor_id, outlet_id, kind) values (${randomUUID()}, ${me.vendor.id}, ${outlet!.id}, 'outlet') returning id`)
  outletWalletId = wallet!.id
  other = await createVendor({ balance: 500_000_00 })
  await fill(me.vendor.id, me.wallets.main.id)
  await fill(me.vendor.id, outletWalletId)
  await fill(other.vendor.id, other.wallets.main.id)
}, 120_000)

/** The plain definition: the main wallet's rows in [start, end], per bucket of `size` (hour or Lagos day) and in all. */
async function fromRows(start: Date, end: Date, size: number) {
  const bucket = sql`floor((extract(epoch from created_at) * 1000 + ${LAGOS_OFFSET_MS}) / ${size})::integer`
  const rows = await rowsOf<Record<string, unknown>>(sql`
    select ${bucket} as index,
      coalesce(sum(amount) filter (where type = 'credit' and status = 'success'), 0)::bigint as credit,
      coalesce(sum(amount) filter (where type = 'debit' and status = 'success'), 0)::bigint as debit,
      coalesce(sum(fee) filter (where type = 'debit' and status = 'success'), 0)::bigint as fees,
      count(*) filter (where type = 'credit' and status = 'success') as credits,
      count(*) filter (where type = 'debit' and status = 'success') as debits,
      count(*) filter (where status = 'success') as success,
      count(*) filter (where status = 'pending') as pending,
      count(*) filter (where status = 'failed') as failed
    from transactions
    where vendor_id = ${me.vendor.id} and wallet_id = ${me.wallets.main.id}
      and created_at >= ${start.toISOString()}::timestamptz and created_at <= ${end.toISOString()}::timestamptz
    group by 1`)
  const buckets = rows.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)])))
  const total = (name: string) => buckets.reduce((sum, row) => sum + row[name]!, 0)
  return {
    totals: {
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      totalCredit: total('credit'),
      totalDebit: total('debit'),
      totalFees: total('fees'),
      creditCount: total('credits'),
      debitCount: total('debits'),
      successCount: total('success'),
      pendingCount: total('pending'),
      failedCount: total('failed'),
    },
    byBucket: new Map(buckets.map((row) => [new Date(row.index! * size - LAGOS_OFFSET_MS).toISOString(), row])),
  }
}

const asked = (range: { start: Date; end: Date }) => ({
  token,
  query: { startDate: range.start.toISOString(), endDate: range.end.toISOString() },
})

/** GET /analytics/transaction and its breakdown as the app asks them, answered 200. */
async function totalsOf(range: { start: Date; end: Date }) {
  const res = await call(t.app, endpoints.transactionAnalytics, asked(range))
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}
async function breakdownOf(range: { start: Date; end: Date }) {
  const res = await call(t.app, endpoints.transactionBreakdown, asked(range))
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

/** Every range's totals and breakdown against the rows, and how many rows its totals counted (so none is empty). */
async function expectEveryRangeAsTheRowsSay() {
  let counted = 0
  for (const [name, range] of Object.entries(RANGES)) {
    const breakdown = await breakdownOf(range)
    const expected = await fromRows(range.start, range.end, breakdown.bucket === 'hour' ? HOUR_MS : DAY_MS)
    expect(await totalsOf(range), name).toEqual(expected.totals)
    const points = breakdown.points.map((point: { start: string; credit: number; debit: number; count: number }) => {
      const row = expected.byBucket.get(point.start)
      return { ...point, credit: row?.credit ?? 0, debit: row?.debit ?? 0, count: row?.success ?? 0 }
    })
    expect(breakdown.points, name).toEqual(points)
    expect(expected.byBucket.size, `${name}: every bucket with rows is a point`).toBe(
      points.filter((point: { start: string }) => expected.byBucket.has(point.start)).length,
    )
    counted += expected.totals.successCount + expected.totals.pendingCount + expected.totals.failedCount
  }
  return counted
}

/** Broken rows of invariant 12 for this file's vendors (the worker's database holds other files' vendors too). */
async function dayTotalsBroken() {
  const invariant = INVARIANTS.find((each) => each.name === 'day-totals-equal-rows')!
  const rows = await rowsOf<{ row: string; detail: string }>(sql.raw(invariant.sql))
  return rows.filter((row) => row.row.includes(me.vendor.id) || row.row.includes(other.vendor.id))
}

async function debit(vendor: TestVendor, amount: number, fee: number, createdAt: Date, orderReference: string | null = null) {
  const { main, external, fees } = vendor.wallets
  const posted = await postTransfer(t.db, {
    vendorId: vendor.vendor.id,
    legs: [
      { walletId: main.id, amount: -(amount + fee) },
      { walletId: external.id, amount },
      { walletId: fees.id, amount: fee },
    ],
    transaction: {
      walletId: main.id,
      type: 'debit',
      status: 'pending',
      amount,
      fee,
      reference: newReference('TRX', createdAt),
      orderReference,
      createdAt,
    },
  })
  return posted.transaction
}

describe('transaction analytics equal the rows for every range', () => {
  it('after set-based inserts (main and outlet wallets, another vendor beside)', async () => {
    expect(await expectEveryRangeAsTheRowsSay()).toBeGreaterThan(10_000)
    expect(await dayTotalsBroken()).toEqual([])
  })

  it('after pending rows succeed or fail, an amount, a fee, a type and a day change, and rows are deleted', async () => {
    for (const vendorId of [me.vendor.id, other.vendor.id]) {
      await t.db.execute(sql`update transactions set status = case when amount % 2 = 0 then 'success' else 'failed' end
        where vendor_id = ${vendorId} and status = 'pending' and id like '%-1%'`)
      await t.db.execute(sql`update transactions set amount = amount + 1, fee = fee + 7 where vendor_id = ${vendorId} and id like '%-23'`)
      await t.db.execute(sql`update transactions set type = case when type = 'debit' then 'credit' else 'debit' end
        where vendor_id = ${vendorId} and id like '%-4_'`)
      // Across a Lagos midnight, both ways, and one row to another day altogether.
      await t.db.execute(sql`update transactions set created_at = created_at + interval '1 microsecond'
        where vendor_id = ${vendorId} and id like '%-100%' and created_at < ${lagosMidnight(TODAY).toISOString()}::timestamptz`)
      await t.db.execute(
        sql`update transactions set created_at = created_at - interval '9 days' where vendor_id = ${vendorId} and id like '%-77'`,
      )
      await t.db.execute(sql`update transactions set is_pos = true where vendor_id = ${vendorId} and id like '%-3'`)
      await t.db.execute(sql`delete from transactions where vendor_id = ${vendorId} and id like '%-5_' and id not like '%-5_-%'`)
    }
    await t.db.execute(
      sql`update transactions set status = 'failed' where wallet_id = ${outletWalletId} and status = 'success' and id like '%-2_'`,
    )
    expect(await expectEveryRangeAsTheRowsSay()).toBeGreaterThan(10_000)
    expect(await dayTotalsBroken()).toEqual([])
  })

  it("after the ledger's own paths: a bank credit, a send settled, one reversed, and a successful one reversed by the bank", async () => {
    for (const vendor of [me, other]) {
      await creditFromBank(t.db, {
        vendorId: vendor.vendor.id,
        amount: 12_345_67,
        originator: { accountName: 'Late Payer', bankName: 'Access Bank', accountNumber: '0690000031' },
        createdAt: at(TODAY - 6, 23.99),
      })
      const settled = await debit(vendor, 40_000_00, 26_88, at(TODAY - 2, 10.5), 'ORD-ANREFUND')
      const reversed = await debit(vendor, 15_000_00, 10_75, at(TODAY - 8, 0.2))
      const bounced = await debit(vendor, 9_000_00, 10_75, at(TODAY - 27, 18))
      expect((await settle(t.deps, settled, { status: 'success', sessionId: null })).status).toBe('success')
      expect((await settle(t.deps, bounced, { status: 'success', sessionId: null })).status).toBe('success')
      const reverse = (row: TransactionRow, within: typeof reversePendingWithin) =>
        t.db.transaction((tx) => within(tx, { vendorId: vendor.vendor.id, transactionId: row.id, failureReason: 'Declined', at: NOW }))
      expect((await reverse(reversed, reversePendingWithin))?.status).toBe('failed')
      expect((await reverse(bounced, reverseSucceededWithin))?.status).toBe('failed')
    }
    expect(await expectEveryRangeAsTheRowsSay()).toBeGreaterThan(10_000)
    expect(await dayTotalsBroken()).toEqual([])
  })

  it('the twelfth ledger invariant names a day whose totals are not its rows', async () => {
    const day = new Date(lagosMidnight(TODAY - 3).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
    const where = sql`vendor_id = ${me.vendor.id} and wallet_id = ${me.wallets.main.id} and day = ${day}::date`
    await t.db.execute(sql`update transaction_day_totals set debit_fees = debit_fees + 5 where ${where}`)
    try {
      expect(await dayTotalsBroken()).toEqual([
        {
          row: `wallet ${me.wallets.main.id}, Lagos day ${day} (vendor ${me.vendor.id})`,
          detail: expect.stringMatching(/^debit_fees \d+ \(rows: \d+\)$/),
        },
      ])
    } finally {
      await t.db.execute(sql`update transaction_day_totals set debit_fees = debit_fees - 5 where ${where}`)
    }
    expect(await dayTotalsBroken()).toEqual([])
  })
})
