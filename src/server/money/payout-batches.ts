import { and, asc, eq, inArray, isNull } from 'drizzle-orm'

import { chargeFor } from '#contract/charges'
import { MAX_SCHEDULE_DAYS, type PayoutBatch } from '#contract/payout-batches'

import type { Auth } from '../auth/sessions'
import { DAY_MS, MINUTE_MS } from '../clock'
import type { Db, Tx } from '../db/client'
import { payoutBatches, type PayoutBatchRow, type PayoutBatchRowRow, payoutBatchRows } from '../db/payout-batches-schema'
import { nameEnquiries, transactions, wallets } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { enqueue } from '../jobs/queue'
import { insufficientFunds } from './ledger'
import { NAME_ENQUIRY_TTL_MS, resolveAccount } from './name-enquiry'
import { verifyPin } from './pin'
import { limitError, readSendLimits } from './send-limits'

/*
 * Payouts in bulk (issue 42, decision 192). Review: every row's name is resolved by the single send's name enquiry
 * and stored with its requestId, or refused with the reason. Confirm: one PIN, the limits and the balance checked for
 * the batch's total, then one `send-payout-row` job per row (payout-row-job.ts), enqueued in the same transaction
 * that marks the batch confirmed: the rows are queued exactly when the confirmation commits.
 */

type BatchDeps = Pick<AppDeps, 'db' | 'banking' | 'clock' | 'logger'>

/** How long after the confirmation a row's name enquiry may still be spent by its job (a queue catching up, a restart). */
export const BATCH_SEND_WINDOW_MS = 60 * MINUTE_MS

/** Name enquiries in flight at once while a batch is reviewed: a bank is not asked 100 questions at the same instant. */
const ENQUIRIES_AT_ONCE = 5

/** A row's transfer idempotency key: the transactions table's unique (vendor, key) pays a row once (decision 192). */
export const rowKey = (row: Pick<PayoutBatchRowRow, 'batchId' | 'id'>) => `batch:${row.batchId}:${row.id}`

/** A row's job's dedupe key: a second confirmation queues nothing twice, and a cancel withdraws the jobs by it. */
export const rowJobKey = (rowId: string) => `payout-row:${rowId}`

export interface BatchRowInput {
  accountNumber: string
  bankCode: string
  amount: number
  narration?: string
}

/** Given the batch a call made or changed, in that change's transaction: where its answer is stored (decision 196). */
export type WithBatch = (tx: Tx, batch: PayoutBatch) => Promise<void>

/**
 * POST /transfer/batches: the review. Moves no money; a row the bank cannot name is refused, not the batch. `answer`
 * stores the call's answer with the batch, so a retry after a crash finds this batch rather than making another.
 */
export async function createPayoutBatch(deps: BatchDeps, auth: Auth, rows: BatchRowInput[], answer: WithBatch): Promise<PayoutBatch> {
  const started = deps.clock.now()
  const resolved: Omit<typeof payoutBatchRows.$inferInsert, 'batchId'>[] = new Array(rows.length)
  let next = 0
  const worker = async () => {
    while (next < rows.length) {
      const index = next++
      const input = rows[index]!
      const base = {
        vendorId: auth.vendorId,
        position: index + 1,
        accountNumber: input.accountNumber,
        bankCode: input.bankCode,
        amount: input.amount,
        fee: chargeFor(input.amount).fee,
        narration: input.narration || null,
      }
      try {
        const enquiry = await resolveAccount(deps, auth, input.accountNumber, input.bankCode)
        resolved[index] = {
          ...base,
          bankName: enquiry.bankName,
          accountName: enquiry.accountName,
          requestId: enquiry.requestId,
          state: 'ready',
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        resolved[index] = { ...base, state: 'refused', reason: error.issues?.[0]?.message ? refusalText(error) : error.message }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(ENQUIRIES_AT_ONCE, rows.length) }, worker))
  const ready = resolved.filter((row) => row.state === 'ready')
  return deps.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        vendorId: auth.vendorId,
        createdBy: auth.userId,
        total: ready.reduce((sum, row) => sum + row.amount, 0),
        totalFee: ready.reduce((sum, row) => sum + row.fee, 0),
        // The earliest enquiry was made after `started`, so none has expired before this.
        reviewExpiresAt: new Date(started.getTime() + NAME_ENQUIRY_TTL_MS),
        createdAt: started,
      })
      .returning({ id: payoutBatches.id })
    await tx.insert(payoutBatchRows).values(resolved.map((row) => ({ ...row, batchId: batch!.id })))
    const made = await readPayoutBatch(tx, auth.vendorId, batch!.id, deps.clock.now())
    await answer(tx, made)
    return made
  })
}

