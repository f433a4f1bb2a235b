import { and, asc, count, desc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm'

import { type ProductVariant, skuKey } from '#contract/catalogue'
import { toBasisPoints } from '#contract/common'
import type { DiscountType } from '#contract/pricing'

import type { Db, Tx } from '../db/client'
import { products, type ProductVariantRow, productVariants } from '../db/schema'
import { containsPattern, qualified } from '../db/sql-helpers'
import { ApiError, notFound } from '../errors'
import { validationError } from '../http/register'
import { type CatalogueDeps, commitThen } from './commit'
import { locationsChanged, outletsHold, outletUnitsOf } from './locations'
import { liveProduct } from './product-list'
import { lockProductOfVariant, variantsChanged } from './stock'
import { changeTotalAtOutlet, type TotalsLocation } from './totals'
import { checkCodesFree, codesUnique } from './variant-codes'
import { toVariant } from './views'

/** A live variant of a live product of this vendor. */
const liveVariant = (vendorId: string, id: string): SQL =>
  and(eq(productVariants.vendorId, vendorId), eq(productVariants.id, id), isNull(productVariants.deletedAt))!

const withProduct = and(
  eq(products.vendorId, productVariants.vendorId),
  eq(products.id, productVariants.productId),
  isNull(products.deletedAt),
)

/**
 * Locks a live variant for a change (its product first, see lockProductOfVariant), with its product's name; 404
 * for another vendor's or a deleted one.
 */
export async function lockVariant(tx: Tx, vendorId: string, id: string, productId?: string) {
  const owner = await lockProductOfVariant(tx, vendorId, id)
  if (!owner || (productId !== undefined && owner !== productId)) throw notFound('Product variant')
  const [found] = await tx
    .select({ variant: productVariants, productName: products.name })
    .from(productVariants)
    .innerJoin(products, withProduct)
    .where(liveVariant(vendorId, id))
    .for('update', { of: productVariants })
  if (!found) throw notFound('Product variant')
  return found
}

export async function variantView(db: Db, vendorId: string, id: string, origin: string): Promise<ProductVariant> {
  const [found] = await db
    .select({ variant: productVariants, productName: products.name })
    .from(productVariants)
    .innerJoin(products, withProduct)
    .where(liveVariant(vendorId, id))
  if (!found) throw notFound('Product variant')
  return toVariant(found.variant, found.productName, origin)
}

/**
 * An option value (not a name) contains the term. Unpacking every variant's options is the slow part of a search,
 * so the options' JSON text is matched first: a value containing the term makes the text contain it too, unless
 * the term has characters JSON escapes (" and \), when the cheap test is skipped.
 */
function optionValueMatches(term: string): SQL {
  const pattern = containsPattern(term)
  const options = qualified(productVariants.options)
  const exact = sql`exists (select 1 from jsonb_each_text(${options}) as option where option.value ilike ${pattern})`
  return /["\\]/.test(term) ? exact : sql`(${options}::text ilike ${pattern} and ${exact})`
}

/** A scanned or typed code: the barcode exactly, or the SKU ignoring case; each read by its unique index (175). */
const codeMatches = (code: string): SQL => or(eq(productVariants.barcode, code), eq(sql`lower(${productVariants.sku})`, skuKey(code)))!

export async function listVariants(
  db: Db,
  vendorId: string,
  /** sellable: only what can go on an order now (switched on, with units left): GET /order/variants. */
  filters: { page: number; size: number; name?: string; productId?: string; sellable?: boolean; code?: string },
  origin: string,
) {
  if (filters.productId) {
    const [product] = await db.select({ id: products.id }).from(products).where(liveProduct(vendorId, filters.productId))
    if (!product) throw notFound('Product')
  }
  const where = and(
    eq(productVariants.vendorId, vendorId),
    isNull(productVariants.deletedAt),
    filters.productId ? eq(productVariants.productId, filters.productId) : undefined,
    filters.sellable ? and(eq(productVariants.isAvailable, true), gt(productVariants.availableUnits, 0)) : undefined,
    filters.name ? or(ilike(products.name, containsPattern(filters.name)), optionValueMatches(filters.name)) : undefined,
    filters.code ? codeMatches(filters.code) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ variant: productVariants, productName: products.name })
      .from(productVariants)
      .innerJoin(products, withProduct)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id), asc(productVariants.createdAt), asc(productVariants.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db.select({ total: count() }).from(productVariants).innerJoin(products, withProduct).where(where),
  ])
  return {
    items: rows.map((row) => toVariant(row.variant, row.productName, origin)),
    page: filters.page,
    size: filters.size,
    total: total?.total ?? 0,
  }
}

