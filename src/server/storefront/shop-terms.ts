import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm'

import { fromBasisPoints } from '#contract/common'
import { SHOP_NOT_AVAILABLE, type StorefrontDeliveryLocation } from '#contract/storefront'

import type { Db } from '../db/client'
import { collections, deliveryLocations, products, taxes, vendors } from '../db/schema'
import { ApiError } from '../errors'

/*
 * What a shop shows and sells, read once for the storefront's page and its cart's checkout (decision 176), so the
 * two never disagree about which products are on the shelf, which delivery locations are offered and which taxes
 * are charged.
 */

/** The approved vendor at this shop URL; anything else is the same 404, so a shop under review cannot be probed. */
export async function openShop(db: Db, url: string): Promise<{ id: string; name: string; url: string | null }> {
  const [found] = await db
    .select({ id: vendors.id, name: vendors.name, url: vendors.url })
    .from(vendors)
    .where(and(eq(vendors.url, url), eq(vendors.status, 'approved')))
  if (!found) throw new ApiError(404, 'SHOP_NOT_FOUND', SHOP_NOT_AVAILABLE)
  return found
}

/** A product on the shelf: published, not removed, and not in a hidden collection (one in no collection is listed). */
export function listedProduct(db: Db, vendorId: string) {
  const inHiddenCollection = db
    .select({ one: sql`1` })
    .from(collections)
    .where(and(eq(collections.vendorId, vendorId), eq(collections.id, products.collectionId), eq(collections.isVisible, false)))
  return and(eq(products.vendorId, vendorId), isNull(products.deletedAt), eq(products.isPublished, true), notExists(inHiddenCollection))
}

/** The delivery locations a customer may choose: the active ones, oldest first as the vendor's list shows them. */
export async function shopDeliveryLocations(db: Db, vendorId: string): Promise<StorefrontDeliveryLocation[]> {
  return db
    .select({
      id: deliveryLocations.id,
      name: deliveryLocations.name,
      description: deliveryLocations.description,
      fee: deliveryLocations.fee,
    })
    .from(deliveryLocations)
    .where(and(eq(deliveryLocations.vendorId, vendorId), eq(deliveryLocations.isActive, true)))
    .orderBy(asc(deliveryLocations.createdAt), asc(deliveryLocations.id))
}

/** Every tax the vendor has added, charged on every cart (decision 176), in the order they were added. */
export async function shopTaxes(db: Db, vendorId: string) {
  const rows = await db
    .select({ id: taxes.id, name: taxes.name, bps: taxes.percentageBps })
    .from(taxes)
    .where(eq(taxes.vendorId, vendorId))
    .orderBy(asc(taxes.createdAt), asc(taxes.id))
  return rows.map((row) => ({ id: row.id, name: row.name, percentage: fromBasisPoints(row.bps) }))
}
