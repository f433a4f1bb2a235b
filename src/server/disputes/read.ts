import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm'

import type { DisputeInfo } from '#contract/disputes'

import type { Db } from '../db/client'
import { disputeCategories, type DisputeRow, disputes, orders } from '../db/sales-schema'
import { containsPattern } from '../db/sql-helpers'
import { notFound } from '../errors'
import { toDispute, toDisputeInfo } from './views'

const byId = (vendorId: string, id: string) => and(eq(disputes.vendorId, vendorId), eq(disputes.id, id))!

/** This vendor's dispute, or 404 (another vendor's id is "not found", never 403). */
export async function findDispute(db: Db, vendorId: string, id: string): Promise<DisputeRow> {
  const [row] = await db.select().from(disputes).where(byId(vendorId, id))
  if (!row) throw notFound('Dispute')
  return row
}

/** A dispute with its category and the order it is about, as GET /dispute/info answers it. */
export async function loadDisputeInfo(db: Db, vendorId: string, id: string): Promise<DisputeInfo> {
  const [row] = await db
    .select({ dispute: disputes, category: disputeCategories, order: orders })
    .from(disputes)
    .innerJoin(disputeCategories, eq(disputeCategories.id, disputes.categoryId))
    .innerJoin(orders, and(eq(orders.vendorId, disputes.vendorId), eq(orders.id, disputes.orderId)))
    .where(byId(vendorId, id))
  if (!row) throw notFound('Dispute')
  return toDisputeInfo(row)
}

export interface DisputeFilters {
  page: number
  size: number
  /** Part of the title or of the order reference, any case. */
  search?: string
  isEscalated?: boolean
}

export async function listDisputes(db: Db, vendorId: string, filters: DisputeFilters) {
  let search: SQL | undefined
  if (filters.search) {
    const pattern = containsPattern(filters.search)
    search = or(ilike(disputes.title, pattern), ilike(disputes.orderReference, pattern))
  }
  const where = and(
    eq(disputes.vendorId, vendorId),
    search,
    // The same rule as the row's isEscalated: escalated once, escalated for good (see toDispute).
    filters.isEscalated === undefined ? undefined : filters.isEscalated ? isNotNull(disputes.escalatedAt) : isNull(disputes.escalatedAt),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ dispute: disputes, category: disputeCategories })
      .from(disputes)
      .innerJoin(disputeCategories, eq(disputeCategories.id, disputes.categoryId))
      .where(where)
      .orderBy(desc(disputes.createdAt), desc(disputes.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db.select({ total: count() }).from(disputes).where(where),
  ])
  return {
    items: rows.map((row) => toDispute(row.dispute, row.category)),
    page: filters.page,
    size: filters.size,
    total: total?.total ?? 0,
  }
}
