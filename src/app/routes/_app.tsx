import { createFileRoute, redirect } from '@tanstack/react-router'
import { AppShell } from '../features/shell/components/app-shell'
import { getSession } from '../lib/session'

/** Everything behind sign-in. The check is local, so a signed-in user can open the app offline. */
export const Route = createFileRoute('/_app')({
  beforeLoad: () => {
    if (!getSession()) throw redirect({ to: '/' })
  },
  component: AppShell,
})
