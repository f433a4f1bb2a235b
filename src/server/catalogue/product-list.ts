import { and, type AnyColumn, asc, count, desc, eq, gt, gte, ilike, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type * as v from 'valibot'

import type { catalogueEndpoints, Product, ProductSummary } from '#contract/catalogue'

import type { Db } from '../db/client'
import { preparedOnce } from '../db/prepared'
import { collections, productImages, products, productVariants } from '../db/schema'
import { containsPattern, qualified } from '../db/sql-helpers'
import { notFound } from '../errors'
import { findCollection } from './collections'
import { toProduct, toProductSummary } from './views'

/** A live (not deleted) product of this vendor. */
export const liveProduct = (vendorId: string, id: string) =>
  and(eq(products.vendorId, vendorId), eq(products.id, id), isNull(products.deletedAt))!

/** One live product with its images, options and live variants; 404 for a deleted one or another vendor's. */
export async function loadProduct(db: Db, vendorId: string, id: string, origin: string): Promise<Product> {
  const [found] = await db
    .select({ product: products, collection: { id: collections.id, name: collections.name } })
    .from(products)
    .leftJoin(collections, and(eq(collections.vendorId, products.vendorId), eq(collections.id, products.collectionId)))
    .where(liveProduct(vendorId, id))
  if (!found) throw notFound('Product')
  const [images, variants] = await Promise.all([
    db
      .select({ id: productImages.id, storageKey: productImages.storageKey })
      .from(productImages)
      .where(and(eq(productImages.vendorId, vendorId), eq(productImages.productId, id)))
      .orderBy(asc(productImages.position)),
    db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.productId, id), isNull(productVariants.deletedAt)))
      .orderBy(asc(productVariants.createdAt), asc(productVariants.id)),
  ])
  return toProduct(found.product, found.collection, images, variants, origin)
}

type ProductFilters = v.InferOutput<typeof catalogueEndpoints.listProducts.query>

/**
 * "Any variant's price within [low, high]" (docs/decisions/027). The aggregates answer most products without
 * reading variants: max < low or min > high cannot match, and a min or max inside the range is a matching
 * variant. Only a product whose variants straddle the whole range is checked variant by variant.
 */
function priceRange(vendorId: string, low?: number, high?: number): SQL | undefined {
  if (low === undefined && high === undefined) return undefined
  if (high === undefined) return gte(products.maxPrice, low!)
  if (low === undefined) return lte(products.minPrice, high)
  const variantInRange = sql`exists (
    select 1 from ${productVariants}
    where ${qualified(productVariants.vendorId)} = ${vendorId} and ${qualified(productVariants.productId)} = ${qualified(products.id)}
      and ${qualified(productVariants.deletedAt)} is null and ${qualified(productVariants.price)} between ${low} and ${high}
  )`
  return and(
    lte(products.minPrice, high),
    gte(products.maxPrice, low),
    or(gte(products.minPrice, low), lte(products.maxPrice, high), variantInRange),
  )
}

/**
 * Live products newest first. The (vendor_id, created_at desc, id desc) index where deleted_at is null serves the
 * order, so a page costs the rows it shows plus the filter's misses; price and stock filters read the aggregates
 * kept on the product row, never the variants of every product.
 */
export async function listProducts(db: Db, vendorId: string, filters: ProductFilters) {
  if (filters.collectionId) await findCollection(db, vendorId, filters.collectionId)
  const where = and(
    liveProducts(vendorId),
    filters.name ? ilike(products.name, containsPattern(filters.name)) : undefined,
    filters.isPublished === undefined ? undefined : eq(products.isPublished, filters.isPublished),
    filters.collectionId ? eq(products.collectionId, filters.collectionId) : undefined,
    filters.categoryId ? eq(products.categoryId, filters.categoryId) : undefined,
    priceRange(vendorId, filters.priceRangeLow, filters.priceRangeHigh),
    filters.lowStock === undefined ? undefined : filters.lowStock ? gt(products.lowStockCount, 0) : eq(products.lowStockCount, 0),
  )!
  const paging = { limit: filters.size, offset: (filters.page - 1) * filters.size }
  const unfiltered = Object.entries(filters).every(([key, value]) => key === 'page' || key === 'size' || value === undefined)
  let rows: Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>
  if (unfiltered) {
    // The list as it first opens, by far the most asked: built once per database and prepared on each connection.
    const prepared = unfilteredPage(db)
    rows = await prepared.execute({ vendorId, ...paging })
  } else {
    rows = await pageQuery(db, where).execute(paging)
  }
  const items: ProductSummary[] = rows.map((row) =>
    toProductSummary(row.product, row.collection, row.coverId && row.coverKey ? { id: row.coverId, storageKey: row.coverKey } : null),
  )
  // A page past the end has no row to carry the total: asked alone.
  const total = rows[0]?.total ?? (await db.select({ total: count() }).from(products).where(where))[0]?.total ?? 0
  return { items, page: filters.page, size: filters.size, total }
}

const liveProducts = (vendorId: string | Placeholder) => and(eq(products.vendorId, vendorId), isNull(products.deletedAt))!

/** A product's first image (by position) from the (vendor_id, product_id, position) index. */
const cover = (column: AnyColumn) =>
  sql<string | null>`(select ${sql.identifier('cover')}.${sql.identifier(column.name)} from ${productImages} as ${sql.identifier('cover')}
    where ${sql.identifier('cover')}.${sql.identifier(productImages.vendorId.name)} = ${qualified(products.vendorId)}
      and ${sql.identifier('cover')}.${sql.identifier(productImages.productId.name)} = ${qualified(products.id)}
    order by ${sql.identifier('cover')}.${sql.identifier(productImages.position.name)} limit 1)`

/**
 * A page with its cover images and total in one round trip (docs/decisions/098): the total is an uncorrelated
 * scalar subquery, evaluated once.
 */
function pageQuery(db: Db, where: SQL) {
  const total = db.select({ total: count() }).from(products).where(where)
  return db
    .select({
      product: products,
      collection: { id: collections.id, name: collections.name },
      coverId: cover(productImages.id),
      coverKey: cover(productImages.storageKey),
      total: sql<number>`(${total})`.mapWith(Number),
    })
    .from(products)
    .leftJoin(collections, and(eq(collections.vendorId, products.vendorId), eq(collections.id, products.collectionId)))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
}

const unfilteredPage = preparedOnce((db) => pageQuery(db, liveProducts(sql.placeholder('vendorId'))).prepare('products_page'))
