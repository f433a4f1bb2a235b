import { and, eq } from 'drizzle-orm'

import { type OrderKind, UNPAID_STATUSES } from '#contract/orders'

import { lagosDate, shownDate } from '../analytics'
import type { Db } from '../db/client'
import { type OrderRow, orders } from '../db/sales-schema'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import type { OrderActor } from './create'
import { addOrderEvent } from './events'
import { lockOrder } from './queries'

/**
 * An invoice's due date: none, or a Lagos day from the day the invoice was made on (decision 108). Orders are paid
 * there and then, so they have none.
 */
export function checkDueDate(kind: OrderKind, dueDate: string | null | undefined, issuedAt: Date): void {
  if (!dueDate) return
  if (kind !== 'invoice') throw validationError([{ path: 'dueDate', message: 'only an invoice has a due date' }])
  const issued = lagosDate(issuedAt)
  if (dueDate < issued) throw validationError([{ path: 'dueDate', message: `must not be before the invoice date (${issued})` }])
}

/**
 * PATCH /order/due-date: moves, sets or (null) removes an unpaid invoice's due date, under the invoice's lock so a
 * payment arriving at the same moment is either before it (and the invoice is no longer unpaid) or after it. A
 * paid invoice keeps the date it had: it was met or it was not, and changing it afterwards rewrites the record.
 */
export async function setInvoiceDueDate(
  db: Db,
  actor: OrderActor,
  input: { reference: string; dueDate: string | null },
  at: Date,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor.vendorId, input.reference)
    if (order.kind !== 'invoice') throw validationError([{ path: 'reference', message: 'is an order; only an invoice has a due date' }])
    if (!UNPAID_STATUSES.includes(order.status)) {
      throw new ApiError(409, 'ILLEGAL_STATUS_CHANGE', `This invoice is ${order.status}, so its due date can no longer change.`)
    }
    checkDueDate(order.kind, input.dueDate, order.createdAt)
    if ((order.dueDate ?? null) === input.dueDate) return order
    const [updated] = await tx
      .update(orders)
      .set({ dueDate: input.dueDate, updatedAt: at })
      .where(and(eq(orders.vendorId, order.vendorId), eq(orders.id, order.id)))
      .returning()
    const message = input.dueDate
      ? order.dueDate
        ? `Due date moved from ${shownDate(order.dueDate)} to ${shownDate(input.dueDate)}`
        : `Due date set to ${shownDate(input.dueDate)}`
      : `Due date removed (was ${shownDate(order.dueDate!)})`
    await addOrderEvent(tx, order, { kind: 'due-date', message, actorName: actor.name }, at)
    return updated!
  })
}
