import { useSyncExternalStore } from 'react'

/*
 * Whether balances are hidden (the eye button on the wallet and outlet cards), kept in this device's localStorage so
 * it survives moving between screens and reloading (issue 22): someone who hid the balance in a shop does not
 * want it back on screen at the next tap. One setting for every balance card. Signing out wipes localStorage, so
 * the next person starts with balances shown.
 */
const KEY = 'vbo.balance-hidden'
const listeners = new Set<() => void>()

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab of the app changing it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function setBalanceHidden(hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(KEY, '1')
    else localStorage.removeItem(KEY)
  } catch {
    // Storage refused (private mode, full): the choice holds on this screen only.
  }
  for (const listener of listeners) listener()
}

/** The stored choice and a toggle for it. */
export function useBalanceHidden(): [boolean, () => void] {
  const hidden = useSyncExternalStore(subscribe, read, () => false)
  return [hidden, () => setBalanceHidden(!hidden)]
}
