import { formatDate } from '#app/lib/dates'
import { formatKobo } from '#contract/naira'
import type { Order, PublicOrder } from '#contract/orders'

/*
 * What an invoice says when it is shared (issue 22), apart from its PDF (invoice-pdf.ts, loaded on demand): the
 * file's name, its due date as the app writes dates, and the message that goes with the link.
 */

export const invoiceFileName = (order: Pick<Order, 'reference'>): string => `Invoice ${order.reference}.pdf`

/** The due date as 15/12/2026, or null without one. A Lagos day is read at its noon, so no time zone moves it. */
export function invoiceDueText(order: Pick<Order, 'dueDate'>): string | null {
  return order.dueDate ? formatDate(`${order.dueDate}T12:00:00`) : null
}

/**
 * The message sent with the payment link: what is due, by when, and how to pay. The reference to quote is the
 * invoice number: a transfer quoting it in its narration pays the invoice (server orders/inbound.ts).
 */
export function invoiceShareText(order: Order, publicOrder: PublicOrder | null): string {
  const what = order.kind === 'invoice' ? 'Invoice' : 'Order'
  const from = publicOrder?.vendorName ? ` from ${publicOrder.vendorName}` : ''
  const due = invoiceDueText(order)
  const owed = formatKobo(Math.max(order.amount - order.amountPaid, 0), order.currency)
  const payTo = publicOrder?.payTo
  return [
    `${what} ${order.reference}${from}: ${owed} to pay${due ? ` by ${due}` : ''}.`,
    ...(payTo ? [`Pay by bank transfer to ${payTo.bankName}, ${payTo.accountNumber} (${payTo.accountName}).`] : []),
    `Quote ${order.reference} in the transfer's narration.`,
  ].join('\n')
}

/** The public page's code, from its address (…/checkout/{code}): what GET /order/public takes. */
export function publicCodeOf(publicUrl: string): string | null {
  const match = /\/checkout\/([A-Za-z0-9_-]{8,64})\/?$/.exec(publicUrl)
  return match ? match[1]! : null
}
