import { useEffect, useState } from 'react'

import { InfoDialog } from '#app/ui/dialog'

import { WELCOME_KEY } from '../welcome-mark'

export const WELCOME_TITLE = 'Congratulations'
export const WELCOME_TEXT = 'Your account is set up and approved. You are ready to start selling.'

/** SPEC §2 "account set up (Congratulations, ready to start selling)", over Home. */
export function WelcomeDialog() {
  const [open, setOpen] = useState(() => localStorage.getItem(WELCOME_KEY) !== null)
  useEffect(() => {
    if (open) localStorage.removeItem(WELCOME_KEY)
  }, [open])
  return (
    <InfoDialog
      open={open}
      onOpenChange={setOpen}
      tone="success"
      title={WELCOME_TITLE}
      description={WELCOME_TEXT}
      actionLabel="Start selling"
    />
  )
}
