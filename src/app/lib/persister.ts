import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { defaultShouldDehydrateQuery, dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { type PersistedClient, persistQueryClient } from '@tanstack/react-query-persist-client'
import { clear, createStore, del, get, set } from 'idb-keyval'

import { FILE_CACHE } from './file-cache'
import { queryKeys } from './query-keys'

/**
 * The one offline store of data: the TanStack Query cache, persisted to IndexedDB under a key per signed-in
 * user, so one person's cache is never restored for another on a shared tablet. A new build busts it
 * (shapes may have changed). The service worker caches the shell only, never API answers.
 */
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000
const store = createStore('vendor-back-office', 'query-cache')

let stop: (() => void) | null = null

/** How long after an answer arrives it is on the device at the latest (issue 18). */
export const SAVE_WITHIN_MS = 100

/** Pages of an infinite list kept on the device; the rest is fetched again when scrolled to. */
export const PERSISTED_PAGES = 1

function isInfiniteData(data: unknown): data is { pages: unknown[]; pageParams: unknown[] } {
  return (
    Boolean(data) &&
    typeof data === 'object' &&
    Array.isArray((data as { pages?: unknown }).pages) &&
    Array.isArray((data as { pageParams?: unknown }).pageParams)
  )
}

/**
 * Keeps only the first page of each infinite list in what is saved. Someone who scrolled through 10,000
 * transactions would otherwise have megabytes re-serialised into IndexedDB on every cache change; offline, the
 * newest page is what they need, and a restored list refetches just the pages it holds.
 */
export function trimInfinitePages(client: PersistedClient, keep = PERSISTED_PAGES): PersistedClient {
  const queries = client.clientState.queries.map((query) => {
    const data = query.state.data
    if (!isInfiniteData(data) || data.pages.length <= keep) return query
    return { ...query, state: { ...query.state, data: { pages: data.pages.slice(0, keep), pageParams: data.pageParams.slice(0, keep) } } }
  })
  return { ...client, clientState: { ...client.clientState, queries } }
}

const PUBLIC_KEYS: readonly string[] = [
  queryKeys.payLink('')[0],
  queryKeys.publicOrder('')[0],
  queryKeys.invite('')[0],
  queryKeys.storefront('')[0],
]

/**
 * What is saved: successful queries, except public pages (a pay link opened in a vendor's browser is a
 * customer's view, not the vendor's data, and must not be restored into their offline cache).
 */
export function shouldPersistQuery(query: Query): boolean {
  return defaultShouldDehydrateQuery(query) && !PUBLIC_KEYS.includes(String(query.queryKey[0]))
}

/** Restores the user's cache, then keeps saving it. Resolves once restored, so loaders see the data. */
export async function startPersistence(queryClient: QueryClient, userId: string): Promise<void> {
  stopPersistence()
  // The persister throttles saves, so one may still be due after sign-out; once stopped, this storage
  // refuses to write, or the wiped user's data could land back in IndexedDB.
  const state = { open: true }
  const key = `queries:${userId}`
  const serialize = (client: PersistedClient) => JSON.stringify(trimInfinitePages(client))
  const persister = createAsyncStoragePersister({
    key,
    storage: {
      getItem: (key) => get<string>(key, store).then((v) => v ?? null),
      setItem: async (key, value: string) => {
        if (state.open) await set(key, value, store)
      },
      removeItem: (key) => del(key, store),
    },
    // Saved within SAVE_WITHIN_MS of an answer arriving: a reload right after a list showed must find it (at
    // 500 ms, a quick reload or a tab killed in the background lost the last screen's data).
    throttleTime: SAVE_WITHIN_MS,
    serialize,
  })
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: CACHE_MAX_AGE,
    buster: __BUILD_ID__,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  })
  // And once more, unthrottled, as the page is hidden or left: a phone may kill a hidden tab without warning, and a
  // save still waiting on the throttle would be lost with it.
  const saveNow = () => {
    if (!state.open) return
    const client: PersistedClient = {
      buster: __BUILD_ID__,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
    }
    void set(key, serialize(client), store)
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') saveNow()
  }
  stop = () => {
    state.open = false
    unsubscribe()
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', saveNow)
  }
  await restored.catch(() => undefined)
  // Only once restored, as the persister's own saves: before that the memory cache is (nearly) empty, and a tab
  // hidden or left while IndexedDB was still answering replaced the user's offline copy with nothing.
  if (!state.open) return
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', saveNow)
  // Saves are throttled, so the copy on the device can predate the last change made before a reload (an
  // escalation 34 ms before it came back as still open). Show it at once, but ask again for anything in view.
  if (navigator.onLine) void queryClient.invalidateQueries()
}

export function stopPersistence(): void {
  stop?.()
  stop = null
}

/** Deletes every persisted cache in this browser (all users), for sign-out and lost sessions. */
export async function deletePersistedCaches(): Promise<void> {
  stopPersistence()
  // The service worker's copies of product images go too: the next person on a shared tablet starts empty.
  const files = typeof caches === 'undefined' ? Promise.resolve(false) : caches.delete(FILE_CACHE).catch(() => false)
  await Promise.all([clear(store), files])
}