/** A refused name enquiry in the row's words: "The account number is not a valid …", "Could not resolve account… (why)". */
function refusalText(error: ApiError): string {
  const issue = error.issues![0]!
  if (error.code === 'NAME_ENQUIRY_FAILED') return `${error.message} (${issue.message})`
  const field = issue.path === 'bankCode' ? 'bank code' : 'account number'
  return `The ${field} ${issue.message}`
}

/**
 * POST /transfer/batches/confirm. Refusals (expired review, nothing to send, limits, balance, PIN) come before
 * anything is written but a wrong PIN's count. A batch already confirmed is answered as it stands: its rows were
 * queued once, under their own keys, and are not queued again.
 */
export async function confirmPayoutBatch(
  deps: BatchDeps,
  auth: Auth,
  input: { batchId: string; pin: string; sendAt?: string },
): Promise<PayoutBatch> {
  const now = deps.clock.now()
  const sendAt = input.sendAt === undefined ? null : laterInstant(input.sendAt, now)
  const [batch] = await deps.db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.vendorId, auth.vendorId), eq(payoutBatches.id, input.batchId)))
  if (!batch) throw notFound('Batch')
  if (batch.status === 'review') await checkBeforePin(deps, auth, batch, now)
  await verifyPin(deps.db, auth.user, input.pin)
  if (batch.status === 'confirmed') return readPayoutBatch(deps.db, auth.vendorId, batch.id, deps.clock.now())

  await deps.db.transaction(async (tx) => {
    // Conditional: of two confirmations racing, one queues the rows.
    const [confirmed] = await tx
      .update(payoutBatches)
      .set({ status: 'confirmed', confirmedBy: auth.userId, confirmedAt: now, sendAt })
      .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, 'review')))
      .returning({ id: payoutBatches.id })
    if (!confirmed) return
    const queued = await tx
      .update(payoutBatchRows)
      .set({ state: 'queued', updatedAt: now })
      .where(and(eq(payoutBatchRows.batchId, batch.id), eq(payoutBatchRows.state, 'ready')))
      .returning()
    // The PIN was given while every name was fresh: the rows' enquiries stay spendable while their jobs run.
    const runAt = sendAt ?? now
    await tx
      .update(nameEnquiries)
      .set({ expiresAt: new Date(runAt.getTime() + BATCH_SEND_WINDOW_MS) })
      .where(
        and(
          eq(nameEnquiries.vendorId, auth.vendorId),
          inArray(
            nameEnquiries.requestId,
            queued.map((row) => row.requestId!),
          ),
          isNull(nameEnquiries.usedAt),
        ),
      )
    for (const row of queued) {
      await enqueue(tx, {
        kind: 'send-payout-row',
        payload: { rowId: row.id },
        dedupeKey: rowJobKey(row.id),
        maxAttempts: 10,
        runAt,
      })
    }
  })
  return readPayoutBatch(deps.db, auth.vendorId, batch.id, deps.clock.now())
}

/** A batch's `sendAt`: an instant after now and at most MAX_SCHEDULE_DAYS ahead, else 422 naming the field. */
function laterInstant(text: string, now: Date): Date {
  const at = new Date(text)
  const refuse = (message: string) =>
    new ApiError(422, 'VALIDATION_FAILED', `sendAt: ${message}`, { issues: [{ path: 'sendAt', message }] })
  if (Number.isNaN(at.getTime())) throw refuse('must be an ISO date and time')
  if (at <= now) throw refuse('must be in the future')
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_DAYS * DAY_MS) throw refuse(`must be at most ${MAX_SCHEDULE_DAYS} days ahead`)
  return at
}

