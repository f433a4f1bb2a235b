import { and, eq, sql } from 'drizzle-orm'

import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { payoutBatches, type PayoutBatchRowRow, payoutBatchRows } from '../db/payout-batches-schema'
import { type TransactionRow, transactions, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { rowKey } from './payout-batches'
import { sendDebitPinPassed } from './send-debit'
import { submitToBank } from './transfers'

/*
 * One row of a confirmed bulk payout, sent by its own `send-payout-row` job (decision 192). The debit is the single
 * send's (send_debit, with the batch's PIN already passed) under the row's key `batch:<batch>:<row>`, which the
 * transactions table holds unique per vendor: a second run of the row, from a retry, a worker whose lease ran out or
 * a process that died after the debit, finds that transfer instead of making another. Only the run that made the
 * debit asks the bank; a debit found already made is the pending-transfer recovery's to settle (decision 008), as
 * for a single send whose process died before the bank call.
 */

declare module '../jobs/queue' {
  interface JobPayloads {
    /** Send one confirmed row of a bulk payout (decision 192). */
    'send-payout-row': { rowId: string }
  }
}

type RowDeps = Pick<AppDeps, 'db' | 'banking' | 'clock' | 'logger' | 'transferTimeoutMs'>

async function transferByKey(db: Db, vendorId: string, key: string): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, vendorId), eq(transactions.idempotencyKey, key)))
  return row
}

/** Ties the row to its transfer; only a row still queued moves (a row is sent once, whoever gets there first). */
async function markSent(deps: RowDeps, row: PayoutBatchRowRow, transfer: TransactionRow): Promise<void> {
  await deps.db
    .update(payoutBatchRows)
    .set({ state: 'sent', transactionId: transfer.id, updatedAt: deps.clock.now() })
    .where(and(eq(payoutBatchRows.id, row.id), eq(payoutBatchRows.state, 'queued')))
}

/**
 * The batch starts before its first debit, and only while it is confirmed (decision 196): the cancel's update of the
 * same row requires it not started, so the database lets one of them through. Answers false for a cancelled batch.
 */
async function startBatch(deps: RowDeps, batchId: string): Promise<boolean> {
  const started = await deps.db
    .update(payoutBatches)
    .set({ startedAt: sql`coalesce(${payoutBatches.startedAt}, ${deps.clock.now().toISOString()}::timestamptz)` })
    .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, 'confirmed')))
    .returning({ id: payoutBatches.id })
  return started.length === 1
}

export async function sendPayoutRowJob(deps: RowDeps, rowId: string): Promise<void> {
  const [found] = await deps.db
    .select({ row: payoutBatchRows, confirmedBy: payoutBatches.confirmedBy, startedAt: payoutBatches.startedAt })
    .from(payoutBatchRows)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payoutBatchRows.batchId))
    .where(eq(payoutBatchRows.id, rowId))
  if (!found || found.row.state !== 'queued' || !found.confirmedBy) return
  const { row } = found
  // Once started, a batch stays started (no cancel can pass): only the first rows pay for the update.
  if (!found.startedAt && !(await startBatch(deps, row.batchId))) return
  const key = rowKey(row)
  const earlier = await transferByKey(deps.db, row.vendorId, key)
  if (earlier) return markSent(deps, row, earlier)

  const [vendor] = await deps.db.select().from(vendors).where(eq(vendors.id, row.vendorId))
  let pending: TransactionRow
  try {
    pending = await sendDebitPinPassed(
      deps.db,
      { vendorId: row.vendorId, userId: found.confirmedBy, vendor: vendor! },
      { amount: row.amount, requestId: row.requestId!, narration: row.narration, idempotencyKey: key, at: deps.clock.now() },
    )
  } catch (error) {
    // Another run of this row made the debit first (its key, or its spent enquiry, says so): that one is the row's.
    const made = await transferByKey(deps.db, row.vendorId, key)
    if (made) return markSent(deps, row, made)
    if (isUniqueViolation(error) || !(error instanceof ApiError)) throw error
    // Refused before any money moved (balance, limits, third-party rule, an enquiry past its window): this row only.
    await deps.db
      .update(payoutBatchRows)
      .set({ state: 'not_sent', reason: error.message, updatedAt: deps.clock.now() })
      .where(and(eq(payoutBatchRows.id, row.id), eq(payoutBatchRows.state, 'queued')))
    return
  }
  // Tied before the bank is asked, so a crash after the debit leaves the row sent with a pending transfer to recover.
  await markSent(deps, row, pending)
  await submitToBank(deps, pending, (request) => deps.banking.transfer(request))
}
