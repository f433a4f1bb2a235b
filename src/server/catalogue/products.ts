import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'

import { MAX_PRODUCT_IMAGES, type Product, type ProductOption } from '#contract/catalogue'

import type { Db, Tx } from '../db/client'
import { productImages, type ProductRow, products, productVariants } from '../db/schema'
import { notFound } from '../errors'
import { validationError } from '../http/register'
import { findCollection } from './collections'
import { type AfterCommit, type CatalogueDeps, commitThen } from './commit'
import { outletsHold, outletUnitsOf } from './locations'
import { liveProduct, loadProduct } from './product-list'
import { variantsChanged } from './stock'
import { storeImages, type Upload } from './uploads'
import { checkCodesFree, type CodedVariant, type CodeField, codesUnique } from './variant-codes'
import { checkVariants, normaliseOptions, variantIssues } from './variant-rules'
import { sortVariants } from './views'

interface VariantInput extends CodedVariant {
  id?: string
  options: Record<string, string>
  price: number
  availableUnits: number
  /** Kobo; left out keeps a kept variant's own, null removes it. */
  costPrice?: number | null
}

/** Where a code refused by the unique index was sent: the variants list (which of them, the index does not say). */
const variantsPath = () => 'variants'
const variantPath = (i: number, field: CodeField) => `variants.${i}.${field}`

/** The columns a variant's sku, barcode and cost set; what was left out is left out, so it stays as it is. */
const codesAndCost = (variant: VariantInput) => ({
  ...(variant.sku === undefined ? {} : { sku: variant.sku }),
  ...(variant.barcode === undefined ? {} : { barcode: variant.barcode }),
  ...(variant.costPrice === undefined ? {} : { costPrice: variant.costPrice }),
})

export interface NewProduct {
  name: string
  description?: string | null
  collectionId?: string | null
  categoryId?: string | null
  isPublished: boolean
  options: ProductOption[]
  variants: VariantInput[]
  images?: File[]
}

export interface ProductChanges extends Partial<Omit<NewProduct, 'images'>> {
  id: string
  keepImageIds?: string[]
  images?: File[]
}

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

async function addImages(tx: Tx, vendorId: string, productId: string, uploads: Upload[], from: number) {
  if (uploads.length === 0) return
  await tx.insert(productImages).values(
    uploads.map((upload, i) => ({
      vendorId,
      productId,
      storageKey: upload.key,
      contentType: upload.contentType,
      position: from + i,
    })),
  )
}

export async function createProduct(deps: CatalogueDeps, vendorId: string, input: NewProduct, origin: string): Promise<Product> {
  const variants = input.variants.map((variant) => ({ ...variant, options: normaliseOptions(input.options, variant.options) }))
  checkVariants(input.options, variants)
  const uploads = await storeImages(deps.storage, input.images)
  const productId = await codesUnique(variantsPath, () =>
    commitThen(
      deps,
      uploads.map((upload) => upload.key),
      async (tx, after) => {
        if (input.collectionId) await findCollection(tx, vendorId, input.collectionId)
        await checkCodesFree(tx, vendorId, variants, variantPath, {})
        const [product] = await tx
          .insert(products)
          .values({
            vendorId,
            name: input.name,
            description: input.description ?? null,
            collectionId: input.collectionId ?? null,
            categoryId: input.categoryId ?? null,
            isPublished: input.isPublished,
            options: input.options,
            createdAt: madeNow(),
            updatedAt: madeNow(),
          })
          .returning({ id: products.id })
        await addImages(tx, vendorId, product!.id, uploads, 0)
        await tx.insert(productVariants).values(newVariantRows(vendorId, product!.id, variants, input.options))
        after.notices.push(...(await variantsChanged(tx, vendorId, product!.id)))
        return product!.id
      },
    ),
  )
  return loadProduct(deps.db, vendorId, productId, origin)
}

/**
 * The variants list of an update: entries with an id keep (and change) that variant, entries without are new,
 * live variants left out are soft-deleted (orders and pay-link history keep their rows). Sending new options
 * without variants keeps the variants only if they still fit.
 */
