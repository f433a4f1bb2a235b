import { and, eq, sql } from 'drizzle-orm'

import { checkPin, hashPin } from '../auth/pin-hash'
import type { Db } from '../db/client'
import { type UserRow, users } from '../db/schema'
import { callFunction } from '../db/sql-helpers'
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

/** A wrong PIN's answer, once `attempts` wrong tries in a row are counted. */
export function wrongPin(attempts: number): ApiError {
  const left = PIN_MAX_ATTEMPTS - attempts
  if (left <= 0) return pinLocked('Incorrect PIN. ')
  const message = `Incorrect PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} remaining.`
  return new ApiError(422, 'INVALID_PIN', message, { issues: [{ path: 'pin', message: 'is incorrect' }] })
}

/** Only a PIN changed again and again while a try ran gets this; the user tries again. */
export const pinChanged = () => new ApiError(409, 'PIN_CHANGED', 'Your PIN was just changed; try again with the new PIN')

/**
 * A try's outcome takes effect only through the database's pin_try (migrations/0011_money_functions.sql), one
 * conditional update of the user's row, `… where pin_hash = <the hash checked> and pin_attempts < 5`: a wrong PIN
 * adds one, a right one resets the count. PostgreSQL orders updates of one row, so concurrent tries from any number
 * of API processes act as if made one at a time: at most five wrong ones are counted, and a right PIN arriving
 * after them is refused like any other (decision 105). Answers the count after the try, or null when the row no
 * longer holds `seen` or has no tries left (read it again). A send makes the same try inside send_debit.
 */
export async function pinTry(
  db: Db,
  user: Pick<UserRow, 'id' | 'vendorId'>,
  seen: string,
  outcome: 'right' | 'right-rehash' | 'wrong',
  pin: string,
): Promise<number | null> {
  // A right PIN still under the old scrypt hash is re-hashed as it is accepted.
  const rehash = outcome === 'right-rehash' ? hashPin(pin) : null
  const attempts = await callFunction(
    db,
    sql`pin_try(${user.vendorId}, ${user.id}, ${seen}, ${outcome !== 'wrong'}, ${rehash}, ${PIN_MAX_ATTEMPTS})`,
  )
  return attempts === null || attempts === undefined ? null : Number(attempts)
}

/**
 * Passes when `pin` is the user's PIN; otherwise throws 422 INVALID_PIN saying how many tries remain, or 403
 * PIN_LOCKED. Reads the count fresh from the database: the session's copy of the user may be stale. Nothing held
 * in process memory: a second process could not see it.
 */
export async function verifyPin(db: Db, user: Pick<UserRow, 'id' | 'vendorId'>, pin: string): Promise<void> {
  const scope = and(eq(users.vendorId, user.vendorId), eq(users.id, user.id))
  // A PIN changed between the read and the try (its hash no longer matches) is checked again against the new one.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [row] = await db.select({ pinHash: users.pinHash, pinAttempts: users.pinAttempts }).from(users).where(scope)
    if (!row?.pinHash) throw pinNotSet()
    if (row.pinAttempts >= PIN_MAX_ATTEMPTS) throw pinLocked()
    const outcome = await checkPin(pin, row.pinHash)
    const attempts = await pinTry(db, user, row.pinHash, outcome, pin)
    if (attempts === null) continue
    if (outcome === 'wrong') throw wrongPin(attempts)
    return
  }
  throw pinChanged()
}
