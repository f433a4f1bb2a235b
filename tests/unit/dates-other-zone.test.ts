// A device set to another zone than Lagos (issue 22). Set before the first Date is made in this worker; the
// expected instants are the Lagos ones of dates.test.ts, which pins Africa/Lagos.
process.env.TZ = 'America/Los_Angeles'

import { describe, expect, it } from 'vitest'

import { durationRange, formatDate, formatDateTime, toIsoDate, validateCustomRange } from '#app/lib/dates'
import { greeting } from '#app/lib/greeting'

// 22 November 2026, 10:42 in Lagos; 01:42 the same day in Los Angeles.
const now = new Date('2026-11-22T09:42:00.000Z')
// 23 November 2026, 00:30 in Lagos; still 15:30 on the 22nd in Los Angeles.
const justAfterLagosMidnight = new Date('2026-11-22T23:30:00.000Z')

describe('a device in Los Angeles counts the vendor’s days in Lagos', () => {
  it('is really in another zone', () => {
    expect(now.getTimezoneOffset()).toBe(480)
  })

  it('Today and Yesterday are Lagos days', () => {
    expect(durationRange('TODAY', now)).toEqual({ startDate: '2026-11-21T23:00:00.000Z', endDate: '2026-11-22T22:59:59.999Z' })
    expect(durationRange('YESTERDAY', now)).toEqual({
      startDate: '2026-11-20T23:00:00.000Z',
      endDate: '2026-11-21T22:59:59.999Z',
    })
  })

  it('just after midnight in Lagos, Today is already the next day there', () => {
    expect(durationRange('TODAY', justAfterLagosMidnight)).toEqual({
      startDate: '2026-11-22T23:00:00.000Z',
      endDate: '2026-11-23T22:59:59.999Z',
    })
    expect(toIsoDate(justAfterLagosMidnight)).toBe('2026-11-23')
  })

  it('the last 7 and 30 days end with the Lagos today', () => {
    expect(durationRange('LAST_WEEK', now).startDate).toBe('2026-11-15T23:00:00.000Z')
    expect(durationRange('LAST_MONTH', now)).toEqual({
      startDate: '2026-10-23T23:00:00.000Z',
      endDate: '2026-11-22T22:59:59.999Z',
    })
  })

  it('a custom range is of Lagos dates, and the future is judged by the Lagos today', () => {
    expect(durationRange('CUSTOM', now, { startDate: '2026-11-01', endDate: '2026-11-03' })).toEqual({
      startDate: '2026-10-31T23:00:00.000Z',
      endDate: '2026-11-03T22:59:59.999Z',
    })
    expect(validateCustomRange('2026-11-23', '2026-11-23', justAfterLagosMidnight)).toBeNull()
    expect(validateCustomRange('2026-11-24', '2026-11-24', justAfterLagosMidnight)).toBe('Date cannot be in the future')
  })

  it('dates, times and the greeting are Lagos ones', () => {
    expect(formatDate(justAfterLagosMidnight)).toBe('23/11/2026')
    expect(formatDateTime('2026-11-22T09:42:00.000Z')).toBe('22nd November 2026, 10:42')
    expect(greeting(now)).toBe('Good morning')
    expect(greeting(new Date('2026-11-22T17:00:00.000Z'))).toBe('Good evening')
  })
})
