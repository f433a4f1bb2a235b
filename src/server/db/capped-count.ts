import { count, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import { COUNT_CAP } from '#contract/common'

import type { Db } from './client'

/**
 * How many rows of `table` match `where`, counted no further than COUNT_CAP + 1 (decision 157): the inner LIMIT
 * stops the scan there, so a filter that matches a million rows costs what one that matches 10,001 does. A query,
 * usable as a scalar subquery beside a page's rows; read its number with `cappedTotal`.
 */
export function cappedCountQuery(db: Db, table: PgTable, where: SQL | undefined) {
  const upTo = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped')
  return db.select({ total: count() }).from(upTo)
}

/** A counted number as the contract's `cappedPage` says it: past the cap, the cap and `totalCapped`. */
export function cappedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > COUNT_CAP ? { total: COUNT_CAP, totalCapped: true } : { total: counted, totalCapped: false }
}
