/** PostgreSQL's unique_violation, whether raised by pg or PGlite and whether or not drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  let current = error
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
