import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm'

import { API_KEY_CALLS_KEPT_DAYS, type ApiKeyCall } from '#contract/api-keys'

import { DAY_MS, MINUTE_MS } from '../clock'
import { apiKeyCalls, apiKeys } from '../db/api-keys-schema'
import type { Db } from '../db/client'

/** Why a call was refused before the key's limit counted it: such calls are counted per minute, not written each. */
export type KeyRefusal = 'rate_limited' | 'address'

export interface KeyCall {
  vendorId: string
  keyId: string
  method: string
  path: string
  status: number
  ip: string
  at: Date
}

/** A counted call: one line. At most the key's rate limit of them a minute. */
export async function recordKeyCall(db: Db, call: KeyCall): Promise<void> {
  await db.insert(apiKeyCalls).values(call)
}

/**
 * A refused call: adds one to the line of this key, refusal and minute (the last path, status and address shown).
 * At most two such lines a key a minute, however many calls a leaked key makes.
 */
export async function recordKeyRefusal(db: Db, call: KeyCall, refused: KeyRefusal): Promise<void> {
  const minute = new Date(Math.floor(call.at.getTime() / MINUTE_MS) * MINUTE_MS)
  await db
    .insert(apiKeyCalls)
    .values({ ...call, at: minute, refused, calls: 1 })
    .onConflictDoUpdate({
      target: [apiKeyCalls.keyId, apiKeyCalls.refused, apiKeyCalls.at],
      targetWhere: sql`${apiKeyCalls.refused} IS NOT NULL`,
      set: {
        calls: sql`${apiKeyCalls.calls} + 1`,
        method: call.method,
        path: call.path,
        status: call.status,
        ip: call.ip,
      },
    })
}

/** Drops lines older than API_KEY_CALLS_KEPT_DAYS: run by the job queue's purge-expired round. */
export async function purgeKeyCalls(db: Db, now: Date): Promise<void> {
  await db.delete(apiKeyCalls).where(lt(apiKeyCalls.at, new Date(now.getTime() - API_KEY_CALLS_KEPT_DAYS * DAY_MS)))
}

/** The newest calls first, of the kept period, optionally of one key. */
export async function listKeyCalls(
  db: Db,
  vendorId: string,
  options: { page: number; size: number; keyId?: string },
): Promise<{ items: ApiKeyCall[]; page: number; size: number; total: number }> {
  const conditions: SQL[] = [eq(apiKeyCalls.vendorId, vendorId)]
  if (options.keyId) conditions.push(eq(apiKeyCalls.keyId, options.keyId))
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
      calls: call.calls,
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
