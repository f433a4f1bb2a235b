/** The database error behind `error` (pg or PGlite, whether or not drizzle wrapped it) with this SQLSTATE. */
function databaseError(error: unknown, code: string): { code: string; message: string } | null {
  let current = error
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === code) return current as { code: string; message: string }
    current = (current as { cause?: unknown }).cause
  }
  return null
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return databaseError(error, '23505') !== null
}

/** The message of a plain RAISE EXCEPTION (SQLSTATE P0001) in a database function: a broken invariant, not a refusal. */
export function raisedMessage(error: unknown): string | null {
  return databaseError(error, 'P0001')?.message ?? null
}

/**
 * A refusal raised by one of the money functions (migrations/0011_money_functions.sql): SQLSTATE VB001, its message
 * an error code such as INSUFFICIENT_FUNDS. Null for any other error.
 */
export function moneyFunctionRefusal(error: unknown): string | null {
  return databaseError(error, 'VB001')?.message ?? null
}

/** The constraint or index a unique_violation names (pg gives it as a field; the message names it too), else null. */
export function uniqueViolationName(error: unknown): string | null {
  const found = databaseError(error, '23505') as { constraint?: unknown; message: string } | null
  if (!found) return null
  if (typeof found.constraint === 'string') return found.constraint
  return /unique constraint "([^"]+)"/.exec(found.message)?.[1] ?? null
}
