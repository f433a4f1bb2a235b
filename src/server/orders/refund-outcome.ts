import { and, eq } from 'drizzle-orm'

import { nairaText } from '#contract/naira'
import type { OrderStatus } from '#contract/orders'

import type { Tx } from '../db/client'
import { type OrderRow, orders, type RefundRow, refunds } from '../db/sales-schema'
import type { TransactionRow } from '../db/schema'
import { orderRefunded } from '../webhooks/events'
import { nextDocumentNumber } from './document-numbers'
import { addOrderEvent } from './events'
import { statusAfterPayment } from './payments'
import { lockOrderById } from './queries'
import { returnStock } from './stock'

/*
 * A refund's outcome is its debit's outcome. money/transfers.ts settles a pending debit (the request's own answer, a
 * late answer, or the recovery job) and calls these inside the same database transaction, so the order can never
 * disagree with its money. Lock order: order → transaction → wallets → the vendor's credit-note counter → stock. This file must not import money/transfers.ts (which imports it).
 */

export interface RefundLock {
  refund: RefundRow
  order: OrderRow
}

/**
 * When the pending debit is a refund, locks its order: first, before the debit's row and the wallets, the lock
 * order every money path follows (order → transaction → wallets → stock). Null for an ordinary transfer.
 */
export async function lockRefundOf(tx: Tx, row: Pick<TransactionRow, 'vendorId' | 'id' | 'orderReference'>): Promise<RefundLock | null> {
  if (!row.orderReference) return null
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.vendorId, row.vendorId), eq(refunds.transactionId, row.id)))
  if (!refund) return null
  const order = await lockOrderById(tx, row.vendorId, refund.orderId)
  return order ? { refund, order } : null
}

/**
 * Everything paid went back: refunded. A partial refund that was pending on its own (started after a failed one):
 * the order's status is its money's again. Otherwise it stays as it is (a partial refund, or another pending
 * refund that returns the rest still holds it at refund-pending).
 */
function statusAfterSuccess(order: OrderRow, refunded: number): { status?: OrderStatus } {
  if (refunded >= order.amountPaid) return { status: 'refunded' }
  // A success keeps its amount committed, so this is what every refund sent or on its way adds up to.
  if (order.status === 'refund-pending' && order.amountRefundCommitted < order.amountPaid)
    return { status: statusAfterPayment(order.amount, order.amountPaid) }
  return {}
}

/**
 * Applies the settled debit to its refund and order. Success: the refund is done; the order is refunded only when
 * everything paid has gone back (then the stock comes back too): a partial refund keeps the order's status and
 * its way to fulfilment (docs/decisions/089). Failure (the debit was reversed): the amount may be refunded again;
 * an order that was waiting on a full refund shows refund-failed with the bank's reason, one that was not keeps
 * its status (the timeline says what happened).
 */
export async function refundSettled(tx: Tx, { refund, order }: RefundLock, settled: TransactionRow, at: Date): Promise<void> {
  if (settled.status === 'pending') return
  const scope = and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id))
  const ok = settled.status === 'success'
  const [decided] = await tx
    .update(refunds)
    .set({ status: settled.status, failureReason: ok ? null : settled.failureReason, updatedAt: at })
    .where(and(eq(refunds.vendorId, refund.vendorId), eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id })
  // Money back on an invoice is documented by a credit note (decision 191), numbered only once the refund reached
  // the payer and only by the settlement that decided it, so a failed or repeated settlement spends no number.
  if (ok && decided && order.kind === 'invoice') {
    const creditNoteNumber = await nextDocumentNumber(tx, order.vendorId, 'credit_note')
    await tx
      .update(refunds)
      .set({ creditNoteNumber })
      .where(and(eq(refunds.vendorId, refund.vendorId), eq(refunds.id, refund.id)))
  }
  const refunded = order.amountRefunded + refund.amount
  const committed = order.amountRefundCommitted - refund.amount
  const [updated] = await tx
    .update(orders)
    .set(
      ok
        ? { amountRefunded: refunded, ...statusAfterSuccess(order, refunded), updatedAt: at }
        : {
            amountRefundCommitted: committed,
            // Still refund-pending only while another pending refund still covers everything paid.
            ...(order.status === 'refund-pending' && committed < order.amountPaid ? { status: 'refund-failed' as const } : {}),
            updatedAt: at,
          },
    )
    .where(scope)
    .returning()
  await addOrderEvent(
    tx,
    order,
    ok
      ? { kind: 'refund', message: `Refund of ${nairaText(refund.amount)} reached the customer’s account`, amount: refund.amount }
      : {
          kind: 'refund',
          message: `Refund of ${nairaText(refund.amount)} failed (${settled.failureReason ?? 'declined by the bank'}); the money is back in your wallet`,
          amount: refund.amount,
        },
    at,
  )
  if (ok) await orderRefunded(tx, updated!, refund, settled, at)
  if (ok && updated!.amountRefunded === updated!.amountPaid) await returnStock(tx, updated!, at)
}
