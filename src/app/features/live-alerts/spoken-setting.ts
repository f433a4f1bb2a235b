import { deviceSetting } from '#app/lib/device-setting'

import { spokenAlert } from './spoken-amount'

/*
 * "Announce payments aloud": per device, off by default, kept in this browser only (never on the server: it is
 * about the counter's speaker, not the account). Like everything in localStorage it goes at sign-out (SPEC §4,
 * a shared outlet tablet).
 */
const spokenAlerts = deviceSetting('vbo.spoken-alerts', 'on')

export const speechAvailable = (): boolean => typeof window !== 'undefined' && 'speechSynthesis' in window

export const spokenAlertsOn = spokenAlerts.read
export const setSpokenAlerts = spokenAlerts.set
export const useSpokenAlerts = spokenAlerts.useValue

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
