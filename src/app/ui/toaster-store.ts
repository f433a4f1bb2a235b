import { createToaster } from '@ark-ui/react/toast'

/*
 * The one toaster of the app: Ark's toast store. It loads after the first screen with the view that draws it
 * (decision 082); `notify` in ./toast reaches it through a dynamic import, so the first screen does not carry
 * zag's toast machine.
 */

/** From Panda's `md` (768 px): the sidebar and side-panel sheets; below it, the phone header and bottom sheets. */
const WIDE = '(min-width: 48em)'

/*
 * Where a toast hides nothing that matters (issue 22), as decision 109 records:
 * - Phones: at the top, over the app header's name and logo, stopping short of the menu button (the width is in
 *   the toast recipe). The page title below the header stays in view, and so does the top of a bottom sheet, which
 *   leaves a tenth of the screen above it. The bottom is where sheet footers, their buttons and the keyboard are.
 * - Tablets and wider: the bottom-left corner of the content, past the sidebar, clear of the page title; while a
 *   sheet is open (a panel on the right), over the dimmed sidebar, clear of the panel's title and buttons.
 * Decided once, as the store loads: a device does not cross 768 px by turning (a tablet is wider either way).
 * Three toasts at most. On phones they pile (the newest in front, the others peeking from behind it, spread out
 * on a touch), so a second toast does not reach down over the page title; wider screens have room to list them.
 */
const wide = window.matchMedia(WIDE).matches

export const toaster = createToaster({
  placement: wide ? 'bottom-start' : 'top-start',
  max: 3,
  overlap: !wide,
  gap: 8,
  offsets: wide
    ? // The toast recipe sets --toast-left: past the sidebar, or over it while a side-panel sheet is open.
      { top: '16px', right: '24px', bottom: '24px', left: 'var(--toast-left, 272px)' }
    : { top: '6px', right: '8px', bottom: '16px', left: '8px' },
})
