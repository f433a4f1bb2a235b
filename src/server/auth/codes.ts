import { randomUUID } from 'node:crypto'

import { and, desc, eq, isNull, lt, lte, sql } from 'drizzle-orm'

import type { ErrorCode } from '#contract/error-codes'

import { type Clock, MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { oneTimeCodes } from '../db/schema'
import { ApiError } from '../errors'
import { hashOtp, sameHash } from './secrets'

/*
 * One-time codes (password reset, PIN change) and the PIN reset session key: stored hashed, salted by the row id,
 * one live code per user and purpose, 10 minutes, never compared after its 5th try.
 */

export const CODE_TTL_MINUTES = 10
export const CODE_MAX_ATTEMPTS = 5

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose']
interface CodeOwner {
  id: string
  vendorId: string
}

export const invalidCode = (message: string, code: ErrorCode = 'INVALID_CODE', field = 'otp') =>
  new ApiError(422, code, message, { issues: [{ path: field, message }] })

/** The user's unconsumed codes of one purpose: what a new code supersedes and what a check looks at. */
function liveCodes(user: CodeOwner, purpose: CodePurpose) {
  return and(
    eq(oneTimeCodes.vendorId, user.vendorId),
    eq(oneTimeCodes.userId, user.id),
    eq(oneTimeCodes.purpose, purpose),
    isNull(oneTimeCodes.consumedAt),
  )
}

/** Stores a new code (or key) for the user, invalidating any earlier live one of the same purpose. */
export async function issueCode(db: Db, clock: Clock, user: CodeOwner, purpose: CodePurpose, code: string) {
  const now = clock.now()
  await db.transaction(async (tx) => {
    await tx.update(oneTimeCodes).set({ consumedAt: now }).where(liveCodes(user, purpose))
    const id = randomUUID()
    await tx.insert(oneTimeCodes).values({
      id,
      vendorId: user.vendorId,
      userId: user.id,
      purpose,
      codeHash: hashOtp(id, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS),
    })
  })
}

/**
 * Checks `code` against the user's newest live code of this purpose. Every try is counted before the code is
 * compared, in one conditional UPDATE, so a concurrent burst of guesses is judged against the real count: only the
 * first CODE_MAX_ATTEMPTS tries are ever compared, and the rest are refused unseen, right code or not. The fifth
 * wrong try, and every try after it, answers "Too many wrong attempts". Answers the row id for consumeCode.
 * `field` names the input in error messages.
 */
export async function checkCode(
  db: Db,
  clock: Clock,
  user: CodeOwner | undefined,
  purpose: CodePurpose,
  code: string,
  field = 'otp',
): Promise<string> {
  const now = clock.now()
  const [live] = user
    ? await db.select().from(oneTimeCodes).where(liveCodes(user, purpose)).orderBy(desc(oneTimeCodes.createdAt)).limit(1)
    : []
  if (!live) throw invalidCode('The code is incorrect or has expired, please request a new one', 'INVALID_CODE', field)
  if (live.expiresAt <= now) throw invalidCode('The code has expired, please request a new one', 'CODE_EXPIRED', field)
  const burned = () => invalidCode('Too many wrong attempts, please request a new code', 'CODE_BURNED', field)

  // The try is counted first; a code whose tries are used up is never compared again. No consumedAt is written on
  // the fifth wrong try: that would also refuse a right try counted earlier in the same burst, still in flight.
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.vendorId, live.vendorId),
        eq(oneTimeCodes.id, live.id),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts })
  if (!counted) {
    // Either the tries are used up, or a concurrent right try consumed the code.
    if (live.attempts >= CODE_MAX_ATTEMPTS || !(await wasConsumed(db, live.vendorId, live.id))) throw burned()
    throw invalidCode('The code is incorrect or has expired, please request a new one', 'INVALID_CODE', field)
  }
  if (!sameHash(hashOtp(live.id, code), live.codeHash)) {
    const left = CODE_MAX_ATTEMPTS - counted.attempts
    if (left <= 0) throw burned()
    throw invalidCode(`The code is incorrect, ${left} ${left === 1 ? 'attempt' : 'attempts'} left`, 'INVALID_CODE', field)
  }
  return live.id
}

async function wasConsumed(db: Db, vendorId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ consumedAt: oneTimeCodes.consumedAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.vendorId, vendorId), eq(oneTimeCodes.id, id)))
  return row?.consumedAt != null
}

/** Marks a checked code used. Conditional, so of two racing requests with the right code only one gets true. */
export async function consumeCode(db: Db, clock: Clock, vendorId: string, id: string): Promise<boolean> {
  const consumed = await db
    .update(oneTimeCodes)
    .set({ consumedAt: clock.now() })
    .where(
      and(
        eq(oneTimeCodes.vendorId, vendorId),
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.consumedAt),
        // checkCode counted the right try itself, so a code whose fifth try was right is still good.
        lte(oneTimeCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: oneTimeCodes.id })
  return consumed.length === 1
}
