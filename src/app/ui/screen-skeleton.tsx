import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { PageHeader, primaryFirstActions } from './page'
import { Skeleton, skeletonFill } from './skeleton'

/*
 * A screen's pending component (docs/decisions/091): drawn the moment a menu tap lands, before the route's chunk and
 * data are there. Each screen composes its own from these pieces, at the heights its real parts have on a phone, so
 * the swap to the real screen (which shows its own list skeleton until the data comes) moves nothing. The route
 * tree imports these eagerly (they are not split), so they stay small: no Ark, no queries, no contract.
 */

const column = css({ display: 'flex', flexDirection: 'column' })
const gaps = { 3: css({ gap: '3' }), 4: css({ gap: '4' }), 5: css({ gap: '5' }) } as const
const frame = css({ bg: 'bg.surface', borderRadius: 'card', boxShadow: 'card', overflow: 'hidden' })
const control = css({ display: 'block', borderRadius: 'control' })
const tiles = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', md: { gridTemplateColumns: 'repeat(4, 1fr)' } })

/** A button, tab row or field: a shimmering box of the control's height. */
export function ControlSkeleton({ height = 44, width }: { height?: number; width?: string }) {
  return <span aria-hidden="true" className={cx(skeletonFill, control)} style={{ height, width }} />
}

/** The page's real heading over the placeholders; its actions (buttons, by count) as boxes. */
export function ScreenSkeleton({
  title,
  description,
  actions = 0,
  primaryFirst = false,
  gap = 4,
  children,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: number
  /** The header's first action takes a row of its own on a phone (ui/page.tsx primaryFirstActions). */
  primaryFirst?: boolean
  gap?: keyof typeof gaps
  children: ReactNode
}) {
  const boxes = Array.from({ length: actions }, (_, i) => <ControlSkeleton key={i} />)
  return (
    <div className={cx(column, gaps[gap])} aria-busy="true" data-pending-screen="">
      <span className={visuallyHidden()} role="status">
        Loading
      </span>
      <PageHeader title={title} description={description} actions={actions ? primaryFirst ? <div className={primaryFirstActions}>{boxes}</div> : <>{boxes}</> : undefined} />
      {children}
    </div>
  )
}

/** The Date filter (label and chips). */
export function DateFilterSkeleton() {
  return (
    <div className={cx(column, gaps[3])} aria-hidden="true">
      <Skeleton height={18} width="30%" />
      <ControlSkeleton />
    </div>
  )
}

/** Tab links under the header (Orders | Disputes, Products | Collections | Coupons, the settings tabs). */
export function TabsSkeleton() {
  return <ControlSkeleton height={45} width="70%" />
}

/** A search box. */
export function SearchSkeleton() {
  return <ControlSkeleton height={48} />
}

/** A row of stat tiles (two a row on a phone), each a tile's height. */
export function TilesSkeleton({ count = 4, height = 88 }: { count?: number; height?: number }) {
  return (
    <div className={tiles} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <ControlSkeleton key={i} height={height} />
      ))}
    </div>
  )
}

/** A card: the list frame of ui/paged-list.tsx with its loading rows, or any card of a given height. */
export function CardSkeleton({ rows = 5, rowHeight = 52, height }: { rows?: number; rowHeight?: number; height?: number }) {
  return (
    <div className={frame} style={height ? { height } : undefined}>
      <div className={css({ p: '4' })}>
        <Skeleton count={rows} height={rowHeight} />
      </div>
    </div>
  )
}

/** /orders and /invoices (features/orders/components/order-list-screen.tsx): three header actions, the filters, tiles. */
export function OrderListSkeleton({ title, tabs = false }: { title: string; tabs?: boolean }) {
  return (
    <ScreenSkeleton title={title} actions={3} primaryFirst>
      {tabs ? <TabsSkeleton /> : null}
      <DateFilterSkeleton />
      <TilesSkeleton />
      <SearchSkeleton />
      <CardSkeleton />
    </ScreenSkeleton>
  )
}
