import { endOfDay, format, isValid, parse, parseISO, startOfDay, subDays } from 'date-fns'

// Every day here is a day on the device's clock (a vendor in Lagos means a Lagos day), sent to the API as the
// ISO instants that bound it.

export const DURATIONS = ['TODAY', 'YESTERDAY', 'LAST_WEEK', 'LAST_MONTH', 'CUSTOM'] as const
export type Duration = (typeof DURATIONS)[number]

export const DURATION_LABELS: Record<Duration, string> = {
  TODAY: 'Today',
  YESTERDAY: 'Yesterday',
  LAST_WEEK: 'Last week',
  LAST_MONTH: 'Last month',
  CUSTOM: 'Custom',
}

export interface DateRange {
  startDate: string
  endDate: string
}

/** A local calendar date as 'yyyy-MM-dd', the value of an `<input type="date">`. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd')
}

function parseIsoDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const date = parse(value, 'yyyy-MM-dd', new Date(0))
  return isValid(date) ? date : null
}

function dayRange(first: Date, last: Date): DateRange {
  return { startDate: startOfDay(first).toISOString(), endDate: endOfDay(last).toISOString() }
}

/**
 * The instants bounding a duration, counted in whole local days and always ending with a full day:
 * - TODAY: today; YESTERDAY: the day before today.
 * - LAST_WEEK: the last 7 days including today (today and the 6 days before it).
 * - LAST_MONTH: the last 30 days including today (today and the 29 days before it), not the calendar month,
 *   so that the figure is comparable whatever the day of the month.
 * - CUSTOM: from the start of `custom.startDate` to the end of `custom.endDate` ('yyyy-MM-dd').
 * A CUSTOM without a usable range (say, a hand-edited URL) falls back to today rather than failing the page.
 */
export function durationRange(
  duration: Duration,
  now: Date,
  custom?: { startDate?: string; endDate?: string },
): DateRange {
  switch (duration) {
    case 'YESTERDAY': {
      const yesterday = subDays(now, 1)
      return dayRange(yesterday, yesterday)
    }
    case 'LAST_WEEK':
      return dayRange(subDays(now, 6), now)
    case 'LAST_MONTH':
      return dayRange(subDays(now, 29), now)
    case 'CUSTOM': {
      const start = parseIsoDate(custom?.startDate ?? '')
      const end = parseIsoDate(custom?.endDate ?? '')
      if (start && end && start <= end) return dayRange(start, end)
      return dayRange(now, now)
    }
    case 'TODAY':
      return dayRange(now, now)
  }
}

/**
 * Checks a custom range of 'yyyy-MM-dd' dates (SPEC §5: not beyond today, start at most end).
 * Returns the message to show, or null when the range is fine.
 */
export function validateCustomRange(start: string, end: string, today: Date | string): string | null {
  const todayIso = typeof today === 'string' ? today : toIsoDate(today)
  if (!parseIsoDate(start) || !parseIsoDate(end)) return 'Select a start and an end date'
  // Same-format ISO dates compare correctly as strings.
  if (start > todayIso || end > todayIso) return 'Date cannot be in the future'
  if (start > end) return 'Start date cannot be after end date'
  return null
}

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : value
  return isValid(date) ? date : null
}

// The formatters return '' for a missing or malformed value: a list row should render, not throw.

/** '2026-11-22T09:42:00Z' → '22/11/2026' (local day). */
export function formatDate(iso: string | Date): string {
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
