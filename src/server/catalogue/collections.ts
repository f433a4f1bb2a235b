import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm'

import type { Collection } from '#contract/catalogue'

import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { type CollectionRow, collections, products } from '../db/schema'
import { containsPattern, qualified } from '../db/sql-helpers'
import { ApiError, notFound } from '../errors'
import { toCollection } from './views'

/** Live products in the collection; the partial index on (vendor_id, collection_id) answers it. */
const productCount = sql<number>`(
  select count(*)::int from ${products}
  where ${qualified(products.vendorId)} = ${qualified(collections.vendorId)}
    and ${qualified(products.collectionId)} = ${qualified(collections.id)} and ${qualified(products.deletedAt)} is null
)`

async function view(db: Db, where: SQL): Promise<Collection | null> {
  const [row] = await db.select({ collection: collections, productCount }).from(collections).where(where)
  return row ? toCollection(row.collection, row.productCount) : null
}

const byId = (vendorId: string, id: string) => and(eq(collections.vendorId, vendorId), eq(collections.id, id))!

/** This vendor's collection, or 404 (another vendor's id is "not found", never 403). */
export async function findCollection(db: Db, vendorId: string, id: string): Promise<CollectionRow> {
  const [row] = await db.select().from(collections).where(byId(vendorId, id))
  if (!row) throw notFound('Collection')
  return row
}

export async function listCollections(
  db: Db,
  vendorId: string,
  filters: { page: number; size: number; isVisible?: boolean; name?: string },
) {
  const where = and(
    eq(collections.vendorId, vendorId),
    filters.isVisible === undefined ? undefined : eq(collections.isVisible, filters.isVisible),
    filters.name ? ilike(collections.name, containsPattern(filters.name)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ collection: collections, productCount })
      .from(collections)
      .where(where)
      .orderBy(desc(collections.createdAt), desc(collections.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db.select({ total: count() }).from(collections).where(where),
  ])
  return {
    items: rows.map((row) => toCollection(row.collection, row.productCount)),
    page: filters.page,
    size: filters.size,
    total: total?.total ?? 0,
  }
}

/** The unique index on (vendor_id, lower(name)) decides, so two tabs adding "Drinks" at once cannot both land. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw new ApiError(409, 'COLLECTION_NAME_TAKEN', `You already have a collection named ${name}`, {
      issues: [{ path: 'name', message: 'is already used by another collection' }],
    })
  }
}

export async function createCollection(
  db: Db,
  vendorId: string,
  input: { name: string; description?: string | null },
): Promise<Collection> {
  const [row] = await uniqueName(input.name, () =>
    db
      .insert(collections)
      // clock_timestamp(): collections made in one transaction (the demo seed) still list in the order made.
      .values({
        vendorId,
        name: input.name,
        description: input.description ?? null,
        createdAt: sql`clock_timestamp()`,
        updatedAt: sql`clock_timestamp()`,
      })
      .returning(),
  )
  return toCollection(row!, 0)
}

async function updateCollection(db: Db, vendorId: string, id: string, values: Partial<CollectionRow>) {
  const [row] = await db
    .update(collections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(byId(vendorId, id))
    .returning({ id: collections.id })
  if (!row) throw notFound('Collection')
  return (await view(db, byId(vendorId, id)))!
}

/** PATCH: name always; description only when sent (blank clears it). */
export function renameCollection(
  db: Db,
  vendorId: string,
  input: { id: string; name: string; description?: string | null },
): Promise<Collection> {
  const description = input.description === undefined ? {} : { description: input.description }
  return uniqueName(input.name, () => updateCollection(db, vendorId, input.id, { name: input.name, ...description }))
}

export function setCollectionVisibility(db: Db, vendorId: string, id: string, isVisible: boolean): Promise<Collection> {
  return updateCollection(db, vendorId, id, { isVisible })
}

/**
 * Deletes a collection; its products (deleted ones too, which the foreign key still points at) are kept with no
 * collection. One transaction, so a product is never left pointing at a collection that is gone.
 */
export async function deleteCollection(db: Db, vendorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ collectionId: null, updatedAt: sql`now()` })
      .where(and(eq(products.vendorId, vendorId), eq(products.collectionId, id)))
    const [row] = await tx.delete(collections).where(byId(vendorId, id)).returning({ id: collections.id })
    if (!row) throw notFound('Collection')
  })
}
