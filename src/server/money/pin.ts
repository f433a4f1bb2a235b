import { and, eq, sql } from 'drizzle-orm'

import { checkPin, hashPin } from '../auth/pin-hash'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'
import { ApiError } from '../errors'

/*
 * The transaction PIN belongs to a user, not the vendor (docs/decisions/009-pin-per-user.md): five wrong tries in
 * a row lock it until it is changed through an OTP; a right one resets the count. PINs are hashed with a keyed
 * HMAC (auth/pin-hash.ts, decision 097); a right PIN still under the old scrypt hash is re-hashed as it is checked.
 */

export const PIN_MAX_ATTEMPTS = 5

export function pinStatus(user: Pick<UserRow, 'pinHash' | 'pinAttempts'>) {
  const attemptsRemaining = Math.max(0, PIN_MAX_ATTEMPTS - user.pinAttempts)
  return { hasPin: user.pinHash !== null, locked: user.pinHash !== null && attemptsRemaining === 0, attemptsRemaining }
}

export const pinLocked = (prefix = '') =>
  new ApiError(
    403,
    'PIN_LOCKED',
    `${prefix}Your PIN is locked after ${PIN_MAX_ATTEMPTS} wrong attempts. Change it with your account password to unlock it.`,
  )

export const pinNotSet = () => new ApiError(409, 'PIN_NOT_SET', 'Set a transaction PIN first')

/*
 * PIN checks of one user run one at a time in this process. Otherwise a burst of concurrent guesses would all read
 * "0 wrong tries" before any was counted, and get far more than five tries at 10,000 PINs. (With several API
 * processes a burst is bounded by their number.) Other users' checks are not held up.
 */
const queues = new Map<string, Promise<unknown>>()

async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve()
  const mine = before.then(work, work)
  const tail = mine.catch(() => {})
  queues.set(key, tail)
  try {
    return await mine
  } finally {
    if (queues.get(key) === tail) queues.delete(key)
  }
}

/**
 * Passes when `pin` is the user's PIN; otherwise throws 422 INVALID_PIN saying how many tries remain, or 403
 * PIN_LOCKED. Reads the count fresh from the database: the session's copy of the user may be stale.
 */
export function verifyPin(db: Db, user: Pick<UserRow, 'id' | 'vendorId'>, pin: string): Promise<void> {
  return oneAtATime(user.id, async () => {
    const scope = and(eq(users.vendorId, user.vendorId), eq(users.id, user.id))
    const [row] = await db.select({ pinHash: users.pinHash, pinAttempts: users.pinAttempts }).from(users).where(scope)
    if (!row?.pinHash) throw pinNotSet()
    if (row.pinAttempts >= PIN_MAX_ATTEMPTS) throw pinLocked()
    const outcome = await checkPin(pin, row.pinHash)
    if (outcome === 'right-rehash') {
      // Conditional on the hash just checked: a PIN changed meanwhile (by another process) is not overwritten.
      await db
        .update(users)
        .set({ pinHash: hashPin(pin), pinAttempts: 0 })
        .where(and(scope, eq(users.pinHash, row.pinHash)))
      return
    }
    if (outcome === 'right') {
      if (row.pinAttempts > 0) await db.update(users).set({ pinAttempts: 0 }).where(scope)
      return
    }
    const [counted] = await db
      .update(users)
      .set({ pinAttempts: sql`${users.pinAttempts} + 1` })
      .where(scope)
      .returning({ pinAttempts: users.pinAttempts })
    const left = PIN_MAX_ATTEMPTS - (counted?.pinAttempts ?? PIN_MAX_ATTEMPTS)
    if (left <= 0) throw pinLocked('Incorrect PIN. ')
    const message = `Incorrect PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} remaining.`
    throw new ApiError(422, 'INVALID_PIN', message, { issues: [{ path: 'pin', message: 'is incorrect' }] })
  })
}
