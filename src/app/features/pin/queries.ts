import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import type { BodyInput } from '#contract/endpoint'
import { pinEndpoints } from '#contract/pin'

export const pinStatusQuery = () =>
  queryOptions({
    queryKey: queryKeys.pin.status(),
    queryFn: async ({ signal }) => (await api(pinEndpoints.pinStatus, { signal })).data,
  })

/** The header step 2 answers and step 3 sends back (SPEC §7). */
export const SESSION_KEY_HEADER = 'x-session-key'

/** The first PIN, with the account password: the session alone does not set it (issue 35). */
export function useCreatePin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof pinEndpoints.createPin>) => api(pinEndpoints.createPin, { body }),
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.pin.status(), data),
    // A wrong password is shown under its field, anything else in the form.
    meta: { errorToast: false },
  })
}

/** Step 1: the current PIN, or the password when the PIN is forgotten or locked; the server sends an OTP. */
export function useInitiatePinChange() {
  return useMutation({
    mutationFn: (credential: { pin: string } | { password: string }) => api(pinEndpoints.initiatePinChange, { body: credential }),
    // Wrong PIN or password is shown in the step itself.
    meta: { errorToast: false },
  })
}

/** Step 2: the OTP. The answer's x-session-key header is what authorises step 3. */
export function useVerifyPinOtp() {
  return useMutation({
    mutationFn: (otp: string) => api(pinEndpoints.verifyPinOtp, { body: { otp } }),
    meta: { successToast: false, errorToast: false },
  })
}

/** Step 3: the new PIN, with the session key from step 2 sent back as a header (kept in memory only). */
export function useResetPin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ pin, sessionKey }: { pin: string; sessionKey: string }) =>
      api(pinEndpoints.resetPin, { body: { pin }, headers: { [SESSION_KEY_HEADER]: sessionKey } }),
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.pin.status(), data),
  })
}
