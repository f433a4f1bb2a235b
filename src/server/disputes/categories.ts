import { asc, count, eq } from 'drizzle-orm'

import type { Db } from '../db/client'
import { disputeCategories, type DisputeCategoryRow } from '../db/sales-schema'
import { validationError } from '../http/register'
import { toDisputeCategory } from './views'

/** The same list for every vendor (seeded by migration 0003), in the order the form offers them. */
export async function listDisputeCategories(db: Db, query: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(disputeCategories)
      .orderBy(asc(disputeCategories.position), asc(disputeCategories.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(disputeCategories),
  ])
  return { items: rows.map(toDisputeCategory), page: query.page, size: query.size, total: total?.total ?? 0 }
}

/** The category a new dispute names, or 422 on `category` (it comes from a picker, so a miss is bad input). */
export async function requireDisputeCategory(db: Db, id: string): Promise<DisputeCategoryRow> {
  const [row] = await db.select().from(disputeCategories).where(eq(disputeCategories.id, id))
  if (!row) throw validationError([{ path: 'category', message: 'is not a dispute category' }])
  return row
}
