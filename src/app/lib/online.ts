import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/** Why a money button is disabled offline. Money calls are never queued: they would run later by surprise. */
export const OFFLINE_MONEY_MESSAGE = 'You are offline. Money actions are paused until you reconnect.'

/**
 * A change refused for want of a network, one the outbox does not keep (docs/decisions/092): said at once, so a
 * switch that flips back or a form that stays put is never left unexplained.
 */
export const OFFLINE_WRITE_MESSAGE = 'You are offline. This change was not saved: try again when you reconnect.'

/** Online as TanStack Query sees it (the same signal that pauses queries), as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  )
}
