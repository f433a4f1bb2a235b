import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'

import { MAIN_STORE_NAME, type StockLocation } from '#contract/stock-locations'

import type { Auth } from '../auth/sessions'
import type { Db, Tx } from '../db/client'
import { outlets, products, productVariants, vendors } from '../db/schema'
import { variantStock } from '../db/stock-schema'
import { outletMembers } from '../db/team-schema'
import { notFound } from '../errors'
import { validationError } from '../http/register'
import { seesEveryOutlet } from '../outlets/scope'
import type { LowStockNotice } from './stock'

/*
 * Stock per location (decision 174). A location is the main store (outlet_id null) or an outlet; each variant has
 * a variant_stock row per location it ever held units at, and the main store's always. The variant's
 * available_units is their sum, kept by the database triggers of migration 0031 in the same statement. Every
 * change here runs after the product's row lock (lockProductOfVariant), the order every stock change takes.
 */

/** Which locations a caller sees: decision 043's outlet rule, and the main store for whoever is not an outlet's. */
export interface StockScope {
  /** The owner and team managers: every location. */
  all: boolean
  /** The main store: seen by `all` and by members of no outlet. */
  main: boolean
  /** The outlets seen through membership (empty when `all`). */
  outletIds: string[]
}

export async function stockScope(db: Db, auth: Auth): Promise<StockScope> {
  if (seesEveryOutlet(auth)) return { all: true, main: true, outletIds: [] }
  const rows = await db
    .select({ id: outletMembers.outletId })
    .from(outletMembers)
    .where(and(eq(outletMembers.vendorId, auth.vendorId), eq(outletMembers.userId, auth.userId)))
  return { all: false, main: rows.length === 0, outletIds: rows.map((row) => row.id) }
}

export const seesLocation = (scope: StockScope, outletId: string | null) =>
  outletId === null ? scope.main : scope.all || scope.outletIds.includes(outletId)

export const locationNotFound = () => notFound('Location')

/** The row condition of one location of a variant. */
export const atLocation = (vendorId: string, variantId: string, outletId: string | null): SQL =>
  and(
    eq(variantStock.vendorId, vendorId),
    eq(variantStock.variantId, variantId),
    outletId === null ? isNull(variantStock.outletId) : eq(variantStock.outletId, outletId),
  )!

/**
 * Answers the location's name, or 404 when the caller may not see it or it is no outlet of this vendor: another
 * vendor's outlet and one the caller may not see answer alike (decision 043).
 */
export async function locationFor(db: Db | Tx, vendorId: string, scope: StockScope, outletId: string | null): Promise<string> {
  if (!seesLocation(scope, outletId)) throw locationNotFound()
  if (outletId === null) return MAIN_STORE_NAME
  const [outlet] = await db
    .select({ name: outlets.name })
    .from(outlets)
    .where(and(eq(outlets.vendorId, vendorId), eq(outlets.id, outletId)))
  if (!outlet) throw locationNotFound()
  return outlet.name
}

/**
 * A location that sells (an order's or a pay link's): as locationFor, and an inactive outlet is refused with a 422
 * naming outletId (decision 193): it sells nothing until it is made active again, though its units can still be
 * moved out and its orders already made stay.
 */
async function sellingLocation(db: Db, vendorId: string, scope: StockScope, outletId: string | null): Promise<void> {
  await locationFor(db, vendorId, scope, outletId)
  if (outletId === null) return
  const [outlet] = await db
    .select({ status: outlets.status })
    .from(outlets)
    .where(and(eq(outlets.vendorId, vendorId), eq(outlets.id, outletId)))
  if (outlet?.status !== 'active') {
    throw validationError([{ path: 'outletId', message: 'is an inactive outlet: make it active again to sell there' }])
  }
}

/**
 * The location a new order is made at: the one asked for if the caller sees it (404 otherwise) and it is active
 * (422); left out, the main store, or for a member of outlets only their outlet (422 naming outletId when they
 * have several).
 */
export async function orderLocation(db: Db, auth: Auth, asked: string | null | undefined): Promise<string | null> {
  const scope = await stockScope(db, auth)
  let outletId: string | null
  if (asked !== undefined) outletId = asked
  else if (scope.main) outletId = null
  else if (scope.outletIds.length === 1) outletId = scope.outletIds[0]!
  else throw validationError([{ path: 'outletId', message: 'is required: choose the outlet the order is made at' }])
  await sellingLocation(db, auth.vendorId, scope, outletId)
  return outletId
}

