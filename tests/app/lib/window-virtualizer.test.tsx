import type { Virtualizer } from '@tanstack/react-virtual'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { scrollWindowTo } from '#app/lib/window-virtualizer'

/*
 * Decision 120: the window virtualiser's scroll to where the window already is would lay the whole page out inside
 * React's commit. It is skipped; every other scroll goes to the window as before.
 */

const at = (scrollOffset: number) =>
  ({ scrollOffset, scrollElement: window, options: { horizontal: false } }) as unknown as Virtualizer<Window, Element>

describe('scrollWindowTo', () => {
  afterEach(() => vi.restoreAllMocks())

  it('does not scroll the window to the offset it is already at', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    scrollWindowTo(0, { adjustments: 0 }, at(0))
    scrollWindowTo(300, {}, at(300))
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('scrolls it anywhere else, adjustments included', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    scrollWindowTo(300, { adjustments: 20, behavior: 'smooth' }, at(0))
    expect(scrollTo).toHaveBeenCalledWith({ top: 320, behavior: 'smooth' })
  })
})
