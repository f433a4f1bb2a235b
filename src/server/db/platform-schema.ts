import { randomUUID } from 'node:crypto'

import { sql } from 'drizzle-orm'
import { bigint, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

import { users, vendors } from './schema'

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
    /** Kobo, as a bank's statement shows it; null on transfers kept before migration 0021. */
    amount: bigint('amount', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_bank_transfers_settles_check', sql`${t.settlesAs} is null or ${t.status} = 'pending'`),
    index('sandbox_bank_transfers_created_idx').on(t.createdAt),
  ],
)

/**
 * Credits the sandbox bank notified us of, as its own statement has them (decision 146): what reconciliation reads
 * as the bank's side of inbound money, recorded when the sandbox's notice is received, before our ledger credits it.
 */
export const sandboxBankCredits = pgTable(
  'sandbox_bank_credits',
  {
    providerReference: text('provider_reference').primaryKey(),
    sessionId: text('session_id').notNull().unique(),
    accountNumber: text('account_number').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_bank_credits_amount_check', sql`${t.amount} > 0`), index('sandbox_bank_credits_created_idx').on(t.createdAt)],
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

/**
 * Accounts the sandbox bank holds in a person's or a business's name (money/sandbox-names.ts, migration 0023): opened
 * with a vendor's virtual account, so its owner has an account in their own name to settle into.
 */
export const sandboxNamedAccounts = pgTable(
  'sandbox_named_accounts',
  {
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sandbox_named_accounts_pk', columns: [t.bankCode, t.accountNumber] })],
)

export type StoredFileRow = typeof storedFiles.$inferSelect
export type SandboxBankTransferRow = typeof sandboxBankTransfers.$inferSelect

/**
 * Paystack's transfer recipients (money/paystack/transfers.ts, migration 0018): the recipient code Paystack gave a
 * destination account, created once and reused by every later send to it.
 */
export const paystackRecipients = pgTable(
  'paystack_recipients',
  {
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    recipientCode: text('recipient_code').notNull(),
    accountName: text('account_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'paystack_recipients_pk', columns: [t.bankCode, t.accountNumber] })],
)

/**
 * The one durable job queue (src/server/jobs/, decision 141): background work of every feature, claimed by one
 * worker at a time (FOR UPDATE SKIP LOCKED), retried with back-off. locked_by/locked_until are the claim's lease.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** pending (waiting or running), done, or failed after max_attempts. */
    state: text('state', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claims made so far: a claim counts as an attempt, so a job whose process died mid-run uses one too. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Enqueueing twice with one key is one job (whatever became of the first). */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('pending', 'done', 'failed')`),
    check('jobs_attempts_check', sql`${t.maxAttempts} > 0 and ${t.attempts} >= 0`),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`state = 'pending'`),
  ],
)

/** The sandbox's record of the virtual accounts it gave (sandbox-bank.ts): asked again, it answers the same. */
export const sandboxVirtualAccounts = pgTable('sandbox_virtual_accounts', {
  walletId: text('wallet_id').primaryKey(),
  accountNumber: text('account_number').notNull().unique(),
  accountName: text('account_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export type JobRow = typeof jobs.$inferSelect

/**
 * One row per open event stream (GET /api/events) of any process, refreshed by its heartbeat and closed when it
 * ends (events/stream-presence.ts): whether a person's app is open, as every process sees it (decision 151). A row
 * whose process died stops being fresh at seen_until.
 */
export const eventStreamPresence = pgTable(
  'event_stream_presence',
  {
    id: text('id').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    /** Whose app: the payment SMS counts the owner's streams only. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    seenUntil: timestamp('seen_until', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('event_stream_presence_user_idx').on(t.userId, t.seenUntil)],
)