/**
 * The location a variant's pay link sells from (decision 174): the one asked for if the caller sees it (404
 * otherwise) and it is active (422, decision 193); left out, the link's current one when the caller sees it (a regenerate keeps it), else the main store,
 * or a member of outlets' first outlet.
 */
export async function payLinkLocation(db: Db, auth: Auth, variantId: string, asked: string | null | undefined): Promise<string | null> {
  const scope = await stockScope(db, auth)
  let outletId = asked
  if (outletId === undefined) {
    const [current] = await db
      .select({ outletId: productVariants.paylinkOutletId, code: productVariants.paylinkCode })
      .from(productVariants)
      .where(and(eq(productVariants.vendorId, auth.vendorId), eq(productVariants.id, variantId)))
    const keep = current?.code ? current.outletId : undefined
    outletId = keep !== undefined && seesLocation(scope, keep) ? keep : scope.main ? null : (scope.outletIds[0] ?? null)
  }
  await sellingLocation(db, auth.vendorId, scope, outletId)
  return outletId
}

/** GET /order/locations: the main store if the caller sees it, then the active outlets they see, by name. */
export async function orderLocations(db: Db, auth: Auth): Promise<{ outletId: string | null; name: string }[]> {
  const scope = await stockScope(db, auth)
  const places =
    scope.all || scope.outletIds.length
      ? await db
          .select({ id: outlets.id, name: outlets.name })
          .from(outlets)
          .where(
            and(
              eq(outlets.vendorId, auth.vendorId),
              eq(outlets.status, 'active'),
              scope.all ? undefined : inArray(outlets.id, scope.outletIds),
            ),
          )
          .orderBy(asc(sql`lower(${outlets.name})`), asc(outlets.id))
      : []
  return [...(scope.main ? [{ outletId: null, name: MAIN_STORE_NAME }] : []), ...places.map((o) => ({ outletId: o.id, name: o.name }))]
}

const isLow = (row: { units: number; threshold: number | null }) => row.threshold !== null && row.units <= row.threshold

/**
 * The locations of each variant the caller sees: the main store first, then their outlets by name. An active
 * outlet is listed even with no units (so stock can be moved to it); an inactive one only while it holds some.
 */
export async function locationsOf(
  db: Db,
  vendorId: string,
  scope: StockScope,
  variantIds: string[],
): Promise<Map<string, StockLocation[]>> {
  const answer = new Map<string, StockLocation[]>(variantIds.map((id) => [id, []]))
  if (variantIds.length === 0) return answer
  const [places, rows] = await Promise.all([
    scope.all || scope.outletIds.length
      ? db
          .select({ id: outlets.id, name: outlets.name, status: outlets.status })
          .from(outlets)
          .where(and(eq(outlets.vendorId, vendorId), scope.all ? undefined : inArray(outlets.id, scope.outletIds)))
          .orderBy(asc(sql`lower(${outlets.name})`), asc(outlets.id))
      : [],
    db
      .select()
      .from(variantStock)
      .where(and(eq(variantStock.vendorId, vendorId), inArray(variantStock.variantId, variantIds))),
  ])
  const held = new Map(rows.map((row) => [`${row.variantId}:${row.outletId ?? ''}`, row]))
  for (const [variantId, list] of answer) {
    const at = (outletId: string | null, name: string, isActive: boolean) => {
      const row = held.get(`${variantId}:${outletId ?? ''}`)
      const units = row?.units ?? 0
      const threshold = row?.threshold ?? null
      return { outletId, name, units, threshold, isLowStock: isLow({ units, threshold }), isActive }
    }
    if (scope.main) list.push(at(null, MAIN_STORE_NAME, true))
    for (const place of places) {
      const location = at(place.id, place.name, place.status === 'active')
      if (location.isActive || location.units > 0) list.push(location)
    }
  }
  return answer
}

/** Fills `locations` of variant views for this caller. */
export async function withLocations<T extends { id: string; locations: StockLocation[] }>(db: Db, auth: Auth, variants: T[]): Promise<T[]> {
  const scope = await stockScope(db, auth)
  const byId = await locationsOf(
    db,
    auth.vendorId,
    scope,
    variants.map((variant) => variant.id),
  )
  return variants.map((variant) => ({ ...variant, locations: byId.get(variant.id) ?? [] }))
}

