import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { errorMessage, errorStatus } from '../../../lib/api'
import type { DateRangeKey } from '../../../lib/query-keys'
import { Card } from '../../../ui/card'
import { EmptyState } from '../../../ui/empty-state'
import { Skeleton } from '../../../ui/skeleton'
import { customerAnalyticsQuery, customerBreakdownQuery } from '../queries'
import { CustomerChart } from './customer-chart'

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: '3' })
const tile = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderRadius: 'control', bg: 'bg.subtle', minW: '0' })
// Five tiles in two columns: the all-time total takes a row of its own, the four for the period pair up.
const wide = css({ gridColumn: { base: 'span 2', md: 'auto' } })
const tileLabel = css({ textStyle: 'caption', color: 'fg.muted' })
const tileValue = css({ textStyle: 'amount', fontSize: { base: 'lg', md: 'xl' } })
const tileNote = css({ textStyle: 'caption', color: 'fg.muted' })

function Tile({ label, value, note, className }: { label: string; value: number; note: string; className?: string }) {
  return (
    <div className={className ? `${tile} ${className}` : tile}>
      <span className={tileLabel}>{label}</span>
      <span className={tileValue}>{value.toLocaleString('en-NG')}</span>
      <span className={tileNote}>{note}</span>
    </div>
  )
}

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
          <div className={grid}>
            <Tile label="Total customers" value={a.totalCustomers} note="All time" className={wide} />
            <Tile label="New" value={a.newCustomers} note="First seen in the period" />
            <Tile label="Returning" value={a.returningCustomers} note="Came back in the period" />
            <Tile label="Active" value={a.activeCustomers} note="Ordered in the period" />
            <Tile label="Anonymous" value={a.anonymousCustomers} note="No name given" />
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
        <div className={grid} aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={72} />
          ))}
        </div>
      )}
    </Card>
  )
}
