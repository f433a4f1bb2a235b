import { useQuery } from '@tanstack/react-query'

import { Card } from '#app/ui/card'
import { Money } from '#app/ui/money'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { QueryError } from '#app/ui/query-error'
import { statGrid, StatTile } from '#app/ui/stat-tile'

import type { KindText } from '../kinds'
import { type OrderAnalyticsFilters, orderAnalyticsQuery } from '../queries'

const n = (value: number) => value.toLocaleString('en-NG')
const NO_FIGURES = {
  orderCount: 0,
  paidCount: 0,
  partiallyPaidCount: 0,
  pendingCount: 0,
  totalSales: 0,
  totalRefunded: 0,
  refundedCount: 0,
  averageOrderValue: 0,
}

/**
 * The figures for the list below under its filters (orders created in the Date filter's period, of its status and
 * customer): count, money in, refunds, average.
 */
export function OrderAnalytics({ filters, kind }: { filters: OrderAnalyticsFilters; kind: KindText }) {
  const query = useQuery(orderAnalyticsQuery(filters))
  const a = query.data
  if (query.isError && !a) {
    return <QueryError query={query} />
  }
  // Offline with nothing saved for this period (a new day's Today): its fetch waits for the network, so stand-ins
  // would shimmer until then. Said as the list below says it.
  if (isNotSavedOffline(query)) {
    return (
      <section aria-label={`${kind.title} analytics`}>
        <Card>
          <NotSavedOffline />
        </Card>
      </section>
    )
  }
  // Refunded sums every amount that went back; a partial refund leaves its order paid, so the count is of orders
  // refunded in full (decision 089). Until the figures come, zeros stand in for them: the tiles keep their shape.
  const shown = a ?? NO_FIGURES
  return (
    <section aria-label={`${kind.title} analytics`} className={statGrid}>
      <StatTile
        raised
        pending={!a}
        label={kind.plural}
        value={n(shown.orderCount)}
        note={`${n(shown.paidCount)} paid · ${n(shown.partiallyPaidCount)} partially paid · ${n(shown.pendingCount)} pending`}
      />
      <StatTile raised pending={!a} label="Sales" value={<Money kobo={shown.totalSales} />} />
      <StatTile
        raised
        pending={!a}
        label="Refunded"
        value={<Money kobo={shown.totalRefunded} />}
        note={`${n(shown.refundedCount)} refunded in full`}
      />
      <StatTile raised pending={!a} label="Average value" value={<Money kobo={shown.averageOrderValue} />} />
    </section>
  )
}
