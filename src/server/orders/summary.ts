import { documentNumberText } from '#contract/document-numbers'
import type { OrderSummary } from '#contract/orders'

import type { OrderRow } from '../db/sales-schema'

/** The list row of an order or invoice (also the customers' recent orders and a dispute's order). */
export function toOrderSummary(row: OrderRow): OrderSummary {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    invoiceNumber: row.invoiceNumber === null ? null : documentNumberText('invoice', row.invoiceNumber),
    status: row.status,
    customer: row.customerId ? { id: row.customerId, name: row.customerName ?? 'Customer' } : null,
    itemCount: row.itemCount,
    currency: row.currency,
    amount: row.amount,
    amountPaid: row.amountPaid,
    amountRefunded: row.amountRefunded,
    isShareable: row.isShareable,
    dueDate: row.dueDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
