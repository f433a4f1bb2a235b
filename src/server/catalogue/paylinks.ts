import { randomBytes } from 'node:crypto'

import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { toBuffer } from 'qrcode'

import { MAX_CHECKOUT_QUANTITY, type PayLinkView } from '#contract/catalogue'

import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { outlets, productImages, products, productVariants, vendors } from '../db/schema'
import { ApiError } from '../errors'
import { vendorWallet } from '../money/ledger'
import { listedProduct } from '../storefront/shop-terms'
import { type CatalogueDeps, commitThen } from './commit'
import { unitsAt } from './locations'
import { lockVariant, variantView } from './variants'
import { discountOf, payLinkUrl, toImage } from './views'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
export const PAY_LINK_CODE_LENGTH = 10

/** 10 base62 characters (~59 bits) from the OS's CSPRNG: short enough for a QR code, far too many to guess. */
export function newPayLinkCode(): string {
  let code = ''
  while (code.length < PAY_LINK_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
      if (byte < 248 && code.length < PAY_LINK_CODE_LENGTH) code += BASE62[byte % 62]
    }
  }
  return code
}

const LINK_GONE = 'This payment link is no longer valid'

async function qrPng(link: string): Promise<Uint8Array> {
  return toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 512 })
}

/**
 * POST /product/paylink: a new code and QR code for the variant. The old code stops working the moment this
 * commits (the row holds one code), and its QR file is deleted after. A code collision (1 in ~10^17) retries.
 * outletId: the location whose stock the link sells (decision 174; null: the main store), checked by the caller.
 */
export async function generatePayLink(
  deps: CatalogueDeps,
  vendorId: string,
  variantId: string,
  origin: string,
  outletId: string | null = null,
) {
  for (let attempt = 0; ; attempt++) {
    const code = newPayLinkCode()
    const qr = await deps.storage.put(await qrPng(payLinkUrl(origin, code)), 'image/png')
    try {
      await commitThen(deps, [qr], async (tx, after) => {
        const { variant } = await lockVariant(tx, vendorId, variantId)
        await tx
          .update(productVariants)
          .set({ paylinkCode: code, qrCodeKey: qr, paylinkOutletId: outletId, updatedAt: sql`now()` })
          .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.id, variant.id)))
        if (variant.qrCodeKey) after.filesToDelete.push(variant.qrCodeKey)
      })
      return variantView(deps.db, vendorId, variantId, origin)
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error
    }
  }
}

/** The live variant of a live product of an approved vendor that a pay link's current code sells, if any. */
export async function liveVariantOfPayLink(db: Db, code: string) {
  const [found] = await db
    .select({ variant: productVariants, product: products, vendorName: vendors.name })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.vendorId, productVariants.vendorId), eq(products.id, productVariants.productId), isNull(products.deletedAt)),
    )
    // Only an approved vendor takes payments: a shop under review again or rejected stops selling at once.
    .innerJoin(vendors, and(eq(vendors.id, productVariants.vendorId), eq(vendors.status, 'approved')))
    .where(and(eq(productVariants.paylinkCode, code), isNull(productVariants.deletedAt)))
  if (!found) throw new ApiError(404, 'PAY_LINK_NOT_FOUND', LINK_GONE)
  // A link sells its location's units (its outlet's, else the main store's; decision 174), not the other locations'.
  // An inactive outlet sells nothing (decision 193): its link reads sold out until the outlet is active again.
  const { variant } = found
  const where = variant.paylinkOutletId
  const sells = where === null || (await outletIsActive(db, variant.vendorId, where))
  return { ...found, variant: { ...variant, availableUnits: sells ? await unitsAt(db, variant.vendorId, variant.id, where) : 0 } }
}

async function outletIsActive(db: Db, vendorId: string, outletId: string): Promise<boolean> {
  const [outlet] = await db
    .select({ status: outlets.status })
    .from(outlets)
    .where(and(eq(outlets.vendorId, vendorId), eq(outlets.id, outletId)))
  return outlet?.status === 'active'
}

/** Units a checkout may ask for: what is left, never more than one checkout sells. */
export const maxQuantityOf = (variant: { isAvailable: boolean; availableUnits: number }) =>
  variant.isAvailable ? Math.max(0, Math.min(variant.availableUnits, MAX_CHECKOUT_QUANTITY)) : 0

/** GET /paylink (public): what the live variant sells for; anything else is gone. */
export async function payLinkView(db: Db, code: string): Promise<PayLinkView> {
  const found = await liveVariantOfPayLink(db, code)
  const { variant, product } = found
  const [images, wallet, shopUrl] = await Promise.all([
    db
      .select({ id: productImages.id, storageKey: productImages.storageKey })
      .from(productImages)
      .where(and(eq(productImages.vendorId, product.vendorId), eq(productImages.productId, product.id)))
      .orderBy(asc(productImages.position)),
    vendorWallet(db, product.vendorId, 'main'),
    // A link tied to an outlet sells that outlet's units; the cart sells the main store's (decision 174), so such a
    // link must not feed it: its own checkout is the way to buy there.
    variant.paylinkOutletId ? null : shopUrlOf(db, product.vendorId, product.id),
  ])
  return {
    code,
    variantId: variant.id,
    vendorName: found.vendorName,
    productName: product.name,
    productDescription: product.description,
    images: images.map(toImage),
    options: variant.options,
    currency: wallet?.currency ?? 'NGN',
    price: variant.price,
    ...discountOf(variant),
    inStock: variant.isAvailable && variant.availableUnits > 0,
    maxQuantity: maxQuantityOf(variant),
    payTo: payToOf(wallet),
    shopUrl,
  }
}

/** The vendor's shop URL when its storefront sells this product, so the pay page can add it to that cart (decision 176). */
async function shopUrlOf(db: Db, vendorId: string, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: vendors.url })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(listedProduct(db, vendorId), eq(products.id, productId)))
  return row?.url ?? null
}

/** The main wallet's account a customer transfers to; null until the vendor has one. */
export function payToOf(wallet: Awaited<ReturnType<typeof vendorWallet>>) {
  return wallet?.accountNumber
    ? { bankName: wallet.bankName ?? '', accountNumber: wallet.accountNumber, accountName: wallet.accountName ?? '' }
    : null
}
