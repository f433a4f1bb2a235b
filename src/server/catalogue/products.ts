import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'

import { MAX_PRODUCT_IMAGES, type Product, type ProductOption } from '#contract/catalogue'

import type { Db, Tx } from '../db/client'
import { productImages, type ProductRow, products, productVariants } from '../db/schema'
import { notFound } from '../errors'
import { validationError } from '../http/register'
import { findCollection } from './collections'
import { type AfterCommit, type CatalogueDeps, commitThen } from './commit'
import { liveProduct, loadProduct } from './product-list'
import { insertNewVariants, madeNow, refuseUnitsNowhere, replaceVariants, type VariantInput, variantPath } from './product-variants'
import { variantsChanged } from './stock'
import type { TotalsLocation } from './totals'
import { storeImages, type Upload } from './uploads'
import { checkCodesFree, codesUnique } from './variant-codes'
import { checkVariants, normaliseOptions } from './variant-rules'

/** Where a code refused by the unique index was sent: the variants list (which of them, the index does not say). */
const variantsPath = () => 'variants'

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

/**
 * POST /product. `at`: where the caller's units land (totals.ts): the main store by default; a member of one outlet
 * only, their outlet; a member of several, nowhere (units refused).
 */
export async function createProduct(
  deps: CatalogueDeps,
  vendorId: string,
  input: NewProduct,
  origin: string,
  at: TotalsLocation,
): Promise<Product> {
  const variants = input.variants.map((variant) => ({ ...variant, options: normaliseOptions(input.options, variant.options) }))
  checkVariants(input.options, variants)
  refuseUnitsNowhere(variants, at)
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
        await insertNewVariants(tx, vendorId, product!.id, variants, input.options, at)
        after.notices.push(...(await variantsChanged(tx, vendorId, product!.id)))
        return product!.id
      },
    ),
  )
  return loadProduct(deps.db, vendorId, productId, origin)
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

/** PATCH /product: only what is sent changes, in one transaction; a changed total lands at `at` (createProduct). */
export async function updateProduct(
  deps: CatalogueDeps,
  vendorId: string,
  changes: ProductChanges,
  origin: string,
  at: TotalsLocation,
): Promise<Product> {
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
        if (changes.variants || changes.options) await replaceVariants(tx, vendorId, product, changes, at)
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
