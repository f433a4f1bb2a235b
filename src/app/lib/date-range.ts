// Every day here is a vendor's day in Lagos, whatever time zone the device is set to (issue 22): a phone set to
// London or left on UTC still shows the Lagos "Today". Nigeria keeps West Africa Time, UTC+1, with no daylight
// saving, so a Lagos day is a fixed offset from UTC and needs no time-zone database. Ranges go to the API as the
// ISO instants that bound those days.

/** West Africa Time: UTC+1 all year. */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

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

/** A Lagos calendar day, as the number of days since 1970-01-01 (its UTC date-only value / DAY_MS). */
type LagosDay = number

/** The Lagos calendar day an instant falls on. */
function lagosDay(instant: Date): LagosDay {
  return Math.floor((instant.getTime() + LAGOS_OFFSET_MS) / DAY_MS)
}

/** The Lagos calendar date of an instant as 'yyyy-MM-dd', the value of a date field (ui/date-input.tsx). */
export function toIsoDate(date: Date): string {
  const day = new Date(lagosDay(date) * DAY_MS)
  return `${String(day.getUTCFullYear()).padStart(4, '0')}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`
}

function parseIsoDate(value: string): LagosDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const date = new Date(0)
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month, day)
  // '2026-02-30' rolls over to March: a date that does not exist is refused, not moved.
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day
  return exists ? Math.round(date.getTime() / DAY_MS) : null
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy', how every date field shows a date whatever the device's language (SPEC §9). */
export function toDisplayedDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  return match ? `${match[3]}/${match[2]}/${match[1]}` : ''
}

/**
 * A typed 'dd/MM/yyyy' → 'yyyy-MM-dd', or null for anything else or a day that does not exist. 'd/M/yyyy' and
 * 'ddMMyyyy' are taken too: a phone's number pad, which date fields open, has no slash.
 */
export function isoFromDisplayed(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text) ?? /^\s*(\d{2})(\d{2})(\d{4})\s*$/.exec(text)
  if (!match) return null
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
  return parseIsoDate(iso) === null ? null : iso
}

/** From the first instant of Lagos day `first` to the last of Lagos day `last`. */
function dayRange(first: LagosDay, last: LagosDay): DateRange {
  return {
    startDate: new Date(first * DAY_MS - LAGOS_OFFSET_MS).toISOString(),
    endDate: new Date((last + 1) * DAY_MS - LAGOS_OFFSET_MS - 1).toISOString(),
  }
}

/**
 * The instants bounding a duration, counted in whole Lagos days and always ending with a full day:
 * - TODAY: today; YESTERDAY: the day before today.
 * - LAST_WEEK: the last 7 days including today (today and the 6 days before it).
 * - LAST_MONTH: the last 30 days including today (today and the 29 days before it), not the calendar month,
 *   so that the figure is comparable whatever the day of the month.
 * - CUSTOM: from the start of `custom.startDate` to the end of `custom.endDate` ('yyyy-MM-dd').
 * A CUSTOM without a usable range (say, a hand-edited URL) falls back to today rather than failing the page.
 */
export function durationRange(duration: Duration, now: Date, custom?: { startDate?: string; endDate?: string }): DateRange {
  const today = lagosDay(now)
  switch (duration) {
    case 'YESTERDAY':
      return dayRange(today - 1, today - 1)
    case 'LAST_WEEK':
      return dayRange(today - 6, today)
    case 'LAST_MONTH':
      return dayRange(today - 29, today)
    case 'CUSTOM': {
      const start = parseIsoDate(custom?.startDate ?? '')
      const end = parseIsoDate(custom?.endDate ?? '')
      if (start !== null && end !== null && start <= end) return dayRange(start, end)
      return dayRange(today, today)
    }
    case 'TODAY':
      return dayRange(today, today)
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

/**
 * The Date filter value that opens a list on its newest row, at `latest` (issue 22: an outlet's page opened on an
 * empty Today). Today when that row is today's; else the last week or the last month when it reaches it (a week
 * rather than Yesterday, so the row comes with some of what led up to it); else a custom range from its day to
 * today. A row dated after today (a device clock behind) stays on Today.
 */
export function durationShowing(latest: Date, now: Date): { duration: Duration; startDate?: string; endDate?: string } {
  const age = lagosDay(now) - lagosDay(latest)
  if (age <= 0) return { duration: 'TODAY' }
  if (age <= 6) return { duration: 'LAST_WEEK' }
  if (age <= 29) return { duration: 'LAST_MONTH' }
  return { duration: 'CUSTOM', startDate: toIsoDate(latest), endDate: toIsoDate(now) }
}
