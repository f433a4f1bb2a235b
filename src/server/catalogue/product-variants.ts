import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'

import type { ProductOption } from '#contract/catalogue'

import type { Tx } from '../db/client'
import { type ProductRow, productVariants } from '../db/schema'
import { notFound } from '../errors'
import { validationError } from '../http/register'
import { changeUnits, outletsHold, outletUnitsOf } from './locations'
import { changeTotalAtOutlet, SEVERAL_OUTLETS, type TotalsLocation } from './totals'
import { checkCodesFree, type CodedVariant, type CodeField } from './variant-codes'
import { normaliseOptions, variantIssues } from './variant-rules'
import { sortVariants } from './views'

/*
 * A product's variants list as the product form writes it: new variants made, the list of an update replaced.
 * Each variant's availableUnits is its total over every location; where a change of it lands is the caller's
 * (totals.ts, decision 187).
 */

export interface VariantInput extends CodedVariant {
  id?: string
  options: Record<string, string>
  price: number
  availableUnits: number
  /** Kobo; left out keeps a kept variant's own, null removes it. */
  costPrice?: number | null
}

export const variantPath = (i: number, field: CodeField | 'availableUnits') => `variants.${i}.${field}`

/** The columns a variant's sku, barcode and cost set; what was left out is left out, so it stays as it is. */
const codesAndCost = (variant: VariantInput) => ({
  ...(variant.sku === undefined ? {} : { sku: variant.sku }),
  ...(variant.barcode === undefined ? {} : { barcode: variant.barcode }),
  ...(variant.costPrice === undefined ? {} : { costPrice: variant.costPrice }),
})

// clock_timestamp(), not now(): rows made in one transaction (the demo seed) keep the order they were made in,
// which is the order lists show. Variants inserted together are a microsecond apart, in the options' order.
export const madeNow = (nth = 0) => sql`clock_timestamp() + ${nth}::int * interval '1 microsecond'`

export function newVariantRows(vendorId: string, productId: string, variants: VariantInput[], options: ProductOption[]) {
  return sortVariants(variants, options).map((variant, i) => ({
    vendorId,
    productId,
    options: variant.options,
    price: variant.price,
    availableUnits: variant.availableUnits,
    ...codesAndCost(variant),
    createdAt: madeNow(i),
    updatedAt: madeNow(i),
  }))
}

/** A member of several outlets gives new variants no units: which outlet would hold them? (422 naming the variant.) */
export function refuseUnitsNowhere(variants: VariantInput[], at: TotalsLocation): void {
  if (at !== undefined) return
  const i = variants.findIndex((variant) => variant.id === undefined && variant.availableUnits > 0)
  if (i >= 0) throw validationError([{ path: variantPath(i, 'availableUnits'), message: SEVERAL_OUTLETS }])
}

const optionsKey = (options: Record<string, string>) => JSON.stringify(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)))

/**
 * New variants of a product. Inserted with their units, a variant's units are the main store's (the trigger of
 * decision 174); a caller who does not see the main store has them put at their outlet instead.
 */
export async function insertNewVariants(
  tx: Tx,
  vendorId: string,
  productId: string,
  variants: VariantInput[],
  options: ProductOption[],
  at: TotalsLocation,
): Promise<void> {
  const rows = newVariantRows(vendorId, productId, variants, options)
  if (at === null) {
    await tx.insert(productVariants).values(rows)
    return
  }
  const made = await tx
    .insert(productVariants)
    .values(rows.map((row) => ({ ...row, availableUnits: 0 })))
    .returning({ id: productVariants.id, options: productVariants.options })
  const unitsOf = new Map(rows.map((row) => [optionsKey(row.options), row.availableUnits]))
  for (const variant of made) {
    const units = unitsOf.get(optionsKey(variant.options)) ?? 0
    if (units > 0 && at !== undefined) await changeUnits(tx, vendorId, variant.id, at, units)
  }
}

/**
 * The variants list of an update: entries with an id keep (and change) that variant, entries without are new,
 * live variants left out are soft-deleted (orders and pay-link history keep their rows). Sending new options
 * without variants keeps the variants only if they still fit.
 */
