import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { afterFirstScreen } from '#app/lib/after-first-screen'
import { useSession } from '#app/lib/session'

/**
 * Live payment alerts for as long as the signed-in app is open (issue 22). The stream, its parsing and the event's
 * schema load after the first screen, in a chunk of their own (decision 124): the shell only starts them.
 */
export function useLiveAlerts(): void {
  const queryClient = useQueryClient()
  const token = useSession()?.token
  useEffect(() => {
    if (!token) return
    let stop: (() => void) | undefined
    let left = false
    const cancel = afterFirstScreen(queryClient, () => {
      // A chunk that fails to load (offline before the service worker had it) means no alerts until the next start.
      import('./live-alerts').then(
        ({ startLiveAlerts }) => {
          if (!left) stop = startLiveAlerts(queryClient, token)
        },
        () => undefined,
      )
    })
    return () => {
      left = true
      cancel()
      stop?.()
    }
  }, [token, queryClient])
}
