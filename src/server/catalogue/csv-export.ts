import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'

import { catalogueCsvColumns, type CatalogueCsvLine, catalogueFileName } from '#contract/catalogue-csv'
import { CSV_BOM, csvHeader, csvLines } from '#contract/csv'
import { MAIN_STORE_NAME } from '#contract/stock-locations'

import { lagosDate } from '../analytics'
import type { Db } from '../db/client'
import { collections, outlets, products, type ProductVariantRow, productVariants } from '../db/schema'
import { variantStock } from '../db/stock-schema'
import type { FileResult } from '../http/types'
import { handlesOf } from './handles'
import type { StockScope } from './locations'
import { sortVariants } from './views'

/**
 * Products read per chunk while exporting: a few hundred KB of CSV. The list of product ids (and names, for the
 * handles) is read once at the start; each chunk then reads its products and their variants by id.
 */
export const CATALOGUE_EXPORT_CHUNK = 500

export interface CatalogueExportOptions {
  chunkProducts?: number
  onError?: (error: unknown) => void
  now: Date
}

/**
 * Every live product, oldest first (the order an import made them in), one line per variant in the product page's
 * order, as the file the import reads back (decision 177). The shape of the transactions export (decision 159): a
 * pulled stream (highWaterMark 0), a chunk read only when the client wants more, the first read before the answer
 * so an early failure is a JSON error, a client gone cancels the reads.
 */
export async function exportCatalogue(db: Db, vendorId: string, scope: StockScope, options: CatalogueExportOptions): Promise<FileResult> {
  const chunkSize = options.chunkProducts ?? CATALOGUE_EXPORT_CHUNK
  const all = await db
    .select({ id: products.id, name: products.name, handle: products.handle })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), isNull(products.deletedAt)))
    .orderBy(asc(products.createdAt), asc(products.id))
  const handles = handlesOf(all)
  const collectionNames = new Map(
    (await db.select({ id: collections.id, name: collections.name }).from(collections).where(eq(collections.vendorId, vendorId))).map(
      (c) => [c.id, c.name],
    ),
  )

  // A caller who sees outlets gets a 'Units at …' column per location they see (decisions 174, 187), the main
  // store first: as on the product page, a member of outlets only sees their outlets, a member of none the main store.
  const places =
    scope.all || scope.outletIds.length
      ? await db
          .select({ id: outlets.id, name: outlets.name })
          .from(outlets)
          .where(and(eq(outlets.vendorId, vendorId), scope.all ? undefined : inArray(outlets.id, scope.outletIds)))
          .orderBy(asc(sql`lower(${outlets.name})`), asc(outlets.id))
      : []
  const locationNames = places.length ? [...(scope.main ? [MAIN_STORE_NAME] : []), ...places.map((p) => p.name)] : []
  const nameOf = new Map<string | null, string>([
    ...(scope.main ? [[null, MAIN_STORE_NAME] as const] : []),
    ...places.map((p) => [p.id, p.name] as const),
  ])
  const columns = catalogueCsvColumns(locationNames)
  // Units is the sum of the file's 'Units at …' columns (the rule the import reads it by): for whoever sees every
  // location the variant's total, for a member of outlets only the sum of theirs, so their file reads back unchanged.
  const unitsOf = (variant: ProductVariantRow, at: Record<string, number>) =>
    scope.all || locationNames.length === 0 ? variant.availableUnits : Object.values(at).reduce((sum, n) => sum + n, 0)

  const readChunk = async (from: number): Promise<CatalogueCsvLine[]> => {
    const ids = all.slice(from, from + chunkSize).map((p) => p.id)
    if (ids.length === 0) return []
    const [rows, variants, stock] = await Promise.all([
      db
        .select()
        .from(products)
        .where(and(eq(products.vendorId, vendorId), inArray(products.id, ids))),
      db
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.vendorId, vendorId), inArray(productVariants.productId, ids), isNull(productVariants.deletedAt)))
        .orderBy(asc(productVariants.createdAt), asc(productVariants.id)),
      places.length
        ? db
            .select({ variantId: variantStock.variantId, outletId: variantStock.outletId, units: variantStock.units })
            .from(variantStock)
            .innerJoin(productVariants, eq(productVariants.id, variantStock.variantId))
            .where(and(eq(variantStock.vendorId, vendorId), inArray(productVariants.productId, ids)))
        : [],
    ])
    const unitsAt = new Map<string, Record<string, number>>()
    for (const row of stock) {
      const name = nameOf.get(row.outletId)
      if (name === undefined) continue
      const held = unitsAt.get(row.variantId) ?? {}
      held[name] = row.units
      unitsAt.set(row.variantId, held)
    }
    const byId = new Map(rows.map((row) => [row.id, row]))
    const variantsOf = new Map<string, ProductVariantRow[]>()
    for (const row of variants) variantsOf.set(row.productId, [...(variantsOf.get(row.productId) ?? []), row])
    return ids.flatMap((id) => {
      const product = byId.get(id)
      // Deleted since the list was read: left out, like a product deleted before the export began.
      if (!product || product.deletedAt) return []
      return sortVariants(variantsOf.get(id) ?? [], product.options).map((variant, i) => ({
        first: i === 0,
        handle: handles.get(id)!,
        name: product.name,
        description: product.description,
        categoryId: product.categoryId,
        collection: product.collectionId ? (collectionNames.get(product.collectionId) ?? null) : null,
        isPublished: product.isPublished,
        optionNames: product.options.map((o) => o.name),
        options: variant.options,
        price: variant.price,
        units: unitsOf(variant, unitsAt.get(variant.id) ?? {}),
        sku: variant.sku,
        barcode: variant.barcode,
        costPrice: variant.costPrice,
        unitsAt: unitsAt.get(variant.id) ?? {},
      }))
    })
  }

  const encoder = new TextEncoder()
  let next = 0
  let first: CatalogueCsvLine[] | null = await readChunk(0)
  let cancelled = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const lines = first ?? (await readChunk(next))
          const head = first ? CSV_BOM + csvHeader(columns) : ''
          first = null
          if (cancelled) return
          const text = head + csvLines(lines, columns)
          if (text) controller.enqueue(encoder.encode(text))
          next += chunkSize
          if (next >= all.length) controller.close()
        } catch (error) {
          if (cancelled) return
          options.onError?.(error)
          controller.error(error)
        }
      },
      cancel() {
        cancelled = true
        first = null
      },
    },
    { highWaterMark: 0 },
  )
  return { body, fileName: catalogueFileName(lagosDate(options.now)) }
}
