import { windowScroll } from '@tanstack/react-virtual'
import { useEffect, useState } from 'react'

/**
 * Where `element` starts on the page, from the document top: the window virtualiser counts scroll offsets from
 * there. Re-measured whenever the page's height changes, since whatever sits above a list (filters, chips, an
 * offline banner) can grow and move it.
 *
 * Measured when the ResizeObserver reports (its first report comes after the browser's own layout of the new
 * screen), not in a layout effect: reading a position during React's commit forced a style and layout pass of the
 * whole first screen inside the commit's task (decision 113). Until then the top is 0, which only widens the range
 * of rows drawn: a row's position does not depend on it.
 */
export function useDocumentTop(element: HTMLElement | null): number {
  const [top, setTop] = useState(0)
  useEffect(() => {
    if (!element) return
    const observer = new ResizeObserver(() => setTop(element.getBoundingClientRect().top + window.scrollY))
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [element])
  return top
}

/**
 * The window's size, for a window virtualiser's `initialRect`. Its default (0 × 0) draws no rows in the first
 * render, and the rows on screen then in a second, synchronous render inside the commit (decision 113).
 */
export function windowRect() {
  return { width: window.innerWidth, height: window.innerHeight }
}

/**
 * The window virtualiser's `scrollToFn`, less its scroll to where the window already is. On mount the virtualiser
 * scrolls the window to the offset it holds. `scrollTo({ top })` lays out the whole page before it scrolls, and that
 * happened inside React's commit: 83 ms of a 154 ms commit on /transactions at 4× CPU (decision 120). Skipped,
 * the page is laid out in the browser's own frame after the commit, a task of its own.
 */
export const scrollWindowTo: typeof windowScroll = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) === instance.scrollOffset) return
  windowScroll(offset, options, instance)
}
