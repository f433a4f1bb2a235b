import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'

import { routeTree } from './routeTree.gen'
import { RouteError } from './ui/route-error'

/** The app's router: first-screen/boot.tsx makes the one the PWA runs, the app tests one per test over a memory history. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history,
    defaultPreload: 'intent',
    // Loaders read through the query cache, which owns freshness.
    defaultPreloadStaleTime: 0,
    // A tap changes the screen at once (decision 091): a route that is not ready (its chunk, or a loader waiting for
    // data the device does not hold) shows its own skeleton straight away instead of the previous screen, and the
    // real screen replaces it as soon as it can. The skeleton is the same screen, so there is no flash to hide.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    // A screen whose loader or render failed says so in place with Refetch (docs/architecture.md).
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
