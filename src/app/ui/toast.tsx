import { lazy, useSyncExternalStore } from 'react'

import { drawToastsWith, type ToastType } from '../lib/notify'

/*
 * What draws `notify`'s messages (lib/notify.ts). The toast store (./toaster-store) and what draws the toasts
 * (./toaster-view) load with the first toast, not with the first screen (decision 082); a toast waits for the store,
 * in order, and shows once the view has loaded.
 */

// Errors stay up longer: they usually need reading, and the message is the server's own words.
const DURATION = { success: 4000, info: 5000, error: 7000 } as const

let store: Promise<typeof import('./toaster-store')> | undefined
const listeners = new Set<() => void>()

function show(type: ToastType, message: string) {
  if (!store) {
    store = import('./toaster-store')
    for (const listener of listeners) listener()
  }
  void store.then(({ toaster }) => toaster.create({ title: message, type, duration: DURATION[type] }))
}

// Registered as this module loads: the root imports it with the first screen.
drawToastsWith(({ type, message }) => show(type, message))

const ToasterView = lazy(() => import('./toaster-view'))

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Mount once, near the root of the app, inside Suspense. Draws nothing, and loads nothing, until the first toast. */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribe, () => store !== undefined)
  return wanted ? <ToasterView /> : null
}