async function replaceVariants(tx: Tx, vendorId: string, product: ProductRow, changes: ProductChanges) {
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
  // Each kept variant's units are its total; the outlets' part of it stays (decision 174).
  const atOutlets = await outletUnitsOf(tx, vendorId, [...seenIds])
  wanted.forEach((variant, i) => {
    const held = variant.id === undefined ? 0 : (atOutlets.get(variant.id) ?? 0)
    if (variant.availableUnits < held) throw validationError([{ path: `variants.${i}.availableUnits`, message: outletsHold(held) }])
  })

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
  for (const variant of wanted) {
    if (variant.id === undefined) continue
    await tx
      .update(productVariants)
      .set({
        options: variant.options,
        price: variant.price,
        availableUnits: variant.availableUnits,
        ...codesAndCost(variant),
        updatedAt: sql`now()`,
      })
      .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.id, variant.id)))
  }
  const fresh = wanted.filter((variant) => variant.id === undefined)
  if (fresh.length) {
    await tx.insert(productVariants).values(newVariantRows(vendorId, product.id, fresh, options))
  }
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

/** keepImageIds (in their new order), then the new uploads; removed images' files go after commit. */
async function replaceImages(tx: Tx, vendorId: string, productId: string, changes: ProductChanges, uploads: Upload[], after: AfterCommit) {
  const existing = await tx
    .select({ id: productImages.id, storageKey: productImages.storageKey })
    .from(productImages)
    .where(and(eq(productImages.vendorId, vendorId), eq(productImages.productId, productId)))
    .orderBy(asc(productImages.position))
  const keep = changes.keepImageIds ?? existing.map((image) => image.id)
  if (keep.some((id) => !existing.some((image) => image.id === id))) throw notFound('Product image')
  const keptIds = [...new Set(keep)]
  if (keptIds.length + uploads.length > MAX_PRODUCT_IMAGES) {
    throw validationError([{ path: 'images', message: `must be at most ${MAX_PRODUCT_IMAGES} images` }])
  }
  const removed = existing.filter((image) => !keptIds.includes(image.id))
  if (removed.length) {
    await tx.delete(productImages).where(
      and(
        eq(productImages.vendorId, vendorId),
        inArray(
          productImages.id,
          removed.map((image) => image.id),
        ),
      ),
    )
    after.filesToDelete.push(...removed.map((image) => image.storageKey))
  }
  for (const [position, id] of keptIds.entries()) {
    await tx
      .update(productImages)
      .set({ position })
      .where(and(eq(productImages.vendorId, vendorId), eq(productImages.id, id)))
  }
  await addImages(tx, vendorId, productId, uploads, keptIds.length)
}

/** PATCH /product: only what is sent changes, in one transaction. */
export async function updateProduct(deps: CatalogueDeps, vendorId: string, changes: ProductChanges, origin: string): Promise<Product> {
  const uploads = await storeImages(deps.storage, changes.images)
  await codesUnique(variantsPath, () =>
    commitThen(
      deps,
      uploads.map((upload) => upload.key),
      async (tx, after) => {
        // The row lock makes concurrent edits of one product take turns instead of mixing their variant lists.
        const [product] = await tx.select().from(products).where(liveProduct(vendorId, changes.id)).for('update')
        if (!product) throw notFound('Product')
        if (changes.collectionId) await findCollection(tx, vendorId, changes.collectionId)
        if (changes.variants || changes.options) await replaceVariants(tx, vendorId, product, changes)
        if (changes.keepImageIds || uploads.length) await replaceImages(tx, vendorId, product.id, changes, uploads, after)
        const fields: Partial<ProductRow> = {}
        if (changes.name !== undefined) fields.name = changes.name
        if (changes.description !== undefined) fields.description = changes.description
        if (changes.collectionId !== undefined) fields.collectionId = changes.collectionId
        if (changes.categoryId !== undefined) fields.categoryId = changes.categoryId
        if (changes.isPublished !== undefined) fields.isPublished = changes.isPublished
        if (changes.options !== undefined) fields.options = changes.options
        await tx
          .update(products)
          .set({ ...fields, updatedAt: sql`now()` })
          .where(liveProduct(vendorId, product.id))
        after.notices.push(...(await variantsChanged(tx, vendorId, product.id)))
      },
    ),
  )
  return loadProduct(deps.db, vendorId, changes.id, origin)
}

/**
 * Soft delete: the product and its variants leave every list, detail and pay link, but their rows stay for the
 * orders that sold them.
 */
export async function deleteProduct(db: Db, vendorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(products)
      .set({ deletedAt: sql`now()` })
      .where(liveProduct(vendorId, id))
      .returning({ id: products.id })
    if (!deleted) throw notFound('Product')
    await tx
      .update(productVariants)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(productVariants.vendorId, vendorId), eq(productVariants.productId, id), isNull(productVariants.deletedAt)))
  })
}
