import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { errorMessage, errorStatus } from '../../../lib/api'
import type { DateRangeKey } from '../../../lib/query-keys'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { StatTile, statGridFive } from '../../../ui/stat-tile'
import { customerAnalyticsQuery, customerBreakdownQuery } from '../queries'
import { CustomerChart } from './customer-chart'

const n = (value: number) => value.toLocaleString('en-NG')

/**
 * Customer analytics for the chosen duration: the all-time total, then new, returning, active and anonymous
 * customers in the period, and the chart of new against active per hour or day.
 */
export function CustomerAnalytics({ range, periodLabel }: { range: DateRangeKey; periodLabel: string }) {
  const analytics = useQuery(customerAnalyticsQuery(range))
  const breakdown = useQuery(customerBreakdownQuery(range))
  const a = analytics.data
  const period = periodLabel.toLowerCase()
  return (
    <Card title="Customer analytics">
      {a ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <div className={statGridFive}>
            <StatTile label="Total customers" value={n(a.totalCustomers)} note="All time" wide />
            <StatTile label="New" value={n(a.newCustomers)} note="First seen in the period" />
            <StatTile label="Returning" value={n(a.returningCustomers)} note="Came back in the period" />
            <StatTile label="Active" value={n(a.activeCustomers)} note="Ordered in the period" />
            <StatTile label="Anonymous" value={n(a.anonymousCustomers)} note="No name given" />
          </div>
          {breakdown.data ? (
            <CustomerChart points={breakdown.data.points} period={period} bucket={breakdown.data.bucket} />
          ) : breakdown.isPending ? (
            <Skeleton height={160} />
          ) : null}
        </div>
      ) : analytics.isError ? (
        <EmptyState title="No record found" description={errorMessage(analytics.error)} onRefetch={() => void analytics.refetch()} errorStatus={errorStatus(analytics.error)} refetching={analytics.isFetching} />
      ) : (
        <div className={statGridFive} aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={72} />
          ))}
        </div>
      )}
    </Card>
  )
}
