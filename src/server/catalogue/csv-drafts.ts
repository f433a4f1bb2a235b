import {
  MAX_OPTION_TEXT,
  MAX_OPTION_VALUES,
  MAX_PRODUCT_DESCRIPTION,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_NAME,
  MAX_VARIANTS,
  type ProductOption,
} from '#contract/catalogue'
import type { ImportRefusal } from '#contract/catalogue-csv'

import type { CsvRow, ReadCsv, RowField } from './csv-read'
import { barcodeOf, categoryOf, costOf, htmlToText, imageUrlsOf, priceOf, Refused, skuOf, unitsIn, unitsOf, yesNo } from './csv-values'
import { MAX_HANDLE, normaliseHandle, slugOf } from './handles'
import { variantIssues } from './variant-rules'

/*
 * Rows of a catalogue CSV grouped into the products they describe (decision 177), each value checked as the
 * product form's contract checks it: a wrong value refuses its row with the line, the column (the file's own
 * header) and the reason, and a product with a refused row is left out whole.
 */

export interface VariantDraft {
  line: number
  options: Record<string, string>
  price: number
  units: number
  /** undefined: the file has no such column, so a kept variant keeps its own; null: none. */
  sku: string | null | undefined
  barcode: string | null | undefined
  costPrice: number | null | undefined
  /** Units by location name in lower case, from the 'Units at …' columns; undefined: the file has none. */
  unitsAt: Map<string, number> | undefined
}

export interface ProductDraft {
  line: number
  handle: string
  name: string
  description: string | null
  /** undefined: the file has no such column (a Shopify file), so an update leaves the product's as it is. */
  categoryId: string | null | undefined
  /** The collection's name as the file gives it; null: none; undefined: no such column. */
  collection: string | null | undefined
  isPublished: boolean
  options: ProductOption[]
  variants: VariantDraft[]
  imageUrls: string[]
  lines: number[]
  refusals: ImportRefusal[]
}

const OPTION_FIELDS = [
  ['option1Name', 'option1Value'],
  ['option2Name', 'option2Value'],
  ['option3Name', 'option3Value'],
] as const satisfies readonly (readonly [RowField, RowField])[]

/** The first row's product fields. */
function startProduct(file: ReadCsv, row: CsvRow, handle: string): ProductDraft {
  const shopify = file.format === 'shopify'
  const name = row.get('name')
  if (name === '') throw new Refused('name', "is required on a product's first row")
  if (name.length > MAX_PRODUCT_NAME) throw new Refused('name', `must be at most ${MAX_PRODUCT_NAME} characters`)
  // A Body (HTML) far longer than any description it could become is refused before it is read.
  if (row.get('description').length > 4 * MAX_PRODUCT_DESCRIPTION) {
    throw new Refused('description', `must be at most ${MAX_PRODUCT_DESCRIPTION} characters`)
  }
  const description = shopify ? htmlToText(row.get('description')) : row.get('description')
  if (description.length > MAX_PRODUCT_DESCRIPTION) {
    throw new Refused('description', `must be at most ${MAX_PRODUCT_DESCRIPTION} characters`)
  }
  const status = row.get('status').toLowerCase()
  const options: ProductOption[] = []
  for (const [nameField] of OPTION_FIELDS) {
    const optionName = row.get(nameField)
    // Shopify's product without options has one option "Title" whose only value is "Default Title".
    if (optionName === '' || (shopify && optionName === 'Title' && row.get('option1Value') === 'Default Title')) break
    if (optionName.length > MAX_OPTION_TEXT) throw new Refused(nameField, `must be at most ${MAX_OPTION_TEXT} characters`)
    if (optionName.toLowerCase() === 'id') throw new Refused(nameField, 'must not be "id"')
    if (options.some((o) => o.name.toLowerCase() === optionName.toLowerCase()))
      throw new Refused(nameField, 'must not repeat another option')
    options.push({ name: optionName, values: [] })
  }
  return {
    line: row.line,
    handle,
    name,
    description: description || null,
    categoryId: shopify || !file.has('category') ? undefined : categoryOf(row),
    collection: shopify || !file.has('collection') ? undefined : row.get('collection') || null,
    isPublished: yesNo(row, 'published') && status !== 'draft' && status !== 'archived',
    options,
    variants: [],
    imageUrls: [],
    lines: [],
    refusals: [],
  }
}

