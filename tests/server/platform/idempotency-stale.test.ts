import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { idempotencyKeys, transactions } from '#server/db/schema'
import { claimIdempotencyKey, claimsBeforeAreAbandoned, requestHash, STALE_CLAIM_MS } from '#server/http/idempotency'

import type { TestApp } from '../harness'
import { balances, enquiry, expectLedgerConsistent, send, sender } from '../money/helpers'
import { creditOutlet, fund, makeOutlet, outletsApp, owner, toMain, walletBalances } from '../outlets/helpers'

/*
 * A claimed Idempotency-Key whose process died before it stored the answer (decision 072), made by hand: either
 * the request ran and its answer row is wiped back to "claimed", or the key is claimed and nothing else happened.
 * Until the claim is stale a replay is 409 IDEMPOTENCY_IN_PROGRESS; after, it answers the effect that committed,
 * or runs the request once. The end-to-end version, with a real SIGKILL, is crash-recovery.test.ts.
 */

const NAIRA = 100
let t: TestApp
beforeAll(async () => {
  t = await outletsApp()
})

/** What a SIGKILL between the handler's commit and saving its answer leaves: the claim, with no answer. */
async function forgetAnswer(vendorId: string, key: string) {
  await t.db
    .update(idempotencyKeys)
    .set({ statusCode: null, response: null })
    .where(and(eq(idempotencyKeys.vendorId, vendorId), eq(idempotencyKeys.key, key)))
}

const rowsWithKey = (vendorId: string, key: string) =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.idempotencyKey, key)))

describe('a send whose process died', () => {
  it('after its debit committed: in progress until stale, then the transfer it made, never a second one', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s) }
    const first = await send(t, s.token, body, key)
    expect(first.status).toBe(201)
    await forgetAnswer(s.vendor.id, key)
    const after = await balances(t.db, s.vendor.id)

    const early = await send(t, s.token, body, key)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('IDEMPOTENCY_IN_PROGRESS')

    t.clock.advance(STALE_CLAIM_MS)
    const replays = await Promise.all(Array.from({ length: 5 }, () => send(t, s.token, body, key)))
    for (const replay of replays) {
      expect(replay.status, JSON.stringify(replay.body)).toBe(201)
      expect(replay.body).toEqual(first.body)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
    }
    expect(await rowsWithKey(s.vendor.id, key)).toHaveLength(1)
    expect(await balances(t.db, s.vendor.id)).toEqual(after)
    const [claim] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    expect(claim).toMatchObject({ statusCode: 201, response: first.body })
  })

  it('before anything committed: in progress until stale, then the request runs, once', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s) }
    // The dead process claimed the key (with the hash of the same validated input) and died at once.
    await claimIdempotencyKey(t.db, {
      origin: 'http://localhost',
      vendorId: s.vendor.id,
      userId: s.owner.id,
      key,
      endpoint: 'sendMoney',
      hash: requestHash('sendMoney', undefined, body),
      now: t.clock.now(),
    })
    expect((await send(t, s.token, body, key)).body.code).toBe('IDEMPOTENCY_IN_PROGRESS')

    t.clock.advance(STALE_CLAIM_MS)
    const replays = await Promise.all(Array.from({ length: 5 }, () => send(t, s.token, body, key)))
    const ran = replays.filter((replay) => replay.status === 201)
    expect(ran.length).toBeGreaterThanOrEqual(1)
    // The others came while the one that took the claim over was running, or got its answer after.
    for (const replay of replays) {
      if (replay.status !== 201) expect(replay.body.code).toBe('IDEMPOTENCY_IN_PROGRESS')
    }
    expect(new Set(ran.map((replay) => replay.body.data.id)).size).toBe(1)
    const [row] = await rowsWithKey(s.vendor.id, key)
    expect(row).toMatchObject({ id: ran[0]!.body.data.id, status: 'success', amount: 1_000 * NAIRA })
    expect((await rowsWithKey(s.vendor.id, key)).length).toBe(1)
    const again = await send(t, s.token, body, key)
    expect(again.body).toEqual(ran[0]!.body)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('a stale claim for a different request is still a mismatch, not taken over', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s) }
    await claimIdempotencyKey(t.db, {
      origin: 'http://localhost',
      vendorId: s.vendor.id,
      userId: s.owner.id,
      key,
      endpoint: 'sendMoney',
      hash: requestHash('sendMoney', undefined, { ...body, amount: 5 }),
      now: t.clock.now(),
    })
    t.clock.advance(STALE_CLAIM_MS)
    expect((await send(t, s.token, body, key)).body.code).toBe('IDEMPOTENCY_MISMATCH')
    expect(await rowsWithKey(s.vendor.id, key)).toHaveLength(0)
  })
})

