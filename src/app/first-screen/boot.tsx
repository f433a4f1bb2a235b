/*
 * The app's start (imported by main.tsx): in tasks, each step marked `boot:<step>`, the route table and the first
 * screen loaded before React's first render. Why each step is where it is, and what must not break: README.md here.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

import { UNAUTHENTICATED_MESSAGE } from '#contract/messages'

import { setUnauthenticatedHandler } from '../lib/api'
import { wipeLocalData } from '../lib/local-data'
import { notify } from '../lib/notify'
import { followBrowserOnline } from '../lib/online'
import { startOutbox } from '../lib/outbox'
import { startPersistence } from '../lib/persister'
import { createQueryClient } from '../lib/query-client'
import { getSession } from '../lib/session'
import { startSignOutOutbox } from '../lib/sign-out-outbox'
import { showStagingBanner } from '../lib/staging-banner'
import type { AppRouter } from '../router'

const queryClient = createQueryClient()

/** A new task: what follows runs after the browser has had a turn (input, paint), not in the task before it. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}

/**
 * A User Timing mark for each step of the start, named `boot:<step>`. The long-task bench (bench/long-tasks.ts) names
 * each long task by the steps it ran, so a task can be traced to its cause without a profiler; DevTools shows them too.
 */
const step = (name: string) => performance.mark(`boot:${name}`)

/** Loads each item in turn, each in a task of its own after the one before it has finished. */
async function inTurn<T>(items: readonly T[], load: (item: T) => Promise<unknown> | undefined): Promise<void> {
  for (const item of items) {
    await load(item)
    await nextTask()
  }
}

/** How long a returning vendor's start waits for a screen's data before React draws its pending skeleton. */
const FIRST_SCREEN_WAIT_MS = 250

/**
 * Loads the router's first location and resolves once its stores hold what React should draw first (decision 106):
 * the finished screen, or its pending skeleton when a loader or a chunk waits on the network. With `waitForData`
 * (a service worker serves the chunks: a returning vendor, whose data is usually saved) a pending skeleton is drawn
 * only if the screen is not done within FIRST_SCREEN_WAIT_MS; otherwise (a first visit) it is drawn at once.
 */
function loadFirstScreen(router: AppRouter, waitForData: boolean): Promise<void> {
  return new Promise((resolve) => {
    // Until React's Transitioner mounts and takes this over, the router commits through it at once.
    router.startTransition = async (commit, matches) => {
      commit()
      if (!waitForData || !matches.some((match) => match.status === 'pending')) resolve()
      return false
    }
    void router
      .load()
      .catch(() => undefined)
      .then(() => resolve())
    setTimeout(resolve, FIRST_SCREEN_WAIT_MS)
  })
}

async function boot() {
  // Decision 106: evaluating the entry's modules is a task of its own; building the router and the boot follow.
  await nextTask()
  step('start')
  // The online manager assumes "online" until an event says otherwise, and hears none until something subscribes:
  // it follows the browser from here, so a start with no network, or the network back mid-start, is known at once.
  followBrowserOnline()
  startSignOutOutbox()
  // Before the first screen: a remembered staging banner is drawn before anything else, so nothing moves under it.
  void showStagingBanner()
  const session = getSession()
  // Restore the signed-in user's cache before the first route loads, so an offline start shows data at once. The
  // restore reads IndexedDB: started first, it runs while the router is built.
  const restored = session ? startPersistence(queryClient, session.user.id) : undefined
  // Decision 113: the route table (every route's definition, search schema and pending screen, and the contract
  // schemas they use) is evaluated here, in a task of its own, and the router built in the next one. The module is in
  // the entry chunk (build/chunking.ts), so this fetches nothing: it only moves its evaluation out of the entry's.
  const { createAppRouter } = await import('../router')
  step('route-table')
  await nextTask()
  const router = createAppRouter(queryClient)
  step('router')
  // Several calls can fail with 401 at once; the first one signs out, the rest find no session and stay quiet.
  setUnauthenticatedHandler(() => {
    if (!getSession()) return
    void wipeLocalData(queryClient).then(() => {
      notify.error(UNAUTHENTICATED_MESSAGE)
      void router.navigate({ to: '/' })
    })
  })
  await nextTask()
  // A service worker answers the chunks from its precache: a returning vendor, whose data is usually saved.
  const returning = Boolean(navigator.serviceWorker?.controller)
  // Decision 100: the screen's lazy chunks are fetched now, beside the cache's restore, not after React's first
  // render asks for them; on a cold start that is a round trip and the entry's evaluation sooner.
  const matched = router.getMatchedRoutes(location.pathname)[0]
  const loadChunk = (route: (typeof matched)[number]) => router.loadRouteChunk(route)?.catch(() => undefined)
  // Decision 118: from the precache each route's chunk (the shell's, then the screen's) is evaluated in a task of
  // its own; together they were one long task. Over the network they are all fetched at once.
  const chunks = returning ? inTurn(matched, loadChunk) : Promise.all(matched.map(loadChunk))
  step('chunks-asked')
  if (session) {
    await restored
    step('restored')
    // Not awaited: changes made offline are read and sent behind the first screen.
    void startOutbox(queryClient, session.user.id)
  }
  // Decision 101: the router matches and loads the first screen before React's first render, each in a task of its
  // own, so React renders the finished screen once instead of matching, loading and rendering in one task. A
  // service worker answers the chunks from its precache, so they are waited for; without one (the first visit)
  // they cross the network and the route's pending skeleton is drawn meanwhile.
  if (returning) await chunks
  step('chunks')
  await nextTask()
  // Decision 106: React renders once the router has committed what to draw. A commit while React's first render is
  // under way changes the stores that render read; React then throws the time-sliced work away and renders the
  // whole screen again in one blocking task.
  await loadFirstScreen(router, returning)
  step('first-screen-loaded')
  await nextTask()
  step('render')
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
