import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'

import type { ProductVariant } from '#contract/catalogue'
import { MAIN_STORE_NAME, type StockTransfer } from '#contract/stock-locations'

import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { outlets, products, productVariants, users } from '../db/schema'
import { stockTransfers, variantStock } from '../db/stock-schema'
import { ApiError, notFound } from '../errors'
import { type CatalogueDeps, commitThen } from './commit'
import { atLocation, changeUnits, locationFor, locationsChanged, type StockScope, stockScope, unitsAt, withLocations } from './locations'
import { liveProduct } from './product-list'
import { variantsChanged } from './stock'
import { lockVariant, variantView } from './variants'

/*
 * The stock calls of one location (decision 174): set a location's count and alert level, move units between two
 * locations as one recorded transfer, and read a product's transfers. Each is one transaction under the product's
 * lock, like every stock change.
 */

const unitsText = (n: number) => (n === 1 ? '1 unit' : `${n} units`)

/** PATCH /product/stock: a location's units (the total follows) and its alert level. */
export async function setLocationStock(
  deps: CatalogueDeps,
  auth: Auth,
  input: { variantId: string; outletId: string | null; units?: number; unitsWere?: number; threshold?: number | null },
  origin: string,
): Promise<ProductVariant> {
  const { vendorId } = auth
  const scope = await stockScope(deps.db, auth)
  await commitThen(deps, [], async (tx, after) => {
    const name = await locationFor(tx, vendorId, scope, input.outletId)
    const { variant } = await lockVariant(tx, vendorId, input.variantId)
    const now = await unitsAt(tx, vendorId, variant.id, input.outletId)
    // A count set from an old view (offline, sent later) would erase the sales since: refuse, and say the count.
    if (input.units !== undefined && input.unitsWere !== undefined && input.unitsWere !== now) {
      throw new ApiError(
        409,
        'VARIANT_UNITS_CHANGED',
        `Units at ${name} changed to ${now} since this change was made (it was ${input.unitsWere}). Check the stock and save again.`,
      )
    }
    // A rise from zero makes the location's row; after it, the threshold has a row to sit on.
    await changeUnits(tx, vendorId, variant.id, input.outletId, (input.units ?? now) - now)
    if (input.threshold !== undefined) {
      await tx
        .update(variantStock)
        .set({ threshold: input.threshold, updatedAt: sql`now()` })
        .where(atLocation(vendorId, variant.id, input.outletId))
    }
    after.notices.push(...(await variantsChanged(tx, vendorId, variant.productId)))
    after.notices.push(...(await locationsChanged(tx, vendorId, variant.id)))
  })
  const [view] = await withLocations(deps.db, auth, [await variantView(deps.db, vendorId, input.variantId, origin)])
  return view!
}

export interface TransferInput {
  variantId: string
  fromOutletId: string | null
  toOutletId: string | null
  quantity: number
  note?: string | null
}

/**
 * POST /product/stock/transfer: units leave one location and reach the other in one transaction, with the record of
 * who moved how many. The fall is conditional (409 when the source holds fewer), so two transfers out of one
 * location at once never take it below zero. The variant's total is unchanged.
 */
export async function transferStock(deps: CatalogueDeps, auth: Auth, input: TransferInput): Promise<StockTransfer> {
  const { vendorId } = auth
  const scope = await stockScope(deps.db, auth)
  const id = await commitThen(deps, [], async (tx, after) => {
    const from = await locationFor(tx, vendorId, scope, input.fromOutletId)
    await locationFor(tx, vendorId, scope, input.toOutletId)
    const { variant } = await lockVariant(tx, vendorId, input.variantId)
    if ((await changeUnits(tx, vendorId, variant.id, input.fromOutletId, -input.quantity)) === null) {
      const left = await unitsAt(tx, vendorId, variant.id, input.fromOutletId)
      throw new ApiError(409, 'NOT_ENOUGH_STOCK', `${from} has ${unitsText(left)} of this variant, fewer than ${input.quantity}`)
    }
    await changeUnits(tx, vendorId, variant.id, input.toOutletId, input.quantity)
    const [row] = await tx
      .insert(stockTransfers)
      .values({
        vendorId,
        variantId: variant.id,
        fromOutletId: input.fromOutletId,
        toOutletId: input.toOutletId,
        quantity: input.quantity,
        note: input.note ?? null,
        createdBy: auth.userId,
      })
      .returning({ id: stockTransfers.id })
    after.notices.push(...(await locationsChanged(tx, vendorId, variant.id)))
    return row!.id
  })
  const [transfer] = await transfersWhere(deps.db, vendorId, eq(stockTransfers.id, id), 1, 0)
  return transfer!
}

