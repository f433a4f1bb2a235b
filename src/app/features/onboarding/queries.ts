import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import { startSession } from '#app/lib/session'
import type { BodyInput } from '#contract/endpoint'
import { type Onboarding, onboardingEndpoints } from '#contract/onboarding'

/** Seconds before the code sent at registration may be sent again; the server's own answer takes over on a resend. */
export const FIRST_RESEND_AFTER_SECONDS = 60

export const onboardingQuery = () =>
  queryOptions({
    queryKey: queryKeys.onboarding.status(),
    queryFn: async () => (await api(onboardingEndpoints.onboarding)).data,
    // Where the owner is changes only by their own steps (which write it here) or an operator: always ask.
    staleTime: 0,
  })

export const fontsQuery = () =>
  queryOptions({
    queryKey: queryKeys.onboarding.fonts(),
    queryFn: async () => (await api(onboardingEndpoints.supportedFonts)).data,
    staleTime: Infinity,
  })

export const backgroundsQuery = () =>
  queryOptions({
    queryKey: queryKeys.onboarding.backgrounds(),
    queryFn: async () => (await api(onboardingEndpoints.supportedBackgrounds)).data,
    staleTime: Infinity,
  })

export const shopUrlCheckQuery = (url: string) =>
  queryOptions({
    queryKey: queryKeys.onboarding.shopUrl(url),
    queryFn: async ({ signal }) => (await api(onboardingEndpoints.checkShopUrl, { query: { url }, signal })).data,
    staleTime: 10_000,
  })

/** The step a call answered becomes the one every screen reads, without asking again. */
function useSetOnboarding() {
  const queryClient = useQueryClient()
  return (onboarding: Onboarding) => queryClient.setQueryData(queryKeys.onboarding.status(), onboarding)
}

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof onboardingEndpoints.register>) => api(onboardingEndpoints.register, { body }),
    onSuccess: async ({ data }) => {
      // Registration signs the owner in exactly as login does (docs/decisions/056).
      await startSession(queryClient, { token: data.token, user: data.user })
      queryClient.setQueryData(queryKeys.onboarding.status(), data.onboarding)
      queryClient.setQueryData(queryKeys.onboarding.resendAt(), Date.now() + FIRST_RESEND_AFTER_SECONDS * 1000)
      // Neither the SMS nor the e-mail went out: the next screen says so instead of waiting for a code.
      queryClient.setQueryData(queryKeys.onboarding.codeNotSent(), !data.codeSent)
    },
    meta: { successToast: false, errorToast: false },
  })
}

export function useVerifyPhone() {
  const setOnboarding = useSetOnboarding()
  return useMutation({
    mutationFn: (body: BodyInput<typeof onboardingEndpoints.verifyPhone>) => api(onboardingEndpoints.verifyPhone, { body }),
    onSuccess: ({ data }) => setOnboarding(data),
    meta: { successToast: false, errorToast: false },
  })
}

export function useResendOtp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof onboardingEndpoints.resendOtp>) => api(onboardingEndpoints.resendOtp, { body }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryKeys.onboarding.resendAt(), Date.now() + data.resendAfterSeconds * 1000)
      queryClient.setQueryData(queryKeys.onboarding.codeNotSent(), false)
      queryClient.setQueryData<Onboarding>(queryKeys.onboarding.status(), (old) => (old ? { ...old, phone: data.phone } : old))
    },
    meta: { errorToast: false },
  })
}

export function useSubmitKyc() {
  const setOnboarding = useSetOnboarding()
  return useMutation({
    mutationFn: (body: BodyInput<typeof onboardingEndpoints.submitKyc>) => api(onboardingEndpoints.submitKyc, { body }),
    onSuccess: ({ data }) => setOnboarding(data),
    meta: { successToast: false, errorToast: false },
  })
}

export function useSetUpShop() {
  const setOnboarding = useSetOnboarding()
  return useMutation({
    mutationFn: (body: BodyInput<typeof onboardingEndpoints.setUpShop>) => api(onboardingEndpoints.setUpShop, { body }),
    onSuccess: ({ data }) => setOnboarding(data),
    meta: { successToast: false, errorToast: false },
  })
}
