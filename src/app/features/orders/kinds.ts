import type { OrderKind } from '#contract/orders'

/**
 * Orders and invoices are one entity with a kind (contract/orders.ts) and share every screen; only the words and
 * the addresses differ. Links are built from `base` ('/orders', '/invoices').
 */
export interface KindText {
  kind: OrderKind
  /** 'Order', 'Invoice'. */
  title: string
  /** 'Orders', 'Invoices'. */
  plural: string
  /** 'order', 'invoice': in sentences. */
  noun: string
  base: '/orders' | '/invoices'
}

export const KINDS: Record<OrderKind, KindText> = {
  order: { kind: 'order', title: 'Order', plural: 'Orders', noun: 'order', base: '/orders' },
  invoice: { kind: 'invoice', title: 'Invoice', plural: 'Invoices', noun: 'invoice', base: '/invoices' },
}
