import { and, eq, inArray, isNull, sql } from 'drizzle-orm'

import type { ProductOption } from '#contract/catalogue'
import type { ImportReport } from '#contract/catalogue-csv'

import type { Db, Tx } from '../db/client'
import { collections, type ProductRow, products, productVariants } from '../db/schema'
import { ApiError } from '../errors'
import { enqueue } from '../jobs'
import { type AfterCommit, type CatalogueDeps, commitThen } from './commit'
import type { VariantDraft } from './csv-drafts'
import { imagesToQueue, type ImportPlan, planImport, type PlannedProduct, reportOf, variantDiffers } from './csv-plan'
import { comboOf, unitsChanges } from './csv-stock'
import { changeUnits, type StockScope } from './locations'
import { madeNow, newVariantRows } from './product-variants'
import { refreshProductFigures, variantsChanged } from './stock'
import { codesUnique } from './variant-codes'
import { sortVariants } from './views'

/*
 * A catalogue CSV imported (decision 177): the dry run is the plan's report; the apply plans again inside one
 * transaction and carries the plan out, so nothing is half imported and the counts are the dry run's. New
 * products and their variants go in a few multi-row inserts (5,000 rows in seconds), every touched product then
 * takes the one path that keeps its aggregates and stock alerts (variantsChanged), and image URLs become jobs.
 */

/** Rows per multi-row insert: well under PostgreSQL's 65,535 parameters at ~10 a row. */
const INSERT_CHUNK = 1000

export async function checkImport(db: Db, vendorId: string, scope: StockScope, csv: string): Promise<ImportReport> {
  const plan = await planImport(db, vendorId, csv, scope)
  return reportOf(plan, false, imagesToQueue(plan))
}

/** The codes and cost a row gives (a column the file lacks is left out, so a kept variant keeps its own). */
function codesOf(variant: VariantDraft) {
  return {
    ...(variant.sku !== undefined ? { sku: variant.sku } : {}),
    ...(variant.barcode !== undefined ? { barcode: variant.barcode } : {}),
    ...(variant.costPrice !== undefined ? { costPrice: variant.costPrice } : {}),
  }
}

/** New variant rows as the product form makes them (newVariantRows: its order and times), with their codes and cost. */
function variantRowsOf(vendorId: string, productId: string, variants: VariantDraft[], options: ProductOption[], plan: ImportPlan) {
  // Sorted here first, so the (stable) sort in newVariantRows keeps this order and the rows line up with the drafts.
  const sorted = sortVariants(variants, options)
  const mainStore = (v: VariantDraft) =>
    v.unitsAt ? ([...v.unitsAt].find(([name]) => plan.stock.locations.get(name) === null)?.[1] ?? 0) : v.units
  const rows = newVariantRows(
    vendorId,
    productId,
    sorted.map((v) => ({ options: v.options, price: v.price, availableUnits: mainStore(v) })),
    options,
  )
  return rows.map((row, i) => ({ ...row, ...codesOf(sorted[i]!) }))
}

async function makeCollections(tx: Tx, vendorId: string, plan: ImportPlan): Promise<void> {
  if (plan.newCollections.size === 0) return
  await tx
    .insert(collections)
    .values([...plan.newCollections.values()].map((name) => ({ vendorId, name })))
    .onConflictDoNothing()
  const rows = await tx.select({ id: collections.id, name: collections.name }).from(collections).where(eq(collections.vendorId, vendorId))
  for (const row of rows) plan.collectionIds.set(row.name.toLowerCase(), row.id)
}

function collectionIdOf(plan: ImportPlan, product: PlannedProduct): string | null | undefined {
  const key = product.collectionKey
  return key ? plan.collectionIds.get(key)! : key
}

