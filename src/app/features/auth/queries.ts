import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { isOnboarding } from '#app/lib/onboarding'
import { queryKeys } from '#app/lib/query-keys'
import { startSession } from '#app/lib/session'
import { flushSignOuts } from '#app/lib/sign-out-outbox'
import { authEndpoints } from '#contract/auth'
import type { BodyInput } from '#contract/endpoint'
import type { Onboarding } from '#contract/onboarding'

/** Steps at which an unapproved owner's sign-in ends with a dialog instead of a session. */
export const HELD_STEPS = ['review', 'rejected'] as const
export type HeldStep = (typeof HELD_STEPS)[number]
export const isHeld = (onboarding: Onboarding | null): onboarding is Onboarding & { step: HeldStep } =>
  onboarding !== null && (HELD_STEPS as readonly string[]).includes(onboarding.step)

/**
 * Signs in. An owner whose vendor is not approved yet is asked where onboarding stands (with the new token, not
 * yet stored): an unfinished step keeps the session to continue it; under review or rejected, the token is given
 * back at once and nothing is stored, so the login page stays signed out (docs/decisions/059).
 */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: BodyInput<typeof authEndpoints.login>) => {
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
    },
    onSuccess: async ({ data, onboarding }) => {
      // Online again for sure: revoke whatever an offline sign-out on this device left waiting.
      void flushSignOuts()
      if (isHeld(onboarding)) return
      await startSession(queryClient, data)
      if (onboarding) queryClient.setQueryData(queryKeys.onboarding.status(), onboarding)
    },
  })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof authEndpoints.forgotPassword>) => api(authEndpoints.forgotPassword, { body }),
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof authEndpoints.resetPassword>) => api(authEndpoints.resetPassword, { body }),
    meta: { successToast: false },
  })
}
