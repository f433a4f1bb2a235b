import { randomBytes } from 'node:crypto'

import { and, eq } from 'drizzle-orm'

import { nairaText } from '#contract/naira'
import type { OrderItemInput, OrderKind } from '#contract/orders'
import { orderTotals } from '#contract/pricing'

import { newPayLinkCode } from '../catalogue/paylinks'
import type { LowStockNotice } from '../catalogue/stock'
import { type CustomerLookup, findOrCreateCustomer } from '../customers/upsert'
import type { Db, Tx } from '../db/client'
import { orderItems, type OrderRow, orders } from '../db/sales-schema'
import { type TransactionRow, transactions } from '../db/schema'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import { findTransaction, unclaimedOfflineCredit } from '../money/transaction-queries'
import { redeemCoupon } from '../selling-terms/coupons'
import { countOrder } from './counts'
import { nextDocumentNumber } from './document-numbers'
import { checkDueDate } from './due-date'
import { addOrderEvent } from './events'
import { activeDeliveryLocation, priceLines, taxesByIds } from './lines'
import { applyPayment } from './payments'

/** Who is acting: the signed-in team member (the seed acts as the owner). */
export interface OrderActor {
  vendorId: string
  userId: string | null
  name: string | null
}

export interface NewOrder {
  kind: OrderKind
  customerId?: string
  customer?: { name: string; email?: string | null; phone?: string | null }
  items: readonly OrderItemInput[]
  couponCode?: string
  taxIds: readonly string[]
  deliveryLocationId?: string
  /** The outlet it is made at, whose units it checks and takes (decision 174); null or absent: the main store. */
  outletId?: string | null
  narration?: string | null
  /** Invoices only: yyyy-MM-dd (a Lagos day), not before the day the invoice is made. */
  dueDate?: string | null
  /** An offline credit this order is for: it pays the order and is matched to it, once. */
  transactionReference?: string
  /** With a public page the customer opens to pay. */
  shareable?: boolean
  /** The request's Idempotency-Key, kept on the order so a replay after a crash answers it (decision 081). */
  idempotencyKey?: string
}

/** Crockford's base32: no I, L, O or U, so a reference read out over the phone is not misheard. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** ORD-7Q2K91XM or INV-…: 8 characters (40 bits), what a customer quotes in a transfer's narration. */
export function newOrderReference(kind: OrderKind): string {
  // 256 is a multiple of 32, so masking a byte keeps every character equally likely.
  const body = [...randomBytes(8)].map((byte) => REFERENCE_ALPHABET[byte & 31]).join('')
  return `${kind === 'invoice' ? 'INV' : 'ORD'}-${body}`
}

/**
 * Takes the offline credit for this order with one conditional UPDATE: of two orders created for it at once,
 * the second waits for the first and then finds it taken (409). A credit that does not qualify says why.
 */
async function claimCredit(tx: Tx, vendorId: string, reference: string, at: Date) {
  const [claimed] = await tx
    .update(transactions)
    .set({ hasMatchingOrder: true, updatedAt: at })
    .where(and(unclaimedOfflineCredit(vendorId), eq(transactions.reference, reference)))
    .returning()
  if (claimed) return claimed
  const row = await findTransaction(tx, vendorId, { reference })
  const why = row.hasMatchingOrder
    ? `This transaction already has a matching order${row.orderReference ? ` (${row.orderReference})` : ''}`
    : row.type !== 'credit'
      ? 'Only money received (a credit) can be matched to an order'
      : row.status !== 'success'
        ? `This transaction is ${row.status}; only a successful credit can be matched to an order`
        : row.isPos
          ? 'This transaction is marked as POS, so it cannot be matched to an order'
          : 'Only an offline transaction can be matched to an order'
  throw new ApiError(409, 'TRANSACTION_NOT_MATCHABLE', why)
}

/**
 * Who the order is for. An order for a credit is its payer's (docs/decisions/129, 088): the customer the credit
 * already names, else the one its bank and account make; the contract refuses a body naming someone else. Without
 * a credit: named, picked, or (naming nobody) a new anonymous customer.
 */
async function orderCustomer(tx: Tx, vendorId: string, input: NewOrder, credit: TransactionRow | undefined, at: Date) {
  let lookup: CustomerLookup = { anonymous: true }
  if (credit) {
    if (credit.customerId) lookup = { customerId: credit.customerId }
    else if (credit.originatorAccountNumber) lookup = { account: payerAccount(credit, credit.originatorAccountNumber) }
  } else if (input.customerId) lookup = { customerId: input.customerId }
  else if (input.customer) lookup = { customer: input.customer }
  return findOrCreateCustomer(tx, vendorId, lookup, at)
}

const payerAccount = (credit: TransactionRow, accountNumber: string) => ({
  accountNumber,
  accountName: credit.originatorAccountName ?? 'Bank customer',
  bankName: credit.originatorBankName ?? '',
})

