import type { PayoutBatch, payoutBatchEndpoints } from '#contract/payout-batches'

import type { HandlersFor } from '../http/types'
import { cancelPayoutBatch } from '../money/payout-batch-cancel'
import { listPayoutBatches } from '../money/payout-batch-list'
import { confirmPayoutBatch, createPayoutBatch, readPayoutBatch } from '../money/payout-batches'
import { enforce, LIMITS } from '../rate-limit'

const payments = (count: number) => (count === 1 ? '1 payment' : `${count} payments`)

function reviewed(batch: PayoutBatch) {
  const refused = batch.refusedCount ? ` ${batch.refusedCount} cannot be sent.` : ''
  return { data: batch, message: `${batch.rowCount - batch.refusedCount} of ${batch.rowCount} rows ready to send.${refused}` }
}

function cancelled(batch: PayoutBatch) {
  const count = batch.rows.filter((row) => row.status === 'cancelled').length
  return { data: batch, message: `Batch cancelled: ${payments(count)} will not be sent` }
}

/**
 * Payouts in bulk (decision 192). The review and the cancel store their answer with their change (decision 196): a
 * review retried after a crash answers its batch instead of making a second.
 */
export const payoutBatchHandlers: HandlersFor<typeof payoutBatchEndpoints> = {
  async createPayoutBatch({ auth, body, deps, answerWithEffect }) {
    // A review is up to MAX_BATCH_ROWS name enquiries: it has an allowance of its own, counted per review.
    await enforce(deps.rateLimiter, LIMITS.payoutBatchPerUser, auth.userId)
    return reviewed(await createPayoutBatch(deps, auth, body.rows, (tx, batch) => answerWithEffect(tx, reviewed(batch))))
  },

  async confirmPayoutBatch({ auth, body, deps }) {
    const batch = await confirmPayoutBatch(deps, auth, body)
    const message = batch.sendAt
      ? 'Batch scheduled: each payment will be sent at the time you chose'
      : 'Batch confirmed: each payment is being sent'
    return { data: batch, message }
  },

  async cancelPayoutBatch({ auth, body, deps, answerWithEffect }) {
    const done = await cancelPayoutBatch(deps, auth, body.batchId, (tx, batch) => answerWithEffect(tx, cancelled(batch)))
    if (done.cancelledNow) return cancelled(done.batch)
    return { data: done.batch, message: 'This batch was already cancelled: no payment will be sent' }
  },

  async payoutBatches({ auth, deps, query }) {
    return { data: await listPayoutBatches(deps.db, auth.vendorId, query, deps.clock.now()) }
  },

  async payoutBatch({ auth, deps, query }) {
    return { data: await readPayoutBatch(deps.db, auth.vendorId, query.id, deps.clock.now()) }
  },
}
