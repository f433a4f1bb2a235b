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

/**
 * Past this many estimated matches a search by words is not counted (issue 38, decisions 165 and 186): a trigram
 * index gives its matches only as a whole list, so counting a common first name meant building that list (46,504
 * entries for 'ngozi' in a million transactions, 20–50 ms; 2,411 of a big vendor's 50,000 customers) on every page,
 * however low the cap. Under it, the count is a few ms and exact.
 */
export const SEARCH_COUNT_ESTIMATE = 1_000

/**
 * Whether counting a search's matches in `table` is cheap: the planner's estimate of its rows (EXPLAIN, ~1 ms,
 * nothing read) is at most SEARCH_COUNT_ESTIMATE. Only ever decides whether to count: an estimate is never shown as
 * a number, so a wrong one costs time or a count, never a wrong total.
 */
export async function countsCheaply(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const result = (await db.execute(sql`explain (format json) select 1 from ${table} where ${where ?? sql`true`}`)) as unknown as {
    rows: { 'QUERY PLAN': unknown }[]
  }
  const plan = result.rows[0]?.['QUERY PLAN']
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }]
  return parsed[0].Plan['Plan Rows'] <= SEARCH_COUNT_ESTIMATE
}

/**
 * The total of a page whose matches were not counted (a search with many, above): what the page shows is known
 * exactly, and whether more follow (the page read one row beyond). By page number, the rows up to the end of this
 * page, a lower bound until the last page, where it is exact; by cursor, this page's own rows. Undefined for a page
 * past the end, whose rows say nothing: the caller counts it.
 */
export function uncountedTotal(offset: number, shown: number, more: boolean, byCursor = false) {
  if (shown === 0 && offset > 0) return undefined
  return { total: offset + shown, totalCapped: more || byCursor }
}
