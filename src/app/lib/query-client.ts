import {
  type FetchInfiniteQueryOptions,
  type FetchQueryOptions,
  MutationCache,
  onlineManager,
  type Query,
  QueryCache,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query'

import { ApiError, type Envelope, errorMessage } from './api'
import { notify } from './notify'
import { OFFLINE_WRITE_MESSAGE } from './online'
import { CACHE_MAX_AGE } from './persister'

declare module '@tanstack/react-query' {
  interface Register {
    /** Mutations toast their answer's message and their failure; a form that shows a refusal in place opts out. */
    mutationMeta: { successToast?: boolean; errorToast?: boolean }
    queryMeta: {
      /**
       * Queries say their failure where their data would be (an error state with Refetch), never in a toast; a
       * query opts in with true only where its screen has no place for it (a panel drawn only with data).
       */
      errorToast?: boolean
      /**
       * [area, id]: a 403/404 on this query drops every cached query of that area whose key holds the id (an
       * outlet's detail, wallet, members and transactions go together).
       */
      accessScope?: readonly [string, string]
    }
  }
}

/** Whether a failed call deserves its own toast; forms that show some refusals in place use it for the rest. */
export function shouldToast(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  // A lost session has its own toast (a wrong password at login is a plain 401 and is shown);
  // being offline is said once by the banner, not per failed call.
  if (error.code === 'UNAUTHENTICATED') return false
  return !(error.code === 'NETWORK' && !onlineManager.isOnline())
}

function isOfflineFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK' && !onlineManager.isOnline()
}

/**
 * A 403 or 404 from the API itself: the server says this is not (or no longer) the user's to see. Without the API's
 * code (api() then says 'ERROR') it came from something in between: a carrier's "out of data" page or a captive
 * portal answers every call that way, and dropping the cache for it left nothing to read offline.
 */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 403 || error.status === 404) && error.code !== 'ERROR'
}

/**
 * Whether a refusal is about seeing the thing at all (404, as the server answers for what the caller may not see,
 * or 403 FORBIDDEN, a permission gone), so the whole accessScope goes. Other 403s refuse one call for a state of
 * the thing: a member's inactive outlet still reads (200) while its wallet answers OUTLET_INACTIVE, and dropping
 * the outlet for that blanked a screen the server lets them see; only the refused query loses its data.
 */
function seeingRefused(error: ApiError): boolean {
  return error.status === 404 || error.code === 'FORBIDDEN'
}

/**
 * Forgets what the device held for a query the server now refuses (issue 18: a member removed from an outlet kept
 * seeing its account number and transactions from the cache). The queries stay, in error, so their screens show
 * the no-access or not-found state; with no data they are no longer saved to IndexedDB.
 */
function forgetRefused(queryCache: QueryCache, query: Query<unknown, unknown>, error: ApiError): void {
  const scope = seeingRefused(error) ? query.meta?.accessScope : undefined
  const refused = scope ? queryCache.findAll({ predicate: (q) => q.queryKey[0] === scope[0] && q.queryKey.includes(scope[1]) }) : [query]
  for (const q of refused) {
    if (q.state.data === undefined && q !== query) continue
    q.setState({ data: undefined, dataUpdatedAt: 0, status: 'error', error, errorUpdatedAt: Date.now() })
  }
}

/**
 * What a failed mutation toasts, or null. Offline, a query's failure is the banner's to say; a change that did not
 * happen must be said on the spot. The prerendered login page says its failures with this too (decision 099).
 */
export function mutationFailureMessage(error: unknown): string | null {
  if (isOfflineFailure(error)) return OFFLINE_WRITE_MESSAGE
  return shouldToast(error) ? errorMessage(error) : null
}

