import { and, asc, count, eq } from 'drizzle-orm'

import { fromBasisPoints, toBasisPoints } from '#contract/common'
import type { Tax } from '#contract/selling-terms'

import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { taxes, type TaxRow } from '../db/schema'
import { ApiError, notFound } from '../errors'

export function toTax(row: TaxRow): Tax {
  return {
    id: row.id,
    name: row.name,
    percentage: fromBasisPoints(row.percentageBps),
    createdAt: row.createdAt.toISOString(),
  }
}

/** Oldest first: the order the vendor added them in, which is the order an invoice lists them in. */
export async function listTaxes(db: Db, vendorId: string, query: { page: number; size: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(taxes)
      .where(eq(taxes.vendorId, vendorId))
      .orderBy(asc(taxes.createdAt), asc(taxes.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(taxes).where(eq(taxes.vendorId, vendorId)),
  ])
  return { items: rows.map(toTax), page: query.page, size: query.size, total: total?.total ?? 0 }
}

export async function createTax(db: Db, vendorId: string, input: { name: string; percentage: number }, now: Date) {
  try {
    const [row] = await db
      .insert(taxes)
      .values({ vendorId, name: input.name, percentageBps: toBasisPoints(input.percentage), createdAt: now })
      .returning()
    return row!
  } catch (error) {
    // The unique index on lower(name) decides, so "VAT" and "vat" added at the same moment cannot both land.
    throw nameTaken(error, input.name)
  }
}

function nameTaken(error: unknown, name: string) {
  if (!isUniqueViolation(error)) return error
  return new ApiError(409, 'TAX_NAME_TAKEN', `You already have a tax named ${name}`, {
    issues: [{ path: 'name', message: 'is already used by another tax' }],
  })
}

/*
 * Orders hold a copy of each tax they were charged (name, rate, amount: orders.taxes), so changing or removing a
 * tax here only changes what new orders can be charged.
 */

/** Changes only the fields given; another vendor's id is "not found". */
export async function updateTax(db: Db, vendorId: string, id: string, changes: { name?: string; percentage?: number }) {
  const where = and(eq(taxes.vendorId, vendorId), eq(taxes.id, id))
  if (changes.name === undefined && changes.percentage === undefined) {
    // Nothing to change (drizzle refuses an empty SET): answer the tax as it is.
    const [row] = await db.select().from(taxes).where(where)
    if (!row) throw notFound('Tax')
    return row
  }
  try {
    const [row] = await db
      .update(taxes)
      .set({
        name: changes.name,
        percentageBps: changes.percentage === undefined ? undefined : toBasisPoints(changes.percentage),
      })
      .where(where)
      .returning()
    if (!row) throw notFound('Tax')
    return row
  } catch (error) {
    throw nameTaken(error, changes.name ?? '')
  }
}

export async function deleteTax(db: Db, vendorId: string, id: string) {
  const [row] = await db
    .delete(taxes)
    .where(and(eq(taxes.vendorId, vendorId), eq(taxes.id, id)))
    .returning({ id: taxes.id })
  if (!row) throw notFound('Tax')
}
