// Nigeria keeps West Africa Time (UTC+1, no daylight saving) all year. Pinning it makes the expected instants
// below exact on any machine; it must be set before the first Date is made in this worker.
process.env.TZ = 'Africa/Lagos'

import { describe, expect, it } from 'vitest'

import {
  durationRange,
  DURATIONS,
  formatDate,
  formatDateTime,
  formatShortDateTime,
  isoFromDisplayed,
  toDisplayedDate,
  toIsoDate,
  validateCustomRange,
} from '#app/lib/dates'

// 22 November 2026, 10:42 in Lagos.
const now = new Date('2026-11-22T09:42:00.000Z')

describe('durationRange', () => {
  it('lists the durations in menu order, TODAY first (the default)', () => {
    expect(DURATIONS).toEqual(['TODAY', 'YESTERDAY', 'LAST_WEEK', 'LAST_MONTH', 'CUSTOM'])
  })

  it('TODAY spans the whole local day', () => {
    expect(durationRange('TODAY', now)).toEqual({
      startDate: '2026-11-21T23:00:00.000Z',
      endDate: '2026-11-22T22:59:59.999Z',
    })
  })

  it('YESTERDAY spans the whole previous local day', () => {
    expect(durationRange('YESTERDAY', now)).toEqual({
      startDate: '2026-11-20T23:00:00.000Z',
      endDate: '2026-11-21T22:59:59.999Z',
    })
  })

  it('LAST_WEEK is the last 7 days including today', () => {
    expect(durationRange('LAST_WEEK', now)).toEqual({
      startDate: '2026-11-15T23:00:00.000Z',
      endDate: '2026-11-22T22:59:59.999Z',
    })
  })

  it('LAST_MONTH is the last 30 days including today', () => {
    expect(durationRange('LAST_MONTH', now)).toEqual({
      startDate: '2026-10-23T23:00:00.000Z',
      endDate: '2026-11-22T22:59:59.999Z',
    })
  })

  it('CUSTOM spans from the start of the first day to the end of the last', () => {
    expect(durationRange('CUSTOM', now, { startDate: '2026-11-01', endDate: '2026-11-03' })).toEqual({
      startDate: '2026-10-31T23:00:00.000Z',
      endDate: '2026-11-03T22:59:59.999Z',
    })
  })

  it('CUSTOM without a usable range falls back to today', () => {
    const today = durationRange('TODAY', now)
    expect(durationRange('CUSTOM', now)).toEqual(today)
    expect(durationRange('CUSTOM', now, { startDate: '2026-11-03', endDate: '2026-11-01' })).toEqual(today)
    expect(durationRange('CUSTOM', now, { startDate: 'garbage', endDate: '2026-11-01' })).toEqual(today)
  })
})

describe('validateCustomRange', () => {
  it('accepts a range up to today, including a single day', () => {
    expect(validateCustomRange('2026-11-01', '2026-11-22', now)).toBeNull()
    expect(validateCustomRange('2026-11-22', '2026-11-22', '2026-11-22')).toBeNull()
  })

  it('rejects a date in the future', () => {
    expect(validateCustomRange('2026-11-01', '2026-11-23', now)).toBe('Date cannot be in the future')
    expect(validateCustomRange('2026-11-23', '2026-11-23', '2026-11-22')).toBe('Date cannot be in the future')
  })

  it('rejects a start after the end', () => {
    expect(validateCustomRange('2026-11-10', '2026-11-09', now)).toBe('Start date cannot be after end date')
  })

  it('asks for both dates', () => {
    expect(validateCustomRange('', '2026-11-09', now)).toBe('Select a start and an end date')
    expect(validateCustomRange('2026-11-09', '11/09/2026', now)).toBe('Select a start and an end date')
  })
})

describe('formatting', () => {
  it('toIsoDate gives the local calendar date', () => {
    expect(toIsoDate(new Date('2026-11-21T23:30:00.000Z'))).toBe('2026-11-22')
  })

  it('formatDate shows dd/MM/yyyy', () => {
    expect(formatDate('2026-11-22T09:42:00.000Z')).toBe('22/11/2026')
    expect(formatDate('2026-01-05T09:42:00.000Z')).toBe('05/01/2026')
  })

  it('formatDateTime shows the ordinal day, full month and 24-hour time', () => {
    expect(formatDateTime('2026-11-22T09:42:00.000Z')).toBe('22nd November 2026, 10:42')
    expect(formatDateTime('2026-03-01T17:05:00.000Z')).toBe('1st March 2026, 18:05')
  })

  it('formatShortDateTime abbreviates the month', () => {
    expect(formatShortDateTime('2026-11-22T09:42:00.000Z')).toBe('22 Nov 2026, 10:42')
  })

  it('returns an empty string for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('')
    expect(formatDateTime('')).toBe('')
    expect(formatShortDateTime('2026-13-45')).toBe('')
  })
})

describe('date fields read and take dd/MM/yyyy', () => {
  it('shows a day as dd/MM/yyyy', () => {
    expect(toDisplayedDate('2026-11-05')).toBe('05/11/2026')
    expect(toDisplayedDate('')).toBe('')
  })

  it('takes dd/MM/yyyy, d/M/yyyy and the digits alone, and refuses days that do not exist', () => {
    expect(isoFromDisplayed('05/11/2026')).toBe('2026-11-05')
    expect(isoFromDisplayed('5/11/2026')).toBe('2026-11-05')
    expect(isoFromDisplayed('05112026')).toBe('2026-11-05')
    expect(isoFromDisplayed('30/02/2026')).toBeNull()
    expect(isoFromDisplayed('11/22/2026')).toBeNull()
    expect(isoFromDisplayed('2026-11-05')).toBeNull()
  })
})