export function createQueryClient(): QueryClient {
  const queryCache: QueryCache = new QueryCache({
    onError: (error, query) => {
      if (isRefusal(error)) forgetRefused(queryCache, query, error)
      if (query.meta?.errorToast === true && shouldToast(error)) notify.error(errorMessage(error))
    },
  })
  return new QueryClient({
    queryCache,
    mutationCache: new MutationCache({
      onSuccess: (data, _vars, _ctx, mutation) => {
        const message = (data as Envelope<unknown> | undefined)?.message
        if (mutation.meta?.successToast !== false && message) notify.success(message)
      },
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorToast === false) return
        const message = mutationFailureMessage(error)
        if (message) notify.error(message)
      },
    }),
    defaultOptions: {
      queries: {
        // Serve the cache first and try the network; offline, the restored cache is the screen.
        networkMode: 'offlineFirst',
        staleTime: 30_000,
        // Must outlive the persisted maxAge, or restored queries are collected before they are shown.
        gcTime: CACHE_MAX_AGE,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: {
        // Never park a mutation until the network returns: money calls must not run later by surprise.
        networkMode: 'always',
        retry: false,
      },
    },
  })
}

/*
 * The loader rule (docs/decisions/090): a loader waits for the network only when the device holds nothing for the
 * key and the network is there. Anything cached, of any age, is shown at once and refreshed behind it; offline with
 * nothing cached, the fetch is started and the screen says what it has. A loader that awaited a refetch of stale
 * data offline waited forever (the retry pauses until the network returns) and left a white page on reload.
 */
function isCached(queryClient: QueryClient, queryKey: QueryKey): boolean {
  return queryClient.getQueryData(queryKey) !== undefined
}

/**
 * Why a loader runs, as the router says: arriving on the route, or staying on it while its search changes (a
 * filter, a page). Staying never waits (decision 091): the screen on view keeps its place and shows its own loading
 * state, instead of being swapped for the route's skeleton, which also unmounted an open filter sheet.
 */
export type LoadCause = 'enter' | 'stay' | 'preload'

/** For route loaders of one answer (useQuery / useSuspenseQuery): see the loader rule above. */
export function loadQuery<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>, cause?: LoadCause) {
  if (isCached(queryClient, options.queryKey) || cause === 'stay') {
    void queryClient.prefetchQuery(options)
    return undefined
  }
  if (onlineManager.isOnline()) return queryClient.ensureQueryData(options)
  void queryClient.prefetchQuery(options)
  return undefined
}

/**
 * loadQuery for lists that grow page by page (useInfiniteQuery). A failed first page is not thrown: the list
 * shows it as an error state with Refetch (hidden on 403), which a route error screen could not.
 */
export function loadInfiniteQuery<T, K extends QueryKey, P>(
  queryClient: QueryClient,
  options: FetchInfiniteQueryOptions<T, Error, T, K, P>,
  cause?: LoadCause,
): Promise<void> | undefined {
  const cached = isCached(queryClient, options.queryKey)
  const prefetch = queryClient.prefetchInfiniteQuery(options)
  return !cached && cause !== 'stay' && onlineManager.isOnline() ? prefetch : undefined
}

/** What requireQueryData throws offline with nothing saved: the route's error component says it with Try again. */
export class NotSavedOffline extends Error {
  constructor(message = 'This screen is not saved on this device. Connect to the internet to open it.') {
    super(message)
    this.name = 'NotSavedOffline'
  }
}

/**
 * For the few loaders whose screen cannot draw without the data (useSuspenseQuery: a form whose first values come
 * from it, a guard that picks the step): saved data of any age is used at once, online it is fetched, and offline
 * with nothing saved the loader throws NotSavedOffline instead of waiting on a fetch that pauses until the network
 * returns (decision 090).
 */
export async function requireQueryData<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
  offlineMessage?: string,
): Promise<T> {
  const saved = queryClient.getQueryData<T>(options.queryKey)
  if (saved !== undefined) return saved
  if (!onlineManager.isOnline()) throw new NotSavedOffline(offlineMessage)
  return queryClient.fetchQuery(options)
}
