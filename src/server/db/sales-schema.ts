import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

import { ORDER_EVENT_KINDS, ORDER_STATUSES } from '#contract/orders'

import {
  coupons,
  createdAt,
  deliveryLocations,
  id,
  kobo,
  newestFirst,
  outlets,
  productVariants,
  transactions,
  users,
  vendorId,
} from './schema'

/*
 * Sales (issue 5): customers, orders and invoices with their items, timeline and refunds, and disputes.
 * Kept apart from schema.ts so neither file grows past reading size; drizzle sees both (drizzle.config.ts).
 */

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const customers = pgTable(
  'customers',
  {
    id: id(),
    vendorId: vendorId(),
    name: text('name').notNull(),
    /** Lower-cased. A customer is found again by email, phone, or the bank and account they paid from. */
    email: text('email'),
    phone: text('phone'),
    accountNumber: text('account_number'),
    bankName: text('bank_name'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_vendor_email_uq')
      .on(t.vendorId, t.email)
      .where(sql`email is not null`),
    uniqueIndex('customers_vendor_phone_uq')
      .on(t.vendorId, t.phone)
      .where(sql`phone is not null`),
    // A payer is a bank account: the same number at two banks is two people (docs/decisions/038-customer-identity.md).
    uniqueIndex('customers_vendor_bank_account_uq')
      .on(t.vendorId, t.accountNumber, sql`coalesce(${t.bankName}, '')`)
      .where(sql`account_number is not null`),
    // Index-only: an unfiltered page and, with the id in the index, "created since" (customer analytics, decision 158).
    index('customers_vendor_created_idx').on(t.vendorId, newestFirst(t.createdAt), newestFirst(t.id)),
    // A name search reads one vendor's matches (pg_trgm; btree_gin puts the vendor in the same index, decision 158).
    index('customers_vendor_name_trgm_idx').using('gin', t.vendorId, t.name.op('gin_trgm_ops')),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: id(),
    vendorId: vendorId(),
    /** ORD-… or INV-…: what a customer quotes in a transfer's narration to pay it. */
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: ['order', 'invoice'] }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    customerId: text('customer_id').references(() => customers.id),
    /** Copied from the customer so the list needs no join. */
    customerName: text('customer_name'),
    currency: text('currency').notNull().default('NGN'),
    subtotal: kobo('subtotal').notNull(),
    couponId: text('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    discount: kobo('discount').notNull().default(0),
    /** [{ name, bps, amount }] as charged when the order was made; later tax changes do not touch it. */
    taxes: jsonb('taxes').$type<{ name: string; bps: number; amount: number }[]>().notNull().default([]),
    taxTotal: kobo('tax_total').notNull().default(0),
    deliveryLocationId: text('delivery_location_id').references(() => deliveryLocations.id),
    deliveryLocationName: text('delivery_location_name'),
    deliveryFee: kobo('delivery_fee').notNull().default(0),
    /** The total owed: subtotal − discount + taxTotal + deliveryFee. */
    amount: kobo('amount').notNull(),
    amountPaid: kobo('amount_paid').notNull().default(0),
    /** Refunds the bank confirmed. */
    amountRefunded: kobo('amount_refunded').notNull().default(0),
    /** Refunds debited and not yet failed (pending + success): what may still be refunded is amountPaid − this. */
    amountRefundCommitted: kobo('amount_refund_committed').notNull().default(0),
    itemCount: integer('item_count').notNull(),
    narration: text('narration'),
    /** An invoice's optional due date, a Lagos day; never before the day it was made. */
    dueDate: date('due_date', { mode: 'string' }),
    isShareable: boolean('is_shareable').notNull().default(false),
    /** Random code of the public page (/checkout/{code}); only for shareable orders. */
    publicCode: text('public_code').unique(),
    /** Units were taken from stock when the first payment arrived; given back on a full refund. */
    stockReserved: boolean('stock_reserved').notNull().default(false),
    /** { variantId: units } actually taken (fewer than ordered when stock was short): what a full refund gives back. */
    reservedUnits: jsonb('reserved_units').$type<Record<string, number>>().notNull().default({}),
    /** The Idempotency-Key of the request that created it: a replay after a crash finds this order (decision 081). */
    idempotencyKey: text('idempotency_key'),
    /** The offline credit this order was created for (POST /order with transactionReference). */
    transactionId: text('transaction_id').references(() => transactions.id),
    createdBy: text('created_by').references(() => users.id),
    /** The outlet the order was made at, whose stock it takes (decision 174); null: the main store. */
    outletId: text('outlet_id').references(() => outlets.id),
    /** An invoice's number in its vendor's gapless sequence (INV-000123, decision 191); null for an order. */
    invoiceNumber: integer('invoice_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_vendor_invoice_number_uq')
      .on(t.vendorId, t.invoiceNumber)
      .where(sql`invoice_number is not null`),
    // The lists read newest first within a kind, optionally by status: page 1 of 10,000 reads 20 index entries.
    // Without a kind (GET /order?page=1) the first index serves; before it, 100,000 orders were sorted per page.
    // The customer at the end (after the unique id, so it orders nothing): who was active in a range is read from
    // the index alone (customer analytics, decision 158).
    index('orders_vendor_created_customer_idx').on(t.vendorId, newestFirst(t.createdAt), newestFirst(t.id), t.customerId),
    index('orders_vendor_kind_created_idx').on(t.vendorId, t.kind, newestFirst(t.createdAt), newestFirst(t.id)),
    index('orders_vendor_kind_status_created_idx').on(t.vendorId, t.kind, t.status, newestFirst(t.createdAt), newestFirst(t.id)),
    // A customer's orders newest first, and their totals from the index alone: the money columns trail the unique id
    // (INCLUDE in effect; drizzle has no INCLUDE), so a customer with 100,000 orders is never read row by row (158).
    index('orders_vendor_customer_totals_idx').on(
      t.vendorId,
      t.customerId,
      newestFirst(t.createdAt),
      newestFirst(t.id),
      t.amountPaid,
      t.amountRefunded,
    ),
    index('orders_vendor_shareable_idx')
      .on(t.vendorId, newestFirst(t.createdAt))
      .where(sql`is_shareable`),
    uniqueIndex('orders_transaction_uq')
      .on(t.transactionId)
      .where(sql`transaction_id is not null`),
    uniqueIndex('orders_vendor_idempotency_key_uq')
      .on(t.vendorId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check(
      'orders_money_valid',
      sql`${t.amount} > 0 and ${t.amountPaid} >= 0 and ${t.amountRefunded} >= 0
        and ${t.amountRefunded} <= ${t.amountRefundCommitted} and ${t.amountRefundCommitted} <= ${t.amountPaid}`,
    ),
  ],
)

/**
 * How many orders and invoices each vendor has: the total of an unfiltered list page, which otherwise counts every
 * row on every page (decision 078). Written in the transaction that inserts the order (countOrder); orders are
 * never deleted.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    vendorId: vendorId(),
    kind: text('kind').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.kind] })],
)

/**
 * How many customers, and of them anonymous, each vendor has: the total of an unfiltered customers list and of
 * customer analytics, which otherwise count every customer on every call (decision 158, as 078 for orders). Written
 * in the transaction that inserts a customer or makes one named (customers/counts.ts); customers are never deleted.
 */
export const customerCounts = pgTable('customer_counts', {
  vendorId: vendorId().primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  anonymousCount: bigint('anonymous_count', { mode: 'number' }).notNull().default(0),
})

/**
 * Each customer's newest order per vendor (decision 171): customer analytics over a range that no order comes after
 * (TODAY, LAST_WEEK, LAST_MONTH) count the customers whose newest order is in it, instead of every order of the
 * range. Kept by triggers on orders (migration 0030) in the writer's own transaction; `customer_created_at` is the
 * customer's `created_at` (a trigger on customers keeps it), so returning customers are counted from this row alone.
 */
export const customerLastOrders = pgTable(
  'customer_last_orders',
  {
    vendorId: vendorId(),
    customerId: text('customer_id').notNull(),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }).notNull(),
    customerCreatedAt: timestamp('customer_created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.customerId] }),
    index('customer_last_orders_vendor_last_idx').on(t.vendorId, t.lastOrderAt, t.customerCreatedAt),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    vendorId: vendorId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** Null for a custom line. Variants are soft-deleted, so the row it points at stays. */
    variantId: text('variant_id').references(() => productVariants.id),
    productId: text('product_id'),
    name: text('name').notNull(),
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    unitPrice: kobo('unit_price').notNull(),
    /** The variant's cost price when the order was made, kobo: later cost edits do not rewrite past margins (175). */
    unitCost: kobo('unit_cost'),
    quantity: integer('quantity').notNull(),
    amount: kobo('amount').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.vendorId, t.orderId, t.position),
    check('order_items_valid', sql`${t.quantity} > 0 and ${t.unitPrice} > 0 and ${t.amount} = ${t.unitPrice} * ${t.quantity}`),
  ],
)

