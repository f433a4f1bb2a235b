import { formatCount } from '#app/lib/format'
import { bucketLabel, PairedBarChart } from '#app/ui/paired-bar-chart'
import type { CustomerBreakdown } from '#contract/customers'

type Point = CustomerBreakdown['points'][number]

// Brand green against blue: the two series must differ in more than a shade.
const SERIES = [
  { name: 'Active', tone: 'accent', key: 'active' },
  { name: 'New', tone: 'info', key: 'new' },
] as const

const people = (n: number) => formatCount(n, 'customer')

/** One sentence a screen reader says for the whole chart: the totals and the busiest bucket. */
export function chartSummary(points: readonly Point[], period: string, bucket: CustomerBreakdown['bucket']): string {
  if (points.length === 0) return `No customer activity ${period}.`
  const totalNew = points.reduce((n, p) => n + p.newCustomers, 0)
  const busiest = points.reduce((best, p) => (p.activeCustomers > best.activeCustomers ? p : best), points[0]!)
  const peak = busiest.activeCustomers > 0 ? ` Busiest: ${bucketLabel(busiest.label)}, ${people(busiest.activeCustomers)} active.` : ''
  return `New and active customers ${period}, per ${bucket}, ${points.length} bars: ${people(totalNew)} new in all.${peak}`
}

/** New against active customers per hour or day (docs/decisions/041); its loading shape while `breakdown` is undefined. */
export function CustomerChart({ breakdown, period }: { breakdown: CustomerBreakdown | undefined; period: string }) {
  return (
    <PairedBarChart
      points={breakdown?.points.map((p) => ({ label: p.label, values: [p.activeCustomers, p.newCustomers] }))}
      series={SERIES}
      // Read only once the breakdown is there: while it loads the chart draws neither its image nor its table.
      summary={breakdown ? chartSummary(breakdown.points, period, breakdown.bucket) : ''}
      caption={breakdown ? `New and active customers ${period}, per ${breakdown.bucket}` : ''}
      scaleTitle="Customers"
      emptyText={`No new or active customers ${period}.`}
      height={140}
    />
  )
}
