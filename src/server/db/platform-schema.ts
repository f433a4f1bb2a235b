import { sql } from 'drizzle-orm'
import { bigint, check, customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/*
 * What several API processes on one PostgreSQL must see alike and that used to live in one process (decision
 * 103): uploaded files, which were on that process's disk, and the sandbox bank's memory of transfers. Neither
 * belongs to a vendor: a file's key is global and random, and the sandbox stands in for a bank outside us.
 */

/** bytea as Uint8Array on both drivers: pg answers a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
})

/**
 * Uploads when the database is PostgreSQL (DatabaseStorage): the bytes under the same random keys DiskStorage
 * uses as file names, so a file moved from disk (npm run uploads:to-db) keeps its URL.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** A storage key (storage.ts: `[private-]<22 chars>.<ext>`), checked before any query uses it. */
    key: text('key').primaryKey(),
    /** What the bytes were sniffed as when stored; the key's extension says the same. */
    contentType: text('content_type', { enum: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] }).notNull(),
    data: bytea('data').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stored_files_content_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')`),
    check('stored_files_size_check', sql`${t.size} = octet_length(${t.data})`),
  ],
)

/**
 * The sandbox bank's own records (money/sandbox-bank.ts), not our ledger: what it answered for each transfer
 * reference. A real bank is one system for every API process and outlives our restarts; so is this table.
 */
export const sandboxBankTransfers = pgTable(
  'sandbox_bank_transfers',
  {
    /** Our transaction reference, on which the bank deduplicates. */
    reference: text('reference').primaryKey(),
    status: text('status', { enum: ['success', 'failed', 'pending'] }).notNull(),
    sessionId: text('session_id'),
    failureReason: text('failure_reason'),
    /** What the next status query turns a pending transfer into; null once it has (or for one never pending). */
    settlesAs: text('settles_as', { enum: ['success', 'failed'] }),
    settlesFailureReason: text('settles_failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_bank_transfers_settles_check', sql`${t.settlesAs} is null or ${t.status} = 'pending'`)],
)

/** The sandbox bank's per-order payment accounts (money/sandbox-payment-accounts.ts), as Paystack keeps its charges. */
export const sandboxPaymentAccounts = pgTable('sandbox_payment_accounts', {
  orderReference: text('order_reference').primaryKey(),
  accountNumber: text('account_number').notNull().unique(),
  providerReference: text('provider_reference').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type StoredFileRow = typeof storedFiles.$inferSelect
export type SandboxBankTransferRow = typeof sandboxBankTransfers.$inferSelect
