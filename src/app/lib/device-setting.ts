import { useSyncExternalStore } from 'react'

/**
 * A yes/no choice kept on this device only, in localStorage: every screen and every tab of the app sees it (the
 * hidden balance, spoken payment alerts). Off when unset or when storage is refused (private mode, full); then a
 * change holds for this page only. Signing out wipes localStorage, so the next person starts with it off.
 */
export function deviceSetting(key: string, storedOn = '1') {
  const listeners = new Set<() => void>()

  function read(): boolean {
    try {
      return localStorage.getItem(key) === storedOn
    } catch {
      return false
    }
  }

  function subscribe(listener: () => void) {
    listeners.add(listener)
    // Another tab of the app changing it (a null key: that tab cleared the storage).
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener()
    }
    window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      window.removeEventListener('storage', onStorage)
    }
  }

  function set(on: boolean): void {
    try {
      if (on) localStorage.setItem(key, storedOn)
      else localStorage.removeItem(key)
    } catch {
      // Storage refused: the choice holds on this page only, through the listeners below.
    }
    for (const listener of listeners) listener()
  }

  const useValue = (): boolean => useSyncExternalStore(subscribe, read, () => false)

  return { read, set, useValue }
}
