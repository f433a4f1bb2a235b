import * as v from 'valibot'

import { accountNumber, bankCode, pin } from './banking'
import { amountKobo, id, kobo, page, pageQuery } from './common'
import { endpoint } from './endpoint'

/*
 * Payouts in bulk (issue 42, decision 192): the vendor sends a list of rows; the server resolves each row's name with
 * the same name enquiry a single send uses and answers the review (names, total, charges, refused rows). One PIN
 * confirms the batch; each row is then sent by its own job through the single send's debit, once, under a key made
 * from the batch and the row. The batch answers each row's outcome; a sent row's receipt is its transaction's.
 */

/** Rows in one batch: a phone reviews them in one list, and name enquiries for them finish within the request. */
export const MAX_BATCH_ROWS = 100
/** How far ahead a batch may be scheduled: its names were resolved today, and a month is as far as they are trusted. */
export const MAX_SCHEDULE_DAYS = 30

/**
 * What a row shows. refused: its name was not resolved (`reason`), it is never sent. ready: awaiting the PIN.
 * scheduled: confirmed for a later time (the batch's `sendAt`). pending: confirmed, being sent or awaiting the bank.
 * sent: the bank took it. failed: refused at the send or by the bank (`reason`), its money returned. cancelled: its
 * batch was cancelled before any row started (decision 196), it is never sent.
 */
export const BATCH_ROW_STATUSES = ['refused', 'ready', 'scheduled', 'pending', 'sent', 'failed', 'cancelled'] as const
/** review → confirmed; confirmed → cancelled while no row has started (decision 196). */
export const BATCH_STATUSES = ['review', 'confirmed', 'cancelled'] as const

const narration = v.optional(v.pipe(v.string('must be text'), v.trim(), v.maxLength(100, 'must be at most 100 characters')))

export const BatchRowInput = v.object({ accountNumber, bankCode, amount: amountKobo, narration })

export const PayoutBatchRow = v.object({
  id: v.string(),
  /** The row's place in what the vendor sent, from 1. */
  position: v.number(),
  accountNumber: v.string(),
  bankCode: v.string(),
  bankName: v.nullable(v.string()),
  /** The bank's name for the account (name enquiry), or null for a refused row. */
  accountName: v.nullable(v.string()),
  amount: kobo,
  /** The transfer charge by the single send's rule (contract/charges.ts). */
  fee: kobo,
  narration: v.nullable(v.string()),
  status: v.picklist(BATCH_ROW_STATUSES),
  reason: v.nullable(v.string()),
  /** The row's transfer once sent: its receipt is GET /transaction's for this id. */
  transactionId: v.nullable(v.string()),
})
export type PayoutBatchRow = v.InferOutput<typeof PayoutBatchRow>

/** A batch without its rows: what the list of bulk payouts shows of it, and what the batch view begins with. */
const batchFigures = {
  id: v.string(),
  status: v.picklist(BATCH_STATUSES),
  /** Sum of the resolved rows' amounts (kobo); refused rows are not in it. */
  total: kobo,
  totalFee: kobo,
  rowCount: v.number(),
  refusedCount: v.number(),
  confirmedAt: v.nullable(v.string()),
  /** When the rows are (to be) sent, if later than the confirmation (ISO); null: at once. */
  sendAt: v.nullable(v.string()),
  /** When the batch was cancelled (ISO); null unless `status` is cancelled. */
  cancelledAt: v.nullable(v.string()),
  createdAt: v.string(),
}

export const PayoutBatch = v.object({
  ...batchFigures,
  /** Confirm before this instant (ISO): the names were resolved for a short while only. */
  reviewExpiresAt: v.string(),
  rows: v.array(PayoutBatchRow),
})
export type PayoutBatch = v.InferOutput<typeof PayoutBatch>

