import { useLayoutEffect, useState } from 'react'

/**
 * Where `element` starts on the page, from the document top: the window virtualiser counts scroll offsets from
 * there. Re-measured whenever the page's height changes, since whatever sits above a list (filters, chips, an
 * offline banner) can grow and move it.
 */
export function useDocumentTop(element: HTMLElement | null): number {
  const [top, setTop] = useState(0)
  useLayoutEffect(() => {
    if (!element) return
    const measure = () => setTop(element.getBoundingClientRect().top + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [element])
  return top
}
