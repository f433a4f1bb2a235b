import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/** Why a money button is disabled offline. Money calls are never queued: they would run later by surprise. */
export const OFFLINE_MONEY_MESSAGE = 'You are offline. Money actions are paused until you reconnect.'

/** Online as TanStack Query sees it (the same signal that pauses queries), as React state. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  )
}
