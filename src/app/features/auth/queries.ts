import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { startSession } from '#app/lib/session'
import { flushSignOuts } from '#app/lib/sign-out-outbox'
import { authEndpoints } from '#contract/auth'
import type { BodyInput } from '#contract/endpoint'

import { isHeld, signIn } from './sign-in'

export { HELD_STEPS, type HeldStep, isHeld } from './sign-in'

/** Signs in (`signIn`), then starts the session; the React login form (in-app, after a sign-out) runs it. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: signIn,
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
    // Said under the button (a code that could not be sent, a wait): the person acts on it there.
    meta: { errorToast: false },
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof authEndpoints.resetPassword>) => api(authEndpoints.resetPassword, { body }),
    meta: { successToast: false },
  })
}
