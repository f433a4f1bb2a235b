import { and, count, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'

import type { OrderKind, OrderStatus } from '#contract/orders'

import { averageHalfUp, lagosBuckets } from '../analytics'
import type { Db } from '../db/client'
import { orderItems, orders } from '../db/sales-schema'

/*
 * Orders created in [start, end] (both inclusive, like the transaction analytics). Sales are the money received
 * for them (amount paid), refunds what reached the payers.
 */

const inRange = (vendorId: string, start: Date, end: Date, kind?: OrderKind) =>
  and(eq(orders.vendorId, vendorId), kind ? eq(orders.kind, kind) : undefined, gte(orders.createdAt, start), lte(orders.createdAt, end))

const tally = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)
const sum = (column: typeof orders.amountPaid) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number)
const statusIn = (...statuses: OrderStatus[]) => inArray(orders.status, statuses)

/** The list's filters besides the range: the tiles above a filtered list count what that list holds. */
export interface OrderAnalyticsFilters {
  kind?: OrderKind
  status?: OrderStatus
  customerId?: string
}

/**
 * What the sold goods cost (decision 175): each line's unit cost at the time of sale, for the orders that were paid
 * and not refunded in full (a full refund gives the units back, stock.ts). A partly paid order counts the share of
 * its cost that its payments are of its total, as its sales count only what was paid: its whole cost against a
 * first instalment would understate the profit until the rest arrives. Lines without a cost count as nothing and
 * are counted apart, so the screen can say the profit is overstated.
 */
async function costOfSales(db: Db, where: SQL | undefined) {
  const lines = db
    .select({
      vendorId: orderItems.vendorId,
      orderId: orderItems.orderId,
      cost: sql<number>`coalesce(sum(${orderItems.unitCost} * ${orderItems.quantity}), 0)`.as('cost'),
      uncosted: tally(sql`${orderItems.unitCost} is null`).as('uncosted'),
    })
    .from(orderItems)
    .groupBy(orderItems.vendorId, orderItems.orderId)
    .as('lines')
  const [row] = await db
    .select({
      costOfSales:
        sql<number>`coalesce(sum(round(${lines.cost}::numeric * least(${orders.amountPaid}, ${orders.amount}) / ${orders.amount})), 0)::bigint`.mapWith(
          Number,
        ),
      uncostedItems: sql<number>`coalesce(sum(${lines.uncosted}), 0)::int`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(lines, and(eq(lines.vendorId, orders.vendorId), eq(lines.orderId, orders.id)))
    .where(and(where, sql`${orders.amountPaid} > 0 and ${orders.amountRefunded} < ${orders.amountPaid}`))
  return row!
}

export async function orderAnalytics(db: Db, vendorId: string, start: Date, end: Date, filters: OrderAnalyticsFilters = {}) {
  const where = and(
    inRange(vendorId, start, end, filters.kind),
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.customerId ? eq(orders.customerId, filters.customerId) : undefined,
  )
  const [[totals], cost] = await Promise.all([
    db
      .select({
        orderCount: count(),
        paidCount: tally(statusIn('paid', 'overpayment', 'fulfilled')),
        partiallyPaidCount: tally(statusIn('partially-paid')),
        pendingCount: tally(statusIn('pending')),
        refundedCount: tally(statusIn('refunded', 'refund-pending')),
        totalSales: sum(orders.amountPaid),
        totalRefunded: sum(orders.amountRefunded),
        withPayment: tally(sql`${orders.amountPaid} > 0`),
      })
      .from(orders)
      .where(where),
    costOfSales(db, where),
  ])
  const { withPayment, ...figures } = totals!
  return {
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    ...figures,
    averageOrderValue: averageHalfUp(figures.totalSales, withPayment),
    ...cost,
    grossProfit: figures.totalSales - figures.totalRefunded - cost.costOfSales,
  }
}

/** Orders created and money received for them per hour (a day or less) or per Lagos day, every bucket present. */
export async function orderBreakdown(db: Db, vendorId: string, start: Date, end: Date, kind?: OrderKind) {
  const buckets = lagosBuckets(start, end)
  const rows = await db
    .select({ index: buckets.index(orders.createdAt), count: count(), sales: sum(orders.amountPaid) })
    .from(orders)
    .where(inRange(vendorId, start, end, kind))
    .groupBy(sql`1`)
  const byIndex = new Map(rows.map((row) => [row.index, row]))
  return {
    bucket: buckets.bucket,
    points: buckets.points().map(({ index, label, start: at }) => ({
      label,
      start: at,
      count: byIndex.get(index)?.count ?? 0,
      sales: byIndex.get(index)?.sales ?? 0,
    })),
  }
}
