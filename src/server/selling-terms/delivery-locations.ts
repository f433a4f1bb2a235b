import { and, asc, count, eq } from 'drizzle-orm'

import type { DeliveryLocation } from '#contract/selling-terms'

import type { Db } from '../db/client'
import { type DeliveryLocationRow, deliveryLocations } from '../db/schema'
import { notFound } from '../errors'

export function toDeliveryLocation(row: DeliveryLocationRow): DeliveryLocation {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    fee: row.fee,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listDeliveryLocations(db: Db, vendorId: string, query: { page: number; size: number; isActive?: boolean }) {
  const where = and(
    eq(deliveryLocations.vendorId, vendorId),
    query.isActive === undefined ? undefined : eq(deliveryLocations.isActive, query.isActive),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deliveryLocations)
      .where(where)
      .orderBy(asc(deliveryLocations.createdAt), asc(deliveryLocations.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(deliveryLocations).where(where),
  ])
  return { items: rows.map(toDeliveryLocation), page: query.page, size: query.size, total: total?.total ?? 0 }
}

export async function createDeliveryLocation(
  db: Db,
  vendorId: string,
  input: { name: string; description?: string | null; fee: number },
  now: Date,
) {
  const [row] = await db
    .insert(deliveryLocations)
    .values({
      vendorId,
      name: input.name,
      description: input.description ?? null,
      fee: input.fee,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  return row!
}

export interface DeliveryLocationChanges {
  name?: string
  /** null clears it; absent leaves it. */
  description?: string | null
  fee?: number
  isActive?: boolean
}

/** Changes only the fields given; another vendor's id is "not found". */
export async function updateDeliveryLocation(db: Db, vendorId: string, id: string, changes: DeliveryLocationChanges, now: Date) {
  const [row] = await db
    .update(deliveryLocations)
    .set({
      name: changes.name,
      description: changes.description,
      fee: changes.fee,
      isActive: changes.isActive,
      updatedAt: now,
    })
    .where(and(eq(deliveryLocations.vendorId, vendorId), eq(deliveryLocations.id, id)))
    .returning()
  if (!row) throw notFound('Delivery location')
  return row
}
