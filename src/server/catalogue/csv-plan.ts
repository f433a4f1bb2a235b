import { and, asc, eq, isNull } from 'drizzle-orm'

import { skuKey } from '#contract/catalogue'
import type { ImportRefusal, ImportReport } from '#contract/catalogue-csv'
import { MAX_IMPORT_REPORT_LINES } from '#contract/catalogue-csv'
import { MAIN_STORE_NAME } from '#contract/stock-locations'

import type { Db } from '../db/client'
import { collections, outlets, type ProductRow, products, type ProductVariantRow, productVariants } from '../db/schema'
import { variantStock } from '../db/stock-schema'
import { validationError } from '../http/register'
import { draftProducts, type ProductDraft, type VariantDraft } from './csv-drafts'
import { readCatalogueCsv, type ReadCsv } from './csv-read'
import { handlesOf } from './handles'
import { outletsHold } from './locations'

/*
 * What an import would do (decision 177), computed the same way for the dry run and, inside its transaction, for
 * the apply: each product of the file is matched to a live product by handle and is to be created, updated or
 * left unchanged; a product with a refused row is left out. The dry run answers this plan's report; the apply
 * carries it out, so its counts are the dry run's whenever the catalogue did not change in between.
 */

export interface PlannedProduct {
  draft: ProductDraft
  action: 'create' | 'update' | 'unchanged'
  existing: ProductRow | null
  /** The existing product's live variants, oldest first. */
  variants: ProductVariantRow[]
  /** The collection's name in lower case; null: none; undefined: the file does not say. */
  collectionKey: string | null | undefined
}

export interface ImportPlan {
  format: ImportReport['format']
  rows: number
  products: PlannedProduct[]
  refused: ImportRefusal[]
  /** Collection names (as the file gives them, by lower case) that do not exist yet. */
  newCollections: Map<string, string>
  collectionIds: Map<string, string>
  stock: LiveStock
}

/** The 'Units at …' columns' locations (by lower-case name: an outlet's id, null for the main store) and what each variant holds where. */
export interface LiveStock {
  locations: Map<string, string | null>
  units: (variantId: string, outletId: string | null) => number
}

async function liveStock(db: Db, vendorId: string, file: ReadCsv): Promise<LiveStock> {
  const [places, rows] = await Promise.all([
    file.locations.length ? db.select({ id: outlets.id, name: outlets.name }).from(outlets).where(eq(outlets.vendorId, vendorId)) : [],
    db.select().from(variantStock).where(eq(variantStock.vendorId, vendorId)),
  ])
  // An outlet called "Main store" would make two columns of one name, and its units would be read as the main store's.
  const namesakes = places.filter((o) => o.name.toLowerCase() === MAIN_STORE_NAME.toLowerCase())
  if (namesakes.length) {
    const message = `reads units by location, but one of your outlets is called ${namesakes[0]!.name}: rename it first`
    throw validationError([{ path: 'csv', message }])
  }
  const byName = new Map<string, string | null>([
    [MAIN_STORE_NAME.toLowerCase(), null],
    ...places.map((o) => [o.name.toLowerCase(), o.id] as const),
  ])
  const locations = new Map<string, string | null>()
  for (const { header, name } of file.locations) {
    const key = name.toLowerCase()
    if (!byName.has(key)) {
      throw validationError([{ path: 'csv', message: `has a column "${header}", but no outlet of yours is called ${name}` }])
    }
    if (locations.has(key)) throw validationError([{ path: 'csv', message: `has the column "${header}" twice` }])
    locations.set(key, byName.get(key)!)
  }
  const held = new Map(rows.map((r) => [`${r.variantId}:${r.outletId ?? ''}`, r.units]))
  return { locations, units: (variantId, outletId) => held.get(`${variantId}:${outletId ?? ''}`) ?? 0 }
}

/** A variant's key within its product: its option values in the product's option order. */
export const comboOf = (options: Record<string, string>, names: string[]) => JSON.stringify(names.map((n) => options[n] ?? null))

