import Papa from 'papaparse'

import { CATALOGUE_CSV_HEADERS, type CsvImportFormat, MAX_IMPORT_ROWS, SHOPIFY_CSV_HEADERS, UNITS_AT } from '#contract/catalogue-csv'
import { unguardCsvText } from '#contract/csv'

import { validationError } from '../http/register'

/*
 * A catalogue CSV read into rows (decision 177): Papa Parse splits the records (quotes, CRLF, line breaks inside
 * quotes), the header says which format it is, and each row keeps its spreadsheet line (the header is line 1) and
 * the text of the columns we read, by our field names. What the text means is csv-plan.ts's business.
 */

export type RowField = keyof typeof CATALOGUE_CSV_HEADERS | keyof typeof SHOPIFY_CSV_HEADERS

export interface CsvRow {
  line: number
  /** Trimmed text by field; '' for a column the file lacks or left blank. */
  get: (field: RowField) => string
  /** The trimmed text under a header (the 'Units at …' columns). */
  cell: (header: string) => string
}

export interface ReadCsv {
  format: CsvImportFormat
  /** The file's header for a field (what a refusal names). */
  header: (field: RowField) => string
  /** The file has this column (a column left out leaves the product's field as it is). */
  has: (field: RowField) => boolean
  /** The 'Units at …' columns: their header and the location's name. */
  locations: { header: string; name: string }[]
  rows: CsvRow[]
}

function detectFormat(headers: string[]): CsvImportFormat {
  const has = (name: string) => headers.includes(name)
  if (has(SHOPIFY_CSV_HEADERS.name) && has(SHOPIFY_CSV_HEADERS.price) && has(SHOPIFY_CSV_HEADERS.handle)) return 'shopify'
  if (has(CATALOGUE_CSV_HEADERS.name) && has(CATALOGUE_CSV_HEADERS.price)) return 'catalogue'
  throw validationError([
    {
      path: 'csv',
      message: `must have a header line with the columns ${CATALOGUE_CSV_HEADERS.name} and ${CATALOGUE_CSV_HEADERS.price} (or be a Shopify product export)`,
    },
  ])
}

/** Parses the whole file, or 422 naming `csv` (no header, too many rows). Blank lines are read past. */
export function readCatalogueCsv(text: string): ReadCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
  const [head, ...records] = parsed.data
  const headers = (head ?? []).map((h) => h.trim())
  const format = detectFormat(headers)
  const names: Record<string, string> = format === 'shopify' ? SHOPIFY_CSV_HEADERS : CATALOGUE_CSV_HEADERS
  const index = new Map<string, number>()
  for (const [field, name] of Object.entries(names)) {
    const at = headers.indexOf(name)
    if (at >= 0) index.set(field, at)
  }
  const rows: CsvRow[] = []
  records.forEach((record, i) => {
    if (record.every((cell) => cell.trim() === '')) return
    rows.push({
      line: i + 2,
      get: (field) => {
        const at = index.get(field)
        return at === undefined ? '' : unguardCsvText((record[at] ?? '').trim())
      },
      cell: (header) => {
        const at = headers.indexOf(header)
        return at < 0 ? '' : (record[at] ?? '').trim()
      },
    })
  })
  if (rows.length > MAX_IMPORT_ROWS) {
    throw validationError([{ path: 'csv', message: `must have at most ${MAX_IMPORT_ROWS.toLocaleString('en-NG')} rows` }])
  }
  const locations =
    format === 'catalogue'
      ? headers.filter((h) => h.startsWith(UNITS_AT)).map((header) => ({ header, name: header.slice(UNITS_AT.length).trim() }))
      : []
  return { format, header: (field) => names[field] ?? field, has: (field) => index.has(field), locations, rows }
}
