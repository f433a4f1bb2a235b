import { and, desc, eq, isNull } from 'drizzle-orm'

import type { ErrorCode } from '#contract/error-codes'
import type { Onboarding } from '#contract/onboarding'

import { checkCode, CODE_TTL_MINUTES, consumeCode, invalidCode, issueCode } from '../auth/codes'
import { maskedPhone, smsAddress } from '../auth/phone'
import { newOtp } from '../auth/secrets'
import type { Auth } from '../auth/sessions'
import { isUniqueViolation } from '../db/errors'
import { oneTimeCodes, users, vendors } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, codeNotSent, describeError } from '../errors'
import { sentOrStillTrying } from '../messages/durable-notifier'
import { phoneCodeMessage } from '../messages/texts'
import { LIMITS, type RateLimiter, tooSoon } from '../rate-limit'
import { badPhone, nigerianMobile, onboardingState, phoneInUse, phoneTaken, requireOwner, storedPhone } from './state'

/*
 * The owner's phone, verified by a 6-digit SMS code (codes.ts: hashed, 10 minutes, burnt after 5 wrong tries).
 * One code a minute and five an hour per vendor: each is an SMS we pay for, sent to a number the caller typed.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'notifier' | 'rateLimiter' | 'logger'>
interface Owner {
  id: string
  vendorId: string
}

export const RESEND_AFTER_SECONDS = LIMITS.phoneOtpGapPerVendor.windowMs / 1000

async function ensureCanSend(limiter: RateLimiter, vendorId: string): Promise<void> {
  for (const rule of [LIMITS.phoneOtpGapPerVendor, LIMITS.phoneOtpPerVendor]) {
    const state = await limiter.peek(rule, vendorId)
    if (!state.allowed) throw tooSoon(state.retryAfterSeconds, 'ask for a new code')
  }
}

/**
 * Issues a new code (the previous one stops working) and counts it against the limits; the SMS is the caller's to
 * send once whatever else it changes has committed (sendCode).
 */
export async function issuePhoneCode(deps: Deps, owner: Owner): Promise<string> {
  await ensureCanSend(deps.rateLimiter, owner.vendorId)
  await deps.rateLimiter.hit(LIMITS.phoneOtpGapPerVendor, owner.vendorId)
  await deps.rateLimiter.hit(LIMITS.phoneOtpPerVendor, owner.vendorId)
  const code = newOtp()
  await issueCode(deps.db, deps.clock, owner, 'phone_verification', code)
  return code
}

/**
 * Sends the code by SMS and by e-mail to the owner (decision 150: many SMS never arrive). True when at least one
 * was sent or is still being tried past the request's wait (it will arrive); false when both definitely failed, so
 * the caller tells the owner to try again. Either is retried by the job queue meanwhile.
 */
export async function sendCode(deps: Deps, to: { national: string; email: string }, code: string, business: string): Promise<boolean> {
  const message = { ...phoneCodeMessage(business, code, CODE_TTL_MINUTES), code, purpose: 'phone_verification' as const }
  const logError = (error: unknown) => deps.logger.error('[onboarding] could not send the phone verification code:', describeError(error))
  const outcomes = await Promise.all([
    sentOrStillTrying(deps.notifier, { channel: 'sms', to: smsAddress(to.national), ...message }, logError),
    sentOrStillTrying(deps.notifier, { channel: 'email', to: to.email, ...message }, logError),
  ])
  return outcomes.some(Boolean)
}

const gone = (message: string, code: ErrorCode) => new ApiError(410, code, message, { issues: [{ path: 'otp', message }] })

/** PATCH /auth/vendor/verify. Entering the code again once verified answers the state (a double tap is fine). */
export async function verifyPhone(deps: Deps, auth: Auth, otp: string): Promise<Onboarding> {
  requireOwner(auth)
  const { db, clock } = deps
  if (auth.vendor.phoneVerifiedAt) return onboardingState(db, auth.vendorId)
  const [live] = await db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.vendorId, auth.vendorId),
        eq(oneTimeCodes.userId, auth.userId),
        eq(oneTimeCodes.purpose, 'phone_verification'),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
  // No live code: it was burnt by wrong tries or superseded; either way only a new one helps.
  if (!live) throw gone('The code is no longer valid, please request a new one', 'CODE_EXPIRED')
  let codeId: string
  try {
    codeId = await checkCode(db, clock, auth.user, 'phone_verification', otp)
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'CODE_EXPIRED' || error.code === 'CODE_BURNED')) {
      throw gone(error.message, error.code)
    }
    throw error
  }
  await db.transaction(async (tx) => {
    if (!(await consumeCode(tx, clock, auth.vendorId, codeId))) {
      throw invalidCode('The code is incorrect or has expired, please request a new one')
    }
    await tx
      .update(vendors)
      .set({ phoneVerifiedAt: clock.now() })
      .where(and(eq(vendors.id, auth.vendorId), isNull(vendors.phoneVerifiedAt)))
  })
  return onboardingState(db, auth.vendorId)
}

/**
 * POST /auth/vendor/resend-otp. While the phone is unverified the owner may correct it: a different number
 * replaces the owner's and the vendor's (unless another vendor uses it), and the new code goes there.
 */
export async function resendPhoneCode(deps: Deps, auth: Auth, phone: string) {
  requireOwner(auth)
  const { db } = deps
  if (auth.vendor.phoneVerifiedAt) {
    throw new ApiError(409, 'PHONE_ALREADY_VERIFIED', 'Your phone number is already verified')
  }
  await ensureCanSend(deps.rateLimiter, auth.vendorId)
  const national = nigerianMobile(phone)
  if (!national) throw badPhone()
  if (nigerianMobile(auth.vendor.phone ?? '') !== national) {
    if (await phoneInUse(db, national, auth.vendorId)) throw phoneTaken()
    const stored = storedPhone(national)
    try {
      await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(vendors)
          .set({ phone: stored })
          .where(and(eq(vendors.id, auth.vendorId), isNull(vendors.phoneVerifiedAt)))
          .returning({ id: vendors.id })
        if (!changed) throw new ApiError(409, 'PHONE_ALREADY_VERIFIED', 'Your phone number is already verified')
        await tx
          .update(users)
          .set({ phone: stored })
          .where(and(eq(users.vendorId, auth.vendorId), eq(users.id, auth.userId)))
      })
    } catch (error) {
      // Should a unique index on phones be added later, its race answers like the check above.
      if (isUniqueViolation(error)) throw phoneTaken()
      throw error
    }
  }
  const code = await issuePhoneCode(deps, auth.user)
  if (!(await sendCode(deps, { national, email: auth.user.email }, code, auth.vendor.name))) throw codeNotSent()
  return {
    data: { expiresInMinutes: CODE_TTL_MINUTES, resendAfterSeconds: RESEND_AFTER_SECONDS, phone: maskedPhone(national) },
    message: `We have sent a new 6-digit code to ${maskedPhone(national)}`,
  }
}
