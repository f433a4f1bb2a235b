import { randomUUID } from 'node:crypto'

import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { EndpointDef } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { productVariants, wallets } from '#server/db/schema'

import { call, callRaw, type CallResult, type TestApp, uniqueEmail } from '../harness'
import { enquiry, expectLedgerConsistent, sender } from '../money/helpers'
import { reviewedBatchId, rowsOf as batchRows, scheduledBatchId } from '../money/payout-batch-helpers'
import { NAIRA, order, pay, salesApp, shop, transferIn } from '../orders/helpers'
import { creditOutlet, makeOutlet, owner } from '../outlets/helpers'

/*
 * Issue 8, fault and abuse suite: replay storms. For every idempotent endpoint of the contract, 20 clients send
 * the same Idempotency-Key and body at once. Exactly one of them runs the handler; every other answer is that
 * stored answer (Idempotent-Replayed) or 409 IDEMPOTENCY_IN_PROGRESS; a replay afterwards answers the stored
 * answer; and the effect on the database is exactly that of one request, measured against a twin vendor that
 * sent the request once: the same number of rows in every table that holds a vendor_id, the same balances, the
 * same stock. A storm of a request the endpoint refuses leaves nothing behind at all.
 */

const STORM = 20

interface Request {
  token: string
  vendorId: string
  method: string
  path: string
  body: Record<string, unknown>
  /** Money moved: the ledger must explain every balance afterwards. */
  money: boolean
}

interface Scenario {
  /** A fresh vendor ready for the call, and the call. */
  prepare: () => Promise<Request>
  /** The same, but a body the endpoint refuses (4xx) without changing anything. */
  refused: () => Promise<Request>
  /** The status of success. */
  status: number
}

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

async function paidOrder() {
  const s = await shop(t, { balance: 5_000 * NAIRA })
  const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] })
  await pay(t, s, data.reference, 2_000 * NAIRA)
  return { s, reference: data.reference as string }
}

async function fundedOutlet() {
  const o = await owner(t, 10_000 * NAIRA)
  const outlet = await makeOutlet(t, o.token)
  await creditOutlet(t, outlet, 3_000 * NAIRA)
  return { o, outlet }
}

const orderBody = (s: Awaited<ReturnType<typeof shop>>, quantity: number) => ({
  items: [{ variantId: s.small.id, quantity }],
  customer: { name: 'Amaka Nwosu', email: uniqueEmail('customer') },
})

/** A shop with an open order for ₦2,000 and an offline credit of ₦1,500 that paid none; `paid` pays the order first. */
async function creditAndOrder(paid: boolean) {
  const s = await shop(t)
  const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 2 }] })
  if (paid) await pay(t, s, data.reference, 2_000 * NAIRA)
  const credit = await transferIn(t, s.wallets.main.accountNumber!, 1_500 * NAIRA, 'Office lunch')
  expect(credit.status, JSON.stringify(credit.body)).toBe(200)
  const body = { id: credit.body.data.transactionId as string, orderReference: data.reference as string }
  return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transaction/attach', body, money: true }
}

