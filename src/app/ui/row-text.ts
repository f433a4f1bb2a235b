import { css } from 'styled-system/css'

/** A list row's name line: wraps anywhere, so a long product or customer name never widens the row. */
export const rowName = css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })

/** The facts under a row's name (price, units, counts), separated by small gaps and wrapping on a phone. */
export const rowMeta = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '1.5',
  mt: '0.5',
  textStyle: 'body.sm',
  color: 'fg.muted',
})
