import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ProcessLease } from '#server/db/process-lease'
import { idempotencyKeys, transactions } from '#server/db/schema'
import { claimIdempotencyKey, claimsHeldUnder, requestHash } from '#server/http/idempotency'

import type { TestApp } from '../harness'
import { makeApp } from '../harness'
import { balances, enquiry, expectLedgerConsistent, send, sender } from '../money/helpers'

/*
 * Issue 35: after a crash on PostgreSQL a retried send waited on 409 IDEMPOTENCY_IN_PROGRESS until its claim was
 * old enough (decision 072). A claim now names its process's lease, an advisory lock that lives as long as that
 * process's connection (decision 125): while the process lives a replay is still "in progress"; once its lease is
 * gone the replay is answered at once, by the effect that committed or by running the request once. The clock
 * never moves here: age has nothing to do with it.
 */

const POSTGRES = process.env.TEST_DATABASE_URL
const NAIRA = 100
const quiet = { info() {}, warn() {}, error: console.error }

describe.skipIf(!POSTGRES)('a claim whose process is gone (PostgreSQL lease)', () => {
  let t: TestApp
  /** This test process as the one that replays: its own lease, alive throughout. */
  let replaying: ProcessLease
  beforeAll(async () => {
    t = await makeApp()
    replaying = new ProcessLease({ connectionString: POSTGRES!, logger: quiet })
    await replaying.open()
  })
  afterAll(async () => {
    claimsHeldUnder(t.db, null)
    await replaying.close()
  })

  /** A process that claims under a lease of its own; `crash()` ends its lease as a SIGKILL would. */
  async function deadProcess() {
    const lease = new ProcessLease({ connectionString: POSTGRES!, logger: quiet })
    await lease.open()
    expect(lease.current()).not.toBeNull()
    return { lease, crash: () => lease.close() }
  }

  const rowsWithKey = (vendorId: string, key: string) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, vendorId), eq(transactions.idempotencyKey, key)))

  it('after its debit committed: in progress while its process lives, then the transfer it made at once', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s) }
    const other = await deadProcess()
    claimsHeldUnder(t.db, other.lease)
    const first = await send(t, s.token, body, key)
    expect(first.status).toBe(201)
    // What a SIGKILL between the commit and saving the answer leaves: the claim, with no answer.
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, response: null })
      .where(and(eq(idempotencyKeys.vendorId, s.vendor.id), eq(idempotencyKeys.key, key)))
    const after = await balances(t.db, s.vendor.id)

    claimsHeldUnder(t.db, replaying)
    const early = await send(t, s.token, body, key)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('IDEMPOTENCY_IN_PROGRESS')

    await other.crash()
    const replay = await send(t, s.token, body, key)
    expect(replay.status, JSON.stringify(replay.body)).toBe(201)
    expect(replay.body).toEqual(first.body)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(await rowsWithKey(s.vendor.id, key)).toHaveLength(1)
    expect(await balances(t.db, s.vendor.id)).toEqual(after)
  })

  it('before anything committed: the replay runs the request once, at once, and the balance is exact', async () => {
    const s = await sender(t, { balance: 10_000 * NAIRA })
    const key = randomUUID()
    const body = { amount: 1_000 * NAIRA, requestId: await enquiry(t, s) }
    const other = await deadProcess()
    claimsHeldUnder(t.db, other.lease)
    // The other process claimed the key (with the hash of the same validated input) and died before its debit.
    await claimIdempotencyKey(t.db, {
      origin: 'http://localhost',
      vendorId: s.vendor.id,
      userId: s.owner.id,
      key,
      endpoint: 'sendMoney',
      hash: requestHash('sendMoney', undefined, body),
      now: t.clock.now(),
    })
    claimsHeldUnder(t.db, replaying)
    expect((await send(t, s.token, body, key)).body.code).toBe('IDEMPOTENCY_IN_PROGRESS')

    await other.crash()
    const replays = await Promise.all(Array.from({ length: 4 }, () => send(t, s.token, body, key)))
    const ran = replays.filter((replay) => replay.status === 201)
    expect(ran.length).toBeGreaterThanOrEqual(1)
    // The others came while the one that took the claim over was running: that one is this process's, alive.
    for (const replay of replays) if (replay.status !== 201) expect(replay.body.code).toBe('IDEMPOTENCY_IN_PROGRESS')
    expect(new Set(ran.map((replay) => replay.body.data.id)).size).toBe(1)
    expect(await rowsWithKey(s.vendor.id, key)).toHaveLength(1)
    expect((await balances(t.db, s.vendor.id)).main).toBe(10_000 * NAIRA - 1_000 * NAIRA - ran[0]!.body.data.fee)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})
