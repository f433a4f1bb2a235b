import { endOfDay, startOfDay, subDays } from 'date-fns'

// Every day here is a day on the device's clock (a vendor in Lagos means a Lagos day), sent to the API as the
// ISO instants that bound it.

export const DURATIONS = ['TODAY', 'YESTERDAY', 'LAST_WEEK', 'LAST_MONTH', 'CUSTOM'] as const
export type Duration = (typeof DURATIONS)[number]
/** SPEC §9: the Date filter starts at today. */
export const DEFAULT_DURATION: Duration = 'TODAY'

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

// toIsoDate and parseIsoDate are written out rather than done with date-fns format/parse: route loaders use
// them to turn the URL's duration into a range, so they ship in the entry chunk, and date-fns' parse alone is
// larger than everything else here.

const pad = (n: number) => String(n).padStart(2, '0')

/** A local calendar date as 'yyyy-MM-dd', the value of an `<input type="date">`. */
export function toIsoDate(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

function parseIsoDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const date = new Date(2000, 0, 1)
  // setFullYear, unlike the Date constructor, does not read years 0–99 as 1900–1999.
  date.setFullYear(year, month, day)
  // '2026-02-30' rolls over to March: a date that does not exist is refused, not moved.
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day ? date : null
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
export function durationRange(duration: Duration, now: Date, custom?: { startDate?: string; endDate?: string }): DateRange {
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
