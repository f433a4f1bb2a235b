import { and, eq, isNull } from 'drizzle-orm'

import type { authEndpoints } from '#contract/auth'

import { revokeUserKeys } from '../api-keys/keys'
import { checkCode, CODE_TTL_MINUTES, consumeCode, invalidCode, issueCode } from '../auth/codes'
import { knownDeviceOf, rememberDevice } from '../auth/known-devices'
import { hashSecret, newOtp, verifyAgainstDummy, verifySecret } from '../auth/secrets'
import { tellNewDeviceSignIn } from '../auth/security-notices'
import { createSession, isActiveUser, revokeSession, revokeUserSessions } from '../auth/sessions'
import { toUser } from '../auth/user-view'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { type UserRow, users, type VendorRow, vendors } from '../db/schema'
import { ApiError, codeNotSent, describeError } from '../errors'
import { servedOverHttps } from '../http/https'
import type { HandlersFor } from '../http/types'
import { sentOrStillTrying } from '../messages/durable-notifier'
import { passwordResetMessage } from '../messages/texts'
import { enforce, LIMITS } from '../rate-limit'

/**
 * The owner's first sign-in after approval is welcomed ("Congratulations, ready to start selling") once: a
 * conditional UPDATE sets welcomed_at, and only the sign-in whose UPDATE changed the row says so (decision 056).
 */
