import { randomUUID } from 'node:crypto'
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { authEndpoints, User } from '../../contract/auth'
import { hashOtp, hashSecret, newOtp, sameHash, verifyAgainstDummy, verifySecret } from '../auth/secrets'
import { createSession, effectivePermissions, revokeSession, revokeUserSessions } from '../auth/sessions'
import { MINUTE_MS } from '../clock'
import { oneTimeCodes, type UserRow, users, type VendorRow, vendors } from '../db/schema'
import type { Db } from '../db/client'
import { ApiError } from '../errors'
import type { HandlersFor } from '../http/types'
import { enforce, ensureNotLimited, LIMITS } from '../rate-limit'

const OTP_TTL_MINUTES = 10
const OTP_MAX_ATTEMPTS = 5

export function toUser(user: UserRow, vendor: VendorRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    permissions: effectivePermissions(user),
    vendor: { id: vendor.id, name: vendor.name, url: vendor.url, status: vendor.status },
  }
}

async function findUserByEmail(db: Db, email: string) {
  // The login email is the one lookup that precedes knowing the vendor: users.email is globally unique.
  const [row] = await db
    .select({ user: users, vendor: vendors })
    .from(users)
    .innerJoin(vendors, eq(vendors.id, users.vendorId))
    .where(eq(users.email, email))
  return row
}

const invalidCode = (message: string, code = 'INVALID_CODE') =>
  new ApiError(422, code, message, { issues: [{ path: 'otp', message }] })

