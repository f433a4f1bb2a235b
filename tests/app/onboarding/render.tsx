import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { createQueryClient } from '#app/lib/query-client'
import { clearSession, setSession } from '#app/lib/session'
import { createAppRouter } from '#app/router'
import type { User } from '#contract/auth'

/**
 * The real route tree at `path` like the harness's renderApp, but signed in as `user` (an owner still onboarding)
 * or signed out (null), or with whatever session is stored ('keep', a reload), before the router first loads, so the guards see the right session.
 */
export function renderAs(path: string, user: User | null | 'keep') {
  if (user !== 'keep') clearSession()
  if (user && user !== 'keep') setSession({ token: 'onboarding-token', user })
  const queryClient = createQueryClient()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter(queryClient, history)
  const events = userEvent.setup()
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, queryClient, user: events, history }
}
