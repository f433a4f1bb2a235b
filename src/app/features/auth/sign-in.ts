import { api, type Envelope } from '#app/lib/api'
import { isOnboarding } from '#app/lib/onboarding'
import { authEndpoints } from '#contract/auth'
import type { BodyInput, ResponseOf } from '#contract/endpoint'
import type { Onboarding } from '#contract/onboarding'

/** Steps at which an unapproved owner's sign-in ends with a dialog instead of a session. */
export const HELD_STEPS = ['review', 'rejected'] as const
export type HeldStep = (typeof HELD_STEPS)[number]
export const isHeld = (onboarding: Onboarding | null): onboarding is Onboarding & { step: HeldStep } =>
  onboarding !== null && (HELD_STEPS as readonly string[]).includes(onboarding.step)

export type SignInResult = Envelope<ResponseOf<typeof authEndpoints.login>> & { onboarding: Onboarding | null }

/**
 * The calls of a sign-in, without React: the app's `useLogin` and the prerendered login page (decision 099) both
 * run this, so what a sign-in asks the server is written once. An owner whose vendor is not approved yet is asked
 * where onboarding stands (with the new token, not yet stored): an unfinished step keeps the session to continue
 * it; under review or rejected, the token is given back at once and nothing is stored, so the login page stays
 * signed out (docs/decisions/059). Storing the session is the caller's.
 */
export async function signIn(body: BodyInput<typeof authEndpoints.login>): Promise<SignInResult> {
  const result = await api(authEndpoints.login, { body })
  const { token, user } = result.data
  if (!isOnboarding(user)) return { ...result, onboarding: null }
  const auth = { Authorization: `Bearer ${token}` }
  // Only an owner still onboarding needs the onboarding contract; the login screen does not load it up front.
  const { onboardingEndpoints } = await import('#contract/onboarding')
  const onboarding = (await api(onboardingEndpoints.onboarding, { headers: auth })).data
  if (!isHeld(onboarding)) return { ...result, onboarding }
  void api(authEndpoints.logout, { headers: auth }).catch(() => undefined)
  // The dialog says it all; a 'Welcome back' toast beside it would contradict it.
  return { ...result, message: '', onboarding }
}