export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    vendorId: vendorId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    message: text('message').notNull(),
    amount: kobo('amount'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.vendorId, t.orderId, t.createdAt)],
)

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    vendorId: vendorId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    /** The pending debit that sends the money to the payer; its outcome is the refund's. */
    transactionId: text('transaction_id')
      .notNull()
      .unique()
      .references(() => transactions.id),
    amount: kobo('amount').notNull(),
    status: text('status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    failureReason: text('failure_reason'),
    requestedBy: text('requested_by').references(() => users.id),
    /** A refunded invoice's credit note (CN-000001, decision 191): numbered when the refund reaches the payer. */
    creditNoteNumber: integer('credit_note_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.vendorId, t.orderId),
    uniqueIndex('refunds_vendor_credit_note_uq')
      .on(t.vendorId, t.creditNoteNumber)
      .where(sql`credit_note_number is not null`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * An order's own temporary account at the banking provider (issue 36, decisions 147/148): money into it pays the
 * order with no narration. `status` is what was last known; a credit checks expires_at and the order's status too.
 */
export const orderPaymentAccounts = pgTable(
  'order_payment_accounts',
  {
    id: id(),
    vendorId: vendorId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    accountNumber: text('account_number').notNull().unique(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    /** The provider's reference of the charge (Paystack's), which its notice of the payment carries. */
    providerReference: text('provider_reference').notNull(),
    /** Kobo asked for when the account was made (the amount then due). */
    amount: kobo('amount').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['active', 'expired', 'closed'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_payment_accounts_order_idx').on(t.vendorId, t.orderId, newestFirst(t.createdAt)),
    // Paystack's payment into an order's account is told under its charge's reference (money/paystack/webhook.ts).
    index('order_payment_accounts_provider_reference_idx').on(t.providerReference),
    check('order_payment_accounts_status_check', sql`${t.status} in ('active', 'expired', 'closed')`),
    check('order_payment_accounts_amount_check', sql`${t.amount} > 0`),
  ],
)

/** The same for every vendor; seeded by the migration that creates it. */
export const disputeCategories = pgTable('dispute_categories', {
  id: text('id').primaryKey(),
  category: text('category').notNull().unique(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
})

export const disputes = pgTable(
  'disputes',
  {
    id: id(),
    vendorId: vendorId(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    orderReference: text('order_reference').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => disputeCategories.id),
    status: text('status', { enum: ['open', 'escalated', 'resolved'] })
      .notNull()
      .default('open'),
    escalationReason: text('escalation_reason'),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disputes_vendor_created_idx').on(t.vendorId, newestFirst(t.createdAt), newestFirst(t.id)),
    index('disputes_vendor_order_idx').on(t.vendorId, t.orderId),
  ],
)

export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: id(),
    vendorId: vendorId(),
    disputeId: text('dispute_id')
      .notNull()
      .references(() => disputes.id),
    author: text('author', { enum: ['vendor', 'customer', 'admin'] }).notNull(),
    authorName: text('author_name').notNull(),
    userId: text('user_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dispute_messages_dispute_idx').on(t.vendorId, t.disputeId, t.createdAt)],
)

export type CustomerRow = typeof customers.$inferSelect
export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderEventRow = typeof orderEvents.$inferSelect
export type RefundRow = typeof refunds.$inferSelect
export type DisputeRow = typeof disputes.$inferSelect
export type DisputeMessageRow = typeof disputeMessages.$inferSelect
export type DisputeCategoryRow = typeof disputeCategories.$inferSelect
export type OrderPaymentAccountRow = typeof orderPaymentAccounts.$inferSelect