/** The units a location holds now (0 when it never held any); in a stock change, read under the product's lock. */
export async function unitsAt(tx: Db, vendorId: string, variantId: string, outletId: string | null): Promise<number> {
  const [row] = await tx
    .select({ units: variantStock.units })
    .from(variantStock)
    .where(atLocation(vendorId, variantId, outletId))
  return row?.units ?? 0
}

/**
 * Adds delta to a location's units in one statement: a rise makes the row if the location never held any; a fall
 * is conditional, so units never go below zero however many sales race (null: not enough, nothing changed). The
 * variant's total follows in the same statement (trigger). The caller holds the product's lock.
 */
export async function changeUnits(
  tx: Tx,
  vendorId: string,
  variantId: string,
  outletId: string | null,
  delta: number,
): Promise<number | null> {
  if (delta >= 0) {
    const [row] = await tx
      .insert(variantStock)
      .values({ vendorId, variantId, outletId, units: delta })
      .onConflictDoUpdate({
        target: [variantStock.variantId, variantStock.outletId],
        set: { units: sql`${variantStock.units} + excluded.units`, updatedAt: sql`now()` },
      })
      .returning({ units: variantStock.units })
    return row!.units
  }
  const [row] = await tx
    .update(variantStock)
    .set({ units: sql`${variantStock.units} + ${delta}`, updatedAt: sql`now()` })
    .where(and(atLocation(vendorId, variantId, outletId), sql`${variantStock.units} + ${delta} >= 0`))
    .returning({ units: variantStock.units })
  return row?.units ?? null
}

/** Total units the outlets hold of a variant: what its availableUnits may not fall below (the rest is the main store's). */
export async function outletUnitsOf(tx: Tx, vendorId: string, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map()
  const rows = await tx
    .select({ variantId: variantStock.variantId, units: sql<string>`sum(${variantStock.units})` })
    .from(variantStock)
    .where(and(eq(variantStock.vendorId, vendorId), inArray(variantStock.variantId, variantIds), sql`${variantStock.outletId} is not null`))
    .groupBy(variantStock.variantId)
  return new Map(rows.map((row) => [row.variantId, Number(row.units)]))
}

/** Why a total below the outlets' units is refused: the main store cannot hold fewer than none. */
export const outletsHold = (units: number) =>
  `must be at least ${units}: your outlets hold ${units === 1 ? '1 unit' : `${units} units`} (move them to the main store first)`

const rowIsLow = sql`(${variantStock.threshold} is not null and ${variantStock.units} <= ${variantStock.threshold})`

/**
 * The per-location alert: as variantsChanged does for the variant's total, marks a location at or below its
 * threshold once (and clears the mark above it), so each fall e-mails once. Answers the notices to send after commit.
 */
export async function locationsChanged(tx: Tx, vendorId: string, variantId: string): Promise<LowStockNotice[]> {
  const flipped = await tx
    .update(variantStock)
    .set({ lowStockNotifiedAt: sql`case when ${rowIsLow} then now() else null end` })
    .where(
      and(
        eq(variantStock.vendorId, vendorId),
        eq(variantStock.variantId, variantId),
        sql`${rowIsLow} = (${variantStock.lowStockNotifiedAt} is null)`,
      ),
    )
    .returning()
  const fell = flipped.filter((row) => row.lowStockNotifiedAt !== null)
  if (fell.length === 0) return []
  const [owner] = await tx
    .select({ productName: products.name, options: productVariants.options, email: vendors.email, business: vendors.name })
    .from(productVariants)
    .innerJoin(products, and(eq(products.vendorId, productVariants.vendorId), eq(products.id, productVariants.productId)))
    .innerJoin(vendors, eq(vendors.id, productVariants.vendorId))
    .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.id, variantId)))
  const names = new Map(
    (await tx.select({ id: outlets.id, name: outlets.name }).from(outlets).where(eq(outlets.vendorId, vendorId))).map((o) => [
      o.id,
      o.name,
    ]),
  )
  return fell.map((row) => ({
    to: owner!.email,
    business: owner!.business,
    productName: owner!.productName,
    options: owner!.options,
    availableUnits: row.units,
    threshold: row.threshold!,
    location: row.outletId === null ? MAIN_STORE_NAME : (names.get(row.outletId) ?? 'an outlet'),
  }))
}