async function createProducts(tx: Tx, vendorId: string, plan: ImportPlan, creates: PlannedProduct[]): Promise<string[]> {
  const ids: string[] = []
  for (let from = 0; from < creates.length; from += INSERT_CHUNK) {
    const chunk = creates.slice(from, from + INSERT_CHUNK)
    const made = await tx
      .insert(products)
      .values(
        chunk.map((planned, i) => ({
          vendorId,
          handle: planned.draft.handle,
          name: planned.draft.name,
          description: planned.draft.description,
          categoryId: planned.draft.categoryId ?? null,
          collectionId: collectionIdOf(plan, planned) ?? null,
          isPublished: planned.draft.isPublished,
          options: planned.draft.options,
          // The file's order is the order they were made in, which the export writes them back in.
          createdAt: madeNow(i),
          updatedAt: madeNow(i),
        })),
      )
      .returning({ id: products.id, handle: products.handle })
    // By handle (unique in the file), not by position: nothing promises RETURNING keeps the order of VALUES.
    const byHandle = new Map(made.map((row) => [row.handle, row.id]))
    ids.push(...chunk.map((planned) => byHandle.get(planned.draft.handle)!))
  }
  await insertVariants(
    tx,
    vendorId,
    plan,
    creates.map(({ draft }, i) => ({ productId: ids[i]!, variants: draft.variants, options: draft.options })),
  )
  return ids
}

const stockMoved = (line: number) =>
  new ApiError(
    409,
    'NOT_ENOUGH_STOCK',
    `Line ${line}: the units changed while the file was imported, so nothing was imported. Check the file again and import it.`,
  )

/** The product's fields and variants become the file's: kept variants (same option values) change in place. */
async function updateProduct(tx: Tx, vendorId: string, plan: ImportPlan, planned: PlannedProduct): Promise<void> {
  const { draft } = planned
  const product = planned.existing!
  const fields: Partial<ProductRow> = {
    handle: draft.handle,
    name: draft.name,
    description: draft.description,
    isPublished: draft.isPublished,
    options: draft.options,
  }
  if (draft.categoryId !== undefined) fields.categoryId = draft.categoryId
  const collectionId = collectionIdOf(plan, planned)
  if (collectionId !== undefined) fields.collectionId = collectionId
  await tx
    .update(products)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(products.vendorId, vendorId), eq(products.id, product.id)))
  const names = draft.options.map((o) => o.name)
  const kept = new Map(planned.variants.map((v) => [comboOf(v.options, names), v]))
  const keptIds = new Set<string>()
  const fresh: VariantDraft[] = []
  for (const variant of draft.variants) {
    const found = kept.get(comboOf(variant.options, names))
    if (!found) {
      fresh.push(variant)
      continue
    }
    keptIds.add(found.id)
    if (!variantDiffers(plan.stock, found, variant) && JSON.stringify(found.options) === JSON.stringify(variant.options)) continue
    // With 'Units at …' columns each location is set and the triggers keep the total; without, the total is set.
    const total = variant.unitsAt ? {} : { availableUnits: variant.units }
    await tx
      .update(productVariants)
      .set({ options: variant.options, price: variant.price, ...total, ...codesOf(variant), updatedAt: sql`now()` })
      .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.id, found.id)))
    for (const { outletId, delta } of unitsChanges(plan.stock, found, variant)) {
      // The plan read the units under the product's lock, so a fall always fits; were it ever refused, the whole
      // import is (one transaction): never some products imported and a location's count left as it was.
      if ((await changeUnits(tx, vendorId, found.id, outletId, delta)) === null) throw stockMoved(variant.line)
    }
  }
  const gone = planned.variants.filter((v) => !keptIds.has(v.id)).map((v) => v.id)
  if (gone.length) {
    await tx
      .update(productVariants)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(productVariants.vendorId, vendorId), inArray(productVariants.id, gone), isNull(productVariants.deletedAt)))
  }
  if (fresh.length) await insertVariants(tx, vendorId, plan, [{ productId: product.id, variants: fresh, options: draft.options }])
}

/**
 * New variants: the main store's units go in with the row (the trigger of decision 174 puts a new variant's units
 * there), then each outlet's units from its 'Units at …' column.
 */