export const authHandlers: HandlersFor<typeof authEndpoints> = {
  async login({ body, db, deps, ip }) {
    await enforce(deps.rateLimiter, LIMITS.loginPerIp, ip)
    await ensureNotLimited(deps.rateLimiter, LIMITS.loginFailuresPerAccount, body.email)
    const found = await findUserByEmail(db, body.email)
    const valid = found
      ? await verifySecret(body.password, found.user.passwordHash)
      : await verifyAgainstDummy(body.password)
    if (!found || !valid) {
      // Failures count per email whether or not it has an account, so the limit reveals nothing either.
      await deps.rateLimiter.hit(LIMITS.loginFailuresPerAccount, body.email)
      throw new ApiError(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect')
    }
    if (found.user.status !== 'active') {
      throw new ApiError(403, 'ACCOUNT_INACTIVE', 'This account has been deactivated. Ask the business owner.')
    }
    await deps.rateLimiter.reset(LIMITS.loginFailuresPerAccount, body.email)
    const token = await createSession(db, deps.clock, found.user)
    return { data: { token, user: toUser(found.user, found.vendor) }, message: 'Login successful' }
  },

  async logout({ auth, db, deps }) {
    await revokeSession(db, deps.clock, auth.vendorId, auth.sessionId)
    return { data: null, message: 'You have been logged out' }
  },

  async forgotPassword({ body, db, deps, ip }) {
    await enforce(deps.rateLimiter, LIMITS.forgotPasswordPerIp, ip)
    await enforce(deps.rateLimiter, LIMITS.forgotPasswordPerAccount, body.email)
    const found = await findUserByEmail(db, body.email)
    if (found && found.user.status === 'active') {
      const { user } = found
      const now = deps.clock.now()
      const code = newOtp()
      await db.transaction(async (tx) => {
        // One live code per purpose: asking again invalidates the previous code.
        await tx
          .update(oneTimeCodes)
          .set({ consumedAt: now })
          .where(
            and(
              eq(oneTimeCodes.vendorId, user.vendorId),
              eq(oneTimeCodes.userId, user.id),
              eq(oneTimeCodes.purpose, 'password_reset'),
              isNull(oneTimeCodes.consumedAt),
            ),
          )
        const id = randomUUID()
        await tx.insert(oneTimeCodes).values({
          id,
          vendorId: user.vendorId,
          userId: user.id,
          purpose: 'password_reset',
          codeHash: hashOtp(id, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * MINUTE_MS),
        })
      })
      try {
        await deps.notifier.send({
          channel: 'email',
          to: user.email,
          subject: 'Your password reset code',
          text: `Your password reset code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`,
          code,
        })
      } catch (error) {
        // Answering differently would tell the caller the account exists; the log is where this surfaces.
        deps.logger.error('[auth] could not send the password reset code:', error)
      }
    }
    return {
      data: { expiresInMinutes: OTP_TTL_MINUTES },
      message: 'If an account exists for this email, we have sent a 6-digit code to it',
    }
  },

  async resetPassword({ body, db, deps, ip }) {
    await enforce(deps.rateLimiter, LIMITS.resetPasswordPerIp, ip)
    const now = deps.clock.now()
    const found = await findUserByEmail(db, body.email)
    const [live] = found
      ? await db
          .select()
          .from(oneTimeCodes)
          .where(
            and(
              eq(oneTimeCodes.vendorId, found.user.vendorId),
              eq(oneTimeCodes.userId, found.user.id),
              eq(oneTimeCodes.purpose, 'password_reset'),
              isNull(oneTimeCodes.consumedAt),
            ),
          )
          .orderBy(desc(oneTimeCodes.createdAt))
          .limit(1)
      : []
    if (!found || !live) throw invalidCode('The code is incorrect or has expired, please request a new one')
    if (live.expiresAt <= now) throw invalidCode('The code has expired, please request a new one', 'CODE_EXPIRED')
    const scope = and(eq(oneTimeCodes.vendorId, live.vendorId), eq(oneTimeCodes.id, live.id))

    if (!sameHash(hashOtp(live.id, body.otp), live.codeHash)) {
      const [counted] = await db
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(scope)
        .returning({ attempts: oneTimeCodes.attempts })
      const left = OTP_MAX_ATTEMPTS - (counted?.attempts ?? OTP_MAX_ATTEMPTS)
      if (left <= 0) {
        await db.update(oneTimeCodes).set({ consumedAt: now }).where(scope)
        throw invalidCode('Too many wrong attempts, please request a new code', 'CODE_BURNED')
      }
      throw invalidCode(`The code is incorrect, ${left} ${left === 1 ? 'attempt' : 'attempts'} left`)
    }

    const passwordHash = await hashSecret(body.password)
    const user = found.user
    await db.transaction(async (tx) => {
      // Conditional consume: of two racing requests with the right code, only one resets the password.
      const consumed = await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(scope, isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, OTP_MAX_ATTEMPTS)))
        .returning({ id: oneTimeCodes.id })
      if (consumed.length === 0) throw invalidCode('The code is incorrect or has expired, please request a new one')
      await tx
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.vendorId, user.vendorId), eq(users.id, user.id)))
      await revokeUserSessions(tx, deps.clock, user)
    })
    await deps.rateLimiter.reset(LIMITS.loginFailuresPerAccount, user.email)
    return { data: null, message: 'Your password has been reset, please login' }
  },

  async me({ auth }) {
    return { data: toUser(auth.user, auth.vendor) }
  },

  async changePassword({ auth, body, db, deps }) {
    await ensureNotLimited(deps.rateLimiter, LIMITS.passwordChangeFailuresPerUser, auth.userId)
    if (!(await verifySecret(body.currentPassword, auth.user.passwordHash))) {
      await deps.rateLimiter.hit(LIMITS.passwordChangeFailuresPerUser, auth.userId)
      throw new ApiError(422, 'INVALID_CURRENT_PASSWORD', 'Current password is incorrect', {
        issues: [{ path: 'currentPassword', message: 'is incorrect' }],
      })
    }
    const passwordHash = await hashSecret(body.newPassword)
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.vendorId, auth.vendorId), eq(users.id, auth.userId)))
      await revokeUserSessions(tx, deps.clock, auth.user, auth.sessionId)
    })
    await deps.rateLimiter.reset(LIMITS.passwordChangeFailuresPerUser, auth.userId)
    return { data: null, message: 'Your password has been changed' }
  },
}
