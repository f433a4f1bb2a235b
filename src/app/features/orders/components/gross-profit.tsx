import { useQuery } from '@tanstack/react-query'

import { formatCount } from '#app/lib/format'
import { usePermission } from '#app/lib/permissions'
import type { DateRangeKey } from '#app/lib/query-keys'
import { Card } from '#app/ui/card'
import { Money } from '#app/ui/money'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { QueryError } from '#app/ui/query-error'
import { statGrid, StatTile } from '#app/ui/stat-tile'
import { marginOf } from '#contract/margin'

import { grossProfitQuery } from '../queries'

const NO_FIGURES = { totalSales: 0, totalRefunded: 0, costOfSales: 0, grossProfit: 0, uncostedItems: 0 }

/**
 * Home's sales and gross profit for the Date filter's range (decision 175): the money received for the orders and
 * invoices made in it, less refunds, less what the goods that stayed sold cost when sold. Only for a role with both
 * orders and products: the server leaves cost out of every answer to anyone without products.
 */
export function GrossProfit({ range }: { range: DateRangeKey }) {
  const canSeeOrders = usePermission('VENDOR_ORDERS')
  const canSeeCost = usePermission('VENDOR_INVENTORY')
  const canSee = canSeeOrders && canSeeCost
  const query = useQuery({ ...grossProfitQuery(range), enabled: canSee })
  if (!canSee) return null
  const a = query.data
  const shown = { ...NO_FIGURES, ...a }
  const netSales = shown.totalSales - shown.totalRefunded
  const margin = marginOf(netSales, shown.costOfSales)
  return (
    <Card title="Sales and profit">
      {query.isError && !a ? (
        <QueryError query={query} />
      ) : isNotSavedOffline(query) ? (
        <NotSavedOffline />
      ) : (
        <div className={statGrid}>
          <StatTile pending={!a} label="Sales" value={<Money kobo={shown.totalSales} />} />
          <StatTile pending={!a} label="Refunded" value={<Money kobo={shown.totalRefunded} />} />
          <StatTile
            pending={!a}
            label="Cost of goods sold"
            value={<Money kobo={shown.costOfSales} />}
            note={shown.uncostedItems ? `${formatCount(shown.uncostedItems, 'item')} without a cost price` : undefined}
            reserveNote
          />
          <StatTile
            pending={!a}
            label="Gross profit"
            value={<Money kobo={shown.grossProfit} />}
            note={margin.percent ? `${margin.percent} of sales after refunds` : undefined}
            reserveNote
          />
        </div>
      )}
    </Card>
  )
}
