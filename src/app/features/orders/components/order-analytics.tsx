import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { errorMessage, errorStatus } from '../../../lib/api'
import type { DateRangeKey } from '../../../lib/query-keys'
import { EmptyState } from '../../../ui/empty-state'
import { Money } from '../../../ui/money'
import { Skeleton } from '../../../ui/skeleton'
import type { KindText } from '../kinds'
import { orderAnalyticsQuery } from '../queries'

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: '3' })
const tile = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderRadius: 'control', bg: 'bg.surface', boxShadow: 'card', minW: '0' })
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
    <section aria-label={`${kind.title} analytics`} className={grid}>
      {a ? (
        <>
          <Tile label={kind.plural} value={n(a.orderCount)} note={`${n(a.paidCount)} paid · ${n(a.pendingCount)} pending`} />
          <Tile label="Sales" value={<Money kobo={a.totalSales} />} />
          <Tile label="Refunded" value={<Money kobo={a.totalRefunded} />} note={`${n(a.refundedCount)} refunded`} />
          <Tile label="Average value" value={<Money kobo={a.averageOrderValue} />} />
        </>
      ) : (
        Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={72} />)
      )}
    </section>
  )
}
