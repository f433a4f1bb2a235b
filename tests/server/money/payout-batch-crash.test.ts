import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { chargeFor } from '#contract/charges'
import { payoutBatchRows } from '#server/db/payout-batches-schema'
import { jobs } from '#server/db/platform-schema'
import { vendors } from '#server/db/schema'
import { rowKey } from '#server/money/payout-batches'
import { sendPayoutRowJob } from '#server/money/payout-row-job'
import { sendDebitPinPassed } from '#server/money/send-debit'
import { recoverPendingTransfers } from '#server/money/transfers'

import { makeApp, type TestApp } from '../harness'
import { balances, expectLedgerConsistent, sender } from './helpers'
import { batchOf, batchTransfers, confirm, review, rowsOf, rowWorker } from './payout-batch-helpers'

/*
 * The promise of a bulk payout (decision 192): however its sending is interrupted and run again (a process that died
 * after a row's debit, a job whose lease ran out, two processes on one row, the whole batch run a second time), every
 * row is paid once and the wallet is exact to the kobo.
 */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

const START = 1_000_000_00

describe('a 50-row batch retried after a crash', () => {
  it('pays each row exactly once, the failing account’s row refunded, the balance exact to the kobo', async () => {
    const s = await sender(t, { balance: START })
    const rows = rowsOf(50, (position) => (position === 7 ? '111111111' : String(300_000_000 + position)))
    const batch = (await review(t, s.token, rows)).body.data
    expect(batch.rowCount).toBe(50)
    expect((await confirm(t, s.token, batch.id)).status).toBe(200)

    // A worker gets through 20 rows, then its process dies.
    expect((await rowWorker(t, 20).runDueJobs()).done).toBe(20)

    // Five more rows were debited by that process when it died: their debit committed, the row not yet tied to it,
    // the bank never asked, their jobs still claimed by the dead process.
    const queued = await t.db
      .select()
      .from(payoutBatchRows)
      .where(and(eq(payoutBatchRows.batchId, batch.id), eq(payoutBatchRows.state, 'queued')))
    expect(queued).toHaveLength(30)
    const [vendor] = await t.db.select().from(vendors).where(eq(vendors.id, s.vendor.id))
    const died = queued.slice(0, 5)
    for (const row of died) {
      await sendDebitPinPassed(
        t.db,
        { vendorId: s.vendor.id, userId: s.owner.id, vendor: vendor! },
        { amount: row.amount, requestId: row.requestId!, narration: row.narration, idempotencyKey: rowKey(row), at: t.clock.now() },
      )
    }
    await t.db
      .update(jobs)
      .set({ lockedBy: 'dead-process', lockedUntil: new Date(t.clock.now().getTime() - 1), attempts: 1 })
      .where(
        inArray(
          jobs.dedupeKey,
          died.map((row) => `payout-row:${row.id}`),
        ),
      )

    // Two processes take the same rows at once, then two workers share what is left.
    const raced = queued.slice(5, 10)
    await Promise.all(raced.flatMap((row) => [sendPayoutRowJob(t.deps, row.id), sendPayoutRowJob(t.deps, row.id)]))
    await Promise.all([rowWorker(t).runDueJobs(), rowWorker(t).runDueJobs()])
    // And the whole batch is run once more for good measure.
    const all = await t.db.select().from(payoutBatchRows).where(eq(payoutBatchRows.batchId, batch.id))
    for (const row of all) await sendPayoutRowJob(t.deps, row.id)
    expect(await rowWorker(t).runDueJobs()).toEqual({ done: 0, retried: 0, failed: 0 })

    // The five debits the dead process made were never sent to the bank: recovery asks it and sends them once.
    t.clock.advance(1_000)
    const recovered = await recoverPendingTransfers(t.deps, { olderThanMs: 0, vendorId: s.vendor.id })
    expect(recovered).toMatchObject({ checked: 5, stillPending: 0 })

    const transfers = await batchTransfers(t, batch.id)
    expect(transfers).toHaveLength(50)
    const after = (await batchOf(t, s.token, batch.id)).body.data
    expect(after.rows.filter((row) => row.status === 'sent')).toHaveLength(49)
    expect(after.rows[6]).toMatchObject({ status: 'failed', reason: 'Beneficiary account is dormant' })
    expect(new Set(after.rows.map((row) => row.transactionId)).size).toBe(50)
    for (const row of after.rows) {
      const transfer = transfers.find((candidate) => candidate.id === row.transactionId)!
      expect(transfer.idempotencyKey).toBe(`batch:${batch.id}:${row.id}`)
      expect(transfer.amount).toBe(row.amount)
    }

    const paid = rows.filter((_, index) => index !== 6)
    const owed = paid.reduce((sum, row) => sum + row.amount + chargeFor(row.amount).fee, 0)
    const money = await balances(t.db, s.vendor.id)
    expect(money.main).toBe(START - owed)
    expect(money.fees).toBe(paid.reduce((sum, row) => sum + chargeFor(row.amount).fee, 0))
    await expectLedgerConsistent(t.db, s.vendor.id)
  })
})
