import { Portal } from '@ark-ui/react/portal'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { stack, visuallyHidden } from 'styled-system/patterns'

import { formatCount, formatTotal } from '#app/lib/format'
import { Button } from '#app/ui/button'
import type { CustomerPickerProps } from '#app/ui/customer-choice'
import { dialogParts } from '#app/ui/dialog-parts'
import { EmptyState } from '#app/ui/empty-state'
import { Icon } from '#app/ui/icon'
import { QueryError } from '#app/ui/query-error'
import { rowName } from '#app/ui/row-text'
import { SearchBox } from '#app/ui/search-box'
import { Skeleton } from '#app/ui/skeleton'
import type { Customer } from '#contract/customers'

import { customerPickerQuery } from './queries'

const { Root, Backdrop, Positioner, Content, Title, Footer } = dialogParts

export const NO_CUSTOMER_FOUND = 'No customer found'

// The dialog recipe centres its text for outcomes; a picker reads as a left-aligned list.
const body = stack({ gap: '3', w: 'full', textAlign: 'left' })
// The results scroll under a fixed search box, so the box stays in reach however far the list goes.
const results = css({
  maxH: '50dvh',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  mx: '-2',
  transition: 'opacity 150ms',
  '&[aria-busy=true]': { opacity: 0.6 },
})
const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  minH: 'touch',
  px: '2',
  py: '2',
  borderRadius: 'control',
  textAlign: 'left',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  '&[aria-pressed=true]': { bg: 'accent.subtle', color: 'accent.fg' },
})
const meta = css({ display: 'block', textStyle: 'body.sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const count = css({ textStyle: 'caption', color: 'fg.muted', textAlign: 'center' })

/** What tells two customers of the same name apart: their email or phone, or that they are anonymous. */
function contact(c: Customer): string {
  if (c.isAnonymous) return 'Anonymous'
  return [c.email, c.phone].filter(Boolean).join(' · ')
}

/**
 * The customer picker dialog (SPEC §2), shared by every customer filter (transactions, orders, invoices): search
 * by name as you type, a page at a time with "Load more". Escape, Cancel and the backdrop close it.
 */
export function CustomerPicker({ open, onOpenChange, onSelect, selectedId }: CustomerPickerProps) {
  return (
    <Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Backdrop />
        <Positioner>
          <Content>
            <Title>Select Customer</Title>
            {/* Mounted with the dialog (lazyMount), so each opening starts with an empty search. */}
            <PickerBody
              selectedId={selectedId}
              onSelect={(customer) => {
                onSelect(customer)
                onOpenChange(false)
              }}
            />
            <Footer>
              <Button variant="outline" size="lg" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
            </Footer>
          </Content>
        </Positioner>
      </Portal>
    </Root>
  )
}

function PickerBody({ selectedId, onSelect }: { selectedId?: string; onSelect: (customer: { id: string; name: string }) => void }) {
  // SearchBox hands the text on once typing pauses: one request per pause, not per keystroke.
  const [search, setSearch] = useState('')
  const query = useInfiniteQuery(customerPickerQuery(search))
  const customers = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data])
  // The newest page's total: a name search with many matches counts only the rows its pages have shown (decision 186).
  const total = query.data?.pages.at(-1)?.total ?? 0
  const totalCapped = query.data?.pages.at(-1)?.totalCapped ?? false
  // The answer for the latest search not in yet: the old results stay, dimmed.
  const stale = query.isPlaceholderData

  return (
    <div className={body}>
      <SearchBox value={search} onChange={setSearch} label="Search customers by name" placeholder="Search customers" />
      {query.isPending ? (
        <div aria-busy="true">
          <span className={visuallyHidden()} role="status">
            Loading customers
          </span>
          <Skeleton count={4} height={44} />
        </div>
      ) : customers.length === 0 && query.isError ? (
        <QueryError query={query} title="Could not load customers" />
      ) : customers.length === 0 ? (
        <EmptyState
          title={NO_CUSTOMER_FOUND}
          description={search ? `No customer's name contains "${search}".` : 'Customers will be displayed here'}
        />
      ) : (
        <>
          <ul aria-label="Customers" aria-busy={stale} className={results}>
            {customers.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={option}
                  aria-pressed={c.id === selectedId}
                  onClick={() => onSelect({ id: c.id, name: c.name })}
                >
                  <span className={css({ flex: '1', minW: '0' })}>
                    <span className={rowName}>{c.name}</span>
                    {contact(c) ? <span className={meta}>{contact(c)}</span> : null}
                  </span>
                  {c.id === selectedId ? <Icon name="check" size={18} /> : null}
                </button>
              </li>
            ))}
          </ul>
          <p className={count} aria-live="polite">
            {customers.length < total || totalCapped
              ? `Showing ${customers.length.toLocaleString('en-NG')} of ${formatTotal(total, totalCapped)}`
              : formatCount(total, 'customer')}
          </p>
          {query.hasNextPage ? (
            <Button variant="outline" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Load more
            </Button>
          ) : null}
        </>
      )}
    </div>
  )
}
