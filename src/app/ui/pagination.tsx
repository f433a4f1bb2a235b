import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { formatTotal } from '../lib/format'
import { IconButton } from './button'
import { Select } from './field'

export type PageItem = number | 'gap'

/**
 * The page buttons to draw: always the first and the last page, the current one and one either side, with a gap
 * where pages are skipped. At most seven items, so they fit a phone at 36px each: 1 … 5 6 7 … 500.
 */
export function pageItems(page: number, last: number): PageItem[] {
  if (last <= 7) return Array.from({ length: last }, (_, i) => i + 1)
  const from = Math.max(2, Math.min(page - 1, last - 4))
  const to = Math.min(last - 1, Math.max(page + 1, 5))
  const items: PageItem[] = [1]
  if (from > 2) items.push('gap')
  for (let p = from; p <= to; p++) items.push(p)
  if (to < last - 1) items.push('gap')
  items.push(last)
  return items
}

/** What a list counts, in both numbers: 'Showing 1–1 of 1 outlet', '… of 2 outlets'. */
export interface Noun {
  one: string
  many: string
}

export const nounFor = (n: number, noun: Noun) => (n === 1 ? noun.one : noun.many)

export interface PaginationProps<S extends number = number> {
  page: number
  size: number
  total: number
  onPageChange: (page: number) => void
  /** Offered page sizes; with onSizeChange, a 'Rows per page' select. */
  sizes?: readonly S[]
  onSizeChange?: (size: S) => void
  /** What the list counts. */
  noun: Noun
  /**
   * The server stopped counting at `total` (COUNT_CAP) and there are more: the count reads '10,000+' and Next stays
   * on while pages come back full, past the cap too (decision 157).
   */
  totalCapped?: boolean
  /** Rows on this page: where a capped list's page ends, and whether there is another. */
  shown?: number
}

const root = stack({ alignItems: 'center', gap: '3', py: '2' })
const summary = css({ textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center' })
const pages = css({ display: 'flex', alignItems: 'center', gap: '1' })
const pageButton = css({
  display: 'inline-grid',
  placeItems: 'center',
  minW: '9',
  h: '9',
  px: '1.5',
  borderRadius: 'control',
  fontWeight: 'medium',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  '&[aria-current=page]': { bg: 'accent.default', color: 'fg.onAccent', cursor: 'default' },
})
const gap = css({ display: 'inline-grid', placeItems: 'center', w: '5', color: 'fg.muted' })
const sizeRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  textStyle: 'body.sm',
  color: 'fg.muted',
  '& select': { w: 'auto', h: '9' },
})

const count = (n: number) => n.toLocaleString('en-NG')

/** Page numbers with Previous and Next, for lists paged by the server (the page and size live in the URL). */
export function Pagination<S extends number>({
  page,
  size,
  total,
  onPageChange,
  sizes,
  onSizeChange,
  noun,
  totalCapped = false,
  shown,
}: PaginationProps<S>) {
  const counted = Math.max(1, Math.ceil(total / size))
  // Past a capped count the last page is unknown: there is one more while this one is full.
  const last = totalCapped ? Math.max(counted, shown !== undefined && shown >= size ? page + 1 : page) : counted
  const first = total === 0 ? 0 : (page - 1) * size + 1
  const end = totalCapped && shown !== undefined ? (page - 1) * size + shown : Math.min(total, page * size)
  const of = `${formatTotal(total, totalCapped)} ${totalCapped ? noun.many : nounFor(total, noun)}`
  return (
    <nav aria-label="Pagination" className={root}>
      <p className={summary}>{first > end ? of : `Showing ${count(first)}–${count(end)} of ${of}`}</p>
      {last > 1 ? (
        <div className={pages}>
          <IconButton label="Previous page" icon="chevron-left" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)} />
          {pageItems(page, last).map((item, i) =>
            item === 'gap' ? (
              <span key={`gap-${i}`} className={gap} aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className={pageButton}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onPageChange(item)}
              >
                {item}
              </button>
            ),
          )}
          {totalCapped ? (
            <span className={gap} aria-hidden="true">
              …
            </span>
          ) : null}
          <IconButton label="Next page" icon="chevron-right" size="sm" disabled={page >= last} onClick={() => onPageChange(page + 1)} />
        </div>
      ) : null}
      {sizes && onSizeChange ? (
        <label className={sizeRow}>
          Rows per page
          <Select value={size} onChange={(event) => onSizeChange(sizes.find((s) => s === Number(event.target.value)) ?? sizes[0]!)}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
    </nav>
  )
}
