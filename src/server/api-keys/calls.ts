import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'

import { API_KEY_CALLS_KEPT, type ApiKeyCall } from '#contract/api-keys'

import { apiKeyCalls, apiKeys } from '../db/api-keys-schema'
import type { Db } from '../db/client'

/**
 * Trimming reads the vendor's newest API_KEY_CALLS_KEPT lines, so it runs on one insert in TRIM_EVERY (by the
 * line's id), not on each: the table holds at most about API_KEY_CALLS_KEPT + TRIM_EVERY lines per vendor, and the
 * list shows the newest API_KEY_CALLS_KEPT.
 */
const TRIM_EVERY = 50

export interface KeyCall {
  vendorId: string
  keyId: string
  method: string
  path: string
  status: number
  ip: string
  at: Date
}

export async function recordKeyCall(db: Db, call: KeyCall): Promise<void> {
  const [row] = await db.insert(apiKeyCalls).values(call).returning({ id: apiKeyCalls.id })
  if (row && row.id % TRIM_EVERY === 0) await trimKeyCalls(db, call.vendorId, API_KEY_CALLS_KEPT)
}

/** Drops a vendor's lines older than its newest `keep`. */
export async function trimKeyCalls(db: Db, vendorId: string, keep: number): Promise<void> {
  const [oldestKept] = await db
    .select({ id: apiKeyCalls.id })
    .from(apiKeyCalls)
    .where(eq(apiKeyCalls.vendorId, vendorId))
    .orderBy(desc(apiKeyCalls.id))
    .offset(keep - 1)
    .limit(1)
  if (oldestKept) await db.delete(apiKeyCalls).where(and(eq(apiKeyCalls.vendorId, vendorId), lt(apiKeyCalls.id, oldestKept.id)))
}

/** The newest calls first, one page of the newest API_KEY_CALLS_KEPT, optionally of one key. */
export async function listKeyCalls(
  db: Db,
  vendorId: string,
  options: { page: number; size: number; keyId?: string },
): Promise<{ items: ApiKeyCall[]; page: number; size: number; total: number }> {
  const conditions: SQL[] = [eq(apiKeyCalls.vendorId, vendorId)]
  if (options.keyId) conditions.push(eq(apiKeyCalls.keyId, options.keyId))
  const [newest] = await db
    .select({ id: apiKeyCalls.id })
    .from(apiKeyCalls)
    .where(and(...conditions))
    .orderBy(desc(apiKeyCalls.id))
    .offset(API_KEY_CALLS_KEPT - 1)
    .limit(1)
  // Lines past the kept ones that the trim has not reached yet are not shown.
  if (newest) conditions.push(gte(apiKeyCalls.id, newest.id))
  const where = and(...conditions)
  const offset = (options.page - 1) * options.size
  const rows = await db
    .select({ call: apiKeyCalls, keyName: apiKeys.name })
    .from(apiKeyCalls)
    .innerJoin(apiKeys, eq(apiKeys.id, apiKeyCalls.keyId))
    .where(where)
    .orderBy(desc(apiKeyCalls.id))
    .offset(offset)
    .limit(options.size)
  const [total] = await db.select({ n: count() }).from(apiKeyCalls).where(where)
  return {
    items: rows.map(({ call, keyName }) => ({
      keyId: call.keyId,
      keyName,
      method: call.method,
      path: call.path,
      status: call.status,
      ip: call.ip,
      at: call.at.toISOString(),
    })),
    page: options.page,
    size: options.size,
    total: total?.n ?? 0,
  }
}
