import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { errorMessage, errorStatus } from '../../../lib/api'
import { formatKobo } from '../../../lib/money'
import type { DateRangeKey } from '../../../lib/query-keys'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Money } from '../../../ui/money'
import { PairedBarChart } from '../../../ui/paired-bar-chart'
import { Skeleton } from '../../../ui/skeleton'
import { StatTile, statGrid } from '../../../ui/stat-tile'
import { transactionAnalyticsQuery, transactionBreakdownQuery } from '../queries'

const MONEY_SERIES = [
  { name: 'Money in', tone: 'success', key: 'credit' },
  { name: 'Money out', tone: 'danger', key: 'debit' },
] as const

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
          <div className={statGrid}>
            <StatTile label="Money in" value={<Money kobo={a.totalCredit} />} note={plural(a.creditCount, 'credit')} />
            <StatTile label="Money out" value={<Money kobo={a.totalDebit} />} note={plural(a.debitCount, 'debit')} />
            <StatTile label="Fees" value={<Money kobo={a.totalFees} />} />
            <StatTile
              label="Transactions"
              value={(a.successCount + a.pendingCount + a.failedCount).toLocaleString('en-NG')}
              note={`${a.successCount} success · ${a.pendingCount} pending · ${a.failedCount} failed`}
            />
          </div>
          {breakdown.data ? (
            <PairedBarChart
              points={breakdown.data.points.map((p) => ({ label: p.label, values: [p.credit, p.debit] }))}
              series={MONEY_SERIES}
              summary={`Money in and out, ${periodLabel.toLowerCase()}, per ${breakdown.data.bucket}`}
              caption={`Money in and out, ${periodLabel.toLowerCase()}, per ${breakdown.data.bucket}`}
              format={(kobo) => formatKobo(kobo)}
            />
          ) : breakdown.isPending ? (
            <Skeleton height={180} />
          ) : null}
        </div>
      ) : analytics.isError ? (
        <EmptyState title="No record found" description={errorMessage(analytics.error)} onRefetch={() => void analytics.refetch()} errorStatus={errorStatus(analytics.error)} refetching={analytics.isFetching} />
      ) : (
        <div className={statGrid}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={64} />
          ))}
        </div>
      )}
    </Card>
  )
}
