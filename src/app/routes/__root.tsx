import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Link, Outlet, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { OfflineBanner } from '../features/shell/components/offline-banner'
import { useAfterFirstScreen } from '../lib/after-first-screen'
import { Toaster } from '../ui/toast'

// The service worker registers once the first screen is done (decision 124): workbox-window and the worker's
// precache downloads stay out of the first screen's way.
const UpdatePrompt = lazy(() => import('../features/shell/components/update-prompt').then((m) => ({ default: m.UpdatePrompt })))

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
})

function Root() {
  const firstScreenDone = useAfterFirstScreen()
  // The signed-in shell draws the banner under its own sticky header, where scrolling cannot slide one under the other.
  const inShell = useRouterState({ select: (s) => s.matches.some((match) => match.routeId === '/_app') })
  return (
    <>
      {inShell ? null : <OfflineBanner />}
      <Outlet />
      {/* Both load after the first screen; a toast made before then shows once the toaster has loaded. */}
      <Suspense>
        <Toaster />
        {firstScreenDone ? <UpdatePrompt /> : null}
      </Suspense>
    </>
  )
}

function NotFound() {
  return (
    <main className={css({ minHeight: '60dvh', display: 'grid', placeItems: 'center', textAlign: 'center', p: '6' })}>
      <div className={stack({ gap: '3' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>Page not found</h1>
        <p className={css({ color: 'fg.muted' })}>The page you are looking for does not exist.</p>
        <Link to="/" className={css({ color: 'accent.default', fontWeight: 'medium' })}>
          Go home
        </Link>
      </div>
    </main>
  )
}
