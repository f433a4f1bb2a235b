import { useQuery } from '@tanstack/react-query'
import { stack } from 'styled-system/patterns'

import { formatCount } from '#app/lib/format'
import type { DateRangeKey } from '#app/lib/query-keys'
import { Card } from '#app/ui/card'
import { Money } from '#app/ui/money'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { PairedBarChart } from '#app/ui/paired-bar-chart'
import { QueryError } from '#app/ui/query-error'
import { statGrid, StatTile } from '#app/ui/stat-tile'
import { formatKobo } from '#contract/naira'

import { transactionAnalyticsQuery, transactionBreakdownQuery } from '../queries'

const MONEY_SERIES = [
  { name: 'Money in', tone: 'success', key: 'credit' },
  { name: 'Money out', tone: 'danger', key: 'debit' },
] as const

const NO_FIGURES = {
  totalCredit: 0,
  totalDebit: 0,
  totalFees: 0,
  creditCount: 0,
  debitCount: 0,
  successCount: 0,
  pendingCount: 0,
  failedCount: 0,
}

/** Home dashboard: successful money in and out, fees and counts for the chosen duration, and the chart. */
export function TransactionAnalytics({ range, periodLabel }: { range: DateRangeKey; periodLabel: string }) {
  const analytics = useQuery(transactionAnalyticsQuery(range))
  const breakdown = useQuery(transactionBreakdownQuery(range))
  const a = analytics.data
  // Until the figures come, zeros stand in for them: the card keeps the shape it will have.
  const shown = a ?? NO_FIGURES
  // Read only once the breakdown is there: while it loads the chart draws neither its image nor its table.
  const chartName = breakdown.data ? `Money in and out, ${periodLabel.toLowerCase()}, per ${breakdown.data.bucket}` : ''
  return (
    <Card title="Transactions">
      {analytics.isError && !a ? (
        <QueryError query={analytics} />
      ) : isNotSavedOffline(analytics) ? (
        // Offline with nothing saved for this period (a new day's Today): said as the lists say it, not shimmered.
        <NotSavedOffline />
      ) : (
        <div className={stack({ gap: '4' })}>
          <div className={statGrid}>
            <StatTile
              pending={!a}
              label="Money in"
              value={<Money kobo={shown.totalCredit} />}
              note={formatCount(shown.creditCount, 'credit')}
            />
            <StatTile
              pending={!a}
              label="Money out"
              value={<Money kobo={shown.totalDebit} />}
              note={formatCount(shown.debitCount, 'debit')}
            />
            <StatTile pending={!a} label="Fees" value={<Money kobo={shown.totalFees} />} />
            <StatTile
              pending={!a}
              label="Transactions"
              value={(shown.successCount + shown.pendingCount + shown.failedCount).toLocaleString('en-NG')}
              note={`${shown.successCount} success · ${shown.pendingCount} pending · ${shown.failedCount} failed`}
            />
          </div>
          {isNotSavedOffline(breakdown) ? (
            <NotSavedOffline />
          ) : breakdown.data || breakdown.isPending ? (
            <PairedBarChart
              points={breakdown.data?.points.map((p) => ({ label: p.label, values: [p.credit, p.debit] }))}
              series={MONEY_SERIES}
              summary={chartName}
              caption={chartName}
              format={(kobo) => formatKobo(kobo)}
            />
          ) : (
            <QueryError query={breakdown} title="Could not load the chart" />
          )}
        </div>
      )}
    </Card>
  )
}
