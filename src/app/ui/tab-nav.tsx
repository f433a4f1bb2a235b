import { Link, type LinkProps } from '@tanstack/react-router'
import { type RefObject, useEffect, useRef } from 'react'
import { css } from 'styled-system/css'

import { Icon } from './icon'

export interface TabNavItem {
  label: string
  /** Where the tab goes: a route (and search) of the app. */
  link: Pick<LinkProps, 'to' | 'search' | 'params'>
  /** Whether this tab is the page being shown (routes decide: a tab may be a search param or a path). */
  current: boolean
}

const frame = css({ position: 'relative', borderBottomWidth: '1px', borderColor: 'border.default' })
const nav = css({
  display: 'flex',
  gap: '1',
  overflowX: 'auto',
  // Tabs scroll sideways on a phone rather than wrapping into a second row; the edges say so (below).
  scrollbarWidth: 'none',
})
// A fade with a chevron over each edge that has tabs beyond it: without a scrollbar, nine tabs on a phone showed
// three and no sign of the other six (issue 35). Only a cue: taps go through to the tab under it.
const edge = css({
  position: 'absolute',
  top: '0',
  bottom: '0',
  w: '12',
  display: 'flex',
  alignItems: 'center',
  color: 'fg.muted',
  pointerEvents: 'none',
  opacity: '0',
  transition: 'opacity 150ms',
  '&[data-more]': { opacity: '1' },
})
const startEdge = css({
  left: '0',
  justifyContent: 'flex-start',
  background: 'linear-gradient(to right, {colors.bg.canvas} 45%, transparent)',
})
const endEdge = css({
  right: '0',
  justifyContent: 'flex-end',
  background: 'linear-gradient(to left, {colors.bg.canvas} 45%, transparent)',
})

const tab = css({
  px: '4',
  minHeight: '44px',
  display: 'inline-flex',
  alignItems: 'center',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  whiteSpace: 'nowrap',
  '&[aria-current=page]': { color: 'accent.default', borderColor: 'accent.default' },
})

/**
 * Marks each edge that has tabs beyond it, as the bar scrolls or changes width. Read in an animation frame, never
 * in React's commit (decision 120), and written to the edges' attributes, so scrolling re-renders nothing.
 */
function useOverflowEdges(
  navRef: RefObject<HTMLElement | null>,
  startRef: RefObject<HTMLElement | null>,
  endRef: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const bar = navRef.current
    if (!bar) return
    let frame = 0
    const measure = () => {
      frame = 0
      startRef.current?.toggleAttribute('data-more', bar.scrollLeft > 1)
      endRef.current?.toggleAttribute('data-more', bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    schedule()
    bar.addEventListener('scroll', schedule, { passive: true })
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule)
    resize?.observe(bar)
    return () => {
      cancelAnimationFrame(frame)
      bar.removeEventListener('scroll', schedule)
      resize?.disconnect()
    }
  }, [navRef, startRef, endRef])
}

/** Sections of one page as links (so each section has a URL): Settings tabs, Products / Collections / Coupons. */
export function TabNav({ label, items }: { label: string; items: readonly TabNavItem[] }) {
  const navRef = useRef<HTMLElement>(null)
  const startRef = useRef<HTMLSpanElement>(null)
  const endRef = useRef<HTMLSpanElement>(null)
  useOverflowEdges(navRef, startRef, endRef)
  const current = items.findIndex((item) => item.current)
  useEffect(() => {
    // On a phone the tabs overflow sideways: a link straight to a later tab must not leave it scrolled out of sight
    // (centred, so neither edge's fade covers it).
    // The first tab is in sight as the bar mounts; scrolling to it anyway forced a whole layout mid-render (121 ms at
    // 4× CPU on /orders). A later one is scrolled to in the next frame, whose layout is due anyway.
    if (current <= 0) return
    const frame = requestAnimationFrame(() => {
      const link = navRef.current?.querySelector<HTMLElement>('[aria-current=page]')
      link?.scrollIntoView?.({ block: 'nearest', inline: 'center' })
    })
    return () => cancelAnimationFrame(frame)
  }, [current])
  return (
    <div className={frame}>
      <nav ref={navRef} aria-label={label} className={nav}>
        {items.map((item) => (
          // Link marks itself aria-current when the URL is at or under its target, so /products would stay "current"
          // on /products/coupons. With exact matching Link only agrees with the route, which says which tab is current.
          <Link
            key={item.label}
            {...item.link}
            activeOptions={{ exact: true }}
            aria-current={item.current ? 'page' : undefined}
            className={tab}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <span ref={startRef} className={`${edge} ${startEdge}`} aria-hidden="true">
        <Icon name="chevron-left" size={18} />
      </span>
      <span ref={endRef} className={`${edge} ${endEdge}`} aria-hidden="true">
        <Icon name="chevron-right" size={18} />
      </span>
    </div>
  )
}
