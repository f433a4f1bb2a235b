import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { persistQueryClient } from '@tanstack/react-query-persist-client'
import type { QueryClient } from '@tanstack/react-query'
import { clear, createStore, del, get, set } from 'idb-keyval'

/**
 * The one offline store of data: the TanStack Query cache, persisted to IndexedDB under a key per signed-in
 * user, so one person's cache is never restored for another on a shared tablet. A new build busts it
 * (shapes may have changed). The service worker caches the shell only, never API answers.
 */
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000
const store = createStore('vendor-back-office', 'query-cache')

let stop: (() => void) | null = null

/** Restores the user's cache, then keeps saving it. Resolves once restored, so loaders see the data. */
export async function startPersistence(queryClient: QueryClient, userId: string): Promise<void> {
  stopPersistence()
  // The persister throttles saves, so one may still be due after sign-out; once stopped, this storage
  // refuses to write, or the wiped user's data could land back in IndexedDB.
  const state = { open: true }
  const persister = createAsyncStoragePersister({
    key: `queries:${userId}`,
    storage: {
      getItem: (key) => get<string>(key, store).then((v) => v ?? null),
      setItem: async (key, value: string) => {
        if (state.open) await set(key, value, store)
      },
      removeItem: (key) => del(key, store),
    },
    throttleTime: 500,
  })
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: CACHE_MAX_AGE,
    buster: __BUILD_ID__,
  })
  stop = () => {
    state.open = false
    unsubscribe()
  }
  await restored.catch(() => undefined)
}

export function stopPersistence(): void {
  stop?.()
  stop = null
}

/** Deletes every persisted cache in this browser (all users), for sign-out and lost sessions. */
export async function deletePersistedCaches(): Promise<void> {
  stopPersistence()
  await clear(store)
}
