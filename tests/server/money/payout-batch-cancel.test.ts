import { randomUUID } from 'node:crypto'

import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { chargeFor } from '#contract/charges'
import { DAY_MS, HOUR_MS } from '#server/clock'
import { payoutBatchRows } from '#server/db/payout-batches-schema'
import { jobs } from '#server/db/platform-schema'
import { rowJobKey } from '#server/money/payout-batches'
import { sendPayoutRowJob } from '#server/money/payout-row-job'

import { createMember, makeApp, type TestApp } from '../harness'
import { account, balances, expectLedgerConsistent, sender, tokenFor } from './helpers'
import { batchOf, type BatchRows, batchTransfers, cancel, review, rowsOf, rowWorker, schedule } from './payout-batch-helpers'

/*
 * Cancelling a scheduled bulk payout (decision 196): all or nothing. Before any row has started, the batch is
 * cancelled, its rows never pay and the wallet is untouched; once a row has started, the cancel is 409
 * BATCH_ALREADY_STARTED and every row goes. A cancel racing the scheduled run ends in exactly one of the two.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp({ sessionIdleMs: 40 * DAY_MS })
})

const START = 100_000_00
const owed = (rows: BatchRows) => rows.reduce((sum, row) => sum + row.amount + chargeFor(row.amount).fee, 0)

/** A funded vendor with a batch of `count` rows confirmed for tomorrow. */
async function scheduledBatch(count: number, extra: BatchRows = []) {
  const s = await sender(t, { balance: START })
  const rows = [...rowsOf(count), ...extra]
  const reviewed = (await review(t, s.token, rows)).body.data
  const res = await schedule(t, s.token, reviewed.id, new Date(t.clock.now().getTime() + DAY_MS).toISOString())
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { s, rows: rows.slice(0, count), batch: res.body.data }
}

/** The queue's jobs for a batch's rows. */
async function queuedRowJobs(batchId: string) {
  const rows = await t.db.select({ id: payoutBatchRows.id }).from(payoutBatchRows).where(eq(payoutBatchRows.batchId, batchId))
  return t.db
    .select()
    .from(jobs)
    .where(
      inArray(
        jobs.dedupeKey,
        rows.map((row) => rowJobKey(row.id)),
      ),
    )
}

/** Every job of every row runs again, as a retried or late worker would: it must pay nothing more. */
async function runEveryRowAgain(batchId: string) {
  const rows = await t.db.select().from(payoutBatchRows).where(eq(payoutBatchRows.batchId, batchId))
  for (const row of rows) await sendPayoutRowJob(t.deps, row.id)
}

