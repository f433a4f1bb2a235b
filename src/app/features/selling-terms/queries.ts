import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '#app/lib/api'
import { queryKeys } from '#app/lib/query-keys'
import type { BodyInput } from '#contract/endpoint'
import { type DeliveryLocation, sellingTermsEndpoints } from '#contract/selling-terms'

export type TaxBody = BodyInput<typeof sellingTermsEndpoints.createTax>
export type DeliveryLocationBody = BodyInput<typeof sellingTermsEndpoints.createDeliveryLocation>

/** A refused name or percentage goes under its field (see showSubmitError), so no error toast here. */
export function useCreateTax() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TaxBody) => api(sellingTermsEndpoints.createTax, { body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.taxes.lists() }),
  })
}

export function useUpdateTax() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BodyInput<typeof sellingTermsEndpoints.updateTax>) => api(sellingTermsEndpoints.updateTax, { body }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.taxes.lists() }),
  })
}

/** Orders keep their own copy of each tax they were charged, so only the list needs refreshing. */
export function useDeleteTax() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api(sellingTermsEndpoints.deleteTax, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.taxes.lists() }),
  })
}

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
    mutationFn: (body: BodyInput<typeof sellingTermsEndpoints.updateDeliveryLocation>) =>
      api(sellingTermsEndpoints.updateDeliveryLocation, { body }),
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
