import { useQuery } from '@tanstack/react-query'
import { errorMessage, errorStatus } from '../../../lib/api'
import type { DateRangeKey } from '../../../lib/query-keys'
import { EmptyState } from '../../../ui/empty-state'
import { Money } from '../../../ui/money'
import { Skeleton } from '../../../ui/skeleton'
import { StatTile, statGrid } from '../../../ui/stat-tile'
import type { KindText } from '../kinds'
import { orderAnalyticsQuery } from '../queries'

const n = (value: number) => value.toLocaleString('en-NG')

/** The figures for the Date filter's period (orders created in it): count, money in, refunds, average. */
export function OrderAnalytics({ range, kind }: { range: DateRangeKey; kind: KindText }) {
  const query = useQuery(orderAnalyticsQuery({ ...range, kind: kind.kind }))
  const a = query.data
  if (query.isError && !a) {
    return (
      <EmptyState
        title="No record found"
        description={errorMessage(query.error)}
        errorStatus={errorStatus(query.error)}
        onRefetch={() => void query.refetch()}
        refetching={query.isFetching}
      />
    )
  }
  return (
    <section aria-label={`${kind.title} analytics`} className={statGrid}>
      {a ? (
        <>
          <StatTile raised label={kind.plural} value={n(a.orderCount)} note={`${n(a.paidCount)} paid · ${n(a.pendingCount)} pending`} />
          <StatTile raised label="Sales" value={<Money kobo={a.totalSales} />} />
          <StatTile raised label="Refunded" value={<Money kobo={a.totalRefunded} />} note={`${n(a.refundedCount)} refunded`} />
          <StatTile raised label="Average value" value={<Money kobo={a.averageOrderValue} />} />
        </>
      ) : (
        Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={72} />)
      )}
    </section>
  )
}
