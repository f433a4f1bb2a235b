import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { errorMessage, errorStatus } from '../../../lib/api'
import type { DateRangeKey } from '../../../lib/query-keys'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Money } from '../../../ui/money'
import { Skeleton } from '../../../ui/skeleton'
import { transactionAnalyticsQuery, transactionBreakdownQuery } from '../queries'
import { BreakdownChart } from './breakdown-chart'

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: '3' })
const tile = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderRadius: 'control', bg: 'bg.subtle', minW: '0' })
const tileLabel = css({ textStyle: 'caption', color: 'fg.muted' })
// Amounts wrap rather than truncate: a clipped figure is a wrong figure.
const tileValue = css({ textStyle: 'amount', fontSize: { base: 'md', md: 'lg' }, overflowWrap: 'anywhere' })
const tileNote = css({ textStyle: 'caption', color: 'fg.muted' })

function Tile({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className={tile}>
      <span className={tileLabel}>{label}</span>
      <span className={tileValue}>{value}</span>
      {note ? <span className={tileNote}>{note}</span> : null}
    </div>
  )
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-NG')} ${word}${n === 1 ? '' : 's'}`

/** Home dashboard: successful money in and out, fees and counts for the chosen duration, and the chart. */
export function TransactionAnalytics({ range, periodLabel }: { range: DateRangeKey; periodLabel: string }) {
  const analytics = useQuery(transactionAnalyticsQuery(range))
  const breakdown = useQuery(transactionBreakdownQuery(range))
  const a = analytics.data
  return (
    <Card title="Transactions">
      {a ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <div className={grid}>
            <Tile label="Money in" value={<Money kobo={a.totalCredit} />} note={plural(a.creditCount, 'credit')} />
            <Tile label="Money out" value={<Money kobo={a.totalDebit} />} note={plural(a.debitCount, 'debit')} />
            <Tile label="Fees" value={<Money kobo={a.totalFees} />} />
            <Tile
              label="Transactions"
              value={(a.successCount + a.pendingCount + a.failedCount).toLocaleString('en-NG')}
              note={`${a.successCount} success · ${a.pendingCount} pending · ${a.failedCount} failed`}
            />
          </div>
          {breakdown.data ? (
            <BreakdownChart
              points={breakdown.data.points}
              bucket={breakdown.data.bucket}
              title={`Money in and out, ${periodLabel.toLowerCase()}, per ${breakdown.data.bucket}`}
            />
          ) : breakdown.isPending ? (
            <Skeleton height={180} />
          ) : null}
        </div>
      ) : analytics.isError ? (
        <EmptyState title="No record found" description={errorMessage(analytics.error)} onRefetch={() => void analytics.refetch()} errorStatus={errorStatus(analytics.error)} refetching={analytics.isFetching} />
      ) : (
        <div className={grid}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={64} />
          ))}
        </div>
      )}
    </Card>
  )
}