const keyReused = () =>
  new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for an earlier order; use a new key for a new order')

/** The order a request with this Idempotency-Key created, if one committed. */
export async function orderByIdempotencyKey(db: Db | Tx, vendorId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), eq(orders.idempotencyKey, key)))
  return row
}

/** Inserts the order under a fresh reference (and public code), trying again on the rare clash. */
async function insertOrder(tx: Tx, values: Omit<typeof orders.$inferInsert, 'reference' | 'publicCode'>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({ ...values, reference: newOrderReference(values.kind), publicCode: values.isShareable ? newPayLinkCode() : null })
      .onConflictDoNothing()
      .returning()
    if (row) {
      await countOrder(tx, row.vendorId, row.kind)
      return row
    }
    // Not a reference clash but the key's own guard: an order already exists for it (its answer expired).
    if (values.idempotencyKey && (await orderByIdempotencyKey(tx, values.vendorId, values.idempotencyKey))) throw keyReused()
  }
  throw new Error('Could not find a free order reference after 5 tries')
}

/**
 * Creates an order or invoice, all in one database transaction: the customer, one use of the coupon, the order
 * with totals from orderTotals (contract/pricing.ts, the app's preview uses the same), its items, the "created"
 * line of its timeline and, for an offline credit, the credit's payment. Any refusal (422/404/409) is thrown
 * before the transaction commits, so nothing of a refused order remains. Answers the low-stock notices to send
 * after commit (a credit pays the order at once, which takes its stock).
 */
export async function createOrder(
  db: Db,
  actor: OrderActor,
  input: NewOrder,
  at: Date,
): Promise<{ order: OrderRow; notices: LowStockNotice[] }> {
  const { vendorId } = actor
  checkDueDate(input.kind, input.dueDate, at)
  const [lines, taxRates, delivery] = await Promise.all([
    priceLines(db, vendorId, input.items, input.outletId ?? null),
    taxesByIds(db, vendorId, input.taxIds),
    input.deliveryLocationId ? activeDeliveryLocation(db, vendorId, input.deliveryLocationId) : null,
  ])
  return db.transaction(async (tx) => {
    const credit = input.transactionReference ? await claimCredit(tx, vendorId, input.transactionReference, at) : undefined
    const customer = await orderCustomer(tx, vendorId, input, credit, at)
    const coupon = input.couponCode ? await redeemCoupon(tx, vendorId, input.couponCode, at) : null
    const totals = orderTotals({
      lines,
      coupon: coupon ? { type: coupon.valueType, value: coupon.value } : null,
      taxes: taxRates,
      deliveryFee: delivery?.fee ?? 0,
    })
    if (totals.total <= 0) throw validationError([{ path: 'couponCode', message: 'leaves nothing to pay on this order' }])
    // Numbered only now, after every refusal above: a refused invoice takes no number, so none is skipped (191).
    const invoiceNumber = input.kind === 'invoice' ? await nextDocumentNumber(tx, vendorId, 'invoice') : null
    const order = await insertOrder(tx, {
      vendorId,
      kind: input.kind,
      customerId: customer.id,
      customerName: customer.name,
      subtotal: totals.subtotal,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      discount: totals.discount,
      taxes: totals.taxes,
      taxTotal: totals.taxTotal,
      deliveryLocationId: delivery?.id ?? null,
      deliveryLocationName: delivery?.name ?? null,
      deliveryFee: totals.deliveryFee,
      outletId: input.outletId ?? null,
      invoiceNumber,
      amount: totals.total,
      itemCount: lines.length,
      narration: input.narration ?? null,
      dueDate: input.dueDate ?? null,
      isShareable: Boolean(input.shareable),
      transactionId: credit?.id ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      createdBy: actor.userId,
      createdAt: at,
      updatedAt: at,
    })
    await tx
      .insert(orderItems)
      .values(lines.map((line, position) => ({ vendorId, orderId: order.id, ...line, amount: line.unitPrice * line.quantity, position })))
    const what = input.kind === 'invoice' ? 'Invoice' : 'Order'
    const created = { kind: 'created', message: `${what} created for ${nairaText(order.amount)}`, amount: order.amount } as const
    await addOrderEvent(tx, order, { ...created, actorName: actor.name }, at)
    if (input.shareable) {
      await addOrderEvent(tx, order, { kind: 'shared', message: 'Payment page created for the customer', actorName: actor.name }, at)
    }
    if (!credit) return { order, notices: [] }
    // The credit now names the order and its customer (the claim above only took it).
    await tx
      .update(transactions)
      .set({ orderReference: order.reference, customerId: customer.id, customerName: customer.name })
      .where(and(eq(transactions.vendorId, vendorId), eq(transactions.id, credit.id)))
    return applyPayment(tx, order, credit, at)
  })
}