/** A variant row's options, adding new values to the product's options; null for a Shopify image-only row. */
function addVariant(file: ReadCsv, draft: ProductDraft, row: CsvRow): void {
  const options: Record<string, string> = {}
  const valueGiven = OPTION_FIELDS.some(([, valueField]) => row.get(valueField) !== '')
  if (file.format === 'shopify' && !valueGiven && row.get('price') === '') return
  OPTION_FIELDS.forEach(([, valueField], i) => {
    const option = draft.options[i]
    const value = row.get(valueField)
    if (!option) {
      if (value !== '' && !(file.format === 'shopify' && value === 'Default Title')) {
        throw new Refused(valueField, `has no option name (${file.header(OPTION_FIELDS[i]![0])}) on the product's first row`)
      }
      return
    }
    if (value === '') throw new Refused(valueField, `must have a value for ${option.name}`)
    if (value.length > MAX_OPTION_TEXT) throw new Refused(valueField, `must be at most ${MAX_OPTION_TEXT} characters`)
    if (!option.values.includes(value)) {
      if (option.values.length >= MAX_OPTION_VALUES) throw new Refused(valueField, `must be one of at most ${MAX_OPTION_VALUES} values`)
      option.values.push(value)
    }
    options[option.name] = value
  })
  if (draft.variants.length >= MAX_VARIANTS) throw new Refused(null, `is past the ${MAX_VARIANTS} variants a product may have`)
  const unitsAt = file.locations.length
    ? new Map(file.locations.map(({ header, name }) => [name.toLowerCase(), unitsIn(row.cell(header), null, header)]))
    : undefined
  const units = unitsOf(row)
  const sum = unitsAt ? [...unitsAt.values()].reduce((a, b) => a + b, 0) : units
  if (unitsAt && row.get('units') !== '' && units !== sum) {
    throw new Refused('units', `must be blank or the sum of the ${file.locations.map((l) => l.header).join(', ')} columns (${sum})`)
  }
  draft.variants.push({
    line: row.line,
    options,
    price: priceOf(row),
    units: sum,
    unitsAt,
    sku: skuOf(file, row),
    barcode: barcodeOf(file, row),
    costPrice: costOf(file, row),
  })
}

function refusal(file: ReadCsv, line: number, error: unknown): ImportRefusal {
  if (!(error instanceof Refused)) throw error
  return { line, column: error.header ?? (error.field ? file.header(error.field) : null), reason: error.message }
}

/** The variants fit the options (no combination twice): the product form's rule, per line. */
function checkCombinations(file: ReadCsv, draft: ProductDraft): void {
  for (const issue of variantIssues(draft.options, draft.variants, 'variants')) {
    const at = /^variants\.(\d+)/.exec(issue.path)
    const line = at ? draft.variants[Number(at[1])]!.line : draft.line
    draft.refusals.push({ line, column: at ? file.header('option1Value') : file.header('option1Name'), reason: issue.message })
  }
  if (draft.variants.length === 0 && draft.refusals.length === 0) {
    draft.refusals.push({ line: draft.line, column: file.header('price'), reason: 'no row of this product has a variant with a price' })
  }
}

/** The file's products in the order they first appear, each with its refusals (empty when it may be imported). */
export function draftProducts(file: ReadCsv): ProductDraft[] {
  const drafts = new Map<string, ProductDraft>()
  const refusedStarts: ImportRefusal[] = []
  /** Handles whose first row was refused, and that row's line. */
  const refusedFirst = new Map<string, number>()
  let previous: string | null = null
  for (const row of file.rows) {
    // A row without a handle starts a product when it names one (a spreadsheet typed by hand), else continues the last.
    const given = normaliseHandle(row.get('handle'))
    const handle: string = given || (row.get('name') ? slugOf(row.get('name')) : (previous ?? ''))
    previous = handle
    const first = refusedFirst.get(handle)
    if (first !== undefined) {
      refusedStarts.push({ line: row.line, column: null, reason: `left out with line ${first} of the same product` })
      continue
    }
    let draft = drafts.get(handle)
    try {
      if (handle === '' || handle.length > MAX_HANDLE) {
        throw new Refused('handle', handle === '' ? 'is required (or a name to make one from)' : `must be at most ${MAX_HANDLE} characters`)
      }
      if (!draft) {
        draft = startProduct(file, row, handle)
        drafts.set(handle, draft)
      }
      draft.lines.push(row.line)
      addVariant(file, draft, row)
      const room = MAX_PRODUCT_IMAGES - draft.imageUrls.length
      draft.imageUrls.push(
        ...imageUrlsOf(row)
          .filter((url) => !draft!.imageUrls.includes(url))
          .slice(0, Math.max(0, room)),
      )
    } catch (error) {
      const refused = refusal(file, row.line, error)
      if (draft) draft.refusals.push(refused)
      else {
        refusedStarts.push(refused)
        if (handle) refusedFirst.set(handle, row.line)
      }
    }
  }
  for (const draft of drafts.values()) if (draft.refusals.length === 0) checkCombinations(file, draft)
  // A product whose first row was refused, and its other rows: refused, with no product to plan.
  const orphans = refusedStarts.map(orphanDraft)
  return [...drafts.values(), ...orphans]
}

function orphanDraft(refused: ImportRefusal): ProductDraft {
  return {
    line: refused.line,
    handle: '',
    name: '',
    description: null,
    categoryId: null,
    collection: null,
    isPublished: false,
    options: [],
    variants: [],
    imageUrls: [],
    lines: [refused.line],
    refusals: [refused],
  }
}
