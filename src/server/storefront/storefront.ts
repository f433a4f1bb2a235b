import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm'

import { SUPPORTED_BACKGROUNDS, SUPPORTED_FONTS } from '#contract/onboarding'
import { priceAfterDiscount } from '#contract/pricing'
import { SHOP_NOT_AVAILABLE, type Storefront, type StorefrontProduct } from '#contract/storefront'

import { fileUrl } from '../catalogue/views'
import type { Db } from '../db/client'
import { shops } from '../db/onboarding-schema'
import { productImages, products, type ProductVariantRow, productVariants, vendors, wallets } from '../db/schema'
import { variantStock } from '../db/stock-schema'
import { ApiError } from '../errors'
import { listedProduct, shopDeliveryLocations, shopTaxes } from './shop-terms'

/** Shops without a `shops` row (the demo, vendors created approved) look like this. */
export const DEFAULT_SHOP = { description: '', font: 'inter', background: 'plain' } as const

const fontOf = (id: string) => SUPPORTED_FONTS.find((f) => f.id === id) ?? SUPPORTED_FONTS[0]
const backgroundOf = (id: string) => SUPPORTED_BACKGROUNDS.find((b) => b.id === id) ?? SUPPORTED_BACKGROUNDS[0]

/**
 * The storefront and its cart sell from the main store (decision 174): `availableUnits` of the rows given here is
 * the main store's units, not the total over every location, so units held only at outlets read as out of stock,
 * as the cart's checkout (priceLines with no outlet) would refuse them.
 */
const onSale = (row: ProductVariantRow) => row.isAvailable && row.availableUnits > 0

/** Everything a customer sees of a product: its cover, the prices they would pay, and the pay links on sale. */
function toStorefrontProduct(
  product: { id: string; name: string; description: string | null },
  cover: string | undefined,
  variants: ProductVariantRow[],
): StorefrontProduct {
  const selling = variants.filter(onSale)
  // A sold-out product still shows what it costs; the card says it is not available.
  const priced = (selling.length ? selling : variants).map((v) => priceAfterDiscount(v.price, v.discountType, v.discountValue))
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    imageUrl: cover ? fileUrl(cover) : null,
    minPrice: priced.length ? Math.min(...priced) : 0,
    maxPrice: priced.length ? Math.max(...priced) : 0,
    variants: selling.map((v) => ({
      id: v.id,
      options: v.options,
      price: priceAfterDiscount(v.price, v.discountType, v.discountValue),
      // Same origin as the storefront: the PWA's public /pay/$code route.
      payLink: v.paylinkCode ? `/pay/${v.paylinkCode}` : null,
    })),
  }
}

/**
 * GET /storefront (public). Unknown URL and a vendor not approved get the same 404, as the pay link does: a shop
 * under review or rejected is not open, and nobody can tell it exists.
 */
export async function storefront(db: Db, url: string, paging: { page: number; size: number }): Promise<Storefront> {
  const [found] = await db
    .select({ id: vendors.id, name: vendors.name, url: vendors.url, shop: shops, currency: wallets.currency })
    .from(vendors)
    .leftJoin(shops, eq(shops.vendorId, vendors.id))
    .leftJoin(wallets, and(eq(wallets.vendorId, vendors.id), eq(wallets.kind, 'main'), isNull(wallets.outletId)))
    .where(and(eq(vendors.url, url), eq(vendors.status, 'approved')))
  if (!found) throw new ApiError(404, 'SHOP_NOT_FOUND', SHOP_NOT_AVAILABLE)
  const vendorId = found.id
  // A hidden collection takes its products off the storefront; a product in no collection is listed.
  const where = listedProduct(db, vendorId)
  const [rows, [total], deliveryLocations, taxes] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, description: products.description })
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ total: count() }).from(products).where(where),
    shopDeliveryLocations(db, vendorId),
    shopTaxes(db, vendorId),
  ])
  const ids = rows.map((row) => row.id)
  const [covers, variants] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([productImages.productId], { productId: productImages.productId, storageKey: productImages.storageKey })
          .from(productImages)
          .where(and(eq(productImages.vendorId, vendorId), inArray(productImages.productId, ids)))
          .orderBy(productImages.productId, asc(productImages.position)),
        db
          // The main store's row (every variant has one); a variant somehow without it holds nothing there.
          .select({ variant: productVariants, mainUnits: variantStock.units })
          .from(productVariants)
          .leftJoin(
            variantStock,
            and(eq(variantStock.vendorId, vendorId), eq(variantStock.variantId, productVariants.id), isNull(variantStock.outletId)),
          )
          .where(and(eq(productVariants.vendorId, vendorId), inArray(productVariants.productId, ids), isNull(productVariants.deletedAt)))
          .orderBy(asc(productVariants.createdAt), asc(productVariants.id))
          .then((found) => found.map((row): ProductVariantRow => ({ ...row.variant, availableUnits: row.mainUnits ?? 0 }))),
      ])
    : [[], []]
  const coverOf = new Map(covers.map((c) => [c.productId, c.storageKey]))
  const shop = found.shop ?? { ...DEFAULT_SHOP, logoKey: null }
  const font = fontOf(shop.font)
  const background = backgroundOf(shop.background)
  return {
    name: found.name,
    url: found.url ?? url,
    description: shop.description,
    logoUrl: shop.logoKey ? fileUrl(shop.logoKey) : null,
    currency: found.currency ?? 'NGN',
    font: { id: font.id, family: font.family },
    background: { id: background.id, value: background.value },
    products: {
      items: rows.map((row) =>
        toStorefrontProduct(
          row,
          coverOf.get(row.id),
          variants.filter((v) => v.productId === row.id),
        ),
      ),
      page: paging.page,
      size: paging.size,
      total: total?.total ?? 0,
    },
    deliveryLocations,
    taxes: taxes.map((tax) => ({ name: tax.name, percentage: tax.percentage })),
  }
}
