import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

/*
 * Decision 124: what no screen draws at first (the service worker's registration and update prompt, the live payment
 * alerts' stream, Ark's dialog code) starts once the first screen has its data and the browser is idle. Started with
 * the screen, their requests took the phone's few connections and its bandwidth while the screen's own data was still
 * on its way.
 */

/** The longest an idle moment is waited for once the data is in: a phone kept busy still gets these soon after. */
const IDLE_TIMEOUT_MS = 2_000
/** Without requestIdleCallback (Safari), this long after the data is in. */
const NO_IDLE_CALLBACK_MS = 300

function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(work, NO_IDLE_CALLBACK_MS)
  return () => clearTimeout(timer)
}

/**
 * Runs `work` once no query is fetching (a paused one, offline, does not count) and then the browser is idle. Returns
 * a cancel, for an effect's cleanup.
 */
export function afterFirstScreen(queryClient: QueryClient, work: () => void): () => void {
  let cancelIdle: (() => void) | undefined
  const cache = queryClient.getQueryCache()
  const check = () => {
    if (cancelIdle || queryClient.isFetching() > 0) return
    unsubscribe()
    cancelIdle = whenIdle(work)
  }
  const unsubscribe = cache.subscribe(check)
  check()
  return () => {
    unsubscribe()
    cancelIdle?.()
  }
}

/** False until `afterFirstScreen` has come: a component draws what it holds back only then. */
export function useAfterFirstScreen(): boolean {
  const queryClient = useQueryClient()
  const [come, setCome] = useState(false)
  useEffect(() => afterFirstScreen(queryClient, () => setCome(true)), [queryClient])
  return come
}
