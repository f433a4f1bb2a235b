import * as v from 'valibot'

import { type DateRange, DEFAULT_DURATION, type Duration, durationRange, DURATIONS } from './date-range'

const isoDay = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))

/**
 * The Date filter's URL search params, for any route that has one. The default (TODAY) is left out of the URL,
 * so /home stays /home; anything malformed falls back to the default rather than an error page.
 */
export const dateFilterSearch = {
  duration: v.fallback(v.optional(v.picklist(DURATIONS)), undefined),
  startDate: v.fallback(v.optional(isoDay), undefined),
  endDate: v.fallback(v.optional(isoDay), undefined),
}

export interface DateFilterSearch {
  duration?: Duration
  startDate?: string
  endDate?: string
}

/** A DateFilter value for the URL: the default duration and a non-custom range's dates are dropped. */
export function toDateSearch(value: { duration: Duration; startDate?: string; endDate?: string }): DateFilterSearch {
  const custom = value.duration === 'CUSTOM'
  return {
    duration: value.duration === DEFAULT_DURATION ? undefined : value.duration,
    startDate: custom ? value.startDate : undefined,
    endDate: custom ? value.endDate : undefined,
  }
}

/** The DateFilter value a URL stands for. */
export function fromDateSearch(search: DateFilterSearch): { duration: Duration; startDate?: string; endDate?: string } {
  return { duration: search.duration ?? DEFAULT_DURATION, startDate: search.startDate, endDate: search.endDate }
}

/** The ISO instants of the whole local days a URL's Date filter stands for, as the analytics and lists send them. */
export function searchRange(search: DateFilterSearch, now: Date = new Date()): DateRange {
  const dates = fromDateSearch(search)
  return durationRange(dates.duration, now, dates)
}
