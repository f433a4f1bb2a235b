import type { Db, Tx } from '../db/client'
import type { DisputeRow, OrderRow, RefundRow } from '../db/sales-schema'
import type { TransactionRow } from '../db/schema'
import { recordWebhookEvent } from './outbox'

/*
 * Each event type's data, built from the rows the change just wrote and recorded in its transaction (outbox.ts).
 * The key of each names the change, so a change replayed is one event: the credit's transaction, the order's
 * payment in full, the refund, the settled transfer, the dispute's message or its opening.
 */

type Writer = Db | Tx

/** A bank credit recorded (orders/inbound.ts). The credit is unique per provider reference: so is the event. */
export function paymentReceived(tx: Writer, credit: TransactionRow, orderReference: string | null) {
  return recordWebhookEvent(tx, {
    vendorId: credit.vendorId,
    type: 'payment.received',
    key: `payment.received:${credit.id}`,
    subject: `transaction:${credit.id}`,
    at: credit.createdAt,
    data: {
      transactionId: credit.id,
      reference: credit.reference,
      amount: credit.amount,
      walletId: credit.walletId,
      outletId: credit.outletId,
      payerName: credit.originatorAccountName ?? credit.customerName,
      payerAccountNumber: credit.originatorAccountNumber,
      payerBankName: credit.originatorBankName,
      narration: credit.narration,
      orderReference,
      receivedAt: credit.createdAt.toISOString(),
    },
  })
}

const PAID: readonly string[] = ['paid', 'overpayment']

/** A payment took an order to its total (orders/payments.ts): once per order, whatever pays it more later. */
export function orderPaidIfNow(tx: Writer, before: OrderRow, after: OrderRow, at: Date) {
  if (PAID.includes(before.status) || !PAID.includes(after.status)) return Promise.resolve(null)
  return recordWebhookEvent(tx, {
    vendorId: after.vendorId,
    type: 'order.paid',
    key: `order.paid:${after.id}`,
    subject: `order:${after.id}`,
    at,
    data: {
      orderId: after.id,
      reference: after.reference,
      status: after.status,
      amount: after.amount,
      amountPaid: after.amountPaid,
      paidAt: at.toISOString(),
    },
  })
}

/** A refund's debit succeeded (orders/refund-outcome.ts). */
export function orderRefunded(tx: Writer, order: OrderRow, refund: RefundRow, settled: TransactionRow, at: Date) {
  return recordWebhookEvent(tx, {
    vendorId: order.vendorId,
    type: 'order.refunded',
    key: `order.refunded:${refund.id}`,
    subject: `order:${order.id}`,
    at,
    data: {
      orderId: order.id,
      reference: order.reference,
      status: order.status,
      refundId: refund.id,
      amount: refund.amount,
      amountRefunded: order.amountRefunded,
      transactionReference: settled.reference,
      refundedAt: at.toISOString(),
    },
  })
}

/**
 * A pending debit to a bank account settled (money/transfers.ts settle): succeeded or failed, once. `change` is
 * 'reversed' for a transfer the bank reversed after it succeeded (Paystack): a transfer.failed of its own, told
 * after the transfer.succeeded the integrator already had.
 */
export function transferSettled(tx: Writer, row: TransactionRow, at: Date, change: 'settled' | 'reversed' = 'settled') {
  if (row.status === 'pending') return Promise.resolve(null)
  const type = row.status === 'success' ? 'transfer.succeeded' : 'transfer.failed'
  return recordWebhookEvent(tx, {
    vendorId: row.vendorId,
    type,
    key: `transfer.${change}:${row.id}`,
    subject: `transaction:${row.id}`,
    at,
    data: {
      transactionId: row.id,
      reference: row.reference,
      status: row.status,
      amount: row.amount,
      fee: row.fee,
      beneficiaryName: row.beneficiaryAccountName,
      beneficiaryAccountNumber: row.beneficiaryAccountNumber,
      beneficiaryBankCode: row.beneficiaryBankCode,
      narration: row.narration,
      orderReference: row.orderReference,
      failureReason: row.failureReason,
      settledAt: at.toISOString(),
    },
  })
}

/** A dispute opened, escalated or given a message (disputes/): `cause` names the change (its message's id). */
export function disputeUpdated(tx: Writer, dispute: DisputeRow, change: 'opened' | 'escalated' | 'message', cause: string) {
  return recordWebhookEvent(tx, {
    vendorId: dispute.vendorId,
    type: 'dispute.updated',
    key: `dispute.updated:${dispute.id}:${cause}`,
    subject: `dispute:${dispute.id}`,
    at: dispute.updatedAt,
    data: {
      disputeId: dispute.id,
      orderReference: dispute.orderReference,
      title: dispute.title,
      status: dispute.status,
      messageCount: dispute.messageCount,
      change,
      updatedAt: dispute.updatedAt.toISOString(),
    },
  })
}
