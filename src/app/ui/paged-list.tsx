import type { UseQueryResult } from '@tanstack/react-query'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useLayoutEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'

import { scrollWindowTo, useDocumentTop, windowRect } from '../lib/window-virtualizer'
import { EmptyState } from './empty-state'
import { isNotSavedOffline, NotSavedOffline } from './not-saved'
import { type Noun, Pagination } from './pagination'
import { QueryError } from './query-error'
import { Skeleton } from './skeleton'

const frame = css({ bg: 'bg.surface', borderRadius: 'card', boxShadow: 'card', overflow: 'hidden' })
// While the next page loads the current one stays, dimmed, so the list never jumps to a skeleton.
const list = css({ transition: 'opacity 150ms', '&[aria-busy=true]': { opacity: 0.6 } })

/** A page longer than this draws only the rows near the screen, so the DOM stays small at 100 rows a page. */
export const VIRTUAL_FROM = 60
/** A first guess at a row's height (an order row at 390 px is 89) before it is measured; rows are measured once drawn. */
const ESTIMATED_ROW = 88
/** Rows drawn beyond the screen each way. */
const OVERSCAN = 8

export interface PagedListProps<T, S extends number> {
  /** A capped list's answer says `totalCapped` (decision 157): the count reads '10,000+' and paging goes on past it. */
  query: UseQueryResult<{ items: T[]; total: number; totalCapped?: boolean }>
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
export function PagedList<T, S extends number = number>({
  query,
  page,
  size,
  onPageChange,
  sizes,
  onSizeChange,
  label,
  noun,
  emptyText,
  emptyTitle = 'No record found',
  children,
}: PagedListProps<T, S>) {
  const data = query.data
  if (isNotSavedOffline(query)) {
    return (
      <div className={frame}>
        <NotSavedOffline />
      </div>
    )
  }
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
  const description = data?.total ? 'This page is past the end of the list.' : emptyText
  return (
    <div className={stack({ gap: '3' })}>
      <div className={frame}>
        {data?.items.length ? (
          data.items.length > VIRTUAL_FROM ? (
            <VirtualRows items={data.items} label={label} busy={loadingPage}>
              {children}
            </VirtualRows>
          ) : (
            <ul aria-label={label} aria-busy={loadingPage} className={list}>
              {children(data.items)}
            </ul>
          )
        ) : query.isError ? (
          // A failed load is not an empty list: it says so, with the server's reason and Refetch.
          <QueryError query={query} title={`Could not load ${noun.many}`} />
        ) : (
          <EmptyState title={emptyTitle} description={description} onRefetch={() => void query.refetch()} refetching={query.isFetching} />
        )}
      </div>
      {data?.total ? (
        <Pagination
          page={page}
          size={size}
          total={data.total}
          totalCapped={data.totalCapped}
          shown={data.items.length}
          onPageChange={onPageChange}
          sizes={sizes}
          onSizeChange={onSizeChange}
          noun={noun}
        />
      ) : null}
      {loadingPage ? (
        <span className={visuallyHidden()} role="status">
          Loading page {page}
        </span>
      ) : null}
    </div>
  )
}

/**
 * A long page as a window-virtualised list: only the rows on screen, plus OVERSCAN each way, are in the DOM, with
 * padding standing in for the rest so the scrollbar and the page buttons below stay where they would be. Callers
 * render their own <li> rows, so each drawn row is told its index and measured after it renders.
 */
function VirtualRows<T>({
  items,
  label,
  busy,
  children,
}: {
  items: T[]
  label: string
  busy: boolean
  children: (items: T[]) => ReactNode
}) {
  const [element, setElement] = useState<HTMLUListElement | null>(null)
  const scrollMargin = useDocumentTop(element)
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATED_ROW,
    // A row not laid out (display: none on the way out, or no layout at all) measures 0; keep the guess then.
    measureElement: (row) => row.getBoundingClientRect().height || ESTIMATED_ROW,
    overscan: OVERSCAN,
    scrollMargin,
    initialRect: windowRect(),
    scrollToFn: scrollWindowTo,
  })
  const drawn = virtualizer.getVirtualItems()
  const first = drawn[0]
  const last = drawn.at(-1)
  useLayoutEffect(() => {
    if (!element || !first) return
    Array.from(element.children).forEach((row, offset) => {
      row.setAttribute('data-index', String(first.index + offset))
      virtualizer.measureElement(row)
    })
  })
  const before = first ? first.start - scrollMargin : 0
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0
  return (
    <ul ref={setElement} aria-label={label} aria-busy={busy} className={list} style={{ paddingTop: before, paddingBottom: after }}>
      {children(items.slice(first?.index ?? 0, (last?.index ?? -1) + 1))}
    </ul>
  )
}
