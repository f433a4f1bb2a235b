import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { EndpointDef, QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { orders } from '#server/db/sales-schema'

import { call, makeApp, type TestApp } from '../harness'
import { PIN } from '../money/helpers'
import { countingDb } from '../query-count'
import { NAIRA, order, pay, payer, postOrder, salesApp, type Shop, shop } from './helpers'

/*
 * The sales lists cost a fixed number of queries whatever the page size (no query per row: "fast with 10,000
 * rows"), and the two create calls keep their Idempotency-Key promise (one order per key, the answer replayed).
 */

let t: TestApp
let s: Shop
let counted: ReturnType<typeof countingDb>
let countingApp: TestApp
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t, { balance: 1_000 * NAIRA })
  counted = countingDb(t.db)
  countingApp = await makeApp({ db: counted.db })
  // 25 orders and invoices of 25 customers, some shareable, paid, refunded and disputed: every row has something
  // a naive list would fetch on its own.
  for (let i = 0; i < 25; i++) {
    const data = await order(
      t,
      s.token,
      {
        kind: i % 2 ? 'invoice' : 'order',
        items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }],
        customer: { name: `Customer ${i}`, email: `c${i}-${randomUUID().slice(0, 8)}@buyer.ng` },
      },
      { shareable: i % 3 === 0 },
    )
    if (i % 5 === 0) {
      await pay(t, s, data.reference, 1_000 * NAIRA, payer())
      await call(t.app, endpoints.refundOrder, {
        token: s.token,
        body: { reference: data.reference, status: 'refunded', amount: 100, pin: PIN },
        headers: { 'idempotency-key': randomUUID() },
      })
      const dispute = await call(t.app, endpoints.createDispute, {
        token: s.token,
        body: { orderReference: data.reference, title: `Dispute ${i}`, description: 'Late', category: 'item-not-received' },
      })
      expect(dispute.status, JSON.stringify(dispute.body)).toBe(201)
      await call(t.app, endpoints.sendDisputeMessage, {
        token: s.token,
        body: { disputeId: dispute.body.data.id, message: 'Hello' },
        headers: { 'idempotency-key': randomUUID() },
      })
    }
  }
})

/** The statements one request sends (the session lookup included). */
async function statementsFor<E extends EndpointDef>(endpoint: E, query: QueryInput<E>): Promise<number> {
  // Each request pays its session lookup, as the first of a session's window does (decision 098).
  countingApp.deps.sessionCache.clear()
  counted.statements.length = 0
  const res = await call(countingApp.app, endpoint, { token: s.token, query })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return counted.statements.length
}

/** [a list's path, its filters, the list]: the filters checked against the list's query. */
const listOf = <E extends EndpointDef>(endpoint: E, query: QueryInput<E>): [string, object, EndpointDef] => [
  endpoint.path,
  query as object,
  endpoint,
]

describe('lists cost a fixed number of queries, whatever the page holds', () => {
  it.each([
    listOf(endpoints.listOrders, {}),
    listOf(endpoints.listOrders, { kind: 'invoice' }),
    listOf(endpoints.listShareableOrders, {}),
    listOf(endpoints.listCustomers, {}),
    listOf(endpoints.listDisputes, {}),
  ])('%s %o', async (_path, query, endpoint) => {
    const one = await statementsFor(endpoint, { ...query, size: 1 })
    const page = await statementsFor(endpoint, { ...query, size: 20 })
    expect(page).toBe(one)
    expect(page).toBeLessThanOrEqual(4)
  })

  it('an order and a customer read in a fixed number of queries too', async () => {
    const rows = await t.db.select().from(orders).where(eq(orders.vendorId, s.vendor.id))
    // Paid and partly refunded (it stays paid, decision 089): payments, refunds and timeline all have rows.
    const paid = rows.find((row) => row.amountRefunded > 0)!
    const unpaid = rows.find((row) => row.status === 'pending')!
    expect(await statementsFor(endpoints.orderDetail, { reference: paid.reference })).toBe(
      await statementsFor(endpoints.orderDetail, { reference: unpaid.reference }),
    )
    expect(await statementsFor(endpoints.customerInfo, { customerId: paid.customerId! })).toBeLessThanOrEqual(4)
  })
})

describe('POST /order and POST /order/shareable with an Idempotency-Key', () => {
  it.each([false, true])(
    'shareable %s: the same key makes one order and replays its answer; a different body is 409',
    async (shareable) => {
      const v = await shop(t)
      const key = randomUUID()
      const body = { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] }
      const first = await postOrder(t, v.token, body, { key, shareable })
      const replay = await postOrder(t, v.token, body, { key, shareable })
      expect(first.status).toBe(201)
      expect(replay.status).toBe(201)
      expect(replay.body).toEqual(first.body)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      const burst = await Promise.all(Array.from({ length: 4 }, () => postOrder(t, v.token, body, { key, shareable })))
      for (const res of burst) expect(res.status === 201 || res.body.code === 'IDEMPOTENCY_IN_PROGRESS').toBe(true)
      const other = await postOrder(t, v.token, { ...body, narration: 'Another' }, { key, shareable })
      expect(other.status).toBe(409)
      expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH')
      // The same key on the other create call is a different request too.
      expect((await postOrder(t, v.token, body, { key, shareable: !shareable })).body.code).toBe('IDEMPOTENCY_MISMATCH')
      expect(await t.db.select().from(orders).where(eq(orders.vendorId, v.vendor.id))).toHaveLength(1)
    },
  )

  it('concurrent creates with one new key each make one order each', async () => {
    const v = await shop(t)
    const body = { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] }
    const results = await Promise.all(Array.from({ length: 4 }, () => postOrder(t, v.token, body)))
    expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201])
    expect(await t.db.select().from(orders).where(eq(orders.vendorId, v.vendor.id))).toHaveLength(4)
  })
})
