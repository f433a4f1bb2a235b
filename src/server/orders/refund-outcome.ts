import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import type { TransactionRow } from '../db/schema'
import { type OrderRow, orders, type RefundRow, refunds } from '../db/sales-schema'
import { addOrderEvent } from './events'
import { naira } from '../naira'
import { lockOrderById } from './queries'
import { returnStock } from './stock'

/*
 * A refund's outcome is its debit's outcome. transfers.ts settles a pending debit (the request's own answer, a
 * late answer, or the recovery job) and calls these inside the same database transaction, so the order can never
 * disagree with its money. This file must not import transfers.ts (transfers.ts imports it).
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
 * Applies the settled debit to its refund and order. Success: the refund is done, the order refunded (SPEC §4, a
 * partial refund too), and a refund of everything paid gives the stock back. Failure (the debit was reversed): the
 * amount may be refunded again and the order shows refund-failed with the bank's reason.
 */
export async function refundSettled(tx: Tx, { refund, order }: RefundLock, settled: TransactionRow, at: Date): Promise<void> {
  if (settled.status === 'pending') return
  const scope = and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id))
  const ok = settled.status === 'success'
  await tx
    .update(refunds)
    .set({ status: settled.status, failureReason: ok ? null : settled.failureReason, updatedAt: at })
    .where(and(eq(refunds.vendorId, refund.vendorId), eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
  const [updated] = await tx
    .update(orders)
    .set(
      ok
        ? { amountRefunded: sql`${orders.amountRefunded} + ${refund.amount}`, status: 'refunded', updatedAt: at }
        : { amountRefundCommitted: sql`${orders.amountRefundCommitted} - ${refund.amount}`, status: 'refund-failed', updatedAt: at },
    )
    .where(scope)
    .returning()
  await addOrderEvent(
    tx,
    order,
    ok
      ? { kind: 'refund', message: `Refund of ${naira(refund.amount)} reached the customer’s account`, amount: refund.amount }
      : {
          kind: 'refund',
          message: `Refund of ${naira(refund.amount)} failed (${settled.failureReason ?? 'declined by the bank'}); the money is back in your wallet`,
          amount: refund.amount,
        },
    at,
  )
  if (ok && updated!.amountRefunded === updated!.amountPaid) await returnStock(tx, updated!, at)
}
