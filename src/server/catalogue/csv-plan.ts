import { and, asc, eq, isNull } from 'drizzle-orm'

import { skuKey } from '#contract/catalogue'
import type { ImportRefusal, ImportReport } from '#contract/catalogue-csv'
import { MAX_IMPORT_REPORT_LINES } from '#contract/catalogue-csv'

import type { Db } from '../db/client'
import { collections, type ProductRow, products, type ProductVariantRow, productVariants } from '../db/schema'
import { draftProducts, type ProductDraft, type VariantDraft } from './csv-drafts'
import { readCatalogueCsv, type ReadCsv } from './csv-read'
import { comboOf, type LiveStock, liveStock, totalsRefusal, unitsChanges } from './csv-stock'
import { handlesOf } from './handles'
import type { StockScope } from './locations'

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

/** A kept variant's new price at or below its flat discount (which the product form refuses too). */
function discountClash(draft: ProductDraft, variants: ProductVariantRow[]) {
  const names = draft.options.map((o) => o.name)
  const byCombo = new Map(variants.map((v) => [comboOf(v.options, names), v]))
  return draft.variants.find((d) => {
    const kept = byCombo.get(comboOf(d.options, names))
    return kept?.discountType === 'FLAT' && kept.discountValue! >= d.price
  })
}

/** Locks the products of `ids` for the apply, in id order (the order every catalogue change takes them in). */
export type LockProducts = (ids: string[]) => Promise<void>

/**
 * The vendor's live products, oldest first. For the apply (`lock`), the products the file's handles find are
 * locked first and read again under their locks, until no more are found: the plan is then built from what no
 * sale or product form can change before the import commits (a sale between a read and the lock would leave a
 * stale count, or a fall below zero).
 */
async function liveProducts(db: Db, vendorId: string, handles: Set<string>, lock?: LockProducts): Promise<ProductRow[]> {
  const read = () =>
    db
      .select()
      .from(products)
      .where(and(eq(products.vendorId, vendorId), isNull(products.deletedAt)))
      .orderBy(asc(products.createdAt), asc(products.id))
  let live = await read()
  if (!lock) return live
  const locked = new Set<string>()
  for (;;) {
    const handleOf = handlesOf(live)
    const found = live.filter((p) => handles.has(handleOf.get(p.id)!) && !locked.has(p.id)).map((p) => p.id)
    if (found.length === 0) return live
    await lock(found.sort())
    for (const id of found) locked.add(id)
    live = await read()
  }
}

/**
 * Plans the import of `text` against the vendor's catalogue as `db` (a transaction, for the apply) sees it, for a
 * caller who sees `scope`'s locations. The apply passes `lock`, so the plan reads its products under their locks.
 */
export async function planImport(db: Db, vendorId: string, text: string, scope: StockScope, lock?: LockProducts): Promise<ImportPlan> {
  const file = readCatalogueCsv(text)
  const drafts = draftProducts(file)
  const live = await liveProducts(db, vendorId, new Set(drafts.filter((d) => !d.refusals.length).map((d) => d.handle)), lock)
  const [variantRows, collectionRows] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.vendorId, vendorId), isNull(productVariants.deletedAt)))
      .orderBy(asc(productVariants.createdAt), asc(productVariants.id)),
    db.select({ id: collections.id, name: collections.name }).from(collections).where(eq(collections.vendorId, vendorId)),
  ])
  const stock = await liveStock(db, vendorId, file, scope)
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
    const units = totalsRefusal(file, stock, draft, variants)
    if (units) {
      refused.push(...leftOut(draft, [units]))
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
