import { randomUUID } from 'node:crypto'

import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
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

/** Column helpers shared with sales-schema.ts. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID())
export const vendorId = () =>
  text('vendor_id')
    .notNull()
    .references(() => vendors.id)
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const kobo = (name: string) => bigint(name, { mode: 'number' })
/** An index column matching `order by … desc` exactly (drizzle's .desc() alone says NULLS LAST, which does not). */
export const newestFirst = (column: AnyPgColumn) => sql`${column} desc`

export const vendors = pgTable('vendors', {
  id: id(),
  name: text('name').notNull(),
  url: text('url').unique(),
  email: text('email').notNull(),
  phone: text('phone'),
  /** The business address printed on invoices, receipts and statements (issue 42); free text, null until set. */
  address: text('address'),
  /** The Tax Identification Number printed on invoices and receipts (issue 42), as typed (digits, one hyphen). */
  tin: text('tin'),
  status: text('status', { enum: ['pending_verification', 'under_review', 'approved', 'rejected'] })
    .notNull()
    .default('pending_verification'),
  /** Who bears collection charges on customer payments. */
  chargeBearer: text('charge_bearer', { enum: ['vendor', 'customer'] })
    .notNull()
    .default('vendor'),
  /** Off by default: money may only leave for the settlement account until the owner turns this on with the PIN. */
  thirdPartyTransfers: boolean('third_party_transfers').notNull().default(false),
  /** Where payouts go; set from a name enquiry, so the name is the bank's, not typed. */
  settlementAccountNumber: text('settlement_account_number'),
  settlementBankCode: text('settlement_bank_code'),
  settlementAccountName: text('settlement_account_name'),
  /** A new settlement account takes payouts only from then (cooling-off, decision 143); null: usable. */
  settlementUsableFrom: timestamp('settlement_usable_from', { withTimezone: true }),
  /** The last usable settlement account while a new one cools off: payouts may still go there, and cancel restores it. */
  previousSettlementAccountNumber: text('previous_settlement_account_number'),
  previousSettlementBankCode: text('previous_settlement_bank_code'),
  previousSettlementAccountName: text('previous_settlement_account_name'),
  /** When the owner entered the SMS code sent at registration (onboarding's first step). */
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  /**
   * When the owner was shown "Congratulations, ready to start selling": the first sign-in after approval sets it,
   * once (a vendor created already approved, like the demo, starts with it set).
   */
  welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
  /** The owner's opt-in to an SMS for each payment received while the app is closed (issue 37, decision 151). */
  paymentSms: boolean('payment_sms').notNull().default(false),
  createdAt: createdAt(),
})

export const users = pgTable(
  'users',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    /**
     * Stored lower-cased: logins compare lower-cased input, so "Ada@X.ng" and "ada@x.ng" are one account. Null
     * only for a member invited by phone who has not accepted (they give an email when they accept).
     */
    email: text('email').unique(),
    phone: text('phone'),
    /** Null only for a member who has not accepted an invitation (invited, or deactivated before accepting). */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** invited: a team member who has not accepted yet (see team-schema.ts invitations). */
    status: text('status', { enum: ['invited', 'active', 'inactive'] })
      .notNull()
      .default('active'),
    /** Transaction PIN (scrypt); null until the user sets one. */
    pinHash: text('pin_hash'),
    /** Wrong PIN entries since the last success; the money flows lock the PIN at 5. */
    pinAttempts: integer('pin_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_vendor_idx').on(t.vendorId),
    // Whoever can sign in has both. A member who never accepted lacks them, invited or (deactivated) inactive.
    check('users_credentials_when_active', sql`${t.status} <> 'active' or (${t.email} is not null and ${t.passwordHash} is not null)`),
  ],
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

/**
 * Devices a user has signed in from (OWASP's device cookies): the device keeps a random token, only its hash is
 * stored. Sign-in guesses from a known device are counted apart from everyone else's, so a burst of guesses from
 * strangers cannot lock the real owner out.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    vendorId: vendorId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.vendorId, t.userId)],
)

/**
 * Changes to where a vendor's money may go (settlement account, third-party transfers), with who made them and
 * when: the record an owner or an auditor reads after a payout went somewhere unexpected.
 */
