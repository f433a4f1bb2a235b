import type { payoutBatchEndpoints } from '#contract/payout-batches'

import type { HandlersFor } from '../http/types'
import { confirmPayoutBatch, createPayoutBatch, readPayoutBatch } from '../money/payout-batches'
import { enforce, LIMITS } from '../rate-limit'

/** Payouts in bulk (decision 192). */
export const payoutBatchHandlers: HandlersFor<typeof payoutBatchEndpoints> = {
  async createPayoutBatch({ auth, body, deps }) {
    // A review is up to MAX_BATCH_ROWS name enquiries: it has an allowance of its own, counted per review.
    await enforce(deps.rateLimiter, LIMITS.payoutBatchPerUser, auth.userId)
    const batch = await createPayoutBatch(deps, auth, body.rows)
    const refused = batch.refusedCount ? ` ${batch.refusedCount} cannot be sent.` : ''
    return { data: batch, message: `${batch.rowCount - batch.refusedCount} of ${batch.rowCount} rows ready to send.${refused}` }
  },

  async confirmPayoutBatch({ auth, body, deps }) {
    const batch = await confirmPayoutBatch(deps, auth, body)
    const message = batch.sendAt
      ? 'Batch scheduled: each payment will be sent at the time you chose'
      : 'Batch confirmed: each payment is being sent'
    return { data: batch, message }
  },

  async payoutBatch({ auth, deps, query }) {
    return { data: await readPayoutBatch(deps.db, auth.vendorId, query.id, deps.clock.now()) }
  },
}