/** What the batch's total must pass before the PIN is tried, as a single send's own checks come before its PIN. */
async function checkBeforePin(deps: BatchDeps, auth: Auth, batch: PayoutBatchRow, now: Date): Promise<void> {
  if (batch.reviewExpiresAt <= now) {
    throw new ApiError(
      422,
      'BATCH_REVIEW_EXPIRED',
      'The names in this batch were checked too long ago; upload it again to review fresh names',
    )
  }
  const ready = await deps.db
    .select({ amount: payoutBatchRows.amount })
    .from(payoutBatchRows)
    .where(and(eq(payoutBatchRows.batchId, batch.id), eq(payoutBatchRows.state, 'ready')))
  if (ready.length === 0) throw new ApiError(422, 'BATCH_NOTHING_TO_SEND', 'No row of this batch can be sent: no account name was resolved')
  // In send_debit's order: the balance, then the limits (whose first read writes the vendor's default row).
  const [main] = await deps.db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.vendorId, auth.vendorId), eq(wallets.kind, 'main'), isNull(wallets.outletId)))
  if (!main || main.balance < batch.total + batch.totalFee) throw insufficientFunds()
  const limits = await readSendLimits(deps, auth.vendorId)
  const biggest = Math.max(...ready.map((row) => row.amount))
  if (biggest > limits.perTransfer) throw limitError({ refused: 'over_per_transfer', ...limits })
  if (limits.sentToday + batch.total > limits.daily) throw limitError({ refused: 'over_daily', ...limits })
}

/** GET /transfer/batch: the batch and each row's status, a sent row's from its transaction. */
export async function readPayoutBatch(db: Db, vendorId: string, batchId: string, now: Date): Promise<PayoutBatch> {
  const [batch] = await db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.vendorId, vendorId), eq(payoutBatches.id, batchId)))
  if (!batch) throw notFound('Batch')
  const rows = await rowsWithTransfers(db, vendorId, [batchId])
  return {
    ...batchFigures(batch, rows),
    reviewExpiresAt: batch.reviewExpiresAt.toISOString(),
    rows: rows.map(({ row, status, failureReason }) => ({
      id: row.id,
      position: row.position,
      accountNumber: row.accountNumber,
      bankCode: row.bankCode,
      bankName: row.bankName,
      accountName: row.accountName,
      amount: row.amount,
      fee: row.fee,
      narration: row.narration,
      ...rowStatus(row, status, failureReason, batch, now),
      transactionId: row.transactionId,
    })),
  }
}

/** Batches' rows in their order, each with its transfer's status and failure reason (none until it is sent). */
export function rowsWithTransfers(db: Db, vendorId: string, batchIds: string[]) {
  return db
    .select({ row: payoutBatchRows, status: transactions.status, failureReason: transactions.failureReason })
    .from(payoutBatchRows)
    .leftJoin(transactions, and(eq(transactions.vendorId, vendorId), eq(transactions.id, payoutBatchRows.transactionId)))
    .where(and(eq(payoutBatchRows.vendorId, vendorId), inArray(payoutBatchRows.batchId, batchIds)))
    .orderBy(asc(payoutBatchRows.position))
}

/** A batch's own figures, as the batch view and the list of batches both answer them. */
export function batchFigures(batch: PayoutBatchRow, rows: { row: Pick<PayoutBatchRowRow, 'state'> }[]) {
  return {
    id: batch.id,
    status: batch.status,
    total: batch.total,
    totalFee: batch.totalFee,
    rowCount: rows.length,
    refusedCount: rows.filter(({ row }) => row.state === 'refused').length,
    confirmedAt: batch.confirmedAt?.toISOString() ?? null,
    sendAt: batch.sendAt?.toISOString() ?? null,
    cancelledAt: batch.cancelledAt?.toISOString() ?? null,
    createdAt: batch.createdAt.toISOString(),
  }
}

/**
 * A row's status as GET /transfer/batch and the list show it: a sent row's from its transaction; a queued row is
 * scheduled while its batch's time is still ahead.
 */
export function rowStatus(
  row: PayoutBatchRowRow,
  transfer: 'pending' | 'success' | 'failed' | null,
  failureReason: string | null,
  batch: Pick<PayoutBatchRow, 'sendAt'>,
  now: Date,
): { status: PayoutBatch['rows'][number]['status']; reason: string | null } {
  const waiting = batch.sendAt !== null && batch.sendAt > now
  switch (row.state) {
    case 'refused':
      return { status: 'refused', reason: row.reason }
    case 'ready':
      return { status: 'ready', reason: null }
    case 'queued':
      return { status: waiting ? 'scheduled' : 'pending', reason: null }
    case 'not_sent':
      return { status: 'failed', reason: row.reason }
    case 'sent':
      if (transfer === 'success') return { status: 'sent', reason: null }
      if (transfer === 'failed') return { status: 'failed', reason: failureReason ?? 'The bank declined the transfer' }
      return { status: 'pending', reason: null }
    case 'cancelled':
      return { status: 'cancelled', reason: null }
  }
}