/** How many of a batch's rows stand at each outcome (the statuses a confirmed or cancelled batch's rows can have). */
export const BatchOutcomes = v.object({
  scheduled: v.number(),
  pending: v.number(),
  sent: v.number(),
  failed: v.number(),
  cancelled: v.number(),
})
export type BatchOutcomes = v.InferOutput<typeof BatchOutcomes>

/**
 * A batch as the list of bulk payouts shows it (decision 199): its figures and how many rows stand where, not the
 * rows. GET /transfer/batch answers the whole batch.
 */
export const PayoutBatchSummary = v.object({ ...batchFigures, outcomes: BatchOutcomes })
export type PayoutBatchSummary = v.InferOutput<typeof PayoutBatchSummary>

export const payoutBatchEndpoints = {
  createPayoutBatch: endpoint({
    method: 'POST',
    path: '/transfer/batches',
    status: 201,
    summary:
      'Review a bulk payout: resolves every row’s account name (name enquiry) and answers the rows, the total, the charges and the rows that cannot be sent. Moves no money.',
    permission: 'VENDOR_TRANSFERS',
    idempotent: true,
    body: v.object({
      rows: v.pipe(
        v.array(BatchRowInput, 'must be a list of rows'),
        v.minLength(1, 'must have at least one row'),
        v.maxLength(MAX_BATCH_ROWS, `must have at most ${MAX_BATCH_ROWS} rows`),
      ),
    }),
    response: PayoutBatch,
    errors: ['RATE_LIMITED'],
  }),
  confirmPayoutBatch: endpoint({
    method: 'POST',
    path: '/transfer/batches/confirm',
    summary:
      'Send a reviewed batch, now or at `sendAt`: one PIN for all its rows, the limits and balance checked for its total; each row is then sent once, in the background.',
    permission: 'VENDOR_TRANSFERS',
    idempotent: true,
    body: v.object({
      batchId: id,
      pin,
      /** Send later (ISO instant, at most MAX_SCHEDULE_DAYS ahead); absent: send now. */
      sendAt: v.optional(v.pipe(v.string('must be a date and time'), v.isoTimestamp('must be an ISO date and time'))),
    }),
    response: PayoutBatch,
    errors: [
      'NOT_FOUND',
      'INVALID_PIN',
      'PIN_LOCKED',
      'PIN_NOT_SET',
      'PIN_CHANGED',
      'BATCH_REVIEW_EXPIRED',
      'BATCH_NOTHING_TO_SEND',
      'INSUFFICIENT_FUNDS',
      'TRANSFER_LIMIT_EXCEEDED',
      'DAILY_LIMIT_EXCEEDED',
    ],
  }),
  cancelPayoutBatch: endpoint({
    method: 'POST',
    path: '/transfer/batches/cancel',
    summary:
      'Cancel a confirmed batch (a scheduled one) before it starts sending: none of its rows is sent and no money moves. Once a row has started, 409 `BATCH_ALREADY_STARTED` and every row goes; cancelling a cancelled batch answers it as it stands.',
    permission: 'VENDOR_TRANSFERS',
    idempotent: true,
    body: v.object({ batchId: id }),
    response: PayoutBatch,
    errors: ['NOT_FOUND', 'BATCH_NOT_CONFIRMED', 'BATCH_ALREADY_STARTED'],
  }),
  payoutBatches: endpoint({
    method: 'GET',
    path: '/transfer/batches',
    summary:
      'The confirmed and cancelled bulk payouts, newest first, each with its totals and how many rows are scheduled, pending, sent, failed or cancelled. A review never confirmed moved no money and is not listed.',
    permission: 'VENDOR_TRANSFERS',
    query: v.object(pageQuery),
    response: page(PayoutBatchSummary),
  }),
  payoutBatch: endpoint({
    method: 'GET',
    path: '/transfer/batch',
    summary: 'A bulk payout with each row’s status, reason and transaction.',
    permission: 'VENDOR_TRANSFERS',
    query: v.object({ id }),
    response: PayoutBatch,
    errors: ['NOT_FOUND'],
  }),
}
