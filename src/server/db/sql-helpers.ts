import { type AnyColumn, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

import type { Db } from './client'

/**
 * A LIKE/ILIKE pattern matching `term` anywhere, with the term's own % and _ taken literally (backslash is
 * PostgreSQL's default LIKE escape), so a search for "50%" finds "50% off" and not everything.
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * "table"."column", always. drizzle leaves columns unqualified in a single-table query, where a correlated
 * subquery would then bind `id` to its own table instead of the outer row.
 */
export function qualified(column: AnyColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
}

/**
 * A row of `table` from the JSON a database function answered it as (`to_jsonb(row)`: column names as keys), with
 * each value mapped as drizzle maps it when it reads the table itself (timestamps to Dates, bigints to numbers).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * A row of `table` as the JSON a database function inserts with `jsonb_populate_record` (column names as keys).
 * Every column is present: one left out would be inserted as null, not as its default, so the caller gives each a
 * value.
 */
export function jsonForRow<T extends PgTable>(table: T, values: T['$inferSelect']): Record<string, unknown> {
  const json: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (values as Record<string, unknown>)[key]
    // A lone surrogate has no UTF-8 form: as a text parameter the driver sends U+FFFD for it, and jsonb refuses
    // its \ud800 escape outright, so it becomes U+FFFD here too.
    json[column.name] =
      value instanceof Date ? value.toISOString() : typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : (value ?? null)
  }
  return json
}

/**
 * Calls a database function that answers one value (`select fn(…) as result`), on either driver. drizzle's execute
 * answers pg's result on PostgreSQL and PGlite's on PGlite; both carry the rows, with jsonb parsed.
 */
export async function callFunction(db: Db, call: SQL): Promise<unknown> {
  const result = (await db.execute(sql`select ${call} as result`)) as unknown as { rows: { result: unknown }[] }
  return result.rows[0]?.result
}
