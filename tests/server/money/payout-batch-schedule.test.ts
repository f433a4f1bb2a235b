import { beforeAll, describe, expect, it } from 'vitest'

import { chargeFor } from '#contract/charges'
import { DAY_MS, HOUR_MS } from '#server/clock'

import { makeApp, type TestApp } from '../harness'
import { balances, expectLedgerConsistent, pinAttempts, sender } from './helpers'
import { batchOf, batchTransfers, review, rowsOf, rowWorker, schedule } from './payout-batch-helpers'

/*
 * A bulk payout scheduled for later (decision 192): confirmed now with the PIN, its rows' jobs wait for `sendAt`, and
 * then each row is sent once, whichever workers run them.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ sessionIdleMs: 40 * DAY_MS })
})

describe('a batch scheduled for later', () => {
  it('sends nothing before its time, then each row once across two workers', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const rows = rowsOf(4)
    const batch = (await review(t, s.token, rows)).body.data
    const sendAt = new Date(t.clock.now().getTime() + 3 * DAY_MS)
    const res = await schedule(t, s.token, batch.id, sendAt.toISOString())
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Batch scheduled: each payment will be sent at the time you chose')
    expect(res.body.data).toMatchObject({ status: 'confirmed', sendAt: sendAt.toISOString() })
    expect(res.body.data.rows.map((row) => row.status)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled'])

    t.clock.advance(2 * DAY_MS)
    expect(await rowWorker(t).runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })
    expect((await balances(t.db, s.vendor.id)).main).toBe(100_000_00)

    t.clock.advance(DAY_MS + HOUR_MS / 2)
    await Promise.all([rowWorker(t).runDueJobs(), rowWorker(t).runDueJobs()])
    const after = (await batchOf(t, s.token, batch.id)).body.data
    expect(after.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
    expect(await batchTransfers(t, batch.id)).toHaveLength(4)
    const paid = rows.reduce((sum, row) => sum + row.amount + chargeFor(row.amount).fee, 0)
    expect((await balances(t.db, s.vendor.id)).main).toBe(100_000_00 - paid)
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('refuses a time in the past or too far ahead, naming sendAt, before the PIN', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const batch = (await review(t, s.token, rowsOf(1))).body.data
    const past = await schedule(t, s.token, batch.id, new Date(t.clock.now().getTime() - 1_000).toISOString(), '0000')
    expect(past.status).toBe(422)
    expect(past.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'sendAt', message: 'must be in the future' }] })
    const far = await schedule(t, s.token, batch.id, new Date(t.clock.now().getTime() + 31 * DAY_MS).toISOString(), '0000')
    expect(far.body).toMatchObject({ issues: [{ path: 'sendAt', message: 'must be at most 30 days ahead' }] })
    expect((await schedule(t, s.token, batch.id, 'tomorrow')).status).toBe(422)
    expect(await pinAttempts(t.db, s.owner.id)).toBe(0)
    expect((await batchOf(t, s.token, batch.id)).body.data.status).toBe('review')
  })
})
