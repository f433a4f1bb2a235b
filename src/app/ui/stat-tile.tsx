import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { skeletonFill } from './skeleton'

/** Two tiles a row on a phone; four (or five) in one row from md up. */
// Four or five abreast only from lg: a portrait tablet (820 px) has the side menu beside the page, and four tiles
// of about 100 px cut a figure such as ₦125,560.00 off at the tile's edge.
export const statGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: '3' })
export const statGridFive = css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', lg: 'repeat(5, 1fr)' }, gap: '3' })

const tile = stack({ gap: '1', p: '3', borderRadius: 'control', bg: 'bg.subtle', minW: '0' })
// On the page background (no card around the grid) a tile is a small card of its own.
const raisedTile = css({ bg: 'bg.surface', boxShadow: 'card' })
// An odd tile out in two columns takes a row of its own.
const wideTile = css({ gridColumn: { base: 'span 2', lg: 'auto' } })
const tileLabel = css({ textStyle: 'caption', color: 'fg.muted' })
// Amounts wrap rather than truncate: a clipped figure is a wrong figure.
const tileValue = css({ textStyle: 'amount', fontSize: { base: 'md', md: 'lg' }, overflowWrap: 'anywhere' })
const tileNote = css({ textStyle: 'caption', color: 'fg.muted' })
// Two caption lines: the longest note that comes and goes with the figures ("1,234 items without a cost price")
// takes two in a phone's half-width tile.
const reservedNote = css({ minH: '8' })
// A stand-in figure: its text keeps the size, the shimmer hides it. At least a short figure's width, so a lone
// '0' reads as a block rather than a sliver (the width never changes the tile's height).
const standIn = css({
  alignSelf: 'flex-start',
  minW: '12',
  borderRadius: 'sm',
  color: 'transparent',
  userSelect: 'none',
  '& *': { color: 'transparent' },
})

export interface StatTileProps {
  label: string
  value: ReactNode
  note?: string
  /** Set when the grid sits on the page background rather than in a card. */
  raised?: boolean
  wide?: boolean
  /**
   * The figures are still loading: the label shows, and the value and note (give stand-ins such as zeros) are
   * drawn as shimmering blocks of their own size, so the tile keeps its shape and nothing below moves when the
   * real figures arrive.
   */
  pending?: boolean
  /**
   * The note depends on the figures (shown for some, not others): keep its room whether or not it is there, so a
   * note arriving with the figures moves nothing below (the layout-shift e2e).
   */
  reserveNote?: boolean
}

/** One figure of an analytics grid (home, orders, customers): what it is, the figure, and a line about it. */
export function StatTile({ label, value, note, raised, wide, pending, reserveNote }: StatTileProps) {
  const hidden = pending ? cx(standIn, skeletonFill) : undefined
  return (
    <div className={cx(tile, raised && raisedTile, wide && wideTile)} aria-busy={pending || undefined}>
      <span className={tileLabel}>{label}</span>
      <span className={cx(tileValue, hidden)} aria-hidden={pending || undefined}>
        {value}
      </span>
      {note || reserveNote ? (
        <span className={cx(tileNote, reserveNote && reservedNote, hidden)} aria-hidden={pending || undefined}>
          {note}
        </span>
      ) : null}
    </div>
  )
}
