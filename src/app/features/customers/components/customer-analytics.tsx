import { useQuery } from '@tanstack/react-query'
import { stack } from 'styled-system/patterns'

import type { DateRangeKey } from '#app/lib/query-keys'
import { Card } from '#app/ui/card'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { QueryError } from '#app/ui/query-error'
import { statGridFive, StatTile } from '#app/ui/stat-tile'

import { customerAnalyticsQuery, customerBreakdownQuery } from '../queries'
import { CustomerChart } from './customer-chart'

const n = (value: number) => value.toLocaleString('en-NG')
const NO_FIGURES = { totalCustomers: 0, newCustomers: 0, returningCustomers: 0, activeCustomers: 0, anonymousCustomers: 0 }

/**
 * Customer analytics for the chosen duration: the all-time total, then new, returning, active and anonymous
 * customers in the period, and the chart of new against active per hour or day.
 */
export function CustomerAnalytics({ range, periodLabel }: { range: DateRangeKey; periodLabel: string }) {
  const analytics = useQuery(customerAnalyticsQuery(range))
  const breakdown = useQuery(customerBreakdownQuery(range))
  const a = analytics.data
  const period = periodLabel.toLowerCase()
  // Until the figures come, zeros stand in for them: the card keeps the shape it will have.
  const shown = a ?? NO_FIGURES
  return (
    <Card title="Customer analytics">
      {analytics.isError && !a ? (
        <QueryError query={analytics} />
      ) : isNotSavedOffline(analytics) ? (
        // Offline with nothing saved for this period (a new day's Today): said as the list says it, not shimmered.
        <NotSavedOffline />
      ) : (
        <div className={stack({ gap: '4' })}>
          <div className={statGridFive}>
            <StatTile pending={!a} label="Total customers" value={n(shown.totalCustomers)} note="All time" wide />
            <StatTile pending={!a} label="New" value={n(shown.newCustomers)} note="First seen in the period" />
            <StatTile pending={!a} label="Returning" value={n(shown.returningCustomers)} note="Came back in the period" />
            <StatTile pending={!a} label="Active" value={n(shown.activeCustomers)} note="Ordered in the period" />
            <StatTile pending={!a} label="Anonymous" value={n(shown.anonymousCustomers)} note="No name given" />
          </div>
          {isNotSavedOffline(breakdown) ? (
            <NotSavedOffline />
          ) : breakdown.data || breakdown.isPending ? (
            <CustomerChart breakdown={breakdown.data} period={period} />
          ) : (
            <QueryError query={breakdown} title="Could not load the chart" />
          )}
        </div>
      )}
    </Card>
  )
}
