import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

import { ApiError } from '../errors'

/**
 * Keyset paging (decision 157): a position in a list ordered newest first by (created_at, id) is the last row's
 * pair, and the next page is the rows strictly before it, a row comparison the (…, created_at desc, id desc)
 * indexes answer from where the last page ended, however deep. created_at is kept to the microsecond as
 * PostgreSQL stores it (a JS Date would round it to the millisecond and skip or repeat rows of the same ms).
 */
export interface KeysetPosition {
  /** created_at as microseconds since the epoch, in decimal. */
  at: string
  id: string
}

/** The column to select beside each row so its position can be written: created_at in microseconds, as text. */
export function positionOf(createdAt: AnyColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`
}

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at}.${position.id}`, 'utf8').toString('base64url')
}

// Up to 16 digits of microseconds (the year 2286): a longer number would overflow bigint in beforePosition, a 500.
const CURSOR = /^(\d{1,16})\.([0-9A-Za-z_-]{1,64})$/

/** A cursor from a previous answer, or a 422 naming the field: a cursor is never trusted to be well formed. */
export function decodeCursor(cursor: string, field = 'cursor'): KeysetPosition {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'))
  if (!match) {
    const message = 'must be a cursor from a previous page'
    throw new ApiError(422, 'VALIDATION_FAILED', `${field}: ${message}`, { issues: [{ path: field, message }] })
  }
  return { at: match[1]!, id: match[2]! }
}

/** Rows strictly after `position` in newest-first order: (created_at, id) < (at, id), as one row comparison. */
export function beforePosition(createdAt: AnyColumn, id: AnyColumn, position: KeysetPosition): SQL {
  // Integer microseconds from the epoch, so no float rounds the instant (to_timestamp would, at 16 digits).
  return sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${position.at}::bigint * interval '1 microsecond', ${position.id})`
}
