import { and, eq, isNull } from 'drizzle-orm'

import type { pinEndpoints } from '#contract/pin'

import { checkCode, CODE_TTL_MINUTES, consumeCode, issueCode } from '../auth/codes'
import { nationalNumber, smsAddress } from '../auth/phone'
import { hashPin } from '../auth/pin-hash'
import { newOtp, newSessionToken, verifySecret } from '../auth/secrets'
import { tellPinChanged } from '../auth/security-notices'
import { type ActiveUser, revokeUserSessions } from '../auth/sessions'
import { users } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, codeNotSent, describeError } from '../errors'
import type { HandlersFor } from '../http/types'
import { sentOrStillTrying } from '../messages/durable-notifier'
import { pinChangeCodeMessage } from '../messages/texts'
import { pinNotSet, pinStatus, verifyPin } from '../money/pin'
import type { Notification } from '../notifier'
import { enforce, ensureNotLimited, LIMITS } from '../rate-limit'

export const SESSION_KEY_HEADER = 'x-session-key'

/** Where the PIN-change OTP goes: the user's phone by SMS (+234), or their email when they have no phone. */
function otpDestination(user: ActiveUser): { channel: Notification['channel']; to: string; shown: string } {
  const national = nationalNumber(user.phone)
  if (national) {
    return { channel: 'sms', to: smsAddress(national), shown: `+234 ${national.slice(0, 3)} *** ${national.slice(-4)}` }
  }
  const [name = '', domain = ''] = user.email.split('@')
  return { channel: 'email', to: user.email, shown: `${name.slice(0, 2)}***@${domain}` }
}

/**
 * The account password as proof, for a first PIN and for a forgotten or locked one: a session alone (a tablet left
 * signed in) must not lead to a PIN that moves money. Wrong passwords share the password-change limit, counted
 * before the slow hash, as PATCH /user/password does: peeking here and counting after let a concurrent burst all
 * read "no failures yet" and have every guess checked. A right password releases the count.
 */
export async function checkAccountPassword(deps: Pick<AppDeps, 'rateLimiter'>, user: ActiveUser, password: string): Promise<void> {
  await enforce(deps.rateLimiter, LIMITS.passwordChangeFailuresPerUser, user.id)
  if (!(await verifySecret(password, user.passwordHash))) {
    throw new ApiError(422, 'INVALID_PASSWORD', 'password: is incorrect', {
      issues: [{ path: 'password', message: 'is incorrect' }],
    })
  }
  await deps.rateLimiter.reset(LIMITS.passwordChangeFailuresPerUser, user.id)
}

const pinExists = () => new ApiError(409, 'PIN_EXISTS', 'You already have a transaction PIN; change it instead')

const invalidSession = () =>
  new ApiError(422, 'PIN_SESSION_INVALID', 'Your PIN change session is invalid or has expired, please start again')

export const pinHandlers: HandlersFor<typeof pinEndpoints> = {
  async pinStatus({ auth }) {
    return { data: pinStatus(auth.user) }
  },

  async createPin({ auth, body, db, deps }) {
    // A PIN already set is a 409 without a password: nothing is guessed by asking.
    if (auth.user.pinHash) throw pinExists()
    await checkAccountPassword(deps, auth.user, body.password)
    const pinHash = hashPin(body.pin)
    // Conditional on no PIN yet: setting one must never be a way around changing it through an OTP.
    const [updated] = await db
      .update(users)
      .set({ pinHash, pinAttempts: 0 })
      .where(and(eq(users.vendorId, auth.vendorId), eq(users.id, auth.userId), isNull(users.pinHash)))
      .returning()
    if (!updated) throw pinExists()
    return { data: pinStatus(updated), message: 'Your transaction PIN has been set' }
  },

  async initiatePinChange({ auth, body, db, deps }) {
    await ensureNotLimited(deps.rateLimiter, LIMITS.pinOtpPerUser, auth.userId)
    if (body.pin) {
      if (!auth.user.pinHash) throw pinNotSet()
      await verifyPin(db, auth.user, body.pin)
    } else {
      // The way back in for a forgotten or locked PIN.
      await checkAccountPassword(deps, auth.user, body.password ?? '')
    }
    await enforce(deps.rateLimiter, LIMITS.pinOtpPerUser, auth.userId)
    const code = newOtp()
    await issueCode(db, deps.clock, auth.user, 'pin_change', code)
    const destination = otpDestination(auth.user)
    const sent = await sentOrStillTrying(
      deps.notifier,
      {
        channel: destination.channel,
        to: destination.to,
        ...pinChangeCodeMessage(auth.vendor.name, code, CODE_TTL_MINUTES),
        code,
        purpose: 'pin_change',
      },
      (error) => deps.logger.error('[pin] could not send the PIN change code:', describeError(error)),
    )
    // A try still running past the wait is queued and will arrive: only a definite failure is told (decision 150).
    if (!sent) throw codeNotSent()
    return {
      data: { expiresInMinutes: CODE_TTL_MINUTES, sentTo: destination.shown },
      message: `We have sent a 6-digit code to ${destination.shown}`,
    }
  },

  async verifyPinOtp({ auth, body, db, deps }) {
    const codeId = await checkCode(db, deps.clock, auth.user, 'pin_change', body.otp)
    if (!(await consumeCode(db, deps.clock, auth.vendorId, codeId))) {
      throw new ApiError(422, 'INVALID_CODE', 'The code is incorrect or has expired, please request a new one')
    }
    // Random, stored hashed, 10 minutes, single use: the only thing that lets step 3 set a PIN.
    const key = newSessionToken()
    await issueCode(db, deps.clock, auth.user, 'pin_reset', key)
    return {
      data: { expiresInMinutes: CODE_TTL_MINUTES },
      headers: { [SESSION_KEY_HEADER]: key },
      message: 'Code verified, set your new PIN',
    }
  },

  async resetPin({ auth, body, c, db, deps }) {
    const key = c.req.header(SESSION_KEY_HEADER)?.trim()
    if (!key) {
      throw new ApiError(400, 'SESSION_KEY_REQUIRED', 'The x-session-key header from the code step is required')
    }
    const keyId = await checkCode(db, deps.clock, auth.user, 'pin_reset', key, SESSION_KEY_HEADER).catch((error) => {
      throw error instanceof ApiError ? invalidSession() : error
    })
    const pinHash = hashPin(body.pin)
    const updated = await db.transaction(async (tx) => {
      if (!(await consumeCode(tx, deps.clock, auth.vendorId, keyId))) throw invalidSession()
      const [row] = await tx
        .update(users)
        .set({ pinHash, pinAttempts: 0 })
        .where(and(eq(users.vendorId, auth.vendorId), eq(users.id, auth.userId)))
        .returning()
      // Whoever else holds a session of this user (a lost phone, a shared tablet) must sign in again.
      await revokeUserSessions(tx, deps.clock, auth.user, auth.sessionId)
      return row!
    })
    await deps.events.endSessions({ vendorId: auth.vendorId, userId: auth.userId, exceptSessionId: auth.sessionId }, deps.logger)
    await tellPinChanged(deps, updated, auth.vendor.name)
    return { data: pinStatus(updated), message: 'Your transaction PIN has been changed' }
  },
}
