import { Link, type LinkProps } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'

export interface TabNavItem {
  label: string
  /** Where the tab goes: a route (and search) of the app. */
  link: Pick<LinkProps, 'to' | 'search' | 'params'>
  /** Whether this tab is the page being shown (routes decide: a tab may be a search param or a path). */
  current: boolean
}

const nav = css({
  display: 'flex',
  gap: '1',
  overflowX: 'auto',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  // Tabs scroll sideways on a phone rather than wrapping into a second row.
  scrollbarWidth: 'none',
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

/** Sections of one page as links (so each section has a URL): Settings tabs, Products / Collections / Coupons. */
export function TabNav({ label, items }: { label: string; items: readonly TabNavItem[] }) {
  const navRef = useRef<HTMLElement>(null)
  const current = items.findIndex((item) => item.current)
  useEffect(() => {
    // On a phone the tabs overflow sideways: a link straight to a later tab must not leave it scrolled out of sight.
    // The first tab is in sight as the bar mounts; scrolling to it anyway forced a whole layout mid-render (121 ms at
    // 4× CPU on /orders). A later one is scrolled to in the next frame, whose layout is due anyway.
    if (current <= 0) return
    const frame = requestAnimationFrame(() => {
      const link = navRef.current?.querySelector<HTMLElement>('[aria-current=page]')
      link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
    })
    return () => cancelAnimationFrame(frame)
  }, [current])
  return (
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
  )
}
