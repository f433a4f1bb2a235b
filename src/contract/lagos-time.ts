/*
 * An instant as a vendor reads it when it matters to the minute ("Usable for payouts from 6 Dec 2026, 14:05"):
 * Lagos time, written by the server in refusals and messages and by the app on screens, so the two agree. Lagos is
 * UTC+1 all year (no daylight saving), so a fixed offset is exact and no time-zone data is needed.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** West Africa Time, UTC+1 all year: every Lagos wall clock the contract writes is the instant plus this. */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000

/** "6 Dec 2026, 14:05" (Lagos) for an instant or its ISO text. */
export function lagosMinuteText(at: Date | string): string {
  const lagos = new Date(new Date(at).getTime() + LAGOS_OFFSET_MS)
  const hh = String(lagos.getUTCHours()).padStart(2, '0')
  const mm = String(lagos.getUTCMinutes()).padStart(2, '0')
  return `${lagos.getUTCDate()} ${MONTHS[lagos.getUTCMonth()]} ${lagos.getUTCFullYear()}, ${hh}:${mm}`
}