export interface VariantChanges {
  id: string
  price?: number
  availableUnits?: number
  isAvailable?: boolean
  discountType?: DiscountType
  /** Kobo for FLAT, a percentage for PERCENTAGE, as the contract validated it. */
  discount?: number
  clearDiscount?: boolean
  unitsWere?: number
  /** Null removes it; left out, it stays. */
  sku?: string | null
  barcode?: string | null
  costPrice?: number | null
}

/** The discount the variant ends up with, checked against the price it ends up with (FLAT must stay below it). */
function nextDiscount(current: ProductVariantRow, changes: VariantChanges, price: number) {
  if (changes.clearDiscount) return { discountType: null, discountValue: null }
  if (changes.discountType !== undefined && changes.discount !== undefined) {
    const value = changes.discountType === 'PERCENTAGE' ? toBasisPoints(changes.discount) : changes.discount
    if (changes.discountType === 'FLAT' && value >= price) {
      throw validationError([{ path: 'discount', message: 'must be less than the price' }])
    }
    return { discountType: changes.discountType, discountValue: value }
  }
  if (current.discountType === 'FLAT' && current.discountValue! >= price) {
    throw validationError([{ path: 'price', message: "must be more than the variant's flat discount" }])
  }
  return { discountType: current.discountType, discountValue: current.discountValue }
}

/**
 * PATCH /product/variants: only the fields sent change, so an availability toggle never overwrites units sold. A
 * changed availableUnits lands at `at` (totals.ts): the main store, or the outlet of a member of one outlet only.
 */
export async function updateVariant(deps: CatalogueDeps, vendorId: string, changes: VariantChanges, origin: string, at: TotalsLocation) {
  await codesUnique(
    (field) => field,
    () =>
      commitThen(deps, [], async (tx, after) => {
        const { variant } = await lockVariant(tx, vendorId, changes.id)
        await checkCodesFree(tx, vendorId, [changes], (_, field) => field, { variantId: variant.id })
        // A stock count set from an old view (offline, sent later) would erase the sales since: refuse, and say the count.
        if (changes.availableUnits !== undefined && changes.unitsWere !== undefined && changes.unitsWere !== variant.availableUnits) {
          throw new ApiError(
            409,
            'VARIANT_UNITS_CHANGED',
            `Available units changed to ${variant.availableUnits} since this change was made (it was ${changes.unitsWere}). Check the stock and save again.`,
          )
        }
        // availableUnits is the total over every location: the difference lands in the main store, which the outlets'
        // units may not push below zero (decision 174).
        const atOutlets = at === null ? ((await outletUnitsOf(tx, vendorId, [variant.id])).get(variant.id) ?? 0) : 0
        if (changes.availableUnits !== undefined && changes.availableUnits < atOutlets) {
          throw validationError([{ path: 'availableUnits', message: outletsHold(atOutlets) }])
        }
        const price = changes.price ?? variant.price
        await tx
          .update(productVariants)
          .set({
            price,
            ...nextDiscount(variant, changes, price),
            ...(changes.availableUnits === undefined || at !== null ? {} : { availableUnits: changes.availableUnits }),
            ...(changes.isAvailable === undefined ? {} : { isAvailable: changes.isAvailable }),
            ...(changes.sku === undefined ? {} : { sku: changes.sku }),
            ...(changes.barcode === undefined ? {} : { barcode: changes.barcode }),
            ...(changes.costPrice === undefined ? {} : { costPrice: changes.costPrice }),
            updatedAt: sql`now()`,
          })
          .where(liveVariant(vendorId, variant.id))
        if (changes.availableUnits !== undefined && at !== null) {
          const change = { current: variant.availableUnits, total: changes.availableUnits, at, path: 'availableUnits' }
          await changeTotalAtOutlet(tx, vendorId, variant.id, change)
          after.notices.push(...(await locationsChanged(tx, vendorId, variant.id)))
        }
        after.notices.push(...(await variantsChanged(tx, vendorId, variant.productId)))
      }),
  )
  return variantView(deps.db, vendorId, changes.id, origin)
}

/** PATCH /product/stock-level-alert. productId must own the variant (404 otherwise). */
export async function setStockAlert(
  deps: CatalogueDeps,
  vendorId: string,
  input: { productId: string; productVariantId: string; threshold: number },
  origin: string,
) {
  await commitThen(deps, [], async (tx, after) => {
    const { variant } = await lockVariant(tx, vendorId, input.productVariantId, input.productId)
    await tx
      .update(productVariants)
      .set({ threshold: input.threshold, updatedAt: sql`now()` })
      .where(liveVariant(vendorId, variant.id))
    after.notices.push(...(await variantsChanged(tx, vendorId, variant.productId)))
  })
  return variantView(deps.db, vendorId, input.productVariantId, origin)
}
