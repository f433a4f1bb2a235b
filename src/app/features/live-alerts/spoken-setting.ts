import { useSyncExternalStore } from 'react'

import { spokenAlert } from './spoken-amount'

/*
 * "Announce payments aloud": per device, off by default, kept in this browser only (never on the server: it is
 * about the counter's speaker, not the account). Like everything in localStorage it goes at sign-out (SPEC §4,
 * a shared outlet tablet).
 */
const KEY = 'vbo.spoken-alerts'
const listeners = new Set<() => void>()

export const speechAvailable = (): boolean => typeof window !== 'undefined' && 'speechSynthesis' in window

export function spokenAlertsOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on'
  } catch {
    return false
  }
}

export function setSpokenAlerts(on: boolean): void {
  try {
    if (on) localStorage.setItem(KEY, 'on')
    else localStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode, full): the switch simply stays off.
  }
  for (const listener of listeners) listener()
}

export function useSpokenAlerts(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      window.addEventListener('storage', listener)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', listener)
      }
    },
    spokenAlertsOn,
    () => false,
  )
}

/** Says the text with the Web Speech API, if this browser has it. */
export function speak(text: string): void {
  if (!speechAvailable()) return
  const utterance = new SpeechSynthesisUtterance(text)
  utterance.lang = 'en-NG'
  window.speechSynthesis.speak(utterance)
}

/** The announcement of a credit, when this device has it on. */
export function announcePayment(kobo: number): void {
  if (spokenAlertsOn()) speak(spokenAlert(kobo))
}