async function insertVariants(
  tx: Tx,
  vendorId: string,
  plan: ImportPlan,
  products: { productId: string; variants: VariantDraft[]; options: ProductOption[] }[],
): Promise<void> {
  const rows = products.flatMap((p) => variantRowsOf(vendorId, p.productId, p.variants, p.options, plan))
  const made: { id: string; productId: string; options: Record<string, string> }[] = []
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    const chunk = rows.slice(from, from + INSERT_CHUNK)
    const inserted = await tx
      .insert(productVariants)
      .values(chunk)
      .returning({ id: productVariants.id, productId: productVariants.productId, options: productVariants.options })
    made.push(...inserted)
  }
  if (plan.stock.locations.size === 0) return
  const outletsOf = new Map(products.map((p) => [p.productId, p]))
  for (const variant of made) {
    const product = outletsOf.get(variant.productId)!
    const names = product.options.map((o) => o.name)
    const draft = product.variants.find((d) => comboOf(d.options, names) === comboOf(variant.options, names))!
    for (const [name, units] of draft.unitsAt ?? []) {
      const outletId = plan.stock.locations.get(name)!
      if (outletId !== null && units > 0) await changeUnits(tx, vendorId, variant.id, outletId, units)
    }
  }
}

async function queueImages(tx: Tx, vendorId: string, creates: PlannedProduct[], ids: string[]): Promise<void> {
  for (const [i, { draft }] of creates.entries()) {
    for (const [position, url] of draft.imageUrls.entries()) {
      const productId = ids[i]!
      await enqueue(tx, {
        kind: 'fetch-product-image',
        payload: { vendorId, productId, url, position },
        dedupeKey: `product-image:${productId}:${position}`,
        maxAttempts: 3,
      })
    }
  }
}

async function applyPlan(tx: Tx, vendorId: string, plan: ImportPlan, after: AfterCommit): Promise<void> {
  await makeCollections(tx, vendorId, plan)
  const creates = plan.products.filter((p) => p.action === 'create')
  const ids = await createProducts(tx, vendorId, plan, creates)
  const updates = plan.products.filter((p) => p.action === 'update')
  // Locked by the plan (lockProducts), before it read them.
  const locked = updates.map((p) => p.existing!.id).sort()
  for (const planned of updates) await updateProduct(tx, vendorId, plan, planned)
  // New variants have no stock alert yet: their products' figures in a few statements, not two each.
  for (let from = 0; from < ids.length; from += INSERT_CHUNK)
    await refreshProductFigures(tx, vendorId, ids.slice(from, from + INSERT_CHUNK))
  for (const productId of locked) after.notices.push(...(await variantsChanged(tx, vendorId, productId)))
  await queueImages(tx, vendorId, creates, ids)
}

/** Takes the row locks of the products an import updates, in id order, so two changes of the same ones take turns. */
const lockProducts = (tx: Tx, vendorId: string) => async (ids: string[]) => {
  for (let from = 0; from < ids.length; from += INSERT_CHUNK) {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.vendorId, vendorId), inArray(products.id, ids.slice(from, from + INSERT_CHUNK))))
      .orderBy(products.id)
      .for('update')
  }
}

/**
 * The import, all or nothing: refused rows are left out (and reported), everything else commits together. A vendor's
 * imports run one at a time (a lock for this transaction), so a second file planned while the first commits sees
 * its products and handles instead of inserting them twice. The plan reads the products it finds under their row
 * locks, so a sale waits for the import rather than slipping between the plan and its apply. A code a product form
 * took meanwhile is a 409.
 */
export async function importCatalogue(deps: CatalogueDeps, vendorId: string, scope: StockScope, csv: string): Promise<ImportReport> {
  return codesUnique(
    () => 'csv',
    () =>
      commitThen(deps, [], async (tx, after) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`catalogue-import:${vendorId}`}, 0))`)
        const plan = await planImport(tx, vendorId, csv, scope, lockProducts(tx, vendorId))
        await applyPlan(tx, vendorId, plan, after)
        return reportOf(plan, true, imagesToQueue(plan))
      }),
  )
}
