import { and, eq, inArray, isNull, sql } from 'drizzle-orm'

import { toBasisPoints } from '#contract/common'
import { MAX_PRICE_KOBO } from '#contract/pricing'

import type { Tx } from '../db/client'
import { products, productVariants } from '../db/schema'
import { notFound } from '../errors'
import { validationError } from '../http/register'
import { findCollection } from './collections'
import { type CatalogueDeps, commitThen } from './commit'
import { variantsChanged } from './stock'

/*
 * PATCH /product/bulk (issue 41, decision 177): one change to several products of the list, all or none. A price
 * change is integer arithmetic on kobo in the database (price × (10000 + basis points) / 10000, half up), refused
 * whole (422 naming pricePercent) if any variant would leave the prices a variant may have.
 */

export interface BulkEdit {
  ids: string[]
  pricePercent?: number
  isPublished?: boolean
  collectionId?: string | null
}

export interface BulkEditResult {
  updated: number
}

/**
 * `answer` stores the call's answer in the edit's own transaction (decision 196): a price change retried after a
 * crash must find it made, not make it twice.
 */
export async function bulkEditProducts(
  deps: CatalogueDeps,
  vendorId: string,
  edit: BulkEdit,
  answer: (tx: Tx, result: BulkEditResult) => Promise<void>,
): Promise<BulkEditResult> {
  const ids = [...new Set(edit.ids)].sort()
  const result = { updated: ids.length }
  return commitThen(deps, [], async (tx, after) => {
    // Locked in id order, so two bulk edits of overlapping selections take turns rather than deadlock.
    const found = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.vendorId, vendorId), inArray(products.id, ids), isNull(products.deletedAt)))
      .orderBy(products.id)
      .for('update')
    if (found.length !== ids.length) throw notFound('Product')

    if (edit.isPublished !== undefined || edit.collectionId !== undefined) {
      if (edit.collectionId) await findCollection(tx, vendorId, edit.collectionId)
      const change = edit.isPublished !== undefined ? { isPublished: edit.isPublished } : { collectionId: edit.collectionId }
      await tx
        .update(products)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(products.vendorId, vendorId), inArray(products.id, ids)))
      await answer(tx, result)
      return result
    }

    const bps = toBasisPoints(edit.pricePercent!)
    const newPrice = sql`((${productVariants.price} * (10000 + ${bps}::bigint) + 5000) / 10000)`
    const live = and(eq(productVariants.vendorId, vendorId), inArray(productVariants.productId, ids), isNull(productVariants.deletedAt))
    const [clash] = await tx
      .select({ productId: productVariants.productId })
      .from(productVariants)
      .where(
        and(
          live,
          sql`(${newPrice} < 1 or ${newPrice} > ${MAX_PRICE_KOBO}
            or (${productVariants.discountType} = 'FLAT' and ${productVariants.discountValue} >= ${newPrice}))`,
        ),
      )
      .limit(1)
    if (clash) {
      const name = found.find((p) => p.id === clash.productId)!.name
      throw validationError([
        {
          path: 'pricePercent',
          message: `would take a price of ${name} out of range (above zero, at most ₦1,000,000,000, above its flat discount)`,
        },
      ])
    }
    await tx
      .update(productVariants)
      .set({ price: newPrice, updatedAt: sql`now()` })
      .where(live)
    for (const id of ids) after.notices.push(...(await variantsChanged(tx, vendorId, id)))
    await answer(tx, result)
    return result
  })
}
