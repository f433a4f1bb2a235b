import { useRouter } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
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
  back,
  title,
  description,
  actions = 0,
  primaryFirst = false,
  gap = 4,
  children,
}: {
  /** A page under a list (a form, a detail): its '← List' link above the heading (BackSkeleton). */
  back?: ReactNode
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
      {back}
      <PageHeader
        title={title}
        description={description}
        actions={actions ? primaryFirst ? <div className={primaryFirstActions}>{boxes}</div> : <>{boxes}</> : undefined}
      />
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

/**
 * The net figures' card (ui/net-figures.tsx, decision 194) at its height on a 390 px phone, measured in Chromium:
 * its title, two rows of two tiles and its line. A number here, not the card: the route table must not take the
 * card's money formatting and labels.
 */
export const NET_FIGURES_CARD_HEIGHT = 274

/** The net figures' card, on /transactions and /orders for a role that sees the wallet's transactions. */
export function NetFiguresSkeleton() {
  return <CardSkeleton rows={2} rowHeight={72} height={NET_FIGURES_CARD_HEIGHT} />
}

/**
 * /orders and /invoices (features/orders/components/order-list-screen.tsx): three header actions, the filters, tiles;
 * on /orders, the wallet's net figures under them when the role sees them.
 */
export function OrderListSkeleton({ title, tabs = false, netFigures = false }: { title: string; tabs?: boolean; netFigures?: boolean }) {
  return (
    <ScreenSkeleton title={title} actions={3} primaryFirst>
      {tabs ? <TabsSkeleton /> : null}
      <DateFilterSkeleton />
      <TilesSkeleton />
      {netFigures ? <NetFiguresSkeleton /> : null}
      <SearchSkeleton />
      <CardSkeleton />
    </ScreenSkeleton>
  )
}

const backLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  minH: 'touch',
  color: 'accent.fg',
  fontWeight: 'medium',
  textDecoration: 'none',
  alignSelf: 'flex-start',
})

/** Where a page's '← List' link leads. */
export type BackTo = '/orders' | '/invoices' | '/customers' | '/products' | '/outlets' | '/orders/disputes'

/**
 * The '← Orders' link of ui/detail-page.tsx (BackLink), drawn the same and working already: a way out while the
 * page loads. A plain anchor over the router, not BackLink, which would bring createLink into the entry chunk.
 */
export function BackSkeleton({ to, children }: { to: BackTo; children: string }) {
  const router = useRouter()
  const go = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ to })
  }
  return (
    <a href={to} className={backLink} onClick={go}>
      <svg
        width={18}
        height={18}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M19 12H5M12 19l-7-7 7-7" />
      </svg>
      {children}
    </a>
  )
}

const detailHeading = css({
  textStyle: 'title.lg',
  color: 'fg.default',
  h: '8',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
})

/**
 * A detail page (order, customer, outlet, product, dispute) while its route is not ready, drawn as its own
 * DetailFallback (ui/detail-page.tsx) draws the page before its data: the back link, the heading's line, the
 * sections' boxes at the same heights, so neither the swap to that fallback nor to the page moves anything. The
 * heading is the page's own where the route's params make it (`Order <reference>`), in the 32 px line the
 * fallback's heading bar takes; otherwise that bar, with no h1, as the fallback has none.
 */
export function DetailSkeleton({
  back,
  title,
  skeletons = [200, 240],
}: {
  back: ReactNode
  title?: string
  skeletons?: readonly number[]
}) {
  return (
    <div className={cx(column, gaps[4])} aria-busy="true" data-pending-screen="">
      <span className={visuallyHidden()} role="status">
        Loading
      </span>
      {back}
      {title ? <h1 className={detailHeading}>{title}</h1> : <Skeleton height={32} width="60%" />}
      {skeletons.map((height, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </div>
  )
}

/** A form page's sections (ui/card.tsx cards at their phone heights) and its Cancel / submit row. */
export function FormSkeleton({ sections }: { sections: readonly number[] }) {
  return (
    <div className={cx(column, gaps[4])} aria-hidden="true">
      {sections.map((height, i) => (
        <CardSkeleton key={i} rows={Math.max(1, Math.floor((height - 32) / 60))} height={height} />
      ))}
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' })}>
        <ControlSkeleton height={48} />
        <ControlSkeleton height={48} />
      </div>
    </div>
  )
}