async function welcomeOnce(db: Db, clock: Clock, user: UserRow, vendor: VendorRow): Promise<boolean> {
  if (user.role !== 'owner' || vendor.status !== 'approved' || vendor.welcomedAt) return false
  const changed = await db
    .update(vendors)
    .set({ welcomedAt: clock.now() })
    .where(and(eq(vendors.id, vendor.id), eq(vendors.status, 'approved'), isNull(vendors.welcomedAt)))
    .returning({ id: vendors.id })
  return changed.length === 1
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

export const authHandlers: HandlersFor<typeof authEndpoints> = {
  async login({ body, db, deps, ip, c }) {
    const found = await findUserByEmail(db, body.email)
    const device = await knownDeviceOf(db, c, found?.user)
    // A known device has its own small allowance; every other guess shares the account's strict one
    // (docs/decisions/084). The attempt is counted BEFORE the slow hash: counting after it let a burst of
    // concurrent guesses all read "no failures yet" and all be evaluated. The per-address limit is for strangers
    // only: twenty failures behind one carrier's NAT or one shop's Wi-Fi must not refuse the owner's own device,
    // whose five tries are already bounded by its counter.
    if (!device) await enforce(deps.rateLimiter, LIMITS.loginPerIp, ip)
    const [rule, counterKey] = device ? [LIMITS.loginFailuresPerKnownDevice, device.id] : [LIMITS.loginFailuresPerAccount, body.email]
    await enforce(deps.rateLimiter, rule, counterKey)
    // An invited user who has not accepted yet has no password: as wrong as a wrong one, and just as slow.
    const passwordHash = found?.user.passwordHash
    const valid = passwordHash ? await verifySecret(body.password, passwordHash) : await verifyAgainstDummy(body.password)
    // Failures count per email whether or not it has an account, so the limit reveals nothing either; the
    // reservation above already counted this one.
    if (!found || !valid) throw new ApiError(401, 'INVALID_CREDENTIALS', 'Email or password is incorrect')
    // The password matched, so the user has one and an email: only the status can stop them now.
    if (!isActiveUser(found.user)) {
      throw new ApiError(403, 'ACCOUNT_INACTIVE', 'This account has been deactivated. Ask the business owner.')
    }
    // Released on success: the right password clears the failures of the counter it was counted on, and only
    // that one, so the owner signing in on a known device gives a stranger's burst no fresh guesses.
    await deps.rateLimiter.reset(rule, counterKey)
    const token = await createSession(db, deps.clock, found.user)
    const deviceCookie = await rememberDevice(db, deps.clock, found.user, device, servedOverHttps(c, deps))
    if (!device) await tellNewDeviceSignIn(deps, found.user, found.vendor.name, c.req.header('user-agent'))
    const welcome = await welcomeOnce(db, deps.clock, found.user, found.vendor)
    const user = toUser(found.user, found.vendor)
    return {
      data: welcome ? { token, user, welcome } : { token, user },
      message: 'Login successful',
      headers: deviceCookie ? { 'Set-Cookie': deviceCookie } : undefined,
    }
  },

  async logout({ auth, db, deps }) {
    await revokeSession(db, deps.clock, auth.vendorId, auth.sessionId)
    // Its open payment alerts stop now, on whichever process holds them (issue 35).
    await deps.events.endSessions({ vendorId: auth.vendorId, userId: auth.userId, sessionId: auth.sessionId }, deps.logger)
    return { data: null, message: 'You have been logged out' }
  },

  async forgotPassword({ body, db, deps, ip }) {
    await enforce(deps.rateLimiter, LIMITS.forgotPasswordPerIp, ip)
    await enforce(deps.rateLimiter, LIMITS.forgotPasswordPerAccount, body.email)
    const found = await findUserByEmail(db, body.email)
    if (found && isActiveUser(found.user)) {
      const { user } = found
      const code = newOtp()
      await issueCode(db, deps.clock, user, 'password_reset', code)
      const sent = await sentOrStillTrying(
        deps.notifier,
        {
          channel: 'email',
          to: user.email,
          ...passwordResetMessage(found.vendor.name, code, CODE_TTL_MINUTES),
          code,
          purpose: 'password_reset',
        },
        (error) => deps.logger.error('[auth] could not send the password reset code:', describeError(error)),
      )
      // Said, though it tells the caller the account exists: only when the SMTP server refused or failed at once (a
      // slow one counts as sent), within the limits above; otherwise the owner waits for a code that never comes (150).
      if (!sent) throw codeNotSent()
    }
    return {
      data: { expiresInMinutes: CODE_TTL_MINUTES },
      message: 'If an account exists for this email, we have sent a 6-digit code to it',
    }
  },

  async resetPassword({ body, db, deps, ip }) {
    await enforce(deps.rateLimiter, LIMITS.resetPasswordPerIp, ip)
    const found = await findUserByEmail(db, body.email)
    const codeId = await checkCode(db, deps.clock, found?.user, 'password_reset', body.otp)
    const passwordHash = await hashSecret(body.password)
    const user = found!.user
    await db.transaction(async (tx) => {
      // Conditional consume: of two racing requests with the right code, only one resets the password.
      if (!(await consumeCode(tx, deps.clock, user.vendorId, codeId))) {
        throw invalidCode('The code is incorrect or has expired, please request a new one')
      }
      await tx
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.vendorId, user.vendorId), eq(users.id, user.id)))
      await revokeUserSessions(tx, deps.clock, user)
      // The person's API keys were made with the password just replaced: whoever knew it may hold one (decision 168).
      await revokeUserKeys(tx, user, deps.clock.now())
    })
    await deps.events.endSessions({ vendorId: user.vendorId, userId: user.id }, deps.logger)
    await deps.rateLimiter.reset(LIMITS.loginFailuresPerAccount, body.email)
    return { data: null, message: 'Your password has been reset, please login' }
  },

  async me({ auth }) {
    return { data: toUser(auth.user, auth.vendor) }
  },

  async changePassword({ auth, body, db, deps }) {
    // Counted before the slow hash, as at login: peeking here and counting after let a concurrent burst from a
    // stolen session all read "no failures yet" and have every guess checked. A success releases the count.
    await enforce(deps.rateLimiter, LIMITS.passwordChangeFailuresPerUser, auth.userId)
    if (!(await verifySecret(body.currentPassword, auth.user.passwordHash))) {
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
    await deps.events.endSessions({ vendorId: auth.vendorId, userId: auth.userId, exceptSessionId: auth.sessionId }, deps.logger)
    await deps.rateLimiter.reset(LIMITS.passwordChangeFailuresPerUser, auth.userId)
    return { data: null, message: 'Your password has been changed' }
  },
}
