import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'

import { clockText, dayAndClockText, sameLagosDay } from '#app/lib/lagos-clock'
import { useOnline } from '#app/lib/online'
import { Icon } from '#app/ui/icon'

/**
 * How old what the screen shows is: the oldest answer among the queries in view (those with observers). The newest
 * answer anywhere in the cache was not honest: a screen saved three days ago read "less than a minute ago" when
 * another screen's data had just arrived. With nothing in view holding data, the newest answer in the cache.
 */
function useDataAt(active: boolean) {
  const queryClient = useQueryClient()
  const [at, setAt] = useState(0)
  useEffect(() => {
    if (!active) return
    const read = () => {
      const answered = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.data !== undefined && q.state.dataUpdatedAt > 0)
      const inView = answered.filter((q) => q.getObserversCount() > 0).map((q) => q.state.dataUpdatedAt)
      setAt(inView.length > 0 ? Math.min(...inView) : Math.max(0, ...answered.map((q) => q.state.dataUpdatedAt)))
    }
    read()
    // The timer moves "5 minutes ago" on; the subscription catches the cache being wiped (a sign-out while
    // offline), which must not leave "Showing data from …" over the login page.
    const timer = setInterval(read, 30_000)
    const unsubscribe = queryClient.getQueryCache().subscribe(read)
    return () => {
      clearInterval(timer)
      unsubscribe()
    }
  }, [active, queryClient])
  return at
}

// Made when the banner first shows, not as the module loads: building an Intl formatter loads its locale data,
// 110–124 ms at 4× CPU in every start-up, online ones included, for a banner most starts never draw.
let relative: Intl.RelativeTimeFormat | undefined

/** "5 minutes ago", with the platform's Intl rather than a date library in the first-load bundle. */
function ago(at: number, now = Date.now()): string {
  const seconds = Math.round((at - now) / 1000)
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ]
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size)
      return (relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'always' })).format(Math.round(seconds / size), unit)
  return 'less than a minute ago'
}

/**
 * "as of 10:42", or "as of 25 Nov, 10:42" for another day: the exact age, beside the rounded one (issue 18), on the
 * Lagos clock the screens use (issue 35).
 */
function asOf(at: number, now = Date.now()): string {
  return `as of ${sameLagosDay(at, now) ? clockText(at) : dayAndClockText(at)}`
}

export function OfflineBanner() {
  const online = useOnline()
  const dataAt = useDataAt(!online)
  if (online) return null
  const age = dataAt > 0 ? `Showing data from ${ago(dataAt)} (${asOf(dataAt)}).` : 'Nothing has been saved on this device yet.'
  return (
    <div
      role="status"
      className={css({
        position: 'sticky',
        top: 0,
        zIndex: 'sticky',
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        px: '4',
        py: '2',
        bg: 'warning.subtle',
        color: 'warning.fg',
        fontSize: 'sm',
        fontWeight: 'medium',
      })}
    >
      <Icon name="wifi-off" size={18} />
      <span>You are offline. {age} Money actions are paused until you reconnect.</span>
    </div>
  )
}
