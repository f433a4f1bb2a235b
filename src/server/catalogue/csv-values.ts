import { CATEGORY_IDS, MAX_BARCODE, MAX_SKU, MAX_UNITS, PRODUCT_CATEGORIES } from '#contract/catalogue'
import { parseNairaToKobo } from '#contract/money'
import { MAX_PRICE_KOBO } from '#contract/pricing'

import type { CsvRow, ReadCsv, RowField } from './csv-read'

/*
 * One cell of a catalogue CSV read as the value it stands for, or a Refused naming the field and the reason, with
 * the product form's limits (decision 177). Money is read with parseNairaToKobo: '1,500.50' → 150050 kobo.
 */

export class Refused extends Error {
  /** A column that is not one of the fields (a 'Units at …' column), by its header. */
  header?: string
  constructor(
    readonly field: RowField | null,
    reason: string,
  ) {
    super(reason)
  }
}

const TRUE_WORDS = new Set(['yes', 'true', '1', 'y'])
const FALSE_WORDS = new Set(['no', 'false', '0', 'n', ''])

export function yesNo(row: CsvRow, field: RowField): boolean {
  const word = row.get(field).toLowerCase()
  if (TRUE_WORDS.has(word)) return true
  if (FALSE_WORDS.has(word)) return false
  throw new Refused(field, 'must be yes or no')
}

export function priceOf(row: CsvRow): number {
  const text = row.get('price')
  if (text === '') throw new Refused('price', 'is required on a variant row')
  const kobo = parseNairaToKobo(text)
  if (kobo === null || kobo <= 0) throw new Refused('price', `must be a naira amount above zero, like 1500.00 (not "${text}")`)
  if (kobo > MAX_PRICE_KOBO) throw new Refused('price', 'must be at most ₦1,000,000,000')
  return kobo
}

/** Units as a cell gives them ('' is 0); `field` names the column in a refusal. */
export function unitsIn(cell: string, field: RowField | null, header?: string): number {
  const text = cell.replaceAll(',', '')
  const refuse = (reason: string) => {
    throw Object.assign(new Refused(field, reason), { header })
  }
  if (text === '') return 0
  if (!/^-?\d+$/.test(text)) refuse(`must be a whole number (not "${text}")`)
  const units = Number(text)
  if (units < 0) refuse('must not be negative')
  if (units > MAX_UNITS) refuse('must be at most 1,000,000,000')
  return units
}

export function unitsOf(row: CsvRow): number {
  return unitsIn(row.get('units'), 'units')
}

export function skuOf(file: ReadCsv, row: CsvRow): string | null | undefined {
  if (!file.has('sku')) return undefined
  const text = row.get('sku')
  if (text.length > MAX_SKU) throw new Refused('sku', `must be at most ${MAX_SKU} characters`)
  return text || null
}

export function barcodeOf(file: ReadCsv, row: CsvRow): string | null | undefined {
  if (!file.has('barcode')) return undefined
  // A spreadsheet shows a long barcode as 5.01E+12 once it has read it as a number: refused, not guessed back.
  const text = row.get('barcode')
  if (text === '') return null
  if (text.length > MAX_BARCODE) throw new Refused('barcode', `must be at most ${MAX_BARCODE} characters`)
  if (!/^[\x21-\x7E]+$/.test(text)) throw new Refused('barcode', 'must be letters, digits or symbols, without spaces')
  if (/^\d(\.\d+)?E\+\d+$/i.test(text))
    throw new Refused('barcode', `looks like a number a spreadsheet shortened ("${text}"): format the column as text`)
  return text
}

export function costOf(file: ReadCsv, row: CsvRow): number | null | undefined {
  if (!file.has('cost')) return undefined
  const text = row.get('cost')
  if (text === '') return null
  const kobo = parseNairaToKobo(text)
  if (kobo === null || kobo < 0) throw new Refused('cost', `must be a naira amount, like 950.00 (not "${text}")`)
  if (kobo > MAX_PRICE_KOBO) throw new Refused('cost', 'must be at most ₦1,000,000,000')
  return kobo
}

export function categoryOf(row: CsvRow): string | null {
  const text = row.get('category').toLowerCase()
  if (text === '') return null
  const found = PRODUCT_CATEGORIES.find((c) => c.id === text || c.name.toLowerCase() === text)
  if (!found) throw new Refused('category', `must be one of the product categories (${CATEGORY_IDS.length} names, like "Food and drinks")`)
  return found.id
}

/**
 * Shopify's Body (HTML) as the plain text our descriptions hold: paragraphs and breaks become line breaks. Every
 * pattern here is linear in the text: a tag cannot span another '<', and line ends are trimmed line by line (a
 * backtracking `[ \t]+\n` or `<[^>]*>` is quadratic on a run of spaces or of '<', and one cell could hold the
 * event loop for every vendor).
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export function imageUrlsOf(row: CsvRow): string[] {
  const urls = [row.get('imageUrl'), row.get('variantImage')].filter(Boolean)
  for (const url of urls) {
    let parsed: URL | null = null
    try {
      parsed = new URL(url)
    } catch {
      parsed = null
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      throw new Refused(row.get('imageUrl') === url ? 'imageUrl' : 'variantImage', 'must be an http:// or https:// address')
    }
  }
  return urls
}
