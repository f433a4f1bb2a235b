import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

/**
 * Closing a route-driven sheet (Escape, Close, the backdrop) goes back in history when the sheet was opened
 * from within the app, so the browser's Back and the sheet's Close agree and the list keeps its scroll. A sheet
 * opened straight from a link or a reload has nothing to go back to: it replaces itself with its parent.
 */
export type AppRouter = ReturnType<typeof useRouter>

export function useCloseSheet(toParent: (router: AppRouter) => void): () => void {
  const router = useRouter()
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back()
    else toParent(router)
  }, [router, toParent])
}
