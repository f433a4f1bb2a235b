import type { QueryClient } from '@tanstack/react-query'

import { stopOutbox } from './outbox'
import { deletePersistedCaches } from './persister'
import { clearSession } from './session'
import { keepingSignOuts } from './sign-out-outbox'

/**
 * Workbox's expiration records of the service worker's file cache (first-screen/build/pwa.ts): one row per cached upload,
 * `{ id: 'uploaded-files|<address>', cacheName, url, timestamp }`, in a database of their own. Deleting the cache
 * (persister.ts) leaves them, so the last user's image addresses stayed on the device (issue 35). The rows are
 * cleared, not the database deleted: the service worker keeps it open, which would hold a delete until it stops.
 */
const EXPIRATION_DB = 'workbox-expiration'
const EXPIRATION_STORE = 'cache-entries'

function forgetFileAddresses(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const opening = indexedDB.open(EXPIRATION_DB)
    // No such database yet: abort its creation rather than make an empty one.
    opening.onupgradeneeded = () => opening.transaction?.abort()
    opening.onerror = () => resolve()
    opening.onblocked = () => resolve()
    opening.onsuccess = () => {
      const db = opening.result
      if (!db.objectStoreNames.contains(EXPIRATION_STORE)) {
        db.close()
        return resolve()
      }
      const tx = db.transaction(EXPIRATION_STORE, 'readwrite')
      tx.objectStore(EXPIRATION_STORE).clear()
      tx.oncomplete =
        tx.onerror =
        tx.onabort =
          () => {
            db.close()
            resolve()
          }
    }
  })
}

/**
 * Forgets everything this browser knows about the signed-in user: the in-memory query cache, every persisted
 * cache, the outbox of unsent changes and the file addresses in IndexedDB and all of localStorage except the tokens an offline sign-out still has to revoke
 * (sign-out-outbox.ts). Sign-out and a lost session both come here, so the next person on a shared tablet sees
 * nothing of the last.
 */
export async function wipeLocalData(queryClient: QueryClient): Promise<void> {
  // Session first and synchronously: a burst of 401s then finds no session and does not sign out twice.
  keepingSignOuts(clearSession)
  // The outbox is the user's too: its items go with the IndexedDB store the next line clears.
  stopOutbox()
  const deleted = Promise.all([deletePersistedCaches().catch(() => undefined), forgetFileAddresses()])
  queryClient.clear()
  await deleted
}
