import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'

import { Card } from './card'
import { QueryError } from './query-error'

/**
 * The router's defaultErrorComponent (docs/architecture.md): a loader that could not get the screen's first data
 * (online, nothing on the device, the server failed), a useSuspenseQuery that failed, or a render that threw. The
 * screen says so in place, with Refetch: the loaders run again and the boundary resets. Refusals a screen expects
 * (403, 404) are drawn by the screen itself, so they seldom reach here.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queries = useQueryErrorResetBoundary()
  const retry = () => {
    queries.reset()
    reset()
    return router.invalidate()
  }
  return (
    // Not a <main>: inside the app it sits in the shell's, which already pads it.
    <Card>
      <QueryError query={{ error, refetch: retry, isFetching: false }} title="We could not open this screen" />
    </Card>
  )
}
