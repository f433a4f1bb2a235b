import type { User } from '#contract/auth'
import type { OnboardingStep } from '#contract/onboarding'

/**
 * Where each onboarding step is done (docs/decisions/056, 059). Login, the signed-in app's guard and the steps
 * themselves all send an owner here, so the map lives in lib rather than in one feature. 'review', 'rejected'
 * and 'done' share the outcome screen, which ends the session.
 */
export const ONBOARDING_PATHS = {
  'verify-phone': '/register/verify',
  kyc: '/register/kyc',
  shop: '/register/shop',
  review: '/register/review',
  rejected: '/register/review',
  done: '/register/review',
} as const satisfies Record<OnboardingStep, string>

/** An owner whose vendor is not approved yet has a session for onboarding only: business calls answer 403. */
export function isOnboarding(user: User): boolean {
  return user.vendor.status !== 'approved'
}

/** Said at login and on the outcome screen when an operator turned the application down. */
export const REJECTED_TITLE = 'Application not approved'
export const REJECTED_TEXT = 'Your application to sell was not approved. Please contact support if you think this is a mistake.'
