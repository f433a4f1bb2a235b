import type { ReactNode } from 'react'

import { errorMessage, errorStatus } from '#app/lib/api'

import { EmptyState } from './empty-state'

/** What a failed useQuery / useInfiniteQuery result offers here: its error, and asking again. */
export interface FailedQuery {
  error: unknown
  refetch: () => unknown
  isFetching: boolean
}

export interface QueryErrorProps {
  query: FailedQuery
  /** 'Could not load account details'; 'Something went wrong' when left out, never an empty list's 'No record found'. */
  title?: string
  /** What went wrong; the server's message when left out ('no' shows none). */
  description?: ReactNode | 'no'
  /** What a 404 says instead (a detail screen: 'Order not found'). */
  notFound?: { title: string; description: ReactNode }
}

/**
 * How a query says it failed (docs/architecture.md, "Data and errors"): in place of its data, with Refetch. Not on a
 * 403 (asking again cannot grant a permission) nor a 404 (nor find what is gone). Queries do not toast.
 */
export function QueryError({ query, title, description, notFound }: QueryErrorProps) {
  const status = errorStatus(query.error)
  if (status === 404 && notFound) return <EmptyState {...notFound} errorStatus={404} />
  return (
    <EmptyState
      title={title ?? 'Something went wrong'}
      description={description === 'no' ? undefined : (description ?? errorMessage(query.error))}
      onRefetch={status === 404 ? undefined : () => void query.refetch()}
      // A failure that is not the API's (a bug, a broken answer) is still a failure, not an empty list.
      errorStatus={status ?? 0}
      refetching={query.isFetching}
    />
  )
}
