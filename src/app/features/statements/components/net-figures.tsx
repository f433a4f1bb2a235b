import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'

import type { DateRangeKey } from '#app/lib/query-keys'
import { Card } from '#app/ui/card'
import { Money } from '#app/ui/money'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { QueryError } from '#app/ui/query-error'
import { statGrid, StatTile } from '#app/ui/stat-tile'
import type { NetFigures } from '#contract/statements'
import { STATEMENT_TOTAL_LABELS } from '#contract/statements'

import { netFiguresQuery } from '../queries'

const NONE: NetFigures = { grossSales: 0, refunds: 0, fees: 0, netSettled: 0 }
const note = css({ textStyle: 'caption', color: 'fg.muted' })

/** The four figures, as Home's card and the statement screen show them (the statement's totals are the same). */
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

/**
 * Home: what was settled in the chosen range (decision 178): money paid in from banks, less refunds and the fees the
 * wallet paid, from the main wallet's ledger, equal to the statement's totals for the same days.
 */
export function NetFiguresCard({ range }: { range: DateRangeKey }) {
  const net = useQuery(netFiguresQuery(range))
  return (
    <Card title="Net settled">
      {net.isError && !net.data ? (
        <QueryError query={net} />
      ) : isNotSavedOffline(net) ? (
        <NotSavedOffline />
      ) : (
        <div className={stack({ gap: '2' })}>
          <NetFigureTiles figures={net.data} pending={!net.data} />
          <p className={note}>Gross sales less refunds and fees, from the main wallet&apos;s ledger.</p>
        </div>
      )}
    </Card>
  )
}
