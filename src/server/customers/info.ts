import { and, count, desc, eq, max, min, type SQL, sql } from 'drizzle-orm'

import type { CustomerInfo } from '#contract/customers'

import { averageHalfUp } from '../analytics'
import type { Db } from '../db/client'
import { orders } from '../db/sales-schema'
import { toOrderSummary } from '../orders/summary'
import { findCustomer, toCustomer } from './list'

const RECENT_ORDERS = 10

const kobo = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number)

/** One customer, the totals of all their orders and invoices, and the 10 newest of them. */
export async function customerInfo(db: Db, vendorId: string, customerId: string): Promise<CustomerInfo> {
  const customer = await findCustomer(db, vendorId, customerId)
  const theirs = and(eq(orders.vendorId, vendorId), eq(orders.customerId, customer.id))
  const [[totals], recent] = await Promise.all([
    db
      .select({
        orderCount: count(),
        // Any money received makes an order "paid" here, whatever its status became after (fulfilled, refunded…).
        paidOrderCount: sql<number>`count(*) filter (where ${orders.amountPaid} > 0)`.mapWith(Number),
        totalPaid: kobo(sql`sum(${orders.amountPaid})`),
        totalRefunded: kobo(sql`sum(${orders.amountRefunded})`),
        firstOrderAt: min(orders.createdAt),
        lastOrderAt: max(orders.createdAt),
      })
      .from(orders)
      .where(theirs),
    db.select().from(orders).where(theirs).orderBy(desc(orders.createdAt), desc(orders.id)).limit(RECENT_ORDERS),
  ])
  const t = totals!
  return {
    customer: toCustomer(customer, {
      orderCount: t.orderCount,
      totalSpent: t.totalPaid - t.totalRefunded,
      lastOrderAt: t.lastOrderAt,
    }),
    totals: {
      orderCount: t.orderCount,
      paidOrderCount: t.paidOrderCount,
      totalPaid: t.totalPaid,
      totalRefunded: t.totalRefunded,
      averageOrderValue: averageHalfUp(t.totalPaid, t.paidOrderCount),
      firstOrderAt: t.firstOrderAt?.toISOString() ?? null,
      lastOrderAt: t.lastOrderAt?.toISOString() ?? null,
    },
    recentOrders: recent.map(toOrderSummary),
  }
}
