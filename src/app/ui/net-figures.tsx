import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import { STATEMENT_TOTAL_LABELS } from '#contract/statement-labels'
import type { NetFigures } from '#contract/statements'

import { Card } from './card'
import { Money } from './money'
import { statGrid, StatTile } from './stat-tile'

/*
 * The net figures' look (decision 178): gross sales, refunds, fees and net settled as tiles, and the card Home,
 * Transactions and Orders show them in (decision 194). Here, not in the statements feature, so that a route can draw
 * the card's exact shape while the feature's lazy chunk is on its way: nothing moves when the card arrives.
 */

const NONE: NetFigures = { grossSales: 0, refunds: 0, fees: 0, netSettled: 0 }
const note = css({ textStyle: 'caption', color: 'fg.muted' })

/** The four figures, as the cards and the statement screen show them (the statement's totals are the same). */
export function NetFigureTiles({ figures, pending = false }: { figures?: NetFigures; pending?: boolean }) {
  const shown = figures ?? NONE
  const L = STATEMENT_TOTAL_LABELS
  return (
    <div className={statGrid}>
      <StatTile pending={pending} label={L.grossSales} value={<Money kobo={shown.grossSales} />} />
      <StatTile pending={pending} label={L.refunds} value={<Money kobo={shown.refunds} />} />
      <StatTile pending={pending} label={L.fees} value={<Money kobo={shown.fees} />} />
      <StatTile pending={pending} label={L.netSettled} value={<Money kobo={shown.netSettled} />} />
    </div>
  )
}

/** The card's frame: its title around what the query gave (the figures, or why there are none). */
export function NetFiguresFrame({ children }: { children: ReactNode }) {
  return <Card title="Net settled">{children}</Card>
}

/** The figures with the line that says what they are; zeros shimmering while `pending`. */
export function NetFiguresBody({ figures, pending = false }: { figures?: NetFigures; pending?: boolean }) {
  return (
    <div className={stack({ gap: '2' })}>
      <NetFigureTiles figures={figures} pending={pending} />
      <p className={note}>Gross sales less refunds and fees, from the main wallet&apos;s ledger.</p>
    </div>
  )
}

/** The card as it first draws, before its figures: the stand-in a route shows while the card's code loads. */
export function NetFiguresCardPending() {
  return (
    <NetFiguresFrame>
      <NetFiguresBody pending />
    </NetFiguresFrame>
  )
}
