import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { apiKeyEndpoints } from '#contract/api-keys'
import type { BodyInput } from '#contract/endpoint'

/** Settings → Developers' data: the keys and the calls made with them. Only this page reads or changes it. */
const developerKeys = {
  all: ['developers'] as const,
  keys: () => [...developerKeys.all, 'keys'] as const,
  calls: (page: number) => [...developerKeys.all, 'calls', page] as const,
}

export const CALLS_PAGE_SIZE = 20

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: developerKeys.keys(),
    queryFn: async ({ signal }) => (await api(apiKeyEndpoints.listApiKeys, { signal })).data,
  })

export const apiKeyCallsQuery = (page: number) =>
  queryOptions({
    queryKey: developerKeys.calls(page),
    queryFn: async ({ signal }) => (await api(apiKeyEndpoints.apiKeyCalls, { query: { page, size: CALLS_PAGE_SIZE }, signal })).data,
    placeholderData: keepPreviousData,
  })

/** After any change the list is asked again: the answer of a create or rotate holds the secret, never kept in the cache. */
function useRefreshKeys() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: developerKeys.all })
}

export function useCreateApiKey() {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: (body: BodyInput<typeof apiKeyEndpoints.createApiKey>) => api(apiKeyEndpoints.createApiKey, { body }),
    onSuccess: refresh,
    // The answer holds the secret (and the variables the password): dropped from the cache as soon as it is unused.
    gcTime: 0,
    // The sheet says a refusal under its field or the PIN boxes; the secret sheet says the success.
    meta: { errorToast: false, successToast: false },
  })
}

export function useRotateApiKey() {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: (body: BodyInput<typeof apiKeyEndpoints.rotateApiKey>) => api(apiKeyEndpoints.rotateApiKey, { body }),
    onSuccess: refresh,
    gcTime: 0,
    // The page says a PIN refusal under the boxes and toasts anything else itself; the secret sheet says the success.
    meta: { errorToast: false, successToast: false },
  })
}

export function useRevokeApiKey() {
  const refresh = useRefreshKeys()
  return useMutation({
    mutationFn: (id: string) => api(apiKeyEndpoints.revokeApiKey, { query: { id } }),
    onSettled: refresh,
  })
}
