import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'

import { api, ApiError } from '#app/lib/api'
import { notify } from '#app/lib/notify'
import { queryKeys } from '#app/lib/query-keys'
import { domainEndpoints, type MyDomains, type ShopDomain } from '#contract/domains'

export const myDomainsQuery = () =>
  queryOptions({
    queryKey: queryKeys.vendor.domains(),
    queryFn: async ({ signal }) => (await api(domainEndpoints.myDomains, { signal })).data,
    // The panel says what went wrong in its empty state.
  })

/** Whether a domain (already normalised) can be connected: advice while typing; POST /domain decides. */
export const domainCheckQuery = (domain: string) =>
  queryOptions({
    queryKey: queryKeys.vendor.domainCheck(domain),
    queryFn: async ({ signal }) => (await api(domainEndpoints.checkDomain, { query: { domain }, signal })).data,
    staleTime: 10_000,
  })

/** Writes a change into the cached list, when there is one (there always is while the panel shows). */
function useUpdateDomains() {
  const queryClient = useQueryClient()
  return (update: (current: MyDomains) => MyDomains) =>
    queryClient.setQueryData<MyDomains>(queryKeys.vendor.domains(), (current) => (current ? update(current) : current))
}

/**
 * The answer is the new pending domain: it joins the list. A check that said "available" is forgotten, since it
 * no longer is. Refusals (409, 422) go under the field; a 409 also means the list may be out of date (another
 * team member connected one), so it is asked again.
 */
export function useConnectDomain() {
  const queryClient = useQueryClient()
  const updateDomains = useUpdateDomains()
  return useMutation({
    mutationFn: (domain: string) => api(domainEndpoints.connectDomain, { body: { domain } }),
    onSuccess: ({ data }, domain) => {
      updateDomains((current) => ({ ...current, items: [...current.items.filter((d) => d.id !== data.id), data] }))
      queryClient.removeQueries({ queryKey: queryKeys.vendor.domainCheck(domain) })
    },
    onError: (error, domain) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.vendor.domains() })
        void queryClient.invalidateQueries({ queryKey: queryKeys.vendor.domainCheck(domain) })
      }
    },
    meta: { errorToast: false },
  })
}

const replaced = (items: ShopDomain[], domain: ShopDomain) => items.map((d) => (d.id === domain.id ? domain : d))

/** A 404 means someone else removed the domain meanwhile: the list is asked again. */
function useRefreshOnNotFound() {
  const queryClient = useQueryClient()
  return (error: Error) => {
    if (error instanceof ApiError && error.status === 404) void queryClient.invalidateQueries({ queryKey: queryKeys.vendor.domains() })
  }
}

/**
 * Looks up the domain's TXT record; the answer replaces the item (active, or still pending with what was found).
 * Only an activation is toasted: a pending answer shows its reason under the records. Failures (503 when DNS
 * cannot be reached, 429) are toasted with the server's words.
 */
export function useVerifyDomain() {
  const updateDomains = useUpdateDomains()
  const onError = useRefreshOnNotFound()
  return useMutation({
    mutationFn: (id: string) => api(domainEndpoints.verifyDomain, { body: { id } }),
    onSuccess: ({ data, message }) => {
      updateDomains((current) => ({ ...current, items: replaced(current.items, data) }))
      if (data.status === 'active' && message) notify.success(message)
    },
    onError,
    meta: { successToast: false },
  })
}

export function useRemoveDomain() {
  const queryClient = useQueryClient()
  const updateDomains = useUpdateDomains()
  const onError = useRefreshOnNotFound()
  return useMutation({
    mutationFn: (domain: ShopDomain) => api(domainEndpoints.removeDomain, { query: { id: domain.id } }),
    onSuccess: (_answer, domain) => {
      updateDomains((current) => ({ ...current, items: current.items.filter((d) => d.id !== domain.id) }))
      // It can be connected again now: an earlier "already connected to your shop" no longer holds.
      queryClient.removeQueries({ queryKey: queryKeys.vendor.domainCheck(domain.domain) })
    },
    onError,
  })
}
