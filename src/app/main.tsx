import './index.css'

import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { UNAUTHENTICATED_MESSAGE } from '#contract/messages'

import { setUnauthenticatedHandler } from './lib/api'
import { wipeLocalData } from './lib/local-data'
import { notify } from './lib/notify'
import { startOutbox } from './lib/outbox'
import { startPersistence } from './lib/persister'
import { createQueryClient } from './lib/query-client'
import { getSession } from './lib/session'
import { startSignOutOutbox } from './lib/sign-out-outbox'
import { createAppRouter } from './router'

const queryClient = createQueryClient()

const router = createAppRouter(queryClient)

// Several calls can fail with 401 at once; the first one signs out, the rest find no session and stay quiet.
setUnauthenticatedHandler(() => {
  if (!getSession()) return
  void wipeLocalData(queryClient).then(() => {
    notify.error(UNAUTHENTICATED_MESSAGE)
    void router.navigate({ to: '/' })
  })
})

/** A new task: what follows runs after the browser has had a turn (input, paint), not in the task before it. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

async function boot() {
  // The online manager assumes "online" until an event says otherwise; a start with no network sends none.
  onlineManager.setOnline(navigator.onLine)
  startSignOutOutbox()
  // Decision 100: the screen's lazy chunks are fetched now, beside the cache's restore, not after React's first
  // render asks for them; on a cold start that is a round trip and the entry's evaluation sooner.
  const chunks = Promise.all(
    router.getMatchedRoutes(location.pathname)[0].map((route) => router.loadRouteChunk(route)?.catch(() => undefined)),
  )
  const session = getSession()
  // Restore the signed-in user's cache before the first route loads, so an offline start shows data at once.
  if (session) {
    await startPersistence(queryClient, session.user.id)
    // Not awaited: changes made offline are read and sent behind the first screen.
    void startOutbox(queryClient, session.user.id)
  }
  // Decision 101: the router matches and loads the first screen before React's first render, each in a task of its
  // own, so React renders the finished screen once instead of matching, loading and rendering in one task. A
  // service worker answers the chunks from its precache, so they are waited for; without one (the first visit)
  // they cross the network and the route's pending skeleton is drawn meanwhile.
  if (navigator.serviceWorker?.controller) await chunks
  await nextTask()
  const loaded = router.load().catch(() => undefined)
  // Loaders whose data the device holds are done within the task; one that waits on the network leaves its route
  // pending, and React draws the pending skeleton first, as before.
  await Promise.race([loaded, nextTask()])
  await nextTask()
  const root = createRoot(document.getElementById('root')!)
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    )
  })
}

void boot()
