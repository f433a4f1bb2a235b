import type { Transaction } from '#contract/transactions'

/**
 * The order a transaction refunded, or null. A refund is the one debit that names an order: the server records the
 * money sent back to the payer against the order it refunds (orders/refunds.ts, debitForTransfer).
 */
export function refundedOrder(t: Pick<Transaction, 'type' | 'orderReference'>): string | null {
  return t.type === 'debit' && t.orderReference ? t.orderReference : null
}
