/*
 * The status and type lists that the app's URL search validation needs before anything else has loaded. They live
 * apart from the schemas and endpoints: a module goes whole into one chunk, so importing these from orders.ts or
 * transactions.ts would put every order and transaction endpoint in the first-screen bundle (decision 082).
 * orders.ts and transactions.ts re-export them with the rest of their contract.
 */

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'failed',
  'refunded',
  'abandoned',
  'fulfilled',
  'refund-pending',
  'refund-failed',
  'partially-paid',
  'overpayment',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_KINDS = ['order', 'invoice'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

export const TRANSACTION_STATUSES = ['success', 'pending', 'failed'] as const
export const TRANSACTION_TYPES = ['credit', 'debit'] as const
