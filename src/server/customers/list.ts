import { and, count, desc, eq, ilike, inArray, max, type SQL, sql } from 'drizzle-orm'

import type { Customer } from '#contract/customers'

import { cappedCountQuery, cappedTotal, countsCheaply, uncountedTotal } from '../db/capped-count'
import type { Db } from '../db/client'
import { type CustomerRow, customers, orders } from '../db/sales-schema'
import { containsPattern } from '../db/sql-helpers'
import { notFound } from '../errors'
import { customerCount } from './counts'

/** What a customer's orders add up to; every kind (orders and invoices) counts. */
export interface CustomerOrderStats {
  orderCount: number
  /** Σ (amount paid − amount refunded), kobo. */
  totalSpent: number
  lastOrderAt: Date | null
}

const NO_ORDERS: CustomerOrderStats = { orderCount: 0, totalSpent: 0, lastOrderAt: null }

export function toCustomer(row: CustomerRow, stats: CustomerOrderStats = NO_ORDERS): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isAnonymous: row.isAnonymous,
    orderCount: stats.orderCount,
    totalSpent: stats.totalSpent,
    lastOrderAt: stats.lastOrderAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Order totals of the given customers only, in one grouped query over (vendor_id, customer_id, …): a page of 20
 * reads those 20 customers' orders, whatever the vendor's size, so totals are never kept in the customer row. The
 * index holds the money and the date too, so even a customer with 100,000 orders is read from it alone (158).
 */
export async function orderStatsOf(db: Db, vendorId: string, customerIds: string[]): Promise<Map<string, CustomerOrderStats>> {
  if (customerIds.length === 0) return new Map()
  const rows = await db
    .select({
      customerId: orders.customerId,
      orderCount: count(),
      totalSpent: sql<number>`coalesce(sum(${orders.amountPaid} - ${orders.amountRefunded}), 0)::bigint`.mapWith(Number),
      lastOrderAt: max(orders.createdAt),
    })
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), inArray(orders.customerId, customerIds)))
    .groupBy(orders.customerId)
  return new Map(rows.map(({ customerId, ...stats }) => [customerId!, stats]))
}

export interface CustomerFilters {
  page: number
  size: number
  name?: string
  /** Already lower-cased by the contract; matched exactly, as stored. */
  email?: string
  isAnonymous?: boolean
}

/** What a list's filters match. A name is found from the vendor's trigram index (decision 158), any case. */
export const customerListWhere = (vendorId: string, filters: CustomerFilters) =>
  and(
    eq(customers.vendorId, vendorId),
    filters.name ? ilike(customers.name, containsPattern(filters.name)) : undefined,
    filters.email ? eq(customers.email, filters.email) : undefined,
    filters.isAnonymous === undefined ? undefined : eq(customers.isAnonymous, filters.isAnonymous),
  )

/** One page of the list, newest first, and one row beyond it (so a page knows whether more follow). */
export const customerPage = (db: Db, where: SQL | undefined, filters: CustomerFilters) =>
  db
    .select()
    .from(customers)
    .where(where)
    // The (vendor_id, created_at desc, id desc) index answers this; id keeps pages from repeating a row.
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(filters.size + 1)
    .offset((filters.page - 1) * filters.size)

/**
 * How many customers the list's filters match. Unfiltered, the vendor's counter (exact). A name search with many
 * matches is not counted (decision 186, as transactions' in 165): at 50,000 customers a common first name's 2,411
 * matches cost their whole trigram list on every page. Any other filter is counted up to the cap (157, 158).
 */
async function customerTotal(db: Db, vendorId: string, where: SQL | undefined, filters: CustomerFilters, shown: number, more: boolean) {
  if (!(filters.name || filters.email || filters.isAnonymous !== undefined)) {
    return { total: (await customerCount(db, vendorId)).total, totalCapped: false }
  }
  if (filters.name && !(await countsCheaply(db, customers, where))) {
    const uncounted = uncountedTotal((filters.page - 1) * filters.size, shown, more)
    if (uncounted) return uncounted
  }
  const [row] = await cappedCountQuery(db, customers, where)
  return cappedTotal(row?.total ?? 0)
}

export async function listCustomers(db: Db, vendorId: string, filters: CustomerFilters) {
  const where = customerListWhere(vendorId, filters)
  const read = await customerPage(db, where, filters)
  const rows = read.slice(0, filters.size)
  const [counted, stats] = await Promise.all([
    customerTotal(db, vendorId, where, filters, rows.length, read.length > rows.length),
    orderStatsOf(
      db,
      vendorId,
      rows.map((row) => row.id),
    ),
  ])
  return { items: rows.map((row) => toCustomer(row, stats.get(row.id))), page: filters.page, size: filters.size, ...counted }
}

/** This vendor's customer, or 404 (another vendor's id is "not found", never 403). */
export async function findCustomer(db: Db, vendorId: string, id: string): Promise<CustomerRow> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.vendorId, vendorId), eq(customers.id, id)))
  if (!row) throw notFound('Customer')
  return row
}
