import { useEffect, useState } from 'react'
import { InfoDialog } from '../../../ui/dialog'

/**
 * The owner's first sign-in after approval answers `welcome: true` once (docs/decisions/056). Login leaves a mark
 * in localStorage, which outlives the navigation to /home and goes with every other trace of the user at
 * sign-out; the dialog takes it away as it opens, so a reload does not show it twice.
 */
const WELCOME_KEY = 'vbo.welcome'

export function markWelcome(): void {
  localStorage.setItem(WELCOME_KEY, '1')
}


export const WELCOME_TITLE = 'Congratulations'
export const WELCOME_TEXT = 'Your account is set up and approved. You are ready to start selling.'

/** SPEC §2 "account set up (Congratulations, ready to start selling)", over Home. */
export function WelcomeDialog() {
  const [open, setOpen] = useState(() => localStorage.getItem(WELCOME_KEY) !== null)
  useEffect(() => {
    if (open) localStorage.removeItem(WELCOME_KEY)
  }, [open])
  return <InfoDialog open={open} onOpenChange={setOpen} tone="success" title={WELCOME_TITLE} description={WELCOME_TEXT} actionLabel="Start selling" />
}
