import { toIsoDate } from './date-range'

/*
 * Times of day on the Lagos wall clock with the platform's Intl, for the shell's offline banner and outbox sheet:
 * they draw before any screen, so they keep date-fns (lib/dates.ts) out of the first load. The same clock as the
 * screens: a device set to London or left on UTC still reads the vendor's Lagos time (issue 35).
 */

// Made on first use, not as the shell loads: a formatter loads its locale data (110–124 ms at 4× CPU), and most
// starts show neither the banner nor the outbox.
let formats: { clock: Intl.DateTimeFormat; dayAndClock: Intl.DateTimeFormat } | undefined
function formatters() {
  const lagos = { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
  formats ??= {
    clock: new Intl.DateTimeFormat('en-GB', lagos),
    dayAndClock: new Intl.DateTimeFormat('en-GB', { ...lagos, day: 'numeric', month: 'short' }),
  }
  return formats
}

/** '10:42' in Lagos. */
export const clockText = (at: number): string => formatters().clock.format(at)

/** '25 Nov, 10:42' in Lagos. */
export const dayAndClockText = (at: number): string => formatters().dayAndClock.format(at)

/** Whether two instants fall on the same Lagos day. */
export const sameLagosDay = (a: number, b: number): boolean => toIsoDate(new Date(a)) === toIsoDate(new Date(b))
