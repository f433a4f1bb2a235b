import type { Collection, Product, ProductSummary, ProductVariant } from '#contract/catalogue'
import { fromBasisPoints } from '#contract/common'
import { priceAfterDiscount } from '#contract/pricing'

import type { CollectionRow, ProductRow, ProductVariantRow } from '../db/schema'

/** Where GET /api/files/:key serves a stored file. */
export const fileUrl = (key: string) => `/api/files/${key}`

/** The absolute URL a customer opens; the PWA's public /pay/$code route shows it. */
export const payLinkUrl = (origin: string, code: string) => `${origin}/pay/${code}`

export const isLowStock = (row: Pick<ProductVariantRow, 'threshold' | 'availableUnits'>) =>
  row.threshold !== null && row.availableUnits <= row.threshold

/** The wire's discount: kobo for FLAT, a percentage (7.5) for PERCENTAGE, which the database keeps as 750. */
export function discountOf(row: Pick<ProductVariantRow, 'price' | 'discountType' | 'discountValue'>) {
  const { discountType, discountValue } = row
  return {
    discountType,
    discount: discountValue === null ? null : discountType === 'PERCENTAGE' ? fromBasisPoints(discountValue) : discountValue,
    discountedPrice: priceAfterDiscount(row.price, discountType, discountValue),
  }
}

export function toVariant(row: ProductVariantRow, productName: string, origin: string): ProductVariant {
  return {
    id: row.id,
    productId: row.productId,
    productName,
    options: row.options,
    price: row.price,
    ...discountOf(row),
    availableUnits: row.availableUnits,
    isAvailable: row.isAvailable,
    threshold: row.threshold,
    isLowStock: isLowStock(row),
    // Filled for the caller by withLocations (locations.ts): who sees which location is the caller's.
    locations: [],
    paylink: row.paylinkCode ? payLinkUrl(origin, row.paylinkCode) : null,
    paylinkOutletId: row.paylinkOutletId,
    qrCodeURL: row.qrCodeKey ? fileUrl(row.qrCodeKey) : null,
    sku: row.sku,
    barcode: row.barcode,
    costPrice: row.costPrice,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toCollection(row: CollectionRow, productCount: number): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isVisible: row.isVisible,
    productCount,
    createdAt: row.createdAt.toISOString(),
  }
}

export interface ImageRow {
  id: string
  storageKey: string
}

export const toImage = (row: ImageRow) => ({ id: row.id, url: fileUrl(row.storageKey) })

type CollectionRef = { id: string; name: string } | null

function productFields(row: ProductRow, collection: CollectionRef) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublished: row.isPublished,
    categoryId: row.categoryId,
    collection,
    minPrice: row.minPrice,
    maxPrice: row.maxPrice,
    variantCount: row.variantCount,
    totalUnits: row.totalUnits,
    lowStockCount: row.lowStockCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function toProductSummary(row: ProductRow, collection: CollectionRef, image: ImageRow | null): ProductSummary {
  return { ...productFields(row, collection), image: image ? toImage(image) : null }
}

/**
 * Variants in the order of the product's options and their values (Small before Large, as the vendor listed
 * them), which is also the order the create form generated them in.
 */
export function sortVariants<T extends { options: Record<string, string> }>(variants: T[], options: ProductRow['options']): T[] {
  const rank = (variant: T) => options.map((option) => option.values.indexOf(variant.options[option.name] ?? ''))
  return [...variants].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)]
    const differs = ra.findIndex((value, i) => value !== rb[i])
    return differs === -1 ? 0 : ra[differs]! - rb[differs]!
  })
}

export function toProduct(
  row: ProductRow,
  collection: CollectionRef,
  images: ImageRow[],
  variants: ProductVariantRow[],
  origin: string,
): Product {
  return {
    ...productFields(row, collection),
    images: images.map(toImage),
    options: row.options,
    variants: sortVariants(variants, row.options).map((variant) => toVariant(variant, row.name, origin)),
  }
}