describe('cancelling a scheduled batch', () => {
  it('before its time: cancelled, its rows never sent, no money moves', async () => {
    // A row the bank could not name stays refused; the others are cancelled.
    const unnamed = { accountNumber: account('058', '999999999'), bankCode: '058', amount: 500_00 }
    const { s, batch } = await scheduledBatch(3, [unnamed])
    const key = randomUUID()
    const res = await cancel(t, s.token, batch.id, key)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe('Batch cancelled: 3 payments will not be sent')
    expect(res.body.data).toMatchObject({ id: batch.id, status: 'cancelled', cancelledAt: t.clock.now().toISOString() })
    expect(res.body.data.rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'refused'])

    // Its rows' jobs left the queue. Its time comes: nothing runs, and each row's job run anyway (a worker that had
    // claimed it) sends nothing.
    expect(await queuedRowJobs(batch.id)).toEqual([])
    t.clock.advance(DAY_MS + HOUR_MS)
    expect(await rowWorker(t).runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })
    await runEveryRowAgain(batch.id)
    expect(await batchTransfers(t, batch.id)).toEqual([])
    expect((await balances(t.db, s.vendor.id)).main).toBe(START)
    const after = (await batchOf(t, s.token, batch.id)).body.data
    expect(after).toEqual(res.body.data)

    // The same key replays the answer; a new key answers the batch as it stands.
    const replay = await cancel(t, s.token, batch.id, key)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(res.body)
    const again = await cancel(t, s.token, batch.id)
    expect(again.status).toBe(200)
    expect(again.body).toEqual({ message: 'This batch was already cancelled: no payment will be sent', data: res.body.data })
  })

  it('after a row has started: 409 BATCH_ALREADY_STARTED, and every row is sent once', async () => {
    const { s, rows, batch } = await scheduledBatch(3)
    t.clock.advance(DAY_MS + 1_000)
    // One row's job starts the batch, then the cancel comes.
    await sendPayoutRowJob(t.deps, batch.rows[0]!.id)
    const res = await cancel(t, s.token, batch.id)
    expect(res.status).toBe(409)
    expect(res.body).toEqual({
      code: 'BATCH_ALREADY_STARTED',
      message: 'This batch has started sending and can no longer be cancelled: see each payment’s status',
    })
    await rowWorker(t).runDueJobs()
    const after = (await batchOf(t, s.token, batch.id)).body.data
    expect(after.status).toBe('confirmed')
    expect(after.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
    expect((await balances(t.db, s.vendor.id)).main).toBe(START - owed(rows))
    await expectLedgerConsistent(t.db, s.vendor.id)
  })

  it('refuses a batch never confirmed, another vendor’s, and a member who may not send money', async () => {
    const s = await sender(t, { balance: START })
    const reviewed = (await review(t, s.token, rowsOf(1))).body.data
    const unconfirmed = await cancel(t, s.token, reviewed.id)
    expect(unconfirmed.status).toBe(409)
    expect(unconfirmed.body.code).toBe('BATCH_NOT_CONFIRMED')
    expect((await batchOf(t, s.token, reviewed.id)).body.data.status).toBe('review')

    const { batch } = await scheduledBatch(1)
    const stranger = await cancel(t, s.token, batch.id)
    expect(stranger.status).toBe(404)
    const member = await createMember(s, { permissions: ['VENDOR_TRANSACTIONS'] })
    const refused = await cancel(t, await tokenFor(t, member.row), reviewed.id)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('FORBIDDEN')
  })
})

describe('a cancel racing the scheduled run', () => {
  it('ends in exactly one outcome each time: cancelled with no row paid, or 409 with every row paid', async () => {
    const outcomes = { cancelled: 0, started: 0 }
    for (let round = 0; round < 12; round++) {
      const { s, rows, batch } = await scheduledBatch(3)
      t.clock.advance(DAY_MS + 1_000)
      // Staggered differently each round, so the cancel lands before, between and after the rows' starts: the first
      // half hold the cancel back a few turns of the event loop, the second half the workers a few milliseconds.
      const [res] = await Promise.all([
        (async () => {
          for (let i = 0; i < (round < 6 ? round : 0); i++) await new Promise((resolve) => setImmediate(resolve))
          return cancel(t, s.token, batch.id)
        })(),
        (async () => {
          if (round >= 6) await new Promise((resolve) => setTimeout(resolve, (round - 6) * 3))
          await Promise.all([rowWorker(t).runDueJobs(), rowWorker(t).runDueJobs()])
        })(),
      ])
      await rowWorker(t).runDueJobs()
      await runEveryRowAgain(batch.id)
      const transfers = await batchTransfers(t, batch.id)
      const after = (await batchOf(t, s.token, batch.id)).body.data
      const main = (await balances(t.db, s.vendor.id)).main
      if (res.status === 200) {
        outcomes.cancelled++
        expect(after.rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled'])
        expect(transfers).toEqual([])
        expect(main).toBe(START)
      } else {
        outcomes.started++
        expect(res.body.code, JSON.stringify(res.body)).toBe('BATCH_ALREADY_STARTED')
        expect(after.rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent'])
        expect(transfers).toHaveLength(3)
        expect(main).toBe(START - owed(rows))
      }
      await expectLedgerConsistent(t.db, s.vendor.id)
    }
    console.info(`cancel vs run: ${JSON.stringify(outcomes)}`)
  })
})
