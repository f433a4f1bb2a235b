import { onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

import { startOutbox, stopOutbox } from '#app/lib/outbox'
import { deletePersistedCaches } from '#app/lib/persister'
import { createQueryClient } from '#app/lib/query-client'
import { clearSession, setSession } from '#app/lib/session'
import { createAppRouter } from '#app/router'
import { toaster } from '#app/ui/toaster-store'
import type { EndpointDef } from '#contract/endpoint'
import type { Permission } from '#contract/permissions'

import { user as userFixture } from './fixtures'

/**
 * MSW for everything outside the app: the API. Unhandled calls fail the test, so none go unnoticed. The defaults:
 * the live alerts stream every signed-in screen opens (decision 107), refused, which stops it for good, unless a
 * test serves it (tests/app/live-alerts); the order form's locations, none; and the wallet's net figures that
 * Home, Transactions and Orders show (decision 194), zeros for the range asked.
 */
export const server = setupServer(
  http.get('*/api/events', () => HttpResponse.json({ message: 'No stream in this test', code: 'FORBIDDEN' }, { status: 403 })),
  // Where the order form may sell (decision 174): nowhere to choose unless a test serves locations.
  http.get('*/api/order/locations', () => HttpResponse.json({ message: 'Successful', data: [] })),
  http.get('*/api/analytics/net', ({ request }) => {
    const asked = new URL(request.url).searchParams
    const range = { startDate: asked.get('startDate'), endDate: asked.get('endDate') }
    return HttpResponse.json({ message: 'Successful', data: { ...range, grossSales: 0, refunds: 0, fees: 0, netSettled: 0 } })
  }),
)

/**
 * Registers the usual hooks once per test file: MSW listening, a signed-in owner, online, and clean toasts and
 * storage between tests.
 */
export function useAppHarness() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  beforeEach(() => {
    onlineManager.setOnline(true)
  })
  afterEach(async () => {
    server.resetHandlers()
    act(() => toaster.remove())
    clearSession()
    // Changes a test left waiting in the outbox (IndexedDB) must not be sent in the next test.
    stopOutbox()
    await deletePersistedCaches()
  })
  afterAll(() => server.close())
}

/** The request path an endpoint is served on, for MSW (the app calls `/api` on its own origin). */
export function route(endpoint: EndpointDef): string {
  return `*/api${endpoint.path}`
}

/** A success envelope. */
export function ok(data: JsonBodyType, message = 'Successful') {
  return HttpResponse.json({ message, data } as JsonBodyType)
}

/** A failure envelope with a real status. */
export function fail(status: number, code: string, message: string) {
  return HttpResponse.json({ message, code }, { status })
}

export function handle(endpoint: EndpointDef, resolver: Parameters<typeof http.get>[1]) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'
  return http[method](route(endpoint), resolver)
}

export interface RenderOptions {
  permissions?: Permission[]
  /** The owner unless said: a member's outlets are only those they are in (decision 043). */
  role?: 'owner' | 'member'
}

/** The real route tree at `path`, with memory history, a fresh QueryClient and a signed-in user. */
export function renderApp(path: string, options: RenderOptions = {}) {
  setSession({ token: 'test-token', user: userFixture(options.permissions, options.role) })
  const queryClient: QueryClient = createQueryClient()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter(queryClient, history)
  const user = userEvent.setup()
  // As the app's boot does for a signed-in user: changes made offline have somewhere to wait.
  void startOutbox(queryClient, userFixture(options.permissions).id)
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, queryClient, user, history }
}

/**
 * Waits until an open dialog or sheet has hidden the page behind it, which zag does one animation frame after it
 * opens (`ariaHidden`, deferred). A dialog opened from it before then is hidden along with the page (the outer one's
 * deferred pass walks the body after the inner one's portal is in), and Testing Library no longer finds it. A person
 * cannot tap within that frame; a test on a loaded machine can. The app renders into the body's first child.
 */
export async function settled(dialog: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => {
    if (document.body.firstElementChild?.getAttribute('aria-hidden') !== 'true') throw new Error('the page behind is not hidden yet')
  })
  return dialog
}
