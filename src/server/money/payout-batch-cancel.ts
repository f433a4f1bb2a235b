import { and, eq, isNull } from 'drizzle-orm'

import type { PayoutBatch } from '#contract/payout-batches'

import type { Auth } from '../auth/sessions'
import { payoutBatches, payoutBatchRows } from '../db/payout-batches-schema'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { withdraw } from '../jobs/queue'
import { readPayoutBatch, rowJobKey, type WithBatch } from './payout-batches'

/*
 * Cancelling a confirmed batch, all or nothing (decision 196). The cancel changes the batch only while no row has
 * started (`started_at` null); a row's job sets `started_at` only while the batch is confirmed, before its debit
 * (payout-row-job.ts). Both are conditional updates of the same batch row, which the database orders, so of a cancel
 * and the scheduled run exactly one goes on: the batch is cancelled and no row pays, or it runs and the cancel is
 * 409 BATCH_ALREADY_STARTED. Nothing is reserved at a confirmation (balance and limits are only checked), so a
 * cancel has no money to give back. It withdraws the rows' jobs from the queue; one a worker already holds runs and
 * does nothing (the batch is no longer confirmed).
 */

const notConfirmed = () =>
  new ApiError(409, 'BATCH_NOT_CONFIRMED', 'This batch was never confirmed, so nothing will be sent: there is nothing to cancel')
const alreadyStarted = () =>
  new ApiError(409, 'BATCH_ALREADY_STARTED', 'This batch has started sending and can no longer be cancelled: see each payment’s status')

/**
 * POST /transfer/batches/cancel. Refusals change nothing (thrown before the transaction writes). A batch cancelled
 * before is answered as it stands (`cancelledNow` false), as a confirmed batch is to a second confirmation.
 */
export async function cancelPayoutBatch(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  auth: Auth,
  batchId: string,
  answer: WithBatch,
): Promise<{ batch: PayoutBatch; cancelledNow: boolean }> {
  const now = deps.clock.now()
  const ofVendor = and(eq(payoutBatches.vendorId, auth.vendorId), eq(payoutBatches.id, batchId))
  return deps.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(payoutBatches)
      .set({ status: 'cancelled', cancelledBy: auth.userId, cancelledAt: now })
      .where(and(ofVendor, eq(payoutBatches.status, 'confirmed'), isNull(payoutBatches.startedAt)))
      .returning({ id: payoutBatches.id })
    if (!cancelled) {
      const [batch] = await tx.select({ status: payoutBatches.status }).from(payoutBatches).where(ofVendor)
      if (!batch) throw notFound('Batch')
      if (batch.status === 'review') throw notConfirmed()
      if (batch.status === 'confirmed') throw alreadyStarted()
      return { batch: await readPayoutBatch(tx, auth.vendorId, batchId, now), cancelledNow: false }
    }
    const rows = await tx
      .update(payoutBatchRows)
      .set({ state: 'cancelled', updatedAt: now })
      .where(and(eq(payoutBatchRows.batchId, batchId), eq(payoutBatchRows.state, 'queued')))
      .returning({ id: payoutBatchRows.id })
    await withdraw(
      tx,
      rows.map((row) => rowJobKey(row.id)),
    )
    const batch = await readPayoutBatch(tx, auth.vendorId, batchId, now)
    await answer(tx, batch)
    return { batch, cancelledNow: true }
  })
}
