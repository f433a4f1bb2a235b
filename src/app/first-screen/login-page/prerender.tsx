import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router'
import { renderToStaticMarkup } from 'react-dom/server'

import { LoginScreen } from '#app/features/auth/components/login-screen'
import { Button } from '#app/ui/button'
import { Field, Input } from '#app/ui/field'

/**
 * Build time only (../build/login-page.ts loads it through Vite's SSR loader): the login screen rendered by its
 * React components, and the two states the page's script draws without React, rendered by theirs: a field's error
 * text and the busy submit button. The page's look has one source, the components (decision 099).
 */
export function renderLoginPage(): { screen: string; templates: string } {
  // Links only need a router to build their href; the app's route tree is not loaded for that.
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: ['/'] }) })
  const screen = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RouterContextProvider router={router}>
        <LoginScreen />
      </RouterContextProvider>
    </QueryClientProvider>,
  )
  // The message and the label are filled in by the script; an empty error would not render its element.
  const fieldError = renderToStaticMarkup(
    <Field label="" error="?">
      <Input />
    </Field>,
  )
  const busyButton = renderToStaticMarkup(
    <Button type="submit" size="lg" fullWidth loading>
      {''}
    </Button>,
  )
  return {
    screen,
    templates: `<template id="login-field-error">${fieldError}</template><template id="login-busy-button">${busyButton}</template>`,
  }
}
