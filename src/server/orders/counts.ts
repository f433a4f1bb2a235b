import { and, eq, sql, sum } from 'drizzle-orm'

import type { OrderKind } from '#contract/orders'

import type { Db, Tx } from '../db/client'
import { orderCounts } from '../db/sales-schema'

/*
 * A vendor's order and invoice counts (decision 078): an unfiltered list page reads one row for its total instead
 * of counting 100,000 orders on every page. Every insert of an order goes through countOrder in the same
 * transaction, so the count cannot drift; orders are never deleted.
 */

/** One more order of `kind` for the vendor. The row lock it takes serialises only that vendor's creations. */
export async function countOrder(tx: Tx, vendorId: string, kind: OrderKind): Promise<void> {
  await tx
    .insert(orderCounts)
    .values({ vendorId, kind, count: 1 })
    .onConflictDoUpdate({ target: [orderCounts.vendorId, orderCounts.kind], set: { count: sql`${orderCounts.count} + 1` } })
}

/** How many orders of `kind` (of both kinds without one) the vendor has. */
export async function orderCount(db: Db, vendorId: string, kind?: OrderKind): Promise<number> {
  const [row] = await db
    .select({ total: sum(orderCounts.count).mapWith(Number) })
    .from(orderCounts)
    .where(and(eq(orderCounts.vendorId, vendorId), kind ? eq(orderCounts.kind, kind) : undefined))
  return row?.total ?? 0
}