export async function replaceVariants(
  tx: Tx,
  vendorId: string,
  product: ProductRow,
  changes: { options?: ProductOption[]; variants?: VariantInput[] },
  at: TotalsLocation,
) {
  const existing = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.productId, product.id), isNull(productVariants.deletedAt)))
  const options = changes.options ?? product.options
  const sent = changes.variants
  const byId = new Map(existing.map((variant) => [variant.id, variant]))
  const wanted: VariantInput[] = (sent ?? existing).map((variant) => ({
    id: variant.id as string | undefined,
    options: normaliseOptions(options, variant.options),
    price: variant.price,
    availableUnits: variant.availableUnits,
    // Kept as they are when the list was not sent.
    ...(sent ? codesAndCost(variant as VariantInput) : {}),
  }))
  const seenIds = new Set<string>()
  wanted.forEach((variant, i) => {
    if (variant.id === undefined) return
    if (!byId.has(variant.id)) throw notFound('Product variant')
    if (seenIds.has(variant.id)) throw validationError([{ path: `variants.${i}.id`, message: 'must not repeat a variant' }])
    seenIds.add(variant.id)
  })
  const issues = variantIssues(options, wanted)
  if (issues.length) {
    // Kept variants that no longer fit new options: the client has to say what the variants become.
    const mismatch = !sent && issues.every((issue) => issue.path.startsWith('variants'))
    throw validationError(mismatch ? [{ path: 'variants', message: 'is required when the options change' }] : issues)
  }
  wanted.forEach((variant, i) => {
    const kept = variant.id === undefined ? undefined : byId.get(variant.id)
    if (kept?.discountType === 'FLAT' && kept.discountValue! >= variant.price) {
      throw validationError([{ path: `variants.${i}.price`, message: "must be more than the variant's flat discount" }])
    }
  })

  await checkCodesFree(tx, vendorId, wanted, variantPath, { productId: product.id })
  if (at === null) {
    // Each kept variant's units are its total; the outlets' part of it stays (decision 174).
    const atOutlets = await outletUnitsOf(tx, vendorId, [...seenIds])
    wanted.forEach((variant, i) => {
      const held = variant.id === undefined ? 0 : (atOutlets.get(variant.id) ?? 0)
      if (variant.availableUnits < held) throw validationError([{ path: variantPath(i, 'availableUnits'), message: outletsHold(held) }])
    })
  }
  refuseUnitsNowhere(wanted, at)

  // Removed first and codes let go before they are set: a code may move from one variant of the product to another.
  await tx
    .update(productVariants)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(productVariants.vendorId, vendorId),
        eq(productVariants.productId, product.id),
        isNull(productVariants.deletedAt),
        seenIds.size ? notInArray(productVariants.id, [...seenIds]) : undefined,
      ),
    )
  await releaseCodes(tx, vendorId, wanted)
  for (const [i, variant] of wanted.entries()) {
    if (variant.id === undefined) continue
    await tx
      .update(productVariants)
      .set({
        options: variant.options,
        price: variant.price,
        // Written as the total only by who sees the main store, where the database lands its difference.
        ...(at === null ? { availableUnits: variant.availableUnits } : {}),
        ...codesAndCost(variant),
        updatedAt: sql`now()`,
      })
      .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.id, variant.id)))
    if (at !== null) {
      const current = byId.get(variant.id)!.availableUnits
      const path = variantPath(i, 'availableUnits')
      await changeTotalAtOutlet(tx, vendorId, variant.id, { current, total: variant.availableUnits, at, path })
    }
  }
  const fresh = wanted.filter((variant) => variant.id === undefined)
  if (fresh.length) await insertNewVariants(tx, vendorId, product.id, fresh, options, at)
}

/** Clears the codes kept variants are about to be given, so two of them may swap theirs in one update. */
async function releaseCodes(tx: Tx, vendorId: string, wanted: VariantInput[]) {
  for (const field of ['sku', 'barcode'] as const) {
    const ids = wanted.flatMap((variant) => (variant.id !== undefined && variant[field] !== undefined ? [variant.id] : []))
    if (ids.length === 0) continue
    await tx
      .update(productVariants)
      .set(field === 'sku' ? { sku: null } : { barcode: null })
      .where(and(eq(productVariants.vendorId, vendorId), inArray(productVariants.id, ids)))
  }
}
