import * as v from 'valibot'

import { PRODUCT_CATEGORIES } from './catalogue'
import { id } from './common'
import type { CsvColumn } from './csv'
import { endpoint } from './endpoint'
import { koboToNairaInput } from './naira'

/*
 * The catalogue as a CSV file (issue 41, decision 177): the export the server writes, the import it reads (the same
 * columns, or a Shopify product export) with a dry run first, and the products list's bulk edit. One row per variant;
 * the product's own fields are on its first row only (as Shopify writes them), the rows of one product share its
 * Handle. Kept apart from catalogue.ts so the products screen loads these schemas only where they are used.
 */

/** Our columns, in the order the export writes them (an import finds them by name, in any order). */
export const CATALOGUE_CSV_HEADERS = {
  handle: 'Handle',
  name: 'Name',
  description: 'Description',
  category: 'Category',
  collection: 'Collection',
  published: 'Published',
  option1Name: 'Option1 Name',
  option1Value: 'Option1 Value',
  option2Name: 'Option2 Name',
  option2Value: 'Option2 Value',
  option3Name: 'Option3 Name',
  option3Value: 'Option3 Value',
  price: 'Price',
  units: 'Units',
  sku: 'SKU',
  barcode: 'Barcode',
  /** What one unit costs the vendor, naira like Price; blank: not set. */
  cost: 'Cost',
  /** Import only: a public image URL, fetched later by a job (never written by the export). */
  imageUrl: 'Image URL',
} as const

export type CatalogueCsvField = keyof typeof CATALOGUE_CSV_HEADERS

/**
 * A location's units: 'Units at Main store', 'Units at Lekki' (decision 174's locations), one column each, written
 * after Units (the total) when the vendor has outlets. On import they set each location; Units is then their sum.
 */
export const UNITS_AT = 'Units at '

/**
 * A Shopify product export's columns we read (Shopify's own names, help.shopify.com "Using CSV files to import and
 * export products"); the others (Vendor, Type, Tags, Variant Grams, SEO…) are read past.
 */
export const SHOPIFY_CSV_HEADERS = {
  handle: 'Handle',
  name: 'Title',
  description: 'Body (HTML)',
  published: 'Published',
  status: 'Status',
  option1Name: 'Option1 Name',
  option1Value: 'Option1 Value',
  option2Name: 'Option2 Name',
  option2Value: 'Option2 Value',
  option3Name: 'Option3 Name',
  option3Value: 'Option3 Value',
  price: 'Variant Price',
  units: 'Variant Inventory Qty',
  sku: 'Variant SKU',
  barcode: 'Variant Barcode',
  cost: 'Cost per item',
  imageUrl: 'Image Src',
  variantImage: 'Variant Image',
} as const

/** One line of the export: a variant, with its product's fields on the product's first line only. */
export interface CatalogueCsvLine {
  first: boolean
  handle: string
  name: string
  description: string | null
  categoryId: string | null
  collection: string | null
  isPublished: boolean
  optionNames: string[]
  options: Record<string, string>
  price: number
  units: number
  sku: string | null
  barcode: string | null
  costPrice: number | null
  /** Units by location name, for the locations the columns name. */
  unitsAt: Record<string, number>
}

const onFirst =
  (value: (line: CatalogueCsvLine) => string | number | null): CsvColumn<CatalogueCsvLine>['value'] =>
  (line) =>
    line.first ? value(line) : null
const optionName = (i: number) => onFirst((line) => line.optionNames[i] ?? null)
const optionValue = (i: number) => (line: CatalogueCsvLine) => {
  const name = line.optionNames[i]
  return name === undefined ? null : (line.options[name] ?? null)
}
const H = CATALOGUE_CSV_HEADERS

/** The export's columns: what the import reads back to the same catalogue (prices as '1500.00', no floats). */
export function catalogueCsvColumns(locations: readonly string[]): CsvColumn<CatalogueCsvLine>[] {
  const at = locations.map((name) => ({ header: `${UNITS_AT}${name}`, value: (line: CatalogueCsvLine) => line.unitsAt[name] ?? 0 }))
  const units = CATALOGUE_CSV_COLUMNS.findIndex((c) => c.header === H.units) + 1
  return [...CATALOGUE_CSV_COLUMNS.slice(0, units), ...at, ...CATALOGUE_CSV_COLUMNS.slice(units)]
}

const CATALOGUE_CSV_COLUMNS: readonly CsvColumn<CatalogueCsvLine>[] = [
  { header: H.handle, value: (line) => line.handle },
  { header: H.name, value: onFirst((line) => line.name) },
  { header: H.description, value: onFirst((line) => line.description) },
  { header: H.category, value: onFirst((line) => PRODUCT_CATEGORIES.find((c) => c.id === line.categoryId)?.name ?? null) },
  { header: H.collection, value: onFirst((line) => line.collection) },
  { header: H.published, value: onFirst((line) => (line.isPublished ? 'yes' : 'no')) },
  { header: H.option1Name, value: optionName(0) },
  { header: H.option1Value, value: optionValue(0) },
  { header: H.option2Name, value: optionName(1) },
  { header: H.option2Value, value: optionValue(1) },
  { header: H.option3Name, value: optionName(2) },
  { header: H.option3Value, value: optionValue(2) },
  { header: H.price, value: (line) => koboToNairaInput(line.price) },
  { header: H.units, value: (line) => line.units },
  { header: H.sku, value: (line) => line.sku },
  { header: H.barcode, value: (line) => line.barcode },
  { header: H.cost, value: (line) => (line.costPrice === null ? null : koboToNairaInput(line.costPrice)) },
]

