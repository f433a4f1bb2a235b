import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { orders } from '#server/db/sales-schema'
import { idempotencyKeys } from '#server/db/schema'
import { STALE_CLAIM_MS } from '#server/http/idempotency'

import { call, type TestApp } from '../harness'
import { NAIRA, postOrder, salesApp, type Shop, shop } from './helpers'

/*
 * POST /order keeps its Idempotency-Key on the order (decision 081). A process that dies after the order committed
 * but before its answer was stored leaves a claim with no answer (made here by wiping the answer, as
 * platform/idempotency-stale.test.ts does for sends); once the claim is stale, a replay answers that order, never a second.
 */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
})

const body = { items: [{ name: 'Jollof rice', amount: 2_500 * NAIRA, quantity: 2 }] }

async function forgetAnswer(vendorId: string, key: string) {
  await t.db
    .update(idempotencyKeys)
    .set({ statusCode: null, response: null })
    .where(and(eq(idempotencyKeys.vendorId, vendorId), eq(idempotencyKeys.key, key)))
}

const ordersWithKey = (key: string) =>
  t.db
    .select()
    .from(orders)
    .where(and(eq(orders.vendorId, s.vendor.id), eq(orders.idempotencyKey, key)))

describe('an order whose process died after it committed', () => {
  for (const shareable of [false, true]) {
    it(`${shareable ? 'POST /order/shareable' : 'POST /order'}: in progress until stale, then the order it made, never a second`, async () => {
      const key = randomUUID()
      const first = await postOrder(t, s.token, body, { key, shareable })
      expect(first.status).toBe(201)
      await forgetAnswer(s.vendor.id, key)

      const early = await postOrder(t, s.token, body, { key, shareable })
      expect(early.body.code).toBe('IDEMPOTENCY_IN_PROGRESS')

      t.clock.advance(STALE_CLAIM_MS)
      const replays = await Promise.all(Array.from({ length: 5 }, () => postOrder(t, s.token, body, { key, shareable })))
      for (const replay of replays) {
        expect(replay.status, JSON.stringify(replay.body)).toBe(201)
        expect(replay.body.data.reference).toBe(first.body.data.reference)
        // The replay's answer is built again, public link included, from where it came to.
        expect(replay.body.data.publicUrl).toBe(first.body.data.publicUrl)
        expect(replay.headers.get('idempotent-replayed')).toBe('true')
      }
      expect(await ordersWithKey(key)).toHaveLength(1)
      if (shareable) expect(first.body.data.publicUrl).toMatch(/\/checkout\/\w+$/)
    })
  }

  it('a key whose answer has expired (24 h) still cannot make a second order: 409, nothing written', async () => {
    const key = randomUUID()
    expect((await postOrder(t, s.token, body, { key })).status).toBe(201)
    await t.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.vendorId, s.vendor.id), eq(idempotencyKeys.key, key)))
    const before = (await call(t.app, endpoints.listOrders, { token: s.token })).body.data.total

    const again = await postOrder(t, s.token, body, { key })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was used for an earlier order; use a new key for a new order',
    })
    expect(await ordersWithKey(key)).toHaveLength(1)
    expect((await call(t.app, endpoints.listOrders, { token: s.token })).body.data.total).toBe(before)
  })

  it('the same key from another vendor is theirs: each gets its own order', async () => {
    const key = randomUUID()
    const other = await shop(t)
    const [mine, theirs] = await Promise.all([postOrder(t, s.token, body, { key }), postOrder(t, other.token, body, { key })])
    expect([mine.status, theirs.status]).toEqual([201, 201])
    expect(mine.body.data.reference).not.toBe(theirs.body.data.reference)
  })
})
