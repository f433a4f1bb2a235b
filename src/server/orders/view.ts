import { and, asc, eq } from 'drizzle-orm'

import { documentNumberText } from '#contract/document-numbers'
import type { Order, PublicOrder } from '#contract/orders'

import type { Db } from '../db/client'
import { customers, orderEvents, orderItems, type OrderPaymentAccountRow, type OrderRow, orders } from '../db/sales-schema'
import { outlets, transactions, vendors } from '../db/schema'
import { ApiError } from '../errors'
import { vendorWallet } from '../money/ledger'
import { businessDetails } from '../vendor/business'
import {
  ensurePaymentAccount,
  LAZY_PAYMENT_ACCOUNT_WAIT_MS,
  type PaymentAccountDeps,
  shownPaymentAccount,
  toPaymentAccount,
  unattachedPaymentsOf,
} from './payment-accounts'
import { findOrder } from './queries'
import { nextRefundAccount, nextRefundAmount, orderPayments, orderRefunds, refundAccounts } from './refund-accounts'
import { canRefund } from './refunds'
import { allowedStatuses } from './status'
import { toOrderSummary } from './summary'

/** The absolute URL of a shareable order's public page; the PWA's public /checkout/$code route shows it. */
export const checkoutUrl = (origin: string, code: string) => `${origin}/checkout/${code}`

/** Each tax as charged when the order was made, its rate as a percentage (750 basis points: 7.5). */
export const taxLines = (order: OrderRow) => order.taxes.map((tax) => ({ name: tax.name, percentage: tax.bps / 100, amount: tax.amount }))

const itemsOf = (db: Db, order: OrderRow) =>
  db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.vendorId, order.vendorId), eq(orderItems.orderId, order.id)))
    .orderBy(asc(orderItems.position))

/**
 * GET /order/single: everything about one order, each part read by its own index. `now` says whether its payment
 * account still lasts (the handler asked for one first where it may make one, payment-accounts.ts).
 */
export async function orderView(
  db: Db,
  vendorId: string,
  reference: string,
  origin: string,
  now: Date,
  /** The account ensurePaymentAccount just answered, so that it is not read twice. */
  known?: { payAccount: OrderPaymentAccountRow | null },
): Promise<Order> {
  const order = await findOrder(db, vendorId, reference)
  const [items, customer, payments, refundRows, events, source, payAccount, unattachedPayments, outlet] = await Promise.all([
    itemsOf(db, order),
    order.customerId
      ? db
          .select()
          .from(customers)
          .where(and(eq(customers.vendorId, vendorId), eq(customers.id, order.customerId)))
          .then((rows) => rows[0])
      : undefined,
    orderPayments(db, order),
    orderRefunds(db, order),
    db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.vendorId, vendorId), eq(orderEvents.orderId, order.id)))
      .orderBy(asc(orderEvents.createdAt)),
    order.transactionId
      ? db
          .select({ reference: transactions.reference })
          .from(transactions)
          .where(and(eq(transactions.vendorId, vendorId), eq(transactions.id, order.transactionId)))
          .then((rows) => rows[0])
      : undefined,
    known ? known.payAccount && toPaymentAccount(known.payAccount) : shownPaymentAccount(db, order, now),
    unattachedPaymentsOf(db, order),
    order.outletId
      ? db
          .select({ id: outlets.id, name: outlets.name })
          .from(outlets)
          .where(and(eq(outlets.vendorId, vendorId), eq(outlets.id, order.outletId)))
          .then((rows) => rows[0] ?? null)
      : null,
  ])
  const accounts = refundAccounts(
    payments,
    refundRows.map(({ refund, accountNumber, bankName }) => ({ amount: refund.amount, status: refund.status, accountNumber, bankName })),
  )
  const refundableAmount = nextRefundAmount(order, accounts)
  const refundTo = refundableAmount > 0 ? nextRefundAccount(accounts) : null
  return {
    ...toOrderSummary(order),
    customer: customer
      ? { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, isAnonymous: customer.isAnonymous }
      : null,
    items: items.map((item) => ({
      id: item.id,
      variantId: item.variantId,
      productId: item.productId,
      name: item.name,
      options: item.options,
      unitPrice: item.unitPrice,
      unitCost: item.unitCost,
      quantity: item.quantity,
      amount: item.amount,
    })),
    subtotal: order.subtotal,
    couponCode: order.couponCode,
    discount: order.discount,
    taxes: taxLines(order),
    taxTotal: order.taxTotal,
    deliveryLocation: order.deliveryLocationId ? { id: order.deliveryLocationId, name: order.deliveryLocationName ?? '' } : null,
    deliveryFee: order.deliveryFee,
    outlet,
    refundableAmount,
    narration: order.narration,
    publicUrl: order.isShareable && order.publicCode ? checkoutUrl(origin, order.publicCode) : null,
    transactionReference: source?.reference ?? null,
    payAccount,
    unattachedPayments,
    payments: payments.map((payment) => ({
      transactionId: payment.id,
      reference: payment.reference,
      amount: payment.amount,
      payerName: payment.originatorAccountName,
      payerBankName: payment.originatorBankName,
      payerAccountNumber: payment.originatorAccountNumber,
      createdAt: payment.createdAt.toISOString(),
    })),
    refunds: refundRows.map(({ refund, reference: transactionReference }) => ({
      id: refund.id,
      amount: refund.amount,
      status: refund.status,
      reason: refund.reason,
      transactionReference,
      failureReason: refund.failureReason,
      creditNoteNumber: refund.creditNoteNumber === null ? null : documentNumberText('credit_note', refund.creditNoteNumber),
      createdAt: refund.createdAt.toISOString(),
    })),
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      message: event.message,
      amount: event.amount,
      actorName: event.actorName,
      createdAt: event.createdAt.toISOString(),
    })),
    allowedStatuses: allowedStatuses(order.status),
    canRefund: canRefund(order) && refundableAmount > 0,
    refundAccount: refundTo && { accountName: refundTo.accountName, bankName: refundTo.bankName, accountNumber: refundTo.accountNumber },
  }
}