/** One per idempotent endpoint: the test below fails when an endpoint is added without one. */
const scenarios: Record<string, Scenario> = {
  sendMoney: {
    status: 201,
    prepare: async () => {
      const s = await sender(t, { balance: 10_000 * NAIRA })
      const requestId = await enquiry(t, s)
      const body = { amount: 1_000 * NAIRA, requestId, pin: '1234' }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/send', body, money: true }
    },
    refused: async () => {
      const s = await sender(t, { balance: 500 * NAIRA })
      const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s), pin: '1234' }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/send', body, money: true }
    },
  },
  createPayoutBatch: {
    status: 201,
    prepare: async () => {
      const s = await sender(t, { balance: 10_000 * NAIRA })
      const body = { rows: batchRows(3) }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/batches', body, money: false }
    },
    refused: async () => {
      const s = await sender(t, { balance: 10_000 * NAIRA })
      // The contract refuses a row of no amount before any name is resolved.
      const body = { rows: [...batchRows(2), { accountNumber: '0123456789', bankCode: '058', amount: 0 }] }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/batches', body, money: false }
    },
  },
  confirmPayoutBatch: {
    status: 200,
    prepare: async () => {
      const s = await sender(t, { balance: 10_000 * NAIRA })
      const body = { batchId: await reviewedBatchId(t, s, 1_000 * NAIRA), pin: '1234' }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/batches/confirm', body, money: false }
    },
    refused: async () => {
      const s = await sender(t, { balance: 500 * NAIRA })
      const body = { batchId: await reviewedBatchId(t, s, 1_000 * NAIRA), pin: '1234' }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/batches/confirm', body, money: false }
    },
  },
  cancelPayoutBatch: {
    status: 200,
    prepare: async () => {
      const s = await sender(t, { balance: 10_000 * NAIRA })
      const body = { batchId: await scheduledBatchId(t, s) }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/batches/cancel', body, money: false }
    },
    refused: async () => {
      const s = await sender(t, { balance: 10_000 * NAIRA })
      // Never confirmed: BATCH_NOT_CONFIRMED, and the batch stays under review.
      const body = { batchId: await reviewedBatchId(t, s) }
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/transfer/batches/cancel', body, money: false }
    },
  },
  fundOutlet: {
    status: 201,
    prepare: async () => {
      const o = await owner(t, 10_000 * NAIRA)
      const outlet = await makeOutlet(t, o.token)
      const body = { amount: 700 * NAIRA, outletId: outlet.id, pin: '1234' }
      return { token: o.token, vendorId: o.vendor.id, method: 'POST', path: '/outlet/wallet/fund', body, money: true }
    },
    refused: async () => {
      const o = await owner(t, 100 * NAIRA)
      const outlet = await makeOutlet(t, o.token)
      const body = { amount: 700 * NAIRA, outletId: outlet.id, pin: '1234' }
      return { token: o.token, vendorId: o.vendor.id, method: 'POST', path: '/outlet/wallet/fund', body, money: true }
    },
  },
  transferToMain: {
    status: 201,
    prepare: async () => {
      const { o, outlet } = await fundedOutlet()
      const body = { amount: 1_200 * NAIRA, outletId: outlet.id, pin: '1234' }
      return { token: o.token, vendorId: o.vendor.id, method: 'POST', path: '/outlet/transfer/vendor', body, money: true }
    },
    refused: async () => {
      const { o, outlet } = await fundedOutlet()
      const body = { amount: 3_001 * NAIRA, outletId: outlet.id, pin: '1234' }
      return { token: o.token, vendorId: o.vendor.id, method: 'POST', path: '/outlet/transfer/vendor', body, money: true }
    },
  },
  createOrder: {
    status: 201,
    prepare: async () => {
      const s = await shop(t)
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/order', body: orderBody(s, 3), money: false }
    },
    refused: async () => {
      const s = await shop(t)
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/order', body: orderBody(s, 11), money: false }
    },
  },
  createShareableOrder: {
    status: 201,
    prepare: async () => {
      const s = await shop(t)
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/order/shareable', body: orderBody(s, 3), money: false }
    },
    refused: async () => {
      const s = await shop(t)
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/order/shareable', body: orderBody(s, 11), money: false }
    },
  },
  sendDisputeMessage: {
    status: 201,
    prepare: async () => {
      const { s, disputeId } = await openDispute()
      return {
        token: s.token,
        vendorId: s.vendor.id,
        method: 'POST',
        path: '/dispute/conversations',
        body: { disputeId, message: 'Any news?' },
        money: false,
      }
    },
    refused: async () => {
      const { s, disputeId } = await openDispute()
      return {
        token: s.token,
        vendorId: s.vendor.id,
        method: 'POST',
        path: '/dispute/conversations',
        body: { disputeId, message: ' ' },
        money: false,
      }
    },
  },
  transferStock: {
    status: 201,
    prepare: async () => {
      const { s, body } = await stockAtTwoPlaces(4)
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/product/stock/transfer', body, money: false }
    },
    refused: async () => {
      const { s, body } = await stockAtTwoPlaces(11)
      return { token: s.token, vendorId: s.vendor.id, method: 'POST', path: '/product/stock/transfer', body, money: false }
    },
  },
  bulkEditProducts: {
    status: 200,
    // A price raise run twice is two raises: the footprint's prices show it.
    prepare: async () => {
      const s = await shop(t)
      const body = { ids: [s.small.productId], pricePercent: 10 }
      return { token: s.token, vendorId: s.vendor.id, method: 'PATCH', path: '/product/bulk', body, money: false }
    },
    refused: async () => {
      const s = await shop(t)
      const body = { ids: [s.small.productId, randomUUID()], pricePercent: 10 }
      return { token: s.token, vendorId: s.vendor.id, method: 'PATCH', path: '/product/bulk', body, money: false }
    },
  },
  attachCredit: {
    status: 200,
    prepare: () => creditAndOrder(false),
    // The order is paid already: ORDER_NOT_PAYABLE, and the credit stays free.
    refused: () => creditAndOrder(true),
  },
  refundOrder: {
    status: 200,
    prepare: async () => {
      const { s, reference } = await paidOrder()
      const body = { reference, status: 'refunded', amount: 700 * NAIRA, pin: '1234' }
      return { token: s.token, vendorId: s.vendor.id, method: 'PUT', path: '/order', body, money: true }
    },
    refused: async () => {
      const { s, reference } = await paidOrder()
      const body = { reference, status: 'refunded', amount: 2_001 * NAIRA, pin: '1234' }
      return { token: s.token, vendorId: s.vendor.id, method: 'PUT', path: '/order', body, money: true }
    },
  },
}