function sameOptions(a: ProductRow['options'], b: ProductDraft['options']): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Whether applying the draft would change anything of the product or its variants. */
function differs(
  stock: LiveStock,
  draft: ProductDraft,
  product: ProductRow,
  variants: ProductVariantRow[],
  collectionId: string | null | undefined,
) {
  if (
    product.name !== draft.name ||
    product.description !== draft.description ||
    product.isPublished !== draft.isPublished ||
    !sameOptions(product.options, draft.options) ||
    variants.length !== draft.variants.length
  ) {
    return true
  }
  // Shopify files carry no category or collection: an update from one leaves them as they are.
  if (draft.categoryId !== undefined && draft.categoryId !== product.categoryId) return true
  if (collectionId !== undefined && product.collectionId !== collectionId) return true
  const names = draft.options.map((o) => o.name)
  const byCombo = new Map(variants.map((v) => [comboOf(v.options, names), v]))
  return draft.variants.some((d) => {
    const found = byCombo.get(comboOf(d.options, names))
    return !found || variantDiffers(stock, found, d)
  })
}

/** A location whose units the row changes for a kept variant (only with 'Units at …' columns). */
export function unitsChanges(stock: LiveStock, found: ProductVariantRow, d: VariantDraft): { outletId: string | null; delta: number }[] {
  return [...(d.unitsAt ?? [])].flatMap(([name, units]) => {
    const outletId = stock.locations.get(name)!
    const delta = units - stock.units(found.id, outletId)
    return delta === 0 ? [] : [{ outletId, delta }]
  })
}

/** A kept variant the file's row would change (a code or cost the file has no column for stays as it is). */
export function variantDiffers(stock: LiveStock, found: ProductVariantRow, d: VariantDraft): boolean {
  return (
    found.price !== d.price ||
    (d.unitsAt ? unitsChanges(stock, found, d).length > 0 : found.availableUnits !== d.units) ||
    (d.sku !== undefined && found.sku !== d.sku) ||
    (d.barcode !== undefined && found.barcode !== d.barcode) ||
    (d.costPrice !== undefined && found.costPrice !== d.costPrice)
  )
}

/**
 * SKUs (ignoring case) and barcodes are unique among a vendor's live variants (decision 175): a row may keep its
 * own variant's code, but not take one another row of the file or another variant already has.
 */
function codeRefusals(file: ReadCsv, planned: PlannedProduct[], live: ProductVariantRow[]): Map<PlannedProduct, ImportRefusal> {
  const held = { sku: new Map<string, string>(), barcode: new Map<string, string>() }
  for (const v of live) {
    if (v.sku) held.sku.set(skuKey(v.sku), v.id)
    if (v.barcode) held.barcode.set(v.barcode, v.id)
  }
  const inFile = { sku: new Map<string, number>(), barcode: new Map<string, number>() }
  const refusals = new Map<PlannedProduct, ImportRefusal>()
  for (const product of planned) {
    const names = product.draft.options.map((o) => o.name)
    const own = new Map(product.variants.map((v) => [comboOf(v.options, names), v.id]))
    for (const variant of product.draft.variants) {
      for (const field of ['sku', 'barcode'] as const) {
        const code = variant[field]
        if (!code || refusals.has(product)) continue
        const key = field === 'sku' ? skuKey(code) : code
        const earlier = inFile[field].get(key)
        const holder = held[field].get(key)
        const reason =
          earlier !== undefined
            ? `is already used on line ${earlier}`
            : holder !== undefined && holder !== own.get(comboOf(variant.options, names))
              ? 'is already used by another of your variants'
              : null
        if (reason) refusals.set(product, { line: variant.line, column: file.header(field), reason })
        inFile[field].set(key, variant.line)
      }
    }
  }
  return refusals
}

/** A product's refusals, and each of its other lines refused with them (a product is imported whole or not at all). */
function leftOut(draft: ProductDraft, refusals: ImportRefusal[]): ImportRefusal[] {
  const first = refusals[0]!.line
  const refusedLines = new Set(refusals.map((r) => r.line))
  const others = draft.lines.filter((line) => !refusedLines.has(line))
  return [...refusals, ...others.map((line) => ({ line, column: null, reason: `left out with line ${first} of the same product` }))]
}

/** Without 'Units at …' columns Units is the total, which cannot go below what the outlets hold (decision 174). */
function outletClash(stock: LiveStock, draft: ProductDraft, variants: ProductVariantRow[]) {
  const names = draft.options.map((o) => o.name)
  const byCombo = new Map(variants.map((v) => [comboOf(v.options, names), v]))
  for (const d of draft.variants) {
    const kept = byCombo.get(comboOf(d.options, names))
    if (!kept || d.unitsAt) continue
    const held = kept.availableUnits - stock.units(kept.id, null)
    if (d.units < held) return { line: d.line, held }
  }
  return null
}

