import { type AnyColumn, getTableName, type SQL, sql } from 'drizzle-orm'

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
