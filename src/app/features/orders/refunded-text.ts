import { formatKobo } from '#contract/naira'

/**
 * 'Refunded ₦500.00 of ₦2,000.00': how much of what was paid went back, on the order page and on the customer's
 * payment page alike. A partial refund leaves the order's status as it was (docs/decisions/089), so this line is
 * the only place it shows.
 */
export function refundedOfPaid(order: { amountRefunded: number; amountPaid: number; currency: string }): string {
  return `Refunded ${formatKobo(order.amountRefunded, order.currency)} of ${formatKobo(order.amountPaid, order.currency)}`
}
