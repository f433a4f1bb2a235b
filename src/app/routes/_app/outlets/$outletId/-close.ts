import { useMemo } from 'react'

import { type AppRouter, useCloseSheet } from '#app/lib/navigation'

/** Closing a sheet over an outlet's page: back in history, or to the page (its filters kept) when opened by a link. */
export function useCloseOutletSheet(outletId: string): () => void {
  const toOutlet = useMemo(
    () => (router: AppRouter) => void router.navigate({ to: '/outlets/$outletId', params: { outletId }, search: true, replace: true }),
    [outletId],
  )
  return useCloseSheet(toOutlet)
}
