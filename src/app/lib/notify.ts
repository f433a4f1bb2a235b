/*
 * `notify`: how any part of the app reports something to the person (a saved change, a refusal). It only emits:
 * ui/toast.tsx draws, and registers itself here when the root mounts it. Until then toasts wait, in order, so a
 * message sent in the first moment (a session lost at start) still shows. lib reports, ui draws: lib imports no ui.
 */
import { takeHandedToast } from './toast-handover'

export type ToastType = 'success' | 'error' | 'info'

export interface ToastMessage {
  type: ToastType
  message: string
}

/** Messages sent before anything draws them; a few at most in practice, capped so nothing can pile up. */
const MAX_WAITING = 20
// A toast the previous page handed over (the prerendered login's "Login successful") is the first to show.
let waiting: ToastMessage[] = takeHandedToast()
let show: ((toast: ToastMessage) => void) | null = null

function send(toast: ToastMessage): void {
  if (show) show(toast)
  else waiting = [...waiting, toast].slice(-MAX_WAITING)
}

export const notify = {
  success: (message: string) => send({ type: 'success', message }),
  error: (message: string) => send({ type: 'error', message }),
  info: (message: string) => send({ type: 'info', message }),
}

/** For the one view that draws toasts: takes what waited, then every message as it comes. */
export function drawToastsWith(draw: (toast: ToastMessage) => void): void {
  show = draw
  const earlier = waiting
  waiting = []
  for (const toast of earlier) draw(toast)
}