/** A kept variant's new price at or below its flat discount (which the product form refuses too). */
function discountClash(draft: ProductDraft, variants: ProductVariantRow[]) {
  const names = draft.options.map((o) => o.name)
  const byCombo = new Map(variants.map((v) => [comboOf(v.options, names), v]))
  return draft.variants.find((d) => {
    const kept = byCombo.get(comboOf(d.options, names))
    return kept?.discountType === 'FLAT' && kept.discountValue! >= d.price
  })
}

/** Plans the import of `text` against the vendor's catalogue as `db` (a transaction, for the apply) sees it. */
export async function planImport(db: Db, vendorId: string, text: string): Promise<ImportPlan> {
  const file = readCatalogueCsv(text)
  const drafts = draftProducts(file)
  const [live, variantRows, collectionRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.vendorId, vendorId), isNull(products.deletedAt)))
      .orderBy(asc(products.createdAt), asc(products.id)),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.vendorId, vendorId), isNull(productVariants.deletedAt)))
      .orderBy(asc(productVariants.createdAt), asc(productVariants.id)),
    db.select({ id: collections.id, name: collections.name }).from(collections).where(eq(collections.vendorId, vendorId)),
  ])
  const stock = await liveStock(db, vendorId, file)
  const handles = handlesOf(live)
  const byHandle = new Map(live.map((p) => [handles.get(p.id)!, p]))
  const variantsOf = new Map<string, ProductVariantRow[]>()
  for (const row of variantRows) variantsOf.set(row.productId, [...(variantsOf.get(row.productId) ?? []), row])
  const collectionIds = new Map(collectionRows.map((c) => [c.name.toLowerCase(), c.id]))

  const planned: PlannedProduct[] = []
  const refused: ImportRefusal[] = []
  const newCollections = new Map<string, string>()
  for (const draft of drafts) {
    if (draft.refusals.length) {
      refused.push(...leftOut(draft, draft.refusals))
      continue
    }
    const existing = byHandle.get(draft.handle) ?? null
    const variants = existing ? (variantsOf.get(existing.id) ?? []) : []
    const belowOutlets = outletClash(stock, draft, variants)
    if (belowOutlets) {
      refused.push(...leftOut(draft, [{ line: belowOutlets.line, column: file.header('units'), reason: outletsHold(belowOutlets.held) }]))
      continue
    }
    const belowDiscount = discountClash(draft, variants)
    if (belowDiscount) {
      refused.push(
        ...leftOut(draft, [
          { line: belowDiscount.line, column: file.header('price'), reason: "must be more than the variant's flat discount" },
        ]),
      )
      continue
    }
    const collectionKey = draft.collection === undefined ? undefined : (draft.collection?.toLowerCase() ?? null)
    if (collectionKey && !collectionIds.has(collectionKey)) newCollections.set(collectionKey, draft.collection!)
    const collectionId = collectionKey ? (collectionIds.get(collectionKey) ?? `new:${collectionKey}`) : collectionKey
    const action = !existing ? 'create' : differs(stock, draft, existing, variants, collectionId) ? 'update' : 'unchanged'
    planned.push({ draft, action, existing, variants, collectionKey })
  }
  const clashes = codeRefusals(file, planned, variantRows)
  for (const [product, refusal] of clashes) refused.push(...leftOut(product.draft, [refusal]))
  refused.sort((a, b) => a.line - b.line)
  const kept = planned.filter((p) => !clashes.has(p))
  return { format: file.format, rows: file.rows.length, products: kept, refused, newCollections, collectionIds, stock }
}

/** The plan as the dry run (or, applied, the import) answers it. */
export function reportOf(plan: ImportPlan, applied: boolean, imagesQueued: number): ImportReport {
  const count = (action: PlannedProduct['action']) => plan.products.filter((p) => p.action === action).length
  return {
    format: plan.format,
    applied,
    rows: plan.rows,
    created: count('create'),
    updated: count('update'),
    unchanged: count('unchanged'),
    refusedRows: plan.refused.length,
    collectionsCreated: plan.newCollections.size,
    imagesQueued,
    products: plan.products.slice(0, MAX_IMPORT_REPORT_LINES).map((p) => ({
      line: p.draft.line,
      handle: p.draft.handle,
      name: p.draft.name,
      action: p.action,
    })),
    refused: plan.refused.slice(0, MAX_IMPORT_REPORT_LINES),
  }
}

/** Images the apply queues: those of the products it creates (decision 177: an update never fetches images). */
export const imagesToQueue = (plan: ImportPlan) =>
  plan.products.filter((p) => p.action === 'create').reduce((sum, p) => sum + p.draft.imageUrls.length, 0)
