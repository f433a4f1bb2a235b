import { sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

import { DAY_MS, HOUR_MS } from './clock'
import { ApiError } from './errors'

/*
 * What every area's analytics shares (orders/, customers/, money/analytics.ts): Lagos days, the requested range
 * and the chart's buckets.
 *
 * Vendors read days in Lagos time. Africa/Lagos is UTC+1 all year (no daylight saving), so a fixed offset is
 * exact, and the SQL does not depend on the database's time zone setting or its tz data.
 */
export const LAGOS_OFFSET_MS = HOUR_MS
const MAX_RANGE_DAYS = 366

/** The Lagos calendar day of an instant, yyyy-MM-dd (coupon dates are written in these). */
export function lagosDate(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
}

/** 2026-11-25 → 25/11/2026, the way the app shows dates (for messages people read). */
export const shownDate = (day: string) => day.split('-').reverse().join('/')

export function startOfLagosDay(at: Date): Date {
  const local = at.getTime() + LAGOS_OFFSET_MS
  return new Date(local - (local % DAY_MS) - LAGOS_OFFSET_MS)
}

const rangeError = (field: 'startDate' | 'endDate', message: string) =>
  new ApiError(422, 'VALIDATION_FAILED', `${field}: ${message}`, { issues: [{ path: field, message }] })

/** The requested range, defaulting to today (Lagos) up to now; start ≤ end and at most 366 days. */
export function analyticsRange(query: { startDate?: string; endDate?: string }, now: Date) {
  const end = query.endDate ? new Date(query.endDate) : now
  const start = query.startDate ? new Date(query.startDate) : startOfLagosDay(end)
  if (start > end) throw rangeError('startDate', 'must not be after endDate')
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw rangeError('endDate', `must be at most ${MAX_RANGE_DAYS} days after startDate`)
  }
  return { start, end }
}

/** total ÷ count rounded half up to the kobo, in integers; 0 when there is nothing to divide by. */
export function averageHalfUp(total: number, count: number): number {
  return count > 0 ? Math.floor((2 * total + count) / (2 * count)) : 0
}

/**
 * Buckets of a chart over [start, end]: hours for a range of a day or less, Lagos days otherwise. Rows are
 * numbered in SQL (index, from the epoch shifted to Lagos time) so grouping happens in the database and at most
 * 367 rows come back; points() lists every bucket, zeros included, so a chart needs no gap logic.
 */
export function lagosBuckets(start: Date, end: Date) {
  const bucket = end.getTime() - start.getTime() <= DAY_MS ? ('hour' as const) : ('day' as const)
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS
  return {
    bucket,
    /** The bucket number of a timestamp column, for select and group by. */
    index: (column: AnyPgColumn) =>
      sql<number>`floor((extract(epoch from ${column}) * 1000 + ${LAGOS_OFFSET_MS}) / ${size})`.mapWith(Number),
    /** Every bucket from start to end: its number, label (HH:mm or yyyy-MM-dd, Lagos) and start instant. */
    points() {
      const first = Math.floor((start.getTime() + LAGOS_OFFSET_MS) / size)
      const last = Math.floor((end.getTime() + LAGOS_OFFSET_MS) / size)
      const points: { index: number; label: string; start: string }[] = []
      for (let index = first; index <= last; index++) {
        const lagos = new Date(index * size).toISOString()
        points.push({
          index,
          label: bucket === 'hour' ? lagos.slice(11, 16) : lagos.slice(0, 10),
          start: new Date(index * size - LAGOS_OFFSET_MS).toISOString(),
        })
      }
      return points
    },
  }
}
