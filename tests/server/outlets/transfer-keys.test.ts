import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { idempotencyKeys, transactions } from '#server/db/schema'

import { call, type TestApp, unchecked } from '../harness'
import { expectLedgerConsistent } from '../money/helpers'
import { creditOutlet, fund, makeOutlet, outletsApp, owner, staff, toMain, walletBalances } from './helpers'

/*
 * The Idempotency-Key of outlet transfers (decisions 007, 044): released only by a refusal that moved nothing,
 * bound to its endpoint and body, and still spent in the transactions table after its stored answer is gone.
 */

const NAIRA = 100

let t: TestApp
beforeAll(async () => {
  t = await outletsApp()
})

const status = (token: string, outletId: string, value: string) =>
  call(t.app, endpoints.setOutletStatus, { token, body: unchecked({ outletId, status: value }) })

describe('a refusal releases the key, so the same request can go through later', () => {
  it('409 OUTLET_INACTIVE, then the same key and body once the outlet is active again: one transfer', async () => {
    const o = await owner(t, 2_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    await status(o.token, outlet.id, 'inactive')
    const key = randomUUID()
    const body = { outletId: outlet.id, amount: 500 * NAIRA }
    expect((await fund(t, o.token, body, key)).body.code).toBe('OUTLET_INACTIVE')
    await status(o.token, outlet.id, 'active')
    const first = await fund(t, o.token, body, key)
    expect(first.status).toBe(201)
    const replay = await fund(t, o.token, body, key)
    expect(replay.body).toEqual(first.body)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await walletBalances(t, o.vendor.id)).toEqual({ main: 1_500 * NAIRA, clearing: 0, outlets: { [outlet.id]: 500 * NAIRA } })
  })

  it('a 404 for an outlet the caller cannot see, and a 403 for a member of an inactive one, release it too', async () => {
    const o = await owner(t, 2_000 * NAIRA)
    const mine = await makeOutlet(t, o.token)
    const theirs = await makeOutlet(t, o.token)
    await creditOutlet(t, mine, 1_000 * NAIRA)
    const cashier = await staff(t, o, ['VENDOR_OUTLETS'], [mine.id])
    const key = randomUUID()
    expect((await toMain(t, cashier.token, { outletId: theirs.id, amount: 100 * NAIRA }, key)).status).toBe(404)
    await status(o.token, mine.id, 'inactive')
    expect((await toMain(t, cashier.token, { outletId: mine.id, amount: 100 * NAIRA }, key)).status).toBe(403)
    await status(o.token, mine.id, 'active')
    expect((await toMain(t, cashier.token, { outletId: mine.id, amount: 100 * NAIRA }, key)).status).toBe(201)
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1)
  })
})

describe('a key belongs to one request', () => {
  it('the same key on the other direction is IDEMPOTENCY_MISMATCH, and moves nothing', async () => {
    const o = await owner(t, 2_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    const key = randomUUID()
    const body = { outletId: outlet.id, amount: 300 * NAIRA }
    expect((await fund(t, o.token, body, key)).status).toBe(201)
    const other = await toMain(t, o.token, body, key)
    expect(other.status).toBe(409)
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH')
    expect(await walletBalances(t, o.vendor.id)).toMatchObject({ main: 1_700 * NAIRA, outlets: { [outlet.id]: 300 * NAIRA } })
  })

  it('after the stored answer has expired, the key is still spent: 409 IDEMPOTENCY_KEY_REUSED, nothing moves', async () => {
    const o = await owner(t, 2_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    // Enough on both sides that only the key can refuse the second try.
    await creditOutlet(t, outlet, 1_000 * NAIRA)
    for (const move of [fund, toMain]) {
      const key = randomUUID()
      const body = { outletId: outlet.id, amount: 200 * NAIRA }
      expect((await move(t, o.token, body, key)).status).toBe(201)
      // What the hourly purge does to answers older than 24 hours.
      await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key))
      const again = await move(t, o.token, body, key)
      expect(again.status).toBe(409)
      expect(again.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
      // The refusal released the claim it made, as any refusal does.
      expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([])
    }
    expect(await t.db.select().from(transactions).where(eq(transactions.outletId, outlet.id))).toHaveLength(5)
    expect(await walletBalances(t, o.vendor.id)).toMatchObject({
      main: 2_000 * NAIRA,
      clearing: 0,
      outlets: { [outlet.id]: 1_000 * NAIRA },
    })
    await expectLedgerConsistent(t.db, o.vendor.id)
  })
})