/** A shop (10 units of its small variant, in the main store) with an outlet, and a move of `quantity` to it. */
async function stockAtTwoPlaces(quantity: number) {
  const s = await shop(t)
  const outlet = await makeOutlet(t, s.token)
  return { s, body: { variantId: s.small.id, fromOutletId: null, toOutletId: outlet.id, quantity } }
}

/** A shop with an order and an open dispute on it: where a vendor's message goes (issue 18: sent from the outbox). */
async function openDispute() {
  const s = await shop(t)
  const made = await call(t.app, endpoints.createOrder, {
    token: s.token,
    body: orderBody(s, 1),
    headers: { 'idempotency-key': randomUUID() },
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const dispute = await call(t.app, endpoints.createDispute, {
    token: s.token,
    body: {
      orderReference: made.body.data.reference,
      title: 'Never arrived',
      description: 'The rider did not come.',
      category: 'item-not-received',
    },
  })
  expect(dispute.status, JSON.stringify(dispute.body)).toBe(201)
  return { s, disputeId: dispute.body.data.id as string }
}

const fire = (r: Request, key: string) =>
  callRaw(t.app, r.method, r.path, { token: r.token, body: r.body, headers: { 'idempotency-key': key } })

/** db.execute answers `{ rows }` on both drivers; the shared Db type leaves it unknown. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows

let vendorTables: Promise<string[]> | undefined
/** Every table that holds a vendor_id: where any effect of a request lands. */
function tablesWithVendorId(): Promise<string[]> {
  vendorTables ??= (async () => {
    const result = await t.db.execute(
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'vendor_id' order by table_name`,
    )
    return rowsOf<{ table_name: string }>(result).map((row) => row.table_name)
  })()
  return vendorTables
}

/** What a request can have changed for a vendor: rows per table, wallet balances, units in stock, prices. */
async function footprint(vendorId: string) {
  const counts: Record<string, number> = {}
  for (const table of await tablesWithVendorId()) {
    const result = await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where vendor_id = ${vendorId}`)
    counts[table] = Number(rowsOf<{ n: number }>(result)[0]!.n)
  }
  const balances = (await t.db.select().from(wallets).where(eq(wallets.vendorId, vendorId)))
    .map((wallet) => `${wallet.kind}${wallet.outletId ? ':outlet' : ''}=${wallet.balance}`)
    .sort()
  const variants = await t.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.vendorId, vendorId)))
  const units = variants.map((variant) => variant.availableUnits).sort()
  const prices = variants.map((variant) => variant.price).sort()
  return { counts, balances, units, prices }
}
type Footprint = Awaited<ReturnType<typeof footprint>>

/** The change from one footprint to the next: row counts as deltas, balances and stock as they end up. */
function change(before: Footprint, after: Footprint) {
  const rows = Object.fromEntries(
    Object.keys(after.counts)
      .map((table) => [table, after.counts[table]! - (before.counts[table] ?? 0)] as const)
      .filter(([, delta]) => delta !== 0),
  )
  return { rows, balances: after.balances, units: after.units, prices: after.prices }
}

/** Balances and stock relative to a start, so twins that started alike compare alike. */
const relative = (before: Footprint, after: Footprint) => ({
  rows: change(before, after).rows,
  balancesBefore: before.balances,
  balances: after.balances,
  unitsBefore: before.units,
  units: after.units,
  pricesBefore: before.prices,
  prices: after.prices,
})

/**
 * 20 clients with one key: half at once, the other half the moment the first of them has its answer, so the
 * storm meets both a request in flight (409 IDEMPOTENCY_IN_PROGRESS) and a stored answer (a replay).
 */
