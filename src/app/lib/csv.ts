/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, fields quoted when they hold a comma, a
 * quote or a line break. A field that starts with = + - @ (or a tab or carriage return) is prefixed with an
 * apostrophe: Excel and Sheets would otherwise run it as a formula, and a payer's name or a narration is text
 * a stranger typed (CSV injection).
 */

import { CSV_ZONE, formatCsvDateTime, toIsoDate } from './dates'
import { downloadBlob } from './share'

export interface CsvColumn<T> {
  header: string
  value: (row: T) => string | number | null | undefined
}

/**
 * A column of times: Lagos wall-clock times as the screens show them, 'yyyy-MM-dd HH:mm:ss', under a header that
 * names the zone ('Date (WAT, UTC+1)'), whatever zone the device is set to (issue 35).
 */
export function dateColumn<T>(name: string, value: (row: T) => string): CsvColumn<T> {
  return { header: `${name} (${CSV_ZONE})`, value: (row) => formatCsvDateTime(value(row)) }
}

/** A range bound in an export's file name: the Lagos day the screen shows ('2026-12-05'), or 'all'. */
export function fileNameDay(iso?: string): string {
  return iso ? toIsoDate(new Date(iso)) : 'all'
}

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  // Numbers are ours (amounts as '-1500.00' are not formulas); only text from outside is neutralised.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}

/** Saves text as a file through a temporary link; a BOM first so Excel reads the naira sign as UTF-8. */
export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob(['\uFEFF', text], { type }), filename)
}
