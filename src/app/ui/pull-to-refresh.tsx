import { type ReactNode, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'

import { Icon } from './icon'
import { Spinner } from './spinner'

export interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>
  children: ReactNode
  disabled?: boolean
}

/** How far (px) the finger must pull before letting go refreshes. */
export const PULL_THRESHOLD = 72
const MAX_PULL = 110

const indicator = css({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'center',
  gap: '2',
  overflow: 'hidden',
  color: 'fg.muted',
  textStyle: 'body.sm',
  transition: 'height 150ms ease-out',
})

/**
 * Pull down from the top of the page to refresh, on touch screens. The browser's own pull-to-refresh (which
 * reloads the whole app) is switched off while this is mounted. Other devices get a Refresh button from the
 * screen; touch events simply never fire there.
 */
export function PullToRefresh({ onRefresh, children, disabled }: PullToRefreshProps) {
  const [pull, setPull] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  const start = useRef<number | null>(null)

  useEffect(() => {
    const root = document.documentElement
    const previous = root.style.overscrollBehaviorY
    root.style.overscrollBehaviorY = 'contain'
    return () => {
      root.style.overscrollBehaviorY = previous
    }
  }, [])

  const height = refreshing ? 48 : pull
  const ready = pull >= PULL_THRESHOLD

  return (
    <div
      onTouchStart={(event) => {
        // Only a pull that starts with the page at its very top; mid-page it is an ordinary scroll.
        start.current = !disabled && !refreshing && window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null
      }}
      onTouchMove={(event) => {
        if (start.current === null) return
        const dy = (event.touches[0]?.clientY ?? start.current) - start.current
        // Resistance: the indicator follows at half the finger's speed, like the platform's.
        setPull(dy > 0 ? Math.min(dy / 2, MAX_PULL) : 0)
      }}
      onTouchEnd={() => {
        start.current = null
        if (pull >= PULL_THRESHOLD) {
          setRefreshing(true)
          void onRefresh().finally(() => setRefreshing(false))
        }
        setPull(0)
      }}
    >
      <div className={indicator} style={{ height }} aria-hidden={!refreshing}>
        {refreshing ? (
          <>
            <Spinner size="sm" />
            <span role="status">Refreshing…</span>
          </>
        ) : pull > 0 ? (
          <>
            <span style={{ transform: ready ? 'rotate(180deg)' : undefined, display: 'inline-flex', transition: 'transform 150ms' }}>
              <Icon name="chevron-down" size={18} />
            </span>
            <span>{ready ? 'Release to refresh' : 'Pull to refresh'}</span>
          </>
        ) : null}
      </div>
      {children}
    </div>
  )
}
