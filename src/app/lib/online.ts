import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/** Why a money button is disabled offline. Money calls are never queued: they would run later by surprise. */
export const OFFLINE_MONEY_MESSAGE = 'You are offline. Money actions are paused until you reconnect.'

/**
 * A change refused for want of a network, one the outbox does not keep (docs/decisions/092): said at once, so a
 * switch that flips back or a form that stays put is never left unexplained.
 */
export const OFFLINE_WRITE_MESSAGE = 'You are offline. This change was not saved: try again when you reconnect.'

/**
 * Makes TanStack Query's online state follow the browser's from this moment on (issue 35). Its own listener on
 * `online`/`offline` is added only when something first subscribes (the outbox once the cache is restored, React's
 * provider once it mounts), so the network coming back while the app was starting fired an `online` nobody heard:
 * the app stayed "offline", its outbox unsent and money locked, until a reload. Called at the first step of the
 * start. Each (re)install reads navigator.onLine, and so does each event (its value when handled, not the event's
 * name), so a change at any moment, before or after, is never missed.
 */
export function followBrowserOnline(): void {
  onlineManager.setEventListener((setOnline) => {
    const follow = () => setOnline(navigator.onLine)
    follow()
    window.addEventListener('online', follow)
    window.addEventListener('offline', follow)
    return () => {
      window.removeEventListener('online', follow)
      window.removeEventListener('offline', follow)
    }
  })
}

/** Online as TanStack Query sees it (the same signal that pauses queries), as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  )
}
