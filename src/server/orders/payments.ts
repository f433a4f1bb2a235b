import { and, eq } from 'drizzle-orm'

import { nairaText } from '#contract/naira'
import type { OrderStatus } from '#contract/orders'

import type { LowStockNotice } from '../catalogue/stock'
import type { Tx } from '../db/client'
import { type OrderRow, orders } from '../db/sales-schema'
import type { TransactionRow } from '../db/schema'
import { orderPaidIfNow } from '../webhooks/events'
import { addOrderEvent } from './events'
import { reserveStock } from './stock'

/** An order money may still arrive for; a paid order that gets more becomes an overpayment. */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending', 'partially-paid', 'paid', 'overpayment']

export function statusAfterPayment(amount: number, amountPaid: number): OrderStatus {
  if (amountPaid < amount) return 'partially-paid'
  return amountPaid === amount ? 'paid' : 'overpayment'
}

/**
 * Records a credit that reached the wallet as a payment of the order: amount paid, status by how it compares with
 * the total, a timeline line, and on the first payment the order's stock (reserveStock). The one path for both a
 * transfer quoting the reference and an order created from an offline credit. Runs inside the caller's
 * transaction with the order locked (or just created). Answers the updated order and the low-stock notices to
 * send after commit.
 */
export async function applyPayment(
  tx: Tx,
  order: OrderRow,
  credit: Pick<TransactionRow, 'amount' | 'reference'>,
  at: Date,
): Promise<{ order: OrderRow; notices: LowStockNotice[] }> {
  const amountPaid = order.amountPaid + credit.amount
  const status = statusAfterPayment(order.amount, amountPaid)
  const [updated] = await tx
    .update(orders)
    .set({ amountPaid, status, updatedAt: at })
    .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
    .returning()
  await orderPaidIfNow(tx, order, updated!, at)
  const owed = order.amount - amountPaid
  const outcome = owed > 0 ? `${nairaText(owed)} still to pay` : owed === 0 ? 'paid in full' : `${nairaText(-owed)} more than the total`
  await addOrderEvent(
    tx,
    order,
    {
      kind: 'payment',
      message: `Payment of ${nairaText(credit.amount)} received (${credit.reference}): ${outcome}`,
      amount: credit.amount,
    },
    at,
  )
  if (order.amountPaid > 0 || order.stockReserved) return { order: updated!, notices: [] }
  const { reserved, notices } = await reserveStock(tx, updated!, at)
  return { order: { ...updated!, stockReserved: reserved }, notices }
}