describe('an outlet transfer whose process died after it committed', () => {
  it('answers as it did then: the outlet side and the balance right after it, not the balance now', async () => {
    const o = await owner(t, 5_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    await creditOutlet(t, outlet, 1_000 * NAIRA)
    const fundKey = randomUUID()
    const funded = await fund(t, o.token, { outletId: outlet.id, amount: 700 * NAIRA }, fundKey)
    const backKey = randomUUID()
    const back = await toMain(t, o.token, { outletId: outlet.id, amount: 300 * NAIRA }, backKey)
    expect([funded.status, back.status]).toEqual([201, 201])
    // Later transfers move the balances on; the recovered answers must not pick those up.
    expect((await fund(t, o.token, { outletId: outlet.id, amount: 50 * NAIRA })).status).toBe(201)
    expect((await toMain(t, o.token, { outletId: outlet.id, amount: 20 * NAIRA })).status).toBe(201)
    await forgetAnswer(o.vendor.id, fundKey)
    await forgetAnswer(o.vendor.id, backKey)
    const now = await walletBalances(t, o.vendor.id)

    t.clock.advance(STALE_CLAIM_MS)
    const fundAgain = await fund(t, o.token, { outletId: outlet.id, amount: 700 * NAIRA }, fundKey)
    const backAgain = await toMain(t, o.token, { outletId: outlet.id, amount: 300 * NAIRA }, backKey)
    expect(fundAgain.body).toEqual(funded.body)
    expect(backAgain.body).toEqual(back.body)
    expect(fundAgain.body.data.outletBalance).toBe(1_700 * NAIRA)
    expect(backAgain.body.data.outletBalance).toBe(1_400 * NAIRA)
    expect(await walletBalances(t, o.vendor.id)).toEqual(now)
    await expectLedgerConsistent(t.db, o.vendor.id)
  })

  it('a stale claim on an outlet transfer that never committed runs it once', async () => {
    const o = await owner(t, 5_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    const key = randomUUID()
    const body = { outletId: outlet.id, amount: 250 * NAIRA }
    await claimIdempotencyKey(t.db, {
      origin: 'http://localhost',
      vendorId: o.vendor.id,
      userId: o.owner.id,
      key,
      endpoint: 'fundOutlet',
      hash: requestHash('fundOutlet', undefined, body),
      now: t.clock.now(),
    })
    t.clock.advance(STALE_CLAIM_MS)
    const ran = await fund(t, o.token, body, key)
    expect(ran.status, JSON.stringify(ran.body)).toBe(201)
    expect(ran.headers.get('idempotent-replayed')).toBeNull()
    expect((await fund(t, o.token, body, key)).body).toEqual(ran.body)
    expect((await walletBalances(t, o.vendor.id)).outlets).toEqual({ [outlet.id]: 250 * NAIRA })
  })
})

// Last: it marks the worker's database as this process's alone, which makes every older claim stale. The worker's
// later files share that database (decision 203), so the mark goes when this block ends.
describe('a database this process alone serves (PGlite under startServer)', () => {
  afterAll(() => claimsBeforeAreAbandoned(t.db, null))
  it('a claim made before the process took the database is stale at once', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    const body = { amount: 2_000 * NAIRA, requestId: await enquiry(t, s) }
    const first = await send(t, s.token, body, key)
    await forgetAnswer(s.vendor.id, key)
    expect((await send(t, s.token, body, key)).body.code).toBe('IDEMPOTENCY_IN_PROGRESS')
    t.clock.advance(1)
    claimsBeforeAreAbandoned(t.db, t.clock.now())
    const replay = await send(t, s.token, body, key)
    expect(replay.status).toBe(201)
    expect(replay.body).toEqual(first.body)
    expect(await rowsWithKey(s.vendor.id, key)).toHaveLength(1)
  })
})
