import { LAGOS_OFFSET_MS } from './date-range'

/** Home's heading starts with the time of day; its pending skeleton says the same (decision 091). */
export function greeting(now: Date): string {
  // The hour in Lagos, whatever zone the device is set to (WAT, UTC+1 all year).
  const h = new Date(now.getTime() + LAGOS_OFFSET_MS).getUTCHours()
  return h < 12 ? 'Good morning' : h < 17 ? 'Good afternoon' : 'Good evening'
}
