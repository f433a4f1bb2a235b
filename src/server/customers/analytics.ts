import { and, count, countDistinct, eq, gt, gte, isNotNull, isNull, lt, lte, not, sql } from 'drizzle-orm'

import type { CustomerAnalytics, CustomerBreakdown } from '#contract/customers'

import { lagosBuckets } from '../analytics'
import type { Db } from '../db/client'
import { customerLastOrders, customers, orders } from '../db/sales-schema'
import { customerCount } from './counts'

/*
 * Customer analytics over [start, end] (both inclusive, like the transaction analytics):
 *   new       = customers created in the range;
 *   active    = distinct customers with an order or invoice created in the range;
 *   returning = active customers created before the range started;
 *   total and anonymous count every customer the vendor has, whenever they came.
 * Each is read from what the range holds, never from the vendor's whole history (decision 158): total and anonymous
 * from the vendor's counter row, new from the (vendor_id, created_at) index, active from the orders of the range in
 * (vendor_id, created_at, …, customer_id), and returning by taking away the active customers created since the
 * range started, whose ids the customers' created_at index holds. Every figure exact.
 *
 * When no order of the vendor comes after the range (TODAY, LAST_WEEK, LAST_MONTH: they end with today), active and
 * returning come from each customer's newest order instead (customer_last_orders, decision 171): a customer ordered
 * in the range exactly when their newest order is in it, so one row per active customer is read, not every order.
 */

const createdIn = (start: Date, end: Date) => and(gte(customers.createdAt, start), lte(customers.createdAt, end))!

const ordersIn = (vendorId: string, start: Date, end: Date) =>
  and(eq(orders.vendorId, vendorId), isNotNull(orders.customerId), gte(orders.createdAt, start), lte(orders.createdAt, end))

/**
 * Active and returning customers from their newest orders, or null when an order of the vendor comes after `end`
 * (then the newest orders do not say who ordered in the range). One round trip: the check gates the count.
 */
async function activityFromNewest(db: Db, vendorId: string, start: Date, end: Date) {
  const later = sql`exists (${db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), isNotNull(orders.customerId), gt(orders.createdAt, end)))
    .limit(1)})`
  const [row] = await db
    .select({
      later: sql<boolean>`${later}`,
      activeCustomers: count(),
      returningCustomers: sql<number>`count(*) filter (where ${lt(customerLastOrders.customerCreatedAt, start)})`.mapWith(Number),
    })
    .from(customerLastOrders)
    .where(and(eq(customerLastOrders.vendorId, vendorId), gte(customerLastOrders.lastOrderAt, start), not(later)))
  return row!.later ? null : { activeCustomers: row!.activeCustomers, returningCustomers: row!.returningCustomers }
}

/** Active customers of the range, and those of them who were already customers when it started. */
async function activity(db: Db, vendorId: string, start: Date, end: Date) {
  const fromNewest = await activityFromNewest(db, vendorId, start, end)
  if (fromNewest) return fromNewest
  const active = db
    .selectDistinct({ customerId: orders.customerId })
    .from(orders)
    .where(ordersIn(vendorId, start, end))
    .as('active')
  // Not "created before start" straight: that is most of a big vendor's customers; those created since are few.
  const since = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.vendorId, vendorId), gte(customers.createdAt, start)))
    .as('since')
  const [row] = await db
    .select({
      activeCustomers: count(),
      returningCustomers: sql<number>`count(*) filter (where ${isNull(since.id)})`.mapWith(Number),
    })
    .from(active)
    .leftJoin(since, eq(since.id, active.customerId))
  return row!
}

export async function customerAnalytics(db: Db, vendorId: string, start: Date, end: Date): Promise<CustomerAnalytics> {
  const [counted, [created], active] = await Promise.all([
    customerCount(db, vendorId),
    db
      .select({ newCustomers: count() })
      .from(customers)
      .where(and(eq(customers.vendorId, vendorId), createdIn(start, end))),
    activity(db, vendorId, start, end),
  ])
  return {
    startDate: start.toISOString(),
    endDate: end.toISOString(),
    totalCustomers: counted.total,
    newCustomers: created!.newCustomers,
    anonymousCustomers: counted.anonymous,
    ...active,
  }
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
