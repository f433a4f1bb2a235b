import type { FetchStatus } from '@tanstack/react-query'

import { EmptyState } from './empty-state'

export const NOT_SAVED_TEXT = 'Not saved on this device yet — connect to load it'

/**
 * Offline with nothing saved for this query: its fetch is paused until the network returns, so a skeleton would
 * never resolve (issue 18, "Loading outlets" forever). Cached data of any age is shown instead, never this.
 */
export function isNotSavedOffline(query: { isPending: boolean; fetchStatus: FetchStatus }): boolean {
  return query.isPending && query.fetchStatus === 'paused'
}

/** What a list or a detail shows in place of its skeleton when isNotSavedOffline. */
export function NotSavedOffline() {
  return <EmptyState title={NOT_SAVED_TEXT} description="What you open online is kept on this device for offline use." />
}