const LINK_GONE = 'This order link is no longer valid'

/**
 * GET /order/public: a shareable order of an approved vendor, as its customer sees it: what they buy, what is
 * left to pay and the account to pay into. Nothing private beyond that account and the customer's own name.
 */
export async function publicOrderView(deps: PaymentAccountDeps, code: string): Promise<PublicOrder> {
  const { db } = deps
  const [found] = await db
    .select({ order: orders, vendorName: vendors.name, anonymous: customers.isAnonymous })
    .from(orders)
    // Only an approved vendor takes payments: a shop under review again or rejected stops selling at once.
    .innerJoin(vendors, and(eq(vendors.id, orders.vendorId), eq(vendors.status, 'approved')))
    .leftJoin(customers, and(eq(customers.vendorId, orders.vendorId), eq(customers.id, orders.customerId)))
    .where(and(eq(orders.publicCode, code), eq(orders.isShareable, true)))
  if (!found) throw new ApiError(404, 'ORDER_LINK_NOT_FOUND', LINK_GONE)
  const { order } = found
  // Made here if the order has none yet (the provider was down when it was created, decision 148).
  const account = await ensurePaymentAccount(deps, order, LAZY_PAYMENT_ACCOUNT_WAIT_MS)
  const [items, wallet, business] = await Promise.all([
    itemsOf(db, order),
    vendorWallet(db, order.vendorId, 'main'),
    businessDetails(db, order.vendorId),
  ])
  return {
    reference: order.reference,
    kind: order.kind,
    invoiceNumber: order.invoiceNumber === null ? null : documentNumberText('invoice', order.invoiceNumber),
    status: order.status,
    vendorName: found.vendorName,
    // What the invoice prints of the business, picked field by field: the storage key stays here (decision 195).
    business: {
      name: business.name,
      address: business.address,
      phone: business.phone,
      email: business.email,
      tin: business.tin,
      logoUrl: business.logoUrl,
    },
    customerName: found.anonymous === false ? order.customerName : null,
    currency: order.currency,
    items: items.map((item) => ({ name: item.name, options: item.options, quantity: item.quantity, amount: item.amount })),
    subtotal: order.subtotal,
    discount: order.discount,
    taxes: taxLines(order),
    taxTotal: order.taxTotal,
    deliveryFee: order.deliveryFee,
    amount: order.amount,
    amountPaid: order.amountPaid,
    amountDue: Math.max(order.amount - order.amountPaid, 0),
    amountOverpaid: Math.max(order.amountPaid - order.amount, 0),
    amountRefunded: order.amountRefunded,
    payTo: wallet?.accountNumber
      ? { bankName: wallet.bankName ?? '', accountNumber: wallet.accountNumber, accountName: wallet.accountName ?? '' }
      : null,
    payAccount: account ? toPaymentAccount(account) : null,
    createdAt: order.createdAt.toISOString(),
  }
}
