import { and, desc, eq, lt, notInArray } from 'drizzle-orm'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'

import type { Clock } from '../clock'
import { DAY_MS } from '../clock'
import type { Db } from '../db/client'
import { knownDevices, type UserRow } from '../db/schema'
import { newSessionToken, sha256 } from './secrets'

/*
 * OWASP's device cookies (docs/decisions/084-login-lockout-and-known-devices.md). A browser that signed in to an
 * account carries a random per-account token in an HttpOnly cookie; only its sha256 is stored. Guesses from a
 * known device are counted apart from strangers', so a burst of wrong passwords from anywhere cannot lock the
 * owner out of the device they always use.
 */

/** A year: the device stays known as long as someone keeps signing in from it now and then. */
const DEVICE_COOKIE_MAX_AGE_S = Math.round((365 * DAY_MS) / 1000)
/** Unseen this long, a device's cookie has expired in its browser too: the row is purged (the purge-expired job, jobs/app-jobs.ts). */
const DEVICE_FORGOTTEN_AFTER_MS = 365 * DAY_MS
/**
 * Devices kept per user: every sign-in from a new browser (or one that cleared its cookies) adds a row, so without
 * a bound one account could grow the table without end. Twenty is far more browsers than a person uses; the least
 * recently seen goes first.
 */
export const MAX_DEVICES_PER_USER = 20
/** Only the login call needs it; no other request carries it. */
const DEVICE_COOKIE_PATH = '/api/auth/vendor/login'

/** One cookie per account, so a shared tablet keeps each of its users' devices apart. */
export const deviceCookieName = (userId: string) => `vbo_device_${userId}`

export interface KnownDevice {
  id: string
}

/** The device this login comes from, when it carries a valid token for this very user; else null (a stranger). */
export async function knownDeviceOf(db: Db, c: Context, user: Pick<UserRow, 'id' | 'vendorId'> | undefined): Promise<KnownDevice | null> {
  if (!user) return null
  const token = getCookie(c, deviceCookieName(user.id))
  if (!token || token.length > 200) return null
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, sha256(token)), eq(knownDevices.vendorId, user.vendorId), eq(knownDevices.userId, user.id)))
  return row ?? null
}

/**
 * After a successful sign-in: a known device is marked seen; any other becomes known, and the answer must carry
 * the returned Set-Cookie. `secure` when the site is HTTPS (http/https.ts), so the cookie never travels in clear.
 */
export async function rememberDevice(
  db: Db,
  clock: Clock,
  user: Pick<UserRow, 'id' | 'vendorId'>,
  device: KnownDevice | null,
  secure: boolean,
): Promise<string | null> {
  const now = clock.now()
  if (device) {
    await db
      .update(knownDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(knownDevices.vendorId, user.vendorId), eq(knownDevices.id, device.id)))
    return null
  }
  const token = newSessionToken()
  const mine = and(eq(knownDevices.vendorId, user.vendorId), eq(knownDevices.userId, user.id))
  await db.transaction(async (tx) => {
    await tx
      .insert(knownDevices)
      .values({ vendorId: user.vendorId, userId: user.id, tokenHash: sha256(token), createdAt: now, lastSeenAt: now })
    const kept = tx
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .where(mine)
      .orderBy(desc(knownDevices.lastSeenAt), desc(knownDevices.createdAt))
      .limit(MAX_DEVICES_PER_USER)
    await tx.delete(knownDevices).where(and(mine, notInArray(knownDevices.id, kept)))
  })
  return [
    `${deviceCookieName(user.id)}=${token}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

/** Forgets devices not seen for a year: their cookie has expired anyway (it lives a year from the sign-in). */
export async function purgeKnownDevices(db: Db, now: Date): Promise<void> {
  await db.delete(knownDevices).where(lt(knownDevices.lastSeenAt, new Date(now.getTime() - DEVICE_FORGOTTEN_AFTER_MS)))
}
