import {
  MutationCache,
  onlineManager,
  QueryCache,
  QueryClient,
  type FetchInfiniteQueryOptions,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query'
import { notify } from '../ui/toast'
import { ApiError, errorMessage, type Envelope } from './api'
import { CACHE_MAX_AGE } from './persister'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { successToast?: boolean; errorToast?: boolean }
    queryMeta: { errorToast?: boolean }
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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false && shouldToast(error)) notify.error(errorMessage(error))
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (data, _vars, _ctx, mutation) => {
        const message = (data as Envelope<unknown> | undefined)?.message
        if (mutation.meta?.successToast !== false && message) notify.success(message)
      },
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorToast !== false && shouldToast(error)) notify.error(errorMessage(error))
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

/**
 * For route loaders: wait for data when it can arrive (online, or already cached); offline with nothing
 * cached, start the fetch without blocking so the screen can say it is offline instead of hanging.
 */
export function loadQuery<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>) {
  if (onlineManager.isOnline() || queryClient.getQueryData(options.queryKey) !== undefined) {
    return queryClient.ensureQueryData(options)
  }
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
): Promise<void> | undefined {
  const prefetch = queryClient.prefetchInfiniteQuery(options)
  if (onlineManager.isOnline() || queryClient.getQueryData(options.queryKey) !== undefined) return prefetch
  return undefined
}
