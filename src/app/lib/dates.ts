import { format, isValid, parseISO } from 'date-fns'

// Durations and ranges live in date-range.ts, which route files import for their search validation and
// skeletons (so it ships in the entry chunk and must stay free of date-fns' format and its locale); the
// formatters below load with the screens.
import { LAGOS_OFFSET_MS } from './date-range'

export * from './date-range'

/**
 * The instant moved so that the device's clock reads Lagos time at it: date-fns formats in the device's zone, and
 * the vendor's times are Lagos times whatever the device is set to (issue 22; WAT is UTC+1 all year).
 */
function lagosWallClock(date: Date): Date {
  const shifted = date.getTime() + LAGOS_OFFSET_MS
  return new Date(shifted + new Date(shifted).getTimezoneOffset() * 60_000)
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value
  return isValid(date) ? lagosWallClock(date) : null
}

// The formatters return '' for a missing or malformed value: a list row should render, not throw.

/** '2026-11-22T09:42:00Z' → '22/11/2026' (the day in Lagos); a day alone, '2026-11-22', is that day. */
export function formatDate(iso: string | Date): string {
  // A day (a coupon's end, a due date) is already a Lagos day: parsed, it would be the device's midnight, which
  // east of Lagos is still the day before in Lagos.
  if (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso.split('-').reverse().join('/')
  const date = toDate(iso)
  return date ? format(date, 'dd/MM/yyyy') : ''
}

/** '2026-11-22T09:42:00Z' → '22nd November 2026, 10:42' in Lagos. */
export function formatDateTime(iso: string | Date): string {
  const date = toDate(iso)
  return date ? format(date, 'do MMMM yyyy, HH:mm') : ''
}

/** '2026-11-22T09:42:00Z' → '22 Nov 2026, 10:42' in Lagos, for tight rows. */
export function formatShortDateTime(iso: string | Date): string {
  const date = toDate(iso)
  return date ? format(date, 'd MMM yyyy, HH:mm') : ''
}

/** '2026-11-22T09:42:00Z' → '22/11/2026 10:42' in Lagos: when a PDF was made. */
export function formatNumericDateTime(iso: string | Date): string {
  const date = toDate(iso)
  return date ? format(date, 'dd/MM/yyyy HH:mm') : ''
}
