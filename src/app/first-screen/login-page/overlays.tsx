import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'

import { HELD_DIALOGS } from '#app/features/auth/login-rules'
import type { HeldStep } from '#app/features/auth/sign-in'
import { notify } from '#app/lib/notify'
import { mutationFailureMessage } from '#app/lib/query-client'
import { InfoDialog } from '#app/ui/dialog'
import { Toaster } from '#app/ui/toast'

/*
 * What the prerendered login page shows over the form (decision 099): the app's toasts and its held-application
 * dialog, drawn by the app's own components. Loaded the first time one is needed, never with the page: React and
 * Ark's machines are most of the weight the page was made to leave out. The app's whole stylesheet comes with
 * them, since the page inlines only the rules its own markup uses.
 */

let held: { step: HeldStep; open: boolean } | null = null
const listeners = new Set<() => void>()
const setHeld = (next: typeof held) => {
  held = next
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function Overlays() {
  const dialog = useSyncExternalStore(subscribe, () => held)
  return (
    <>
      <Toaster />
      {dialog && (
        <InfoDialog
          open={dialog.open}
          onOpenChange={(open) => setHeld({ step: dialog.step, open })}
          tone={dialog.step === 'rejected' ? 'warning' : 'info'}
          title={HELD_DIALOGS[dialog.step].title}
          description={HELD_DIALOGS[dialog.step].description}
        />
      )}
    </>
  )
}

const ready: Promise<void> = new Promise<void>((resolve) => {
  const href = document.querySelector<HTMLMetaElement>('meta[name="app-stylesheet"]')?.content
  if (!href) return resolve()
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href })
  // Drawn once the styles are in, or the toast would flash unstyled; a failed load still draws (offline, uncached).
  link.onload = link.onerror = () => resolve()
  document.head.append(link)
}).then(() => {
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(<Overlays />)
})

/** A failed sign-in, said as the app's mutation cache says it (a toast, or nothing). */
export async function showFailure(error: unknown): Promise<void> {
  // The app's online manager learns this at boot (../boot.tsx); this page boots no app.
  onlineManager.setOnline(navigator.onLine)
  const message = mutationFailureMessage(error)
  await ready
  if (message) notify.error(message)
}

/** An owner whose application is held: the dialog LoginForm shows, and no session. */
export async function showHeld(step: HeldStep): Promise<void> {
  await ready
  setHeld({ step, open: true })
}
