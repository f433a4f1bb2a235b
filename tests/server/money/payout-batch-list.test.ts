import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { DAY_MS, MINUTE_MS } from '#server/clock'

import { call, createMember, makeApp, type TestApp } from '../harness'
import { account, sender, tokenFor } from './helpers'
import { batchOf, cancel, confirm, review, rowsOf, rowWorker, schedule } from './payout-batch-helpers'

/*
 * GET /transfer/batches (decision 199): the bulk payouts a vendor comes back to, newest first, each row counted where
 * GET /transfer/batch shows it. A review never confirmed moved no money and is not one of them.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ sessionIdleMs: 40 * DAY_MS })
})

const list = (token: string, query: { page?: string; size?: string } = {}) => call(t.app, endpoints.payoutBatches, { token, query })

describe('the list of bulk payouts', () => {
  it('lists confirmed and cancelled batches newest first, each row counted where it stands', async () => {
    const s = await sender(t, { balance: 100_000_00 })
    const tomorrow = () => new Date(t.clock.now().getTime() + DAY_MS).toISOString()

    // Sent at once; the bank turns down its second row (a dormant account).
    const sentRows = rowsOf(3, (position) => (position === 2 ? '111111111' : String(300_000_000 + position)))
    const sent = (await review(t, s.token, sentRows)).body.data
    expect((await confirm(t, s.token, sent.id)).status).toBe(200)
    expect((await rowWorker(t).runDueJobs()).done).toBe(3)
    t.clock.advance(MINUTE_MS)

    // Scheduled for tomorrow, with a row the bank could not name.
    const unnamed = { accountNumber: account('058', '999999999'), bankCode: '058', amount: 500_00 }
    const waiting = (await review(t, s.token, [...rowsOf(2), unnamed])).body.data
    expect((await schedule(t, s.token, waiting.id, tomorrow())).status).toBe(200)
    t.clock.advance(MINUTE_MS)

    // Scheduled, then cancelled.
    const dropped = (await review(t, s.token, rowsOf(2))).body.data
    expect((await schedule(t, s.token, dropped.id, tomorrow())).status).toBe(200)
    expect((await cancel(t, s.token, dropped.id)).status).toBe(200)
    t.clock.advance(MINUTE_MS)

    // Reviewed and left: not a payout.
    expect((await review(t, s.token, rowsOf(1))).status).toBe(201)

    const res = await list(s.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ page: 1, size: 20, total: 3 })
    const none = { scheduled: 0, pending: 0, sent: 0, failed: 0, cancelled: 0 }
    expect(
      res.body.data.items.map(({ id, status, rowCount, refusedCount, outcomes }) => ({ id, status, rowCount, refusedCount, outcomes })),
    ).toEqual([
      { id: dropped.id, status: 'cancelled', rowCount: 2, refusedCount: 0, outcomes: { ...none, cancelled: 2 } },
      { id: waiting.id, status: 'confirmed', rowCount: 3, refusedCount: 1, outcomes: { ...none, scheduled: 2 } },
      { id: sent.id, status: 'confirmed', rowCount: 3, refusedCount: 0, outcomes: { ...none, sent: 2, failed: 1 } },
    ])
    // The totals and times are the batch's own, as GET /transfer/batch answers them.
    for (const item of res.body.data.items) {
      const whole = (await batchOf(t, s.token, item.id)).body.data
      const { rows, reviewExpiresAt, ...summary } = whole
      expect(rows.length).toBe(item.rowCount)
      expect(reviewExpiresAt).toBeTruthy()
      expect(item).toEqual({ ...summary, outcomes: item.outcomes })
    }

    // Its time comes: the scheduled rows are sending, then sent.
    t.clock.advance(DAY_MS)
    const due = (await list(s.token)).body.data.items[1]!
    expect(due.outcomes).toEqual({ ...none, pending: 2 })
    await rowWorker(t).runDueJobs()
    expect((await list(s.token)).body.data.items[1]!.outcomes).toEqual({ ...none, sent: 2 })

    // Pages, newest first.
    const second = await list(s.token, { page: '2', size: '2' })
    expect(second.body.data).toMatchObject({ page: 2, size: 2, total: 3 })
    expect(second.body.data.items.map((item) => item.id)).toEqual([sent.id])
  })

  it('is the vendor’s own: another vendor sees none of them; a member needs the transfers permission', async () => {
    const s = await sender(t, { balance: 10_000_00 })
    const batch = (await review(t, s.token, rowsOf(1))).body.data
    expect((await schedule(t, s.token, batch.id, new Date(t.clock.now().getTime() + DAY_MS).toISOString())).status).toBe(200)
    expect((await list(s.token)).body.data.items.map((item) => item.id)).toEqual([batch.id])

    const other = await sender(t, { balance: 10_000_00 })
    expect((await list(other.token)).body.data).toMatchObject({ items: [], total: 0 })

    const viewer = await createMember(s, { permissions: ['VENDOR_TRANSACTIONS'] })
    const refused = await list(await tokenFor(t, viewer.row))
    expect(refused.status).toBe(403)
  })

  it('names the field of a bad page', async () => {
    const s = await sender(t, { balance: 0 })
    const res = await list(s.token, { page: '0' })
    expect(res.status).toBe(422)
    expect(JSON.stringify(res.body)).toContain('page')
  })
})
