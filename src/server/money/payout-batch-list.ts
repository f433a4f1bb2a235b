import { and, count, desc, eq, inArray } from 'drizzle-orm'

import type { BatchOutcomes, PayoutBatchSummary } from '#contract/payout-batches'

import type { Db } from '../db/client'
import { payoutBatches } from '../db/payout-batches-schema'
import { batchFigures, rowStatus, rowsWithTransfers } from './payout-batches'

/** Batches that moved money or were meant to: a review never confirmed is not a payout. */
const LISTED = ['confirmed', 'cancelled'] as const

/**
 * GET /transfer/batches (decision 199): the vendor's confirmed and cancelled batches, newest first, each with how many
 * rows stand at each outcome. The rows' statuses come from `rowStatus`, as GET /transfer/batch shows them: one read
 * of the page's rows (at most a page of batches × MAX_BATCH_ROWS) with their transfers, tallied here.
 */
export async function listPayoutBatches(db: Db, vendorId: string, paging: { page: number; size: number }, now: Date) {
  const where = and(eq(payoutBatches.vendorId, vendorId), inArray(payoutBatches.status, LISTED))
  const [batches, [total]] = await Promise.all([
    db
      .select()
      .from(payoutBatches)
      .where(where)
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ total: count() }).from(payoutBatches).where(where),
  ])
  const rows = batches.length
    ? await rowsWithTransfers(
        db,
        vendorId,
        batches.map((batch) => batch.id),
      )
    : []
  const items = batches.map((batch): PayoutBatchSummary => {
    const own = rows.filter(({ row }) => row.batchId === batch.id)
    const outcomes: BatchOutcomes = { scheduled: 0, pending: 0, sent: 0, failed: 0, cancelled: 0 }
    for (const { row, status, failureReason } of own) {
      const shown = rowStatus(row, status, failureReason, batch, now).status
      if (shown !== 'refused' && shown !== 'ready') outcomes[shown]++
    }
    return { ...batchFigures(batch, own), outcomes }
  })
  return { items, page: paging.page, size: paging.size, total: total?.total ?? 0 }
}
