import type { User } from '#contract/auth'
import type { Onboarding } from '#contract/onboarding'

import { maskedPhone } from '../auth/phone'
import { createSession, isActiveUser } from '../auth/sessions'
import { toUser } from '../auth/user-view'
import { isUniqueViolation } from '../db/errors'
import type { AppDeps } from '../deps'
import { createVendorAccount } from '../money/accounts'
import { enforce, LIMITS } from '../rate-limit'
import { emailInUse, emailTaken } from '../team/invite'
import { issuePhoneCode, sendCode } from './phone-verification'
import { badPhone, nigerianMobile, onboardingState, phoneInUse, phoneTaken, storedPhone } from './state'

export interface Registration {
  businessName: string
  ownerName: string
  email: string
  phone: string
  password: string
}

/**
 * POST /auth/vendor (decision 056): a pending vendor with its owner and wallets, a phone code by SMS, and a
 * session, so the owner goes straight on to verify the phone. The account commits before the SMS goes out.
 */
export async function registerVendor(
  deps: Pick<AppDeps, 'db' | 'clock' | 'notifier' | 'rateLimiter' | 'logger'>,
  input: Registration,
  ip: string,
): Promise<{ data: { token: string; user: User; onboarding: Onboarding; codeSent: boolean }; message: string }> {
  const { db, clock } = deps
  await enforce(deps.rateLimiter, LIMITS.registerPerIp, ip)
  const national = nigerianMobile(input.phone)
  if (!national) throw badPhone()
  if (await emailInUse(db, input.email)) throw emailTaken()
  if (await phoneInUse(db, national)) throw phoneTaken()
  let account
  try {
    account = await createVendorAccount(db, {
      name: input.businessName,
      ownerName: input.ownerName,
      email: input.email,
      phone: storedPhone(national),
      password: input.password,
      status: 'pending_verification',
    })
  } catch (error) {
    // Two registrations with one email at once: users.email is unique, and the loser hears what the check says.
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
  const { vendor, owner } = account
  if (!isActiveUser(owner)) throw new Error('A new owner must be able to sign in')
  const code = await issuePhoneCode(deps, owner)
  const token = await createSession(db, clock, owner)
  // The account exists either way: a code that could not be sent is said in the answer, and can be asked again.
  const codeSent = await sendCode(deps, { national, email: input.email }, code, vendor.name)
  return {
    data: { token, user: toUser(owner, vendor), onboarding: await onboardingState(db, vendor.id), codeSent },
    message: codeSent
      ? `Your account has been created. We have sent a 6-digit code to ${maskedPhone(national)}`
      : 'Your account has been created, but we could not send the code. Tap Resend code to try again.',
  }
}
