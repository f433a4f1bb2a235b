import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'

import { formatCount, formatTotal } from '#app/lib/format'
import type { TransactionListFilters } from '#app/lib/query-keys'
import { scrollWindowTo, useDocumentTop, windowRect } from '#app/lib/window-virtualizer'
import { EmptyState } from '#app/ui/empty-state'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { PullToRefresh } from '#app/ui/pull-to-refresh'
import { QueryError } from '#app/ui/query-error'
import { Skeleton } from '#app/ui/skeleton'
import { Spinner } from '#app/ui/spinner'

import { transactionListQuery } from '../queries'
import { MAIN_WALLET, type TransactionSource } from '../source'
import { ROW_HEIGHT, TransactionRow } from './transaction-row'

/** Rows drawn beyond the screen each way: enough for a fast fling, few enough that the DOM stays small. */
const OVERSCAN = 8
/** Start loading the next page this many rows before the end, so scrolling rarely meets the spinner. */
const PREFETCH_ROWS = 30

const frame = css({ bg: 'bg.surface', borderRadius: 'card', boxShadow: 'card', overflow: 'hidden' })
const footerText = css({ textStyle: 'caption', color: 'fg.muted', textAlign: 'center', py: '3' })

/**
 * The transactions for the URL's filters, newest first, as one virtual list over infinite pages: however many
 * rows are loaded, only those on screen (plus a few) are in the DOM, so 10,000 rows scroll like 20. The main
 * wallet's unless `source` names another (an outlet's).
 */
export function TransactionList({ filters, source = MAIN_WALLET }: { filters: TransactionListFilters; source?: TransactionSource }) {
  const queryClient = useQueryClient()
  const options = transactionListQuery(filters, source)
  const query = useInfiniteQuery(options)
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data])
  const first = query.data?.pages[0]
  // Past 10,000 matches a filtered list stops counting (decision 157): '10,000+', and no set size for screen readers.
  // A search by words with many matches is not counted at all (decision 165): at least the rows loaded, '300+'.
  const capped = first?.totalCapped ?? false
  const total = capped ? Math.max(first?.total ?? 0, rows.length) : (first?.total ?? 0)
  const [listElement, setListElement] = useState<HTMLDivElement | null>(null)
  const scrollMargin = useDocumentTop(listElement)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query

  const virtualizer = useWindowVirtualizer({
    count: rows.length + (hasNextPage ? 1 : 0),
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin,
    initialRect: windowRect(),
    scrollToFn: scrollWindowTo,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? -1

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) void fetchNextPage()
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage])

  /** Pull to refresh: back to the first page, fetched again, instead of refetching every page scrolled through. */
  async function refresh() {
    queryClient.setQueryData<InfiniteData<unknown, string | undefined>>(options.queryKey, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    )
    await query.refetch()
  }

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
          Loading transactions
        </span>
        <div className={css({ p: '4' })}>
          <Skeleton count={6} height={40} />
        </div>
      </div>
    )
  }

  if (rows.length === 0) {
    return (
      <div className={frame}>
        {query.isError ? (
          <QueryError query={query} title="Could not load transactions" />
        ) : (
          <EmptyState
            title="No record found"
            description="Transactions for this period and these filters will show here."
            onRefetch={() => void query.refetch()}
            refetching={query.isFetching}
          />
        )}
      </div>
    )
  }

  return (
    <PullToRefresh onRefresh={refresh}>
      <div className={frame}>
        <div
          ref={setListElement}
          role="list"
          aria-label="Transactions"
          aria-busy={query.isFetching}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {items.map((item) => {
            const transaction = rows[item.index]
            return (
              <div
                key={item.key}
                role="listitem"
                aria-setsize={capped ? -1 : total}
                aria-posinset={item.index + 1}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start - scrollMargin}px)`,
                }}
              >
                {transaction ? (
                  <TransactionRow transaction={transaction} link={source.summaryLink(transaction.id)} />
                ) : (
                  <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'center', h: 'full' })}>
                    <Spinner label="Loading more transactions" />
                  </div>
                )}
              </div>
            )
          })}
        </div>
      </div>
      <p className={footerText}>
        {hasNextPage
          ? `Showing ${rows.length.toLocaleString('en-NG')} of ${formatTotal(total, capped)}`
          : formatCount(rows.length, 'transaction')}
      </p>
    </PullToRefresh>
  )
}
