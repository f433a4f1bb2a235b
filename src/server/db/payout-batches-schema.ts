import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

import { createdAt, id, transactions, users, vendorId } from './schema'

/*
 * Payouts in bulk (issue 42, decision 192). A batch is a list of rows a vendor reviewed (each name resolved by the
 * same name enquiry as a single send) and confirmed once with the PIN. Each confirmed row is then sent by its own
 * `send-payout-row` job through the single send's database function, under the transaction idempotency key
 * `batch:<batch id>:<row id>`: the transactions table's unique (vendor, idempotency_key) is what makes a row pay
 * once, however often its job runs.
 */

/**
 * review → confirmed (rows queued) → cancelled, only while `started_at` is null (decision 196). A batch is never
 * edited: a changed list is a new batch.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: id(),
    vendorId: vendorId(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['review', 'confirmed', 'cancelled'] })
      .notNull()
      .default('review'),
    /** Sum of the resolved rows' amounts and fees (kobo); refused rows count in neither. */
    total: bigint('total', { mode: 'number' }).notNull(),
    totalFee: bigint('total_fee', { mode: 'number' }).notNull(),
    /** The review stands until this instant: the rows' name enquiries expire then, unless confirmed before. */
    reviewExpiresAt: timestamp('review_expires_at', { withTimezone: true }).notNull(),
    /** When the rows are sent: null, at once on confirmation; else the instant their jobs wait for (decision 192). */
    sendAt: timestamp('send_at', { withTimezone: true }),
    confirmedBy: text('confirmed_by').references(() => users.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Set by the first row's job before its debit, by a conditional update of this row that a cancel's own update
     * excludes: of a cancel and the scheduled run, one wins (decision 196).
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payout_batches_vendor_idx').on(t.vendorId, t.createdAt)],
)

/**
 * One payee of a batch. `state`: refused (its name enquiry failed: `reason` says why, never sent), ready (awaiting
 * the PIN), queued (its job will send it), not_sent (the send was refused before any money moved: `reason`), sent
 * (its transfer is `transaction_id`, whose own status says pending, success or failed), cancelled (its batch was
 * cancelled before any row started: never sent).
 */
export const payoutBatchRows = pgTable(
  'payout_batch_rows',
  {
    id: id(),
    vendorId: vendorId(),
    batchId: text('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    accountNumber: text('account_number').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name'),
    accountName: text('account_name'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    narration: text('narration'),
    /** The row's name enquiry, spent by its send (as a single send spends its own). */
    requestId: text('request_id'),
    state: text('state', { enum: ['refused', 'ready', 'queued', 'not_sent', 'sent', 'cancelled'] }).notNull(),
    reason: text('reason'),
    transactionId: text('transaction_id').references(() => transactions.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_batch_rows_position_uq').on(t.batchId, t.position),
    // One transfer per row and one row per transfer.
    uniqueIndex('payout_batch_rows_transaction_uq').on(t.transactionId),
  ],
)

export type PayoutBatchRow = typeof payoutBatches.$inferSelect
export type PayoutBatchRowRow = typeof payoutBatchRows.$inferSelect
