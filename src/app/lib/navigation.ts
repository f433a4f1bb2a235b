import {
  type AnyRouter,
  type NavigateOptions,
  type RegisteredRouter,
  useRouter,
  type ValidateNavigateOptions,
} from '@tanstack/react-router'
import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * Closing a route-driven sheet (Escape, Close, the backdrop) goes back in history when the sheet was opened
 * from within the app, so the browser's Back and the sheet's Close agree and the list keeps its scroll. A sheet
 * opened straight from a link or a reload has nothing to go back to: it replaces itself with its parent, named
 * as a link names it: `useCloseTo({ to: '/settings', search: { tab: 'team' } })`, `search: true` to keep the filters.
 */
export function useCloseTo<TRouter extends AnyRouter = RegisteredRouter, TOptions = unknown>(
  parent: ValidateNavigateOptions<TRouter, TOptions>,
): () => void {
  const router = useRouter()
  // The latest parent (its params) without a new close on every render: sheets hand it to effects and dialogs.
  const latest = useRef(parent as NavigateOptions)
  useLayoutEffect(() => {
    latest.current = parent as NavigateOptions
  })
  return useCallback(() => {
    if (router.history.canGoBack()) router.history.back()
    else void router.navigate({ ...latest.current, replace: true })
  }, [router])
}
