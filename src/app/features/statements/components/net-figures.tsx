import { useQuery } from '@tanstack/react-query'

import type { DateRangeKey } from '#app/lib/query-keys'
import { NetFiguresBody, NetFiguresFrame } from '#app/ui/net-figures'
import { isNotSavedOffline, NotSavedOffline } from '#app/ui/not-saved'
import { QueryError } from '#app/ui/query-error'

import { netFiguresQuery } from '../queries'

/**
 * What was settled in a range (decisions 178, 194): money paid in from banks, less refunds and the fees the wallet
 * paid, from the main wallet's ledger, equal to the statement's totals and the transactions export's columns for the
 * same days. On Home, Transactions and Orders, for their Date filter's range; drawn as ui/net-figures.tsx's
 * NetFiguresCardPending until its figures come.
 */
export function NetFiguresCard({ range }: { range: DateRangeKey }) {
  const net = useQuery(netFiguresQuery(range))
  return (
    <NetFiguresFrame>
      {net.isError && !net.data ? (
        <QueryError query={net} />
      ) : isNotSavedOffline(net) ? (
        <NotSavedOffline />
      ) : (
        <NetFiguresBody figures={net.data} pending={!net.data} />
      )}
    </NetFiguresFrame>
  )
}
