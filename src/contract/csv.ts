/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, fields quoted when they hold a comma, a
 * quote or a line break. A field that starts with = + - @ (or a tab or carriage return) is prefixed with an
 * apostrophe: Excel and Sheets would otherwise run it as a formula, and a payer's name or a narration is text
 * a stranger typed (CSV injection). Here in the contract because the server writes the transactions export
 * (decision 159) and the app still writes the orders one: both files must read alike, from one definition.
 * Plain arithmetic, no date library: the app's bundle and the server load it alike.
 */

import { LAGOS_OFFSET_MS } from './lagos-time'

export interface CsvColumn<T> {
  header: string
  value: (row: T) => string | number | null | undefined
}

/**
 * How a CSV names the zone of its times, in each date column's header ('Date (WAT, UTC+1)'): a spreadsheet has no
 * zone of its own, and one opened abroad would otherwise pass Lagos times for local ones (issue 35).
 */
export const CSV_ZONE = 'WAT, UTC+1'

/** The instant's Lagos wall clock as 'yyyy-MM-ddTHH:mm:ss.sss', or null for text that is not an instant. */
function lagosClock(iso: string): string | null {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? null : new Date(ms + LAGOS_OFFSET_MS).toISOString()
}

/** '2026-12-05T06:22:28Z' → '2026-12-05 07:22:28' in Lagos: a spreadsheet sorts it and reads it as a date. */
export function formatCsvDateTime(iso: string): string {
  return lagosClock(iso)?.slice(0, 19).replace('T', ' ') ?? iso
}

/**
 * A column of times: Lagos wall-clock times as the screens show them, 'yyyy-MM-dd HH:mm:ss', under a header that
 * names the zone ('Date (WAT, UTC+1)'), whatever zone the device or the server is set to (issue 35).
 */
export function dateColumn<T>(name: string, value: (row: T) => string): CsvColumn<T> {
  return { header: `${name} (${CSV_ZONE})`, value: (row) => formatCsvDateTime(value(row)) }
}

/** A range bound in an export's file name: the Lagos day the screen shows ('2026-12-05'), or 'all'. */
export function fileNameDay(iso?: string): string {
  return (iso && lagosClock(iso)?.slice(0, 10)) || 'all'
}

const FORMULA_START = /^[=+\-@\t\r]/
/** '-1500.00': a negative amount (written as text to keep its two decimals) is a number to a spreadsheet, not a formula. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/
const NEEDS_QUOTES = /[",\r\n]/

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  // Numbers are not formulas; only other text from outside is neutralised ('+234…' too: a spreadsheet would read
  // a phone number as a number and drop its plus).
  if (typeof value === 'string' && FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A field read back from a file we wrote: the apostrophe csvField put before formula-looking text is taken off
 * again, so an imported export holds what was exported ("-5% off" stays "-5% off"). Only before = + - @ tab CR.
 */
export function unguardCsvText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text
}

/** The header line, CRLF included. */
export function csvHeader(columns: readonly CsvColumn<never>[]): string {
  return `${columns.map((c) => csvField(c.header)).join(',')}\r\n`
}

/** The rows' lines, each ending in CRLF: what a streamed export writes chunk after chunk. */
export function csvLines<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  let text = ''
  for (const row of rows) text += `${columns.map((c) => csvField(c.value(row))).join(',')}\r\n`
  return text
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  return csvHeader(columns) + csvLines(rows, columns)
}

/** Put first in a file: Excel reads the naira sign as UTF-8 only after a byte order mark. */
export const CSV_BOM = '\uFEFF'
