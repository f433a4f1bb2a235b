/** A date of birth as three dropdowns hold it: '' until chosen; month 1–12. */
export interface DateParts {
  day: string
  month: string
  year: string
}

export const EMPTY_DATE: DateParts = { day: '', month: '', year: '' }

/** SPEC §9 "Year dropdown shows 100 years": this year and the 99 before it, newest first. */
export const YEARS_SHOWN = 100

export function yearChoices(today = new Date()): number[] {
  const current = today.getFullYear()
  return Array.from({ length: YEARS_SHOWN }, (_, i) => current - i)
}

export function daysInMonth(month: number, year: number | null): number {
  // Without a year yet, February offers the 29th: choosing a non-leap year afterwards clears it.
  return new Date(year ?? 2000, month, 0).getDate()
}

/** 'YYYY-MM-DD' once all three are chosen and make a real day, else null. */
export function toLocalDate({ day, month, year }: DateParts): string | null {
  if (!day || !month || !year) return null
  if (Number(day) > daysInMonth(Number(month), Number(year))) return null
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/** Whole years between a birth date and today, counted the way birthdays are. */
export function ageOn(birth: string, today = new Date()): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number]
  let age = today.getFullYear() - y
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1
  return age
}

export const MINIMUM_AGE = 18
