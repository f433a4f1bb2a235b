import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { errorMessage, errorStatus } from '../lib/api'
import { EmptyState } from './empty-state'
import { type Noun, Pagination } from './pagination'
import { Skeleton } from './skeleton'

const frame = css({ bg: 'bg.surface', borderRadius: 'card', boxShadow: 'card', overflow: 'hidden' })
// While the next page loads the current one stays, dimmed, so the list never jumps to a skeleton.
const list = css({ transition: 'opacity 150ms', '&[aria-busy=true]': { opacity: 0.6 } })

export interface PagedListProps<T, S extends number> {
  query: UseQueryResult<{ items: T[]; total: number }>
  page: number
  size: number
  onPageChange: (page: number) => void
  /** Offered page sizes; with onSizeChange, the list offers 'Rows per page'. */
  sizes?: readonly S[]
  onSizeChange?: (size: S) => void
  /** The list's accessible name and what it counts: 'Products', 'products'. */
  label: string
  noun: Noun
  /** Why the list is empty when nothing failed. */
  emptyText: string
  /** The empty state's title when SPEC names one ('No customer found'); 'No record found' otherwise. */
  emptyTitle?: string
  children: (items: T[]) => ReactNode
}

/**
 * A list paged by the server (page and size in the URL): its loading, empty and error states, the page on screen
 * kept while the next loads, and the page buttons. A page past the end still offers the buttons back.
 */
export function PagedList<T, S extends number = number>({ query, page, size, onPageChange, sizes, onSizeChange, label, noun, emptyText, emptyTitle = 'No record found', children }: PagedListProps<T, S>) {
  const data = query.data
  if (query.isPending) {
    return (
      <div className={frame} aria-busy="true">
        <span className={visuallyHidden()} role="status">
          Loading {noun.many}
        </span>
        <div className={css({ p: '4' })}>
          <Skeleton count={5} height={52} />
        </div>
      </div>
    )
  }
  const loadingPage = query.isPlaceholderData
  let description = emptyText
  if (query.isError) description = errorMessage(query.error)
  else if (data?.total) description = 'This page is past the end of the list.'
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={frame}>
        {data?.items.length ? (
          <ul aria-label={label} aria-busy={loadingPage} className={list}>
            {children(data.items)}
          </ul>
        ) : (
          <EmptyState
            title={emptyTitle}
            description={description}
            errorStatus={query.isError ? errorStatus(query.error) : undefined}
            onRefetch={() => void query.refetch()}
            refetching={query.isFetching}
          />
        )}
      </div>
      {data?.total ? <Pagination page={page} size={size} total={data.total} onPageChange={onPageChange} sizes={sizes} onSizeChange={onSizeChange} noun={noun} /> : null}
      {loadingPage ? (
        <span className={visuallyHidden()} role="status">
          Loading page {page}
        </span>
      ) : null}
    </div>
  )
}
