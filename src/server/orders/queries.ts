import { and, eq } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
import { type OrderRow, orders } from '../db/sales-schema'
import { notFound } from '../errors'

const byReference = (vendorId: string, reference: string) =>
  and(eq(orders.vendorId, vendorId), eq(orders.reference, reference.trim().toUpperCase()))

/** One order of this vendor by reference; another vendor's is "not found", never 403. */
export async function findOrder(db: Db, vendorId: string, reference: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(byReference(vendorId, reference))
  if (!row) throw notFound('Order')
  return row
}

/**
 * The order's row, locked until the caller's transaction ends. Everything that changes an order's money or
 * status takes this lock first, before any transaction row or wallet (one lock order: order → wallets → stock).
 */
export async function lockOrder(tx: Tx, vendorId: string, reference: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(byReference(vendorId, reference)).for('update')
  if (!row) throw notFound('Order')
  return row
}

export async function lockOrderById(tx: Tx, vendorId: string, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), eq(orders.id, id)))
    .for('update')
  return row
}
