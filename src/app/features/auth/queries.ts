import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { authEndpoints } from '../../../contract/auth'
import type { BodyInput } from '../../../contract/endpoint'
import { api } from '../../lib/api'
import { wipeLocalData } from '../../lib/local-data'
import { queryKeys } from '../../lib/query-keys'
import { startSession } from '../../lib/session'

export const meQuery = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: async () => (await api(authEndpoints.me)).data })

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof authEndpoints.login>) => api(authEndpoints.login, { body }),
    onSuccess: ({ data }) => startSession(queryClient, data),
  })
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    // Revoke the token on the server when we can; sign-out on this device happens regardless.
    mutationFn: () => api(authEndpoints.logout).catch(() => ({ message: '', data: null })),
    onSettled: () => wipeLocalData(queryClient),
    meta: { successToast: false, errorToast: false },
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

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyInput<typeof authEndpoints.changePassword>) => api(authEndpoints.changePassword, { body }),
  })
}