/** Transfers from or to a location the caller sees. */
function visibleTransfers(scope: StockScope): SQL | undefined {
  if (scope.all) return undefined
  const seen = (column: typeof stockTransfers.fromOutletId | typeof stockTransfers.toOutletId) =>
    or(scope.main ? isNull(column) : undefined, scope.outletIds.length ? inArray(column, scope.outletIds) : undefined) ?? sql`false`
  return or(seen(stockTransfers.fromOutletId), seen(stockTransfers.toOutletId))
}

async function transfersWhere(db: Db, vendorId: string, where: SQL | undefined, limit: number, offset: number): Promise<StockTransfer[]> {
  const rows = await db
    .select({
      transfer: stockTransfers,
      productId: products.id,
      productName: products.name,
      options: productVariants.options,
      byName: users.name,
    })
    .from(stockTransfers)
    .innerJoin(
      productVariants,
      and(eq(productVariants.vendorId, stockTransfers.vendorId), eq(productVariants.id, stockTransfers.variantId)),
    )
    .innerJoin(products, and(eq(products.vendorId, productVariants.vendorId), eq(products.id, productVariants.productId)))
    .innerJoin(users, eq(users.id, stockTransfers.createdBy))
    .where(and(eq(stockTransfers.vendorId, vendorId), where))
    .orderBy(desc(stockTransfers.createdAt), desc(stockTransfers.id))
    .limit(limit)
    .offset(offset)
  const outletIds = [...new Set(rows.flatMap((row) => [row.transfer.fromOutletId, row.transfer.toOutletId]).filter((x) => x !== null))]
  const names = new Map(
    outletIds.length
      ? (
          await db
            .select({ id: outlets.id, name: outlets.name })
            .from(outlets)
            .where(and(eq(outlets.vendorId, vendorId), inArray(outlets.id, outletIds)))
        ).map((outlet) => [outlet.id, outlet.name])
      : [],
  )
  const place = (outletId: string | null) => ({ outletId, name: outletId === null ? MAIN_STORE_NAME : (names.get(outletId) ?? '') })
  return rows.map(({ transfer, ...row }) => ({
    id: transfer.id,
    variantId: transfer.variantId,
    productId: row.productId,
    productName: row.productName,
    options: row.options,
    from: place(transfer.fromOutletId),
    to: place(transfer.toOutletId),
    quantity: transfer.quantity,
    note: transfer.note,
    by: { id: transfer.createdBy, name: row.byName },
    createdAt: transfer.createdAt.toISOString(),
  }))
}

/** GET /product/stock/transfers: a live product's transfers the caller may see, newest first. */
export async function listStockTransfers(db: Db, auth: Auth, query: { productId: string; page: number; size: number }) {
  const [product] = await db.select({ id: products.id }).from(products).where(liveProduct(auth.vendorId, query.productId))
  if (!product) throw notFound('Product')
  const scope = await stockScope(db, auth)
  const ofProduct = sql`${stockTransfers.variantId} in (select ${productVariants.id} from ${productVariants}
    where ${productVariants.vendorId} = ${auth.vendorId} and ${productVariants.productId} = ${product.id})`
  const where = and(ofProduct, visibleTransfers(scope))
  const [items, [total]] = await Promise.all([
    transfersWhere(db, auth.vendorId, where, query.size, (query.page - 1) * query.size),
    db
      .select({ total: count() })
      .from(stockTransfers)
      .where(and(eq(stockTransfers.vendorId, auth.vendorId), where)),
  ])
  return { items, page: query.page, size: query.size, total: total?.total ?? 0 }
}
