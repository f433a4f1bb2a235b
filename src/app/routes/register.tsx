import { createFileRoute, Outlet } from '@tanstack/react-router'

/** Opening a vendor account, step by step (docs/decisions/056, 059): public pages outside the signed-in app. */
export const Route = createFileRoute('/register')({
  component: Outlet,
})
