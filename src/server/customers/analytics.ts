import { and, count, countDistinct, eq, gte, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm'

import type { CustomerAnalytics, CustomerBreakdown } from '#contract/customers'

import { lagosBuckets } from '../analytics'
import type { Db } from '../db/client'
import { customers, orders } from '../db/sales-schema'

/*
 * Customer analytics over [start, end] (both inclusive, like the transaction analytics):
 *   new       = customers created in the range;
 *   active    = distinct customers with an order or invoice created in the range;
 *   returning = active customers created before the range started;
 *   total and anonymous count every customer the vendor has, whenever they came.
 */

const tally = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number)

const createdIn = (start: Date, end: Date) => and(gte(customers.createdAt, start), lte(customers.createdAt, end))!

const ordersIn = (vendorId: string, start: Date, end: Date) =>
  and(eq(orders.vendorId, vendorId), isNotNull(orders.customerId), gte(orders.createdAt, start), lte(orders.createdAt, end))

export async function customerAnalytics(db: Db, vendorId: string, start: Date, end: Date): Promise<CustomerAnalytics> {
  const [[people], [activity]] = await Promise.all([
    db
      .select({
        totalCustomers: count(),
        newCustomers: tally(createdIn(start, end)),
        anonymousCustomers: tally(eq(customers.isAnonymous, true)),
      })
      .from(customers)
      .where(eq(customers.vendorId, vendorId)),
    db
      .select({
        activeCustomers: countDistinct(orders.customerId),
        returningCustomers: sql<number>`count(distinct ${orders.customerId}) filter (where ${lt(customers.createdAt, start)})`.mapWith(
          Number,
        ),
      })
      .from(orders)
      .innerJoin(customers, and(eq(customers.vendorId, orders.vendorId), eq(customers.id, orders.customerId)))
      .where(ordersIn(vendorId, start, end)),
  ])
  return { startDate: start.toISOString(), endDate: end.toISOString(), ...people!, ...activity! }
}

/** New and active customers per hour (a day or less) or per Lagos day, every bucket present. */
export async function customerBreakdown(db: Db, vendorId: string, start: Date, end: Date): Promise<CustomerBreakdown> {
  const buckets = lagosBuckets(start, end)
  const [created, active] = await Promise.all([
    db
      .select({ index: buckets.index(customers.createdAt), n: count() })
      .from(customers)
      .where(and(eq(customers.vendorId, vendorId), createdIn(start, end)))
      .groupBy(sql`1`),
    db
      .select({ index: buckets.index(orders.createdAt), n: countDistinct(orders.customerId) })
      .from(orders)
      .where(ordersIn(vendorId, start, end))
      .groupBy(sql`1`),
  ])
  const newBy = new Map(created.map((row) => [row.index, row.n]))
  const activeBy = new Map(active.map((row) => [row.index, row.n]))
  return {
    bucket: buckets.bucket,
    points: buckets.points().map(({ index, label, start: at }) => ({
      label,
      start: at,
      newCustomers: newBy.get(index) ?? 0,
      activeCustomers: activeBy.get(index) ?? 0,
    })),
  }
}
