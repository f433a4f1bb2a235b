import { and, desc, eq, gte, ilike, lte } from 'drizzle-orm'

import type { OrderKind, OrderStatus } from '#contract/orders'

import { cappedCountQuery, cappedTotal } from '../db/capped-count'
import type { Db } from '../db/client'
import { orders } from '../db/sales-schema'
import { containsPattern } from '../db/sql-helpers'
import { validationError } from '../http/register'
import { orderCount } from './counts'
import { toOrderSummary } from './summary'

export interface OrderFilters {
  page: number
  size: number
  kind?: OrderKind
  reference?: string
  status?: OrderStatus
  isShareable?: boolean
  customerId?: string
  startDate?: string
  endDate?: string
}

/** Nothing narrows the list but its kind: the vendor's counter answers the total (decision 078). */
const unfiltered = ({ page: _page, size: _size, kind: _kind, ...narrowing }: OrderFilters) =>
  Object.values(narrowing).every((value) => value === undefined || value === '')

/**
 * GET /order and GET /order/shareable: newest first (created_at desc, id desc: the order of the indexes on
 * (vendor, kind[, status], created_at desc, id desc), so page 1 of 10,000 reads 20 index entries). References are
 * stored upper-case; a search for part of one matches any case.
 */
export async function listOrders(db: Db, vendorId: string, filters: OrderFilters) {
  const start = filters.startDate ? new Date(filters.startDate) : undefined
  const end = filters.endDate ? new Date(filters.endDate) : undefined
  if (start && end && start > end) throw validationError([{ path: 'startDate', message: 'must not be after endDate' }])
  const where = and(
    eq(orders.vendorId, vendorId),
    filters.kind ? eq(orders.kind, filters.kind) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.isShareable === undefined ? undefined : eq(orders.isShareable, filters.isShareable),
    filters.customerId ? eq(orders.customerId, filters.customerId) : undefined,
    filters.reference ? ilike(orders.reference, containsPattern(filters.reference.toUpperCase())) : undefined,
    start ? gte(orders.createdAt, start) : undefined,
    end ? lte(orders.createdAt, end) : undefined,
  )
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      // id breaks ties between rows of the same instant, so pages never repeat or skip a row.
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    // A filter's matches are counted up to the cap: a status of a million orders would read them all, on every
    // page (decisions 157, 158). Unfiltered, the counter is exact.
    unfiltered(filters)
      ? orderCount(db, vendorId, filters.kind).then((total) => ({ total, totalCapped: false }))
      : cappedCountQuery(db, orders, where).then(([row]) => cappedTotal(row?.total ?? 0)),
  ])
  return { items: rows.map(toOrderSummary), page: filters.page, size: filters.size, ...total }
}
