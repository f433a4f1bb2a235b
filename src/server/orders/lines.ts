import { and, eq, inArray, isNull } from 'drizzle-orm'

import { nairaText } from '#contract/naira'
import type { OrderItemInput } from '#contract/orders'
import { MAX_ORDER_SUBTOTAL_KOBO, orderTotals, priceAfterDiscount } from '#contract/pricing'

import type { Db } from '../db/client'
import { deliveryLocations, products, productVariants, taxes } from '../db/schema'
import { variantStock } from '../db/stock-schema'
import type { Issue } from '../errors'
import { validationError } from '../http/register'

/*
 * What a new order is made of, read and checked before its transaction opens: catalogue lines priced as a
 * customer pays (after the variant's own discount), custom lines, taxes and the delivery location. Every problem
 * is reported at once, each under its field (items.2.quantity), before anything is written.
 */

export interface PricedLine {
  variantId: string | null
  productId: string | null
  name: string
  options: Record<string, string>
  unitPrice: number
  /** The variant's cost price now, kept on the line so later cost edits leave this sale's margin alone (175). */
  unitCost: number | null
  quantity: number
}

const unitsLeft = (n: number) => (n === 0 ? 'is out of stock' : n === 1 ? 'Only 1 unit is left' : `Only ${n} units are left`)

/**
 * Prices the items. A catalogue line must be a live variant of a live product of this vendor, switched on, with
 * enough units for every line that names it (stock is only taken when the order is paid).
 */
export async function priceLines(
  db: Db,
  vendorId: string,
  items: readonly OrderItemInput[],
  /** The order's location (decision 174): its units are the ones checked. Null: the main store. */
  outletId: string | null = null,
): Promise<PricedLine[]> {
  const ids = [...new Set(items.flatMap((item) => (item.variantId ? [item.variantId] : [])))]
  const found = ids.length
    ? await db
        .select({ variant: productVariants, productName: products.name })
        .from(productVariants)
        .innerJoin(
          products,
          and(eq(products.vendorId, productVariants.vendorId), eq(products.id, productVariants.productId), isNull(products.deletedAt)),
        )
        .where(and(eq(productVariants.vendorId, vendorId), inArray(productVariants.id, ids), isNull(productVariants.deletedAt)))
    : []
  const byId = new Map(found.map((row) => [row.variant.id, row]))
  const held = ids.length
    ? await db
        .select({ variantId: variantStock.variantId, units: variantStock.units })
        .from(variantStock)
        .where(
          and(
            eq(variantStock.vendorId, vendorId),
            inArray(variantStock.variantId, ids),
            outletId === null ? isNull(variantStock.outletId) : eq(variantStock.outletId, outletId),
          ),
        )
    : []
  const unitsHere = new Map(held.map((row) => [row.variantId, row.units]))
  const wanted = new Map<string, number>()
  const issues: Issue[] = []
  const lines: PricedLine[] = []
  for (const [i, item] of items.entries()) {
    if (!item.variantId) {
      lines.push({
        variantId: null,
        productId: null,
        name: item.name!,
        options: {},
        unitPrice: item.amount!,
        unitCost: null,
        quantity: item.quantity,
      })
      continue
    }
    const row = byId.get(item.variantId)
    if (!row) {
      issues.push({ path: `items.${i}.variantId`, message: 'is not a product in your catalogue' })
      continue
    }
    const { variant } = row
    const unitPrice = priceAfterDiscount(variant.price, variant.discountType, variant.discountValue)
    if (!variant.isAvailable) issues.push({ path: `items.${i}.variantId`, message: 'is switched off (not available)' })
    else if (unitPrice === 0) issues.push({ path: `items.${i}.variantId`, message: 'costs nothing after its discount' })
    const total = (wanted.get(variant.id) ?? 0) + item.quantity
    wanted.set(variant.id, total)
    const left = unitsHere.get(variant.id) ?? 0
    if (total > left) issues.push({ path: `items.${i}.quantity`, message: unitsLeft(left) })
    lines.push({
      variantId: variant.id,
      productId: variant.productId,
      name: row.productName,
      options: variant.options,
      unitPrice,
      unitCost: variant.costPrice,
      quantity: item.quantity,
    })
  }
  if (issues.length) throw validationError(issues)
  // Checked before any percentage is applied: subtotal × 10,000 must stay a safe integer (see pricing.ts).
  if (orderTotals({ lines }).subtotal > MAX_ORDER_SUBTOTAL_KOBO) {
    throw validationError([{ path: 'items', message: `must add up to at most ${nairaText(MAX_ORDER_SUBTOTAL_KOBO)}` }])
  }
  return lines
}

/** This vendor's taxes by id, in the order given, as basis points for orderTotals. */
export async function taxesByIds(db: Db, vendorId: string, ids: readonly string[]) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const rows = await db
    .select()
    .from(taxes)
    .where(and(eq(taxes.vendorId, vendorId), inArray(taxes.id, unique)))
  if (rows.length !== unique.length) throw validationError([{ path: 'taxIds', message: 'names a tax you have not added' }])
  const byId = new Map(rows.map((row) => [row.id, row]))
  return unique.map((id) => ({ name: byId.get(id)!.name, bps: byId.get(id)!.percentageBps }))
}

/** An active delivery location of this vendor. */
export async function activeDeliveryLocation(db: Db, vendorId: string, id: string) {
  const [row] = await db
    .select()
    .from(deliveryLocations)
    .where(and(eq(deliveryLocations.vendorId, vendorId), eq(deliveryLocations.id, id), eq(deliveryLocations.isActive, true)))
  if (!row) throw validationError([{ path: 'deliveryLocationId', message: 'is not an active delivery location' }])
  return row
}