async function storm(r: Request, key: string): Promise<CallResult[]> {
  const first = Array.from({ length: STORM / 2 }, () => fire(r, key))
  const busy = (res: CallResult) => res.body?.code === 'IDEMPOTENCY_IN_PROGRESS'
  const never = new Promise<never>(() => {})
  // The one that ran answers last of its wave or not; the busy ones answer at once and do not count.
  await Promise.race([...first.map((p) => p.then((res) => (busy(res) ? never : res))), Promise.all(first)])
  const second = Array.from({ length: STORM / 2 }, () => fire(r, key))
  return Promise.all([...first, ...second])
}

const replayed = (res: CallResult) => res.headers.get('idempotent-replayed') === 'true'

describe('replay storms', () => {
  it('cover every idempotent endpoint of the contract', () => {
    const idempotent = (Object.entries(endpoints) as [string, EndpointDef][]).filter(([, e]) => e.idempotent).map(([name]) => name)
    expect(idempotent.length).toBeGreaterThan(0)
    expect(Object.keys(scenarios).sort()).toEqual(idempotent.sort())
  })

  for (const [name, scenario] of Object.entries(scenarios)) {
    it(`${name}: ${STORM} at once with one key make one effect, and the stored answer is what everyone gets`, async () => {
      // The twin: the same request, sent once by another vendor set up alike.
      const once = await scenario.prepare()
      const onceBefore = await footprint(once.vendorId)
      const single = await fire(once, randomUUID())
      expect(single.status, JSON.stringify(single.body)).toBe(scenario.status)
      const expected = relative(onceBefore, await footprint(once.vendorId))
      expect(Object.keys(expected.rows).length, 'one request changes something').toBeGreaterThan(0)

      const stormed = await scenario.prepare()
      const before = await footprint(stormed.vendorId)
      const key = randomUUID()
      const results = await storm(stormed, key)

      const ran = results.filter((res) => res.status === scenario.status && !replayed(res))
      const replays = results.filter((res) => res.status === scenario.status && replayed(res))
      const busy = results.filter((res) => res.status === 409)
      expect(ran, 'exactly one request ran the handler').toHaveLength(1)
      expect(ran.length + replays.length + busy.length, results.map((res) => `${res.status} ${res.body.code ?? ''}`).join(', ')).toBe(STORM)
      for (const res of busy) expect(res.body.code).toBe('IDEMPOTENCY_IN_PROGRESS')
      const answer = ran[0]!.body
      for (const res of replays) expect(res.body).toEqual(answer)
      // The second half came after the answer was stored: they were replayed, not turned away.
      expect(replays.length).toBeGreaterThanOrEqual(STORM / 2)

      const replay = await fire(stormed, key)
      expect(replay.status).toBe(scenario.status)
      expect(replayed(replay)).toBe(true)
      expect(replay.body).toEqual(answer)

      expect(relative(before, await footprint(stormed.vendorId))).toEqual(expected)
      if (stormed.money) await expectLedgerConsistent(t.db, stormed.vendorId)
    })

    it(`${name}: a storm of a refused request leaves nothing behind, and every answer is the refusal or busy`, async () => {
      const stormed = await scenario.refused()
      const before = await footprint(stormed.vendorId)
      const key = randomUUID()
      const results = await storm(stormed, key)
      const refusals = results.filter((res) => res.status >= 400 && res.status < 500 && !String(res.body.code).startsWith('IDEMPOTENCY_'))
      expect(refusals.length, results.map((res) => `${res.status} ${res.body.code ?? ''}`).join(', ')).toBeGreaterThan(0)
      // A refusal is not stored: each one ran and was refused the same way.
      expect(new Set(refusals.map((res) => JSON.stringify([res.status, res.body])))).toHaveLength(1)
      for (const res of results) {
        if (!refusals.includes(res)) expect([res.status, res.body.code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS'])
      }
      expect(results.some(replayed)).toBe(false)
      // The key was released: the same request is refused again, not replayed.
      const again = await fire(stormed, key)
      expect([again.status, again.body]).toEqual([refusals[0]!.status, refusals[0]!.body])
      expect(change(before, await footprint(stormed.vendorId)).rows).toEqual({})
      expect((await footprint(stormed.vendorId)).balances).toEqual(before.balances)
      expect((await footprint(stormed.vendorId)).units).toEqual(before.units)
      expect((await footprint(stormed.vendorId)).prices).toEqual(before.prices)
      if (stormed.money) await expectLedgerConsistent(t.db, stormed.vendorId)
    })
  }
})
