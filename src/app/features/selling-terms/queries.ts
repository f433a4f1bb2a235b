import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { MAX_PAGE_SIZE } from '../../../contract/common'
import { sellingTermsEndpoints, type DeliveryLocation } from '../../../contract/selling-terms'
import { api } from '../../lib/api'
import { queryKeys } from '../../lib/query-keys'

// A vendor has a handful of taxes and delivery locations: each list is fetched whole, in one page.
const ALL = { page: 1, size: MAX_PAGE_SIZE }

export const taxListQuery = () =>
  queryOptions({
    queryKey: queryKeys.taxes.list(ALL),
    queryFn: async ({ signal }) => (await api(sellingTermsEndpoints.listTaxes, { query: ALL, signal })).data,
    // The panel says what went wrong in its empty state; a toast on top would say it twice.
    meta: { errorToast: false },
  })

export const deliveryLocationListQuery = () =>
  queryOptions({
    queryKey: queryKeys.deliveryLocations.list(ALL),
    queryFn: async ({ signal }) => (await api(sellingTermsEndpoints.listDeliveryLocations, { query: ALL, signal })).data,
    meta: { errorToast: false },
  })

/** A refused name or percentage goes under its field (see showSubmitError), so no error toast here. */
export function useCreateTax() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; percentage: number }) => api(sellingTermsEndpoints.createTax, { body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.taxes.lists() }),
  })
}

export type DeliveryLocationBody = { name: string; description: string | null; fee: number }

export function useCreateDeliveryLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DeliveryLocationBody) => api(sellingTermsEndpoints.createDeliveryLocation, { body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveryLocations.lists() }),
  })
}

export function useUpdateDeliveryLocation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DeliveryLocationBody & { id: string }) => api(sellingTermsEndpoints.updateDeliveryLocation, { body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveryLocations.lists() }),
  })
}

/** The Active toggle: sends only isActive, so it never overwrites a name or fee edited elsewhere meanwhile. */
export function useSetDeliveryLocationActive() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Pick<DeliveryLocation, 'id' | 'isActive'>) => api(sellingTermsEndpoints.updateDeliveryLocation, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.deliveryLocations.lists() }),
  })
}
