import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/*
 * Every table carries vendor_id and every query filters by it: that is the tenant boundary today and the
 * distribution column if the schema moves to Citus/Yugabyte. Money columns are bigint kobo read as JS numbers:
 * Number.MAX_SAFE_INTEGER kobo is ~90 trillion naira, far beyond any single wallet.
 */

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID())
const vendorId = () =>
  text('vendor_id')
    .notNull()
    .references(() => vendors.id)
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const kobo = (name: string) => bigint(name, { mode: 'number' })

export const vendors = pgTable('vendors', {
  id: id(),
  name: text('name').notNull(),
  url: text('url').unique(),
  email: text('email').notNull(),
  phone: text('phone'),
  status: text('status', { enum: ['pending_verification', 'under_review', 'approved', 'rejected'] })
    .notNull()
    .default('pending_verification'),
  createdAt: createdAt(),
})

export const users = pgTable(
  'users',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    /** Stored lower-cased: logins compare lower-cased input, so "Ada@X.ng" and "ada@x.ng" are one account. */
    email: text('email').notNull().unique(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    /** Transaction PIN (scrypt); null until the user sets one. */
    pinHash: text('pin_hash'),
    /** Wrong PIN entries since the last success; the money flows lock the PIN at 5. */
    pinAttempts: integer('pin_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('users_vendor_idx').on(t.vendorId)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    vendorId: vendorId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** sha256 of the bearer token: a database leak does not hand out live sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.vendorId, t.userId)],
)

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    vendorId: vendorId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['password_reset', 'pin_change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.vendorId, t.userId, t.purpose)],
)

export const outlets = pgTable(
  'outlets',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    email: text('email'),
    phone: text('phone'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (t) => [index('outlets_vendor_idx').on(t.vendorId)],
)

export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    vendorId: vendorId(),
    outletId: text('outlet_id').references(() => outlets.id),
    /**
     * main/outlet hold the vendor's money and never go below zero. external is the double-entry counterpart of
     * money arriving from or leaving to banks (it goes negative as money comes in); fees collects charges.
     */
    kind: text('kind', { enum: ['main', 'outlet', 'external', 'fees'] }).notNull(),
    balance: kobo('balance').notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    /** 10-digit NUBAN of the virtual account that receives bank transfers (main and outlet wallets). */
    accountNumber: text('account_number').unique(),
    accountName: text('account_name'),
    bankName: text('bank_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallets_vendor_idx').on(t.vendorId, t.kind),
    // One main, one external and one fees wallet per vendor; one wallet per outlet.
    uniqueIndex('wallets_vendor_kind_uq').on(t.vendorId, t.kind).where(sql`outlet_id is null`),
    uniqueIndex('wallets_outlet_uq').on(t.vendorId, t.outletId).where(sql`outlet_id is not null`),
    // The ledger refuses overdrafts itself; this is the database's own guarantee if code ever forgets.
    check('wallets_no_overdraft', sql`${t.kind} in ('external', 'fees') or ${t.balance} >= 0`),
  ],
)

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    vendorId: vendorId(),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id),
    outletId: text('outlet_id').references(() => outlets.id),
    type: text('type', { enum: ['credit', 'debit'] }).notNull(),
    status: text('status', { enum: ['success', 'pending', 'failed'] }).notNull(),
    amount: kobo('amount').notNull(),
    fee: kobo('fee').notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    reference: text('reference').notNull().unique(),
    sessionId: text('session_id'),
    narration: text('narration'),
    originatorAccountName: text('originator_account_name'),
    originatorBankName: text('originator_bank_name'),
    originatorAccountNumber: text('originator_account_number'),
    beneficiaryAccountName: text('beneficiary_account_name'),
    beneficiaryBankName: text('beneficiary_bank_name'),
    beneficiaryAccountNumber: text('beneficiary_account_number'),
    customerId: text('customer_id'),
    isOffline: boolean('is_offline').notNull().default(false),
    isPos: boolean('is_pos').notNull().default(false),
    hasMatchingOrder: boolean('has_matching_order').notNull().default(false),
    hasShareableOrder: boolean('has_shareable_order').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    index('transactions_wallet_created_idx').on(t.vendorId, t.walletId, t.createdAt.desc()),
    check('transactions_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
)

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: vendorId(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id),
    /** Signed kobo: positive credits the wallet, negative debits it. The entries of a transaction sum to zero. */
    amount: kobo('amount').notNull(),
    balanceAfter: kobo('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_wallet_idx').on(t.vendorId, t.walletId, t.id),
    index('ledger_entries_transaction_idx').on(t.vendorId, t.transactionId),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
)

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    vendorId: vendorId(),
    key: text('key').notNull(),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.key] })],
)

export type VendorRow = typeof vendors.$inferSelect
export type UserRow = typeof users.$inferSelect
export type WalletRow = typeof wallets.$inferSelect
export type TransactionRow = typeof transactions.$inferSelect
export type NewTransaction = typeof transactions.$inferInsert