/** 'catalogue-2026-12-06.csv', the Lagos day it was written. */
export const catalogueFileName = (lagosDay: string) => `catalogue-${lagosDay}.csv`

export const CSV_IMPORT_FORMATS = ['catalogue', 'shopify'] as const
export type CsvImportFormat = (typeof CSV_IMPORT_FORMATS)[number]

/** The most rows one file may hold, and its size (a 10,000-variant catalogue is ~1.5 MB). */
export const MAX_IMPORT_ROWS = 10_000
export const MAX_IMPORT_CSV_CHARS = 8 * 1024 * 1024
/** The report lists at most this many products and refusals (its counts are always whole). */
export const MAX_IMPORT_REPORT_LINES = 500
/** Products one bulk edit may change: a page of the list at its largest. */
export const MAX_BULK_PRODUCTS = 100

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged'] as const

export const ImportRefusal = v.object({
  /** The spreadsheet's row number: the header is line 1. */
  line: v.number(),
  /** The column at fault, by its header in the file; null when the row as a whole is refused. */
  column: v.nullable(v.string()),
  reason: v.string(),
})
export type ImportRefusal = v.InferOutput<typeof ImportRefusal>

export const ImportReport = v.object({
  format: v.picklist(CSV_IMPORT_FORMATS),
  /** False for the dry run: nothing was written. */
  applied: v.boolean(),
  rows: v.number(),
  created: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  /** Rows refused (a product with a refused row is left out whole, its other rows refused with it). */
  refusedRows: v.number(),
  collectionsCreated: v.number(),
  /** Image URLs queued for the image job (each fetched once per product). */
  imagesQueued: v.number(),
  products: v.array(v.object({ line: v.number(), handle: v.string(), name: v.string(), action: v.picklist(IMPORT_ACTIONS) })),
  refused: v.array(ImportRefusal),
})
export type ImportReport = v.InferOutput<typeof ImportReport>

const importBody = v.object({
  csv: v.pipe(
    v.string('is required'),
    v.nonEmpty('is required'),
    v.maxLength(MAX_IMPORT_CSV_CHARS, `must be at most ${MAX_IMPORT_CSV_CHARS / 1024 / 1024} MB`),
  ),
})

export const BulkEditResult = v.object({ updated: v.number() })

export const catalogueCsvEndpoints = {
  exportCatalogue: endpoint({
    method: 'GET',
    path: '/product/export',
    summary:
      'Every live product as one CSV file (one row per variant: handle, name, options, price, units, SKU, barcode, cost, collection, published), streamed as it is read. The import reads it back.',
    permission: 'VENDOR_INVENTORY',
    produces: 'text/csv',
    /** The file's text: a byte order mark, the header line, then one CRLF-ended line per variant. */
    response: v.string(),
  }),
  checkCatalogueImport: endpoint({
    method: 'POST',
    path: '/product/import/check',
    summary:
      'Dry run of a catalogue CSV (ours or a Shopify product export): what would be created, updated, left unchanged and refused (line, column, reason). Writes nothing.',
    permission: 'VENDOR_INVENTORY',
    maxBodyBytes: MAX_IMPORT_CSV_CHARS * 2,
    body: importBody,
    response: ImportReport,
  }),
  importCatalogue: endpoint({
    method: 'POST',
    path: '/product/import',
    status: 201,
    summary:
      'Import a catalogue CSV in one transaction: the products the dry run would create or update are, refused rows are left out (and listed). Image URLs are fetched afterwards by a job.',
    permission: 'VENDOR_INVENTORY',
    maxBodyBytes: MAX_IMPORT_CSV_CHARS * 2,
    body: importBody,
    response: ImportReport,
    errors: ['VARIANT_CODE_TAKEN', 'NOT_ENOUGH_STOCK'],
  }),
  bulkEditProducts: endpoint({
    method: 'PATCH',
    path: '/product/bulk',
    summary:
      "Change several products at once, all or none: every variant's price by a percentage (pricePercent, -99 to 1000), publish or unpublish (isPublished), or move to a collection (collectionId; null: none). Exactly one change per call. Idempotent: a retried tap with the same key raises prices once.",
    permission: 'VENDOR_INVENTORY',
    // A percentage applied twice is a different price: a retry after a lost answer must replay, not run again.
    idempotent: true,
    body: v.pipe(
      v.object({
        ids: v.pipe(
          v.array(id, 'must be a list of product ids'),
          v.minLength(1, 'must name at least one product'),
          v.maxLength(MAX_BULK_PRODUCTS, `must name at most ${MAX_BULK_PRODUCTS} products`),
        ),
        /** 10 raises every price by 10 %; -15 lowers it by 15 %. Rounded to the kobo, half up. */
        pricePercent: v.optional(
          v.pipe(
            v.number('must be a number'),
            v.finite('must be a number'),
            v.check((n) => n >= -99 && n <= 1000, 'must be between -99 and 1000'),
            v.check((n) => n !== 0, 'must not be zero'),
            v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, 'must have at most 2 decimal places'),
          ),
        ),
        isPublished: v.optional(v.boolean('must be true or false')),
        collectionId: v.optional(v.nullable(id)),
      }),
      v.forward(
        v.check(
          (b) => [b.pricePercent, b.isPublished, b.collectionId].filter((x) => x !== undefined).length === 1,
          'must be the one change: pricePercent, isPublished or collectionId',
        ),
        ['pricePercent'],
      ),
    ),
    response: BulkEditResult,
    errors: ['NOT_FOUND'],
  }),
}