export const vendorAuditEvents = pgTable(
  'vendor_audit_events',
  {
    id: id(),
    vendorId: vendorId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    detail: jsonb('detail')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_audit_events_vendor_created_idx').on(t.vendorId, newestFirst(t.createdAt))],
)

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    vendorId: vendorId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** pin_reset holds the session key a verified PIN-change OTP hands out (step 2 → step 3). */
    purpose: text('purpose', { enum: ['password_reset', 'pin_change', 'pin_reset', 'phone_verification'] }).notNull(),
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
  (t) => [
    index('outlets_vendor_idx').on(t.vendorId),
    // Two outlets called "Lekki" and "lekki" would be told apart by nobody.
    uniqueIndex('outlets_vendor_name_uq').on(t.vendorId, sql`lower(${t.name})`),
  ],
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
     * clearing carries money between two of the vendor's own wallets (main ↔ outlet): each side gets its own
     * transaction row with entries that sum to zero, and clearing is back at zero when the database transaction
     * commits.
     */
    kind: text('kind', { enum: ['main', 'outlet', 'external', 'fees', 'clearing'] }).notNull(),
    balance: kobo('balance').notNull().default(0),
    /**
     * How many transactions rows belong to this wallet, kept by the ledger in the same database transaction that
     * inserts one (the wallet row is locked and updated there anyway). An unfiltered list answers its total from
     * here: counting 100,000 index entries per page view costs ~40 ms; this costs nothing.
     */
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    /** 10-digit NUBAN of the virtual account that receives bank transfers (main and outlet wallets). */
    accountNumber: text('account_number').unique(),
    accountName: text('account_name'),
    bankName: text('bank_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallets_vendor_idx').on(t.vendorId, t.kind),
    // One main, one external, one fees and one clearing wallet per vendor; one wallet per outlet.
    uniqueIndex('wallets_vendor_kind_uq')
      .on(t.vendorId, t.kind)
      .where(sql`outlet_id is null`),
    uniqueIndex('wallets_outlet_uq')
      .on(t.vendorId, t.outletId)
      .where(sql`outlet_id is not null`),
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
    /** CBN code of the beneficiary's bank: the recovery job needs it to re-submit a transfer. */
    beneficiaryBankCode: text('beneficiary_bank_code'),
    customerId: text('customer_id'),
    customerName: text('customer_name'),
    orderReference: text('order_reference'),
    /**
     * On a transfer between two of the vendor's own wallets (main ↔ outlet, decision 043): the kind of wallet on
     * the other side ('main' on the outlet's row, 'outlet' on the main wallet's), and the outlet's name as it was
     * then, as a bank statement keeps a payer's name (decision 112). Null on money to or from a bank.
     */
    counterpartyKind: text('counterparty_kind', { enum: ['main', 'outlet'] }),
    outletName: text('outlet_name'),
    failureReason: text('failure_reason'),
    /** The Idempotency-Key of the send that created this row: a second guarantee of one transfer per key. */
    idempotencyKey: text('idempotency_key'),
    /** The banking provider's reference of an inbound credit: a repeated notice finds the first credit. */
    providerReference: text('provider_reference'),
    isOffline: boolean('is_offline').notNull().default(false),
    isPos: boolean('is_pos').notNull().default(false),
    hasMatchingOrder: boolean('has_matching_order').notNull().default(false),
    hasShareableOrder: boolean('has_shareable_order').notNull().default(false),
    /**
     * An order's reference when this credit was paid into that order's own account after it closed (decision 147):
     * an offline credit then, which the vendor is shown as unattached until they match it to an order.
     */
    paidIntoOrderAccount: text('paid_into_order_account'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    // The list reads `created_at desc, id desc` (SQL's DESC puts nulls first): these indexes have that exact order,
    // so page 1 of 100,000 rows reads 20 index entries instead of sorting them all. Status and type filters alike.
    index('transactions_wallet_created_idx').on(t.vendorId, t.walletId, newestFirst(t.createdAt), newestFirst(t.id)),
    index('transactions_wallet_status_created_idx').on(t.vendorId, t.walletId, t.status, newestFirst(t.createdAt), newestFirst(t.id)),
    index('transactions_wallet_type_created_idx').on(t.vendorId, t.walletId, t.type, newestFirst(t.createdAt), newestFirst(t.id)),
    // "Did this payment arrive?" by amount (issue 22): one exact amount of one wallet, newest first.
    index('transactions_wallet_amount_created_idx').on(t.vendorId, t.walletId, t.amount, newestFirst(t.createdAt), newestFirst(t.id)),
    // An order's payments and refunds are the transactions carrying its reference.
    index('transactions_order_reference_idx')
      .on(t.vendorId, t.orderReference)
      .where(sql`order_reference is not null`),
    index('transactions_customer_created_idx')
      .on(t.vendorId, t.customerId, t.createdAt.desc())
      .where(sql`customer_id is not null`),
    // The recovery job scans pending transfers of every vendor; the partial index stays tiny.
    index('transactions_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    uniqueIndex('transactions_idempotency_uq')
      .on(t.vendorId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    uniqueIndex('transactions_provider_reference_uq')
      .on(t.vendorId, t.providerReference)
      .where(sql`provider_reference is not null`),
    // One bank transfer is one NIP session: a notice of it under a second provider reference credits nothing
    // (issue 35). Only notices carry a provider reference, so a send's own session ID is not held against it.
    uniqueIndex('transactions_provider_session_uq')
      .on(t.vendorId, t.sessionId)
      .where(sql`provider_reference is not null`),
    // The unattached credits (decision 147): few, listed newest first.
    index('transactions_paid_into_order_account_idx')
      .on(t.vendorId, t.createdAt.desc())
      .where(sql`paid_into_order_account is not null`),
    check('transactions_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    // An own transfer names both its counterparty and its outlet; money from or to a bank names neither.
    check(
      'transactions_counterparty_named',
      sql`(${t.counterpartyKind} is null and ${t.outletName} is null) or (${t.counterpartyKind} in ('main', 'outlet') and ${t.outletName} is not null)`,
    ),
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
    // A statement's edges (decision 178): the wallet's first entry at or after a Lagos midnight, one index read.
    index('ledger_entries_wallet_created_idx').on(t.vendorId, t.walletId, t.createdAt, t.id),
    index('ledger_entries_transaction_idx').on(t.vendorId, t.transactionId),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
)

/**
 * Per wallet and Lagos day, what transaction analytics report (decision 161): a month's or a year's totals read a
 * row per day, not every transaction. Kept by triggers on transactions (migration 0026), in the writer's own
 * database transaction: nothing in the code writes it. Counts are signed sums, so a day can fall back to zero.
 */
export const transactionDayTotals = pgTable(
  'transaction_day_totals',
  {
    vendorId: vendorId(),
    walletId: text('wallet_id')
      .notNull()
      .references(() => wallets.id),
    /** The Lagos calendar day (lagos_day(created_at)). */
    day: date('day', { mode: 'string' }).notNull(),
    creditAmount: kobo('credit_amount').notNull().default(0),
    creditCount: bigint('credit_count', { mode: 'number' }).notNull().default(0),
    debitAmount: kobo('debit_amount').notNull().default(0),
    debitFees: kobo('debit_fees').notNull().default(0),
    debitCount: bigint('debit_count', { mode: 'number' }).notNull().default(0),
    successCount: bigint('success_count', { mode: 'number' }).notNull().default(0),
    pendingCount: bigint('pending_count', { mode: 'number' }).notNull().default(0),
    failedCount: bigint('failed_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'transaction_day_totals_pk', columns: [t.vendorId, t.walletId, t.day] })],
)

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    vendorId: vendorId(),
    key: text('key').notNull(),
    /**
     * Who claimed the key. A replay by anyone else is refused (a member must not read another's stored answer);
     * null only on rows claimed before keys were scoped to users.
     */
    userId: text('user_id'),
    endpoint: text('endpoint').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /**
     * The lease of the process that claimed the key (http/claim-owners.ts): while that process lives it holds an
     * advisory lock on this number; once the lock is gone, so is the request, and its claim is stale at once.
     * Null on PGlite, in tests without a lease, and on claims made before leases (then only age tells, decision 072).
     */
    ownerLease: integer('owner_lease'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.key] }),
    // Keys are kept 24 hours; the housekeeping job deletes older ones by this index.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/**
 * A name enquiry's answer, kept so a transfer or settlement change can only go to an account the bank named:
 * single-use (used_at), short-lived (expires_at) and scoped to the vendor that asked.
 */
export const nameEnquiries = pgTable(
  'name_enquiries',
  {
    id: id(),
    vendorId: vendorId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    requestId: text('request_id').notNull(),
    accountNumber: text('account_number').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('name_enquiries_request_uq').on(t.vendorId, t.requestId), index('name_enquiries_expires_idx').on(t.expiresAt)],
)

/*
 * Catalogue (issue 4). Products and variants are soft-deleted (deleted_at): orders keep pointing at what was sold.
 * Percentages are integer basis points (750 = 7.5 %); flat amounts are kobo.
 */

export const collections = pgTable(
  'collections',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    description: text('description'),
    isVisible: boolean('is_visible').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_vendor_name_uq').on(t.vendorId, sql`lower(${t.name})`),
    index('collections_vendor_created_idx').on(t.vendorId, newestFirst(t.createdAt), newestFirst(t.id)),
  ],
)

export const products = pgTable(
  'products',
  {
    id: id(),
    vendorId: vendorId(),
    collectionId: text('collection_id').references(() => collections.id),
    categoryId: text('category_id'),
    name: text('name').notNull(),
    /**
     * The product's key in a catalogue CSV (decision 177): set by an import (a Shopify file's Handle) or the first
     * export; null until then, when the export derives one from the name. Unique among a vendor's live products.
     */
    handle: text('handle'),
    description: text('description'),
    isPublished: boolean('is_published').notNull().default(false),
    /** [{ name, values[] }] in the vendor's order; variants hold one value of each. */
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    /*
     * Kept from the live variants in the same database transaction that changes them, so the list filters by
     * price and shows stock without reading every variant of 10,000 products.
     */
    minPrice: kobo('min_price').notNull().default(0),
    maxPrice: kobo('max_price').notNull().default(0),
    variantCount: integer('variant_count').notNull().default(0),
    totalUnits: bigint('total_units', { mode: 'number' }).notNull().default(0),
    lowStockCount: integer('low_stock_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('products_vendor_created_idx')
      .on(t.vendorId, newestFirst(t.createdAt), newestFirst(t.id))
      .where(sql`deleted_at is null`),
    index('products_vendor_collection_idx')
      .on(t.vendorId, t.collectionId)
      .where(sql`deleted_at is null`),
    uniqueIndex('products_vendor_handle_uq')
      .on(t.vendorId, t.handle)
      .where(sql`deleted_at is null and handle is not null`),
  ],
)

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    vendorId: vendorId(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** Key in the storage (DATA_DIR/uploads, or the database on PostgreSQL); served at /api/files/{key}. */
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.vendorId, t.productId, t.position)],
)

export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    vendorId: vendorId(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    /** { optionName: value }; {} for a product without options. */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    price: kobo('price').notNull(),
    discountType: text('discount_type', { enum: ['FLAT', 'PERCENTAGE'] }),
    /** Kobo for FLAT, basis points for PERCENTAGE. */
    discountValue: bigint('discount_value', { mode: 'number' }),
    availableUnits: bigint('available_units', { mode: 'number' }).notNull().default(0),
    isAvailable: boolean('is_available').notNull().default(true),
    threshold: bigint('threshold', { mode: 'number' }),
    /** Set when the low-stock notice went out; cleared when stock rises above the threshold, so it fires once per fall. */
    lowStockNotifiedAt: timestamp('low_stock_notified_at', { withTimezone: true }),
    /** Public pay link code; replaced on regenerate, which kills the old link. */
    paylinkCode: text('paylink_code'),
    /** The outlet whose stock the pay link sells from (decision 174); null: the main store. */
    paylinkOutletId: text('paylink_outlet_id').references(() => outlets.id),
    qrCodeKey: text('qr_code_key'),
    /** The vendor's own stock code; unique per vendor ignoring case among live variants (decision 175). */
    sku: text('sku'),
    /** What the label's barcode encodes and a scan reads; unique per vendor among live variants (decision 175). */
    barcode: text('barcode'),
    /** What one unit costs the vendor, kobo; only members with VENDOR_INVENTORY see it (decision 175). */
    costPrice: kobo('cost_price'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('product_variants_product_idx').on(t.vendorId, t.productId),
    // Live variants only: a removed product's codes may be given to a new one. Two vendors may share a code.
    uniqueIndex('product_variants_vendor_sku_uq')
      .on(t.vendorId, sql`lower(${t.sku})`)
      .where(sql`sku is not null and deleted_at is null`),
    uniqueIndex('product_variants_vendor_barcode_uq')
      .on(t.vendorId, t.barcode)
      .where(sql`barcode is not null and deleted_at is null`),
    check('product_variants_cost_valid', sql`${t.costPrice} is null or ${t.costPrice} >= 0`),
    uniqueIndex('product_variants_paylink_uq')
      .on(t.paylinkCode)
      .where(sql`paylink_code is not null`),
    check('product_variants_price_positive', sql`${t.price} > 0 and ${t.availableUnits} >= 0`),
    check(
      'product_variants_discount_valid',
      sql`(${t.discountType} is null and ${t.discountValue} is null)
        or (${t.discountType} = 'PERCENTAGE' and ${t.discountValue} between 1 and 10000)
        or (${t.discountType} = 'FLAT' and ${t.discountValue} > 0 and ${t.discountValue} < ${t.price})`,
    ),
  ],
)

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    code: text('code').notNull(),
    valueType: text('value_type', { enum: ['PERCENTAGE', 'FLAT'] }).notNull(),
    /** Basis points for PERCENTAGE, kobo for FLAT. */
    value: bigint('value', { mode: 'number' }).notNull(),
    maxUsage: integer('max_usage').notNull(),
    currentUsage: integer('current_usage').notNull().default(0),
    /** Lagos calendar days, inclusive. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Set when the vendor turns the coupon off; it then applies nowhere until turned back on. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_vendor_code_uq').on(t.vendorId, sql`lower(${t.code})`),
    index('coupons_vendor_created_idx').on(t.vendorId, newestFirst(t.createdAt), newestFirst(t.id)),
    check('coupons_usage_within_max', sql`${t.currentUsage} >= 0 and ${t.currentUsage} <= ${t.maxUsage}`),
    check('coupons_dates_ordered', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'coupons_value_valid',
      sql`(${t.valueType} = 'PERCENTAGE' and ${t.value} between 1 and 10000) or (${t.valueType} = 'FLAT' and ${t.value} > 0)`,
    ),
  ],
)

export const taxes = pgTable(
  'taxes',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    percentageBps: integer('percentage_bps').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('taxes_vendor_name_uq').on(t.vendorId, sql`lower(${t.name})`),
    check('taxes_percentage_valid', sql`${t.percentageBps} between 0 and 10000`),
  ],
)

export const deliveryLocations = pgTable(
  'delivery_locations',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    description: text('description'),
    fee: kobo('fee').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_locations_vendor_idx').on(t.vendorId, t.createdAt), check('delivery_locations_fee_valid', sql`${t.fee} >= 0`)],
)

export type VendorRow = typeof vendors.$inferSelect
export type UserRow = typeof users.$inferSelect
export type WalletRow = typeof wallets.$inferSelect
export type TransactionRow = typeof transactions.$inferSelect
export type NewTransaction = typeof transactions.$inferInsert
export type NameEnquiryRow = typeof nameEnquiries.$inferSelect
export type CollectionRow = typeof collections.$inferSelect
export type ProductRow = typeof products.$inferSelect
export type ProductVariantRow = typeof productVariants.$inferSelect
export type CouponRow = typeof coupons.$inferSelect
export type TaxRow = typeof taxes.$inferSelect
export type DeliveryLocationRow = typeof deliveryLocations.$inferSelect

/**
 * Send Money's limits per vendor (decision 144), in kobo. No row: the defaults (send_debit writes it on the first
 * send and locks it, so a vendor's sends count their Lagos day one at a time). A raise waits for the cooling-off:
 * raised_* apply from raised_from on; a lowering is written to per_transfer/daily at once.
 */
export const vendorSendLimits = pgTable(
  'vendor_send_limits',
  {
    vendorId: text('vendor_id')
      .primaryKey()
      .references(() => vendors.id),
    perTransfer: kobo('per_transfer').notNull().default(500_000_000),
    daily: kobo('daily').notNull().default(2_000_000_000),
    raisedPerTransfer: kobo('raised_per_transfer'),
    raisedDaily: kobo('raised_daily'),
    raisedFrom: timestamp('raised_from', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'vendor_send_limits_positive',
      sql`${t.perTransfer} > 0 AND ${t.daily} > 0 AND coalesce(${t.raisedPerTransfer}, 1) > 0 AND coalesce(${t.raisedDaily}, 1) > 0`,
    ),
  ],
)
export type VendorSendLimitsRow = typeof vendorSendLimits.$inferSelect
