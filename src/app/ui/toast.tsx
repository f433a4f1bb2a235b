import { createToaster } from '@ark-ui/react/toast'
import { lazy } from 'react'

/*
 * The toast store and `notify`, loaded with the app: anything may report from the first moment. What draws the
 * toasts (toaster-view.tsx, Ark's toast machine and the styles) loads after the first screen (decision 080).
 */

// One toaster for the whole app. Top of the screen on phones: the bottom is where the thumb, the keyboard and
// the sheet footers are. Below the 56 px header, so a toast never sits on the menu button. Three at most,
// stacked rather than piled, so each one stays readable.
export const toaster = createToaster({
  placement: 'top',
  max: 3,
  overlap: false,
  gap: 12,
  offsets: { top: '64px', right: '16px', bottom: '16px', left: '16px' },
})

// Errors stay up longer: they usually need reading, and the message is the server's own words.
const DURATION = { success: 4000, info: 5000, error: 7000 } as const

export const notify = {
  success: (message: string) => toaster.create({ title: message, type: 'success', duration: DURATION.success }),
  error: (message: string) => toaster.create({ title: message, type: 'error', duration: DURATION.error }),
  info: (message: string) => toaster.create({ title: message, type: 'info', duration: DURATION.info }),
}

/** Mount once, near the root of the app. */
export const Toaster = lazy(() => import('./toaster-view'))
