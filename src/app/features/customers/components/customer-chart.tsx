import { css } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import type { CustomerBreakdown } from '../../../../contract/customers'

type Point = CustomerBreakdown['points'][number]

const WIDTH = 640
const HEIGHT = 140
/** Room above the tallest bar, so it never touches the card's edge. */
const HEADROOM = 8

const activeFill = css({ fill: 'accent.default' })
// Blue against the brand green: the two series must differ in more than a shade.
const newFill = css({ fill: 'info.default' })
const baseline = css({ stroke: 'border.default' })
// Text is HTML around the SVG: the SVG stretches to the card's width, which would distort text drawn in it.
const scale = css({ display: 'flex', justifyContent: 'space-between', textStyle: 'caption', color: 'fg.muted', mb: '1' })
const axis = css({ position: 'relative', h: '5', mt: '1', textStyle: 'caption', color: 'fg.muted' })
const axisLabel = css({ position: 'absolute', top: '0', transform: 'translateX(-50%)', whiteSpace: 'nowrap' })
// The first and last labels line up with the chart's edges instead of centring on their bar, which would push
// them past the card (and widen the page) on a phone.
const firstLabel = css({ position: 'absolute', top: '0', left: '0', whiteSpace: 'nowrap' })
const lastLabel = css({ position: 'absolute', top: '0', right: '0', whiteSpace: 'nowrap' })
const quiet = css({ display: 'grid', placeItems: 'center', h: '100%', textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center', px: '4' })
const legend = css({ display: 'flex', gap: '4', textStyle: 'caption', color: 'fg.muted', mt: '2' })
const swatch = css({ display: 'inline-block', w: '2.5', h: '2.5', borderRadius: 'sm', mr: '1.5' })

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The server's bucket label: a day '2026-11-16' reads '16 Nov'; an hour ('09:00') is kept as it is. */
export function bucketLabel(label: string): string {
  const day = /^\d{4}-(\d{2})-(\d{2})$/.exec(label)
  return day ? `${Number(day[2])} ${MONTHS[Number(day[1]) - 1] ?? ''}`.trim() : label
}

/** Up to five x labels, evenly spread, the last always shown (and its neighbour dropped if they would touch). */
function shownLabels(count: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / 5))
  const shown = new Set<number>()
  for (let i = 0; i < count; i += step) shown.add(i)
  if (count > 0 && !shown.has(count - 1)) {
    if (count - 1 - Math.max(...shown) < step / 2) shown.delete(Math.max(...shown))
    shown.add(count - 1)
  }
  return shown
}

const people = (n: number) => `${n.toLocaleString('en-NG')} customer${n === 1 ? '' : 's'}`

/** One sentence a screen reader says for the whole chart: the totals and the busiest bucket. */
export function chartSummary(points: readonly Point[], period: string, bucket: CustomerBreakdown['bucket']): string {
  if (points.length === 0) return `No customer activity ${period}.`
  const totalNew = points.reduce((n, p) => n + p.newCustomers, 0)
  const busiest = points.reduce((best, p) => (p.activeCustomers > best.activeCustomers ? p : best), points[0]!)
  const peak = busiest.activeCustomers > 0 ? ` Busiest: ${bucketLabel(busiest.label)}, ${people(busiest.activeCustomers)} active.` : ''
  return `New and active customers ${period}, per ${bucket}, ${points.length} bars: ${people(totalNew)} new in all.${peak}`
}

/**
 * New against active customers per bucket as paired bars, drawn in SVG by hand (no chart library: a chart
 * library is tens of kilobytes for two rectangles per bucket). The SVG is one image to assistive technology,
 * named by a summary sentence; the figures themselves are in a visually hidden table beside it.
 */
export function CustomerChart({ points, period, bucket }: { points: readonly Point[]; period: string; bucket: CustomerBreakdown['bucket'] }) {
  const max = Math.max(1, ...points.map((p) => Math.max(p.newCustomers, p.activeCustomers)))
  const slot = (WIDTH - 8) / Math.max(points.length, 1)
  const bar = Math.max(2, Math.min(18, slot / 2 - 2))
  const height = (value: number) => (value > 0 ? Math.max(2, (value / max) * (HEIGHT - HEADROOM)) : 0)
  const labels = shownLabels(points.length)
  const centre = (i: number) => 4 + i * slot + slot / 2
  const empty = points.every((p) => p.newCustomers === 0 && p.activeCustomers === 0)
  const labelClass = (i: number) => (points.length > 1 && i === 0 ? firstLabel : points.length > 1 && i === points.length - 1 ? lastLabel : axisLabel)

  return (
    <figure className={css({ m: '0' })}>
      <div className={scale} aria-hidden="true">
        <span>Customers</span>
        {empty ? null : <span>max {max.toLocaleString('en-NG')}</span>}
      </div>
      {/* An empty period says so in words; a blank plot reads as a chart that failed to load. */}
      {empty ? (
        <p className={quiet} style={{ height: HEIGHT }}>
          No new or active customers {period}.
        </p>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          role="img"
          aria-label={chartSummary(points, period, bucket)}
          preserveAspectRatio="none"
          style={{ height: HEIGHT, display: 'block' }}
        >
          <line x1="0" x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={baseline} strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {points.map((p, i) => (
            <g key={`${p.label}-${i}`}>
              <rect
                data-series="active"
                x={centre(i) - bar - 1}
                y={HEIGHT - height(p.activeCustomers)}
                width={bar}
                height={height(p.activeCustomers)}
                rx="2"
                className={activeFill}
              />
              <rect
                data-series="new"
                x={centre(i) + 1}
                y={HEIGHT - height(p.newCustomers)}
                width={bar}
                height={height(p.newCustomers)}
                rx="2"
                className={newFill}
              />
            </g>
          ))}
        </svg>
      )}
      <div className={axis} aria-hidden="true">
        {points.map((p, i) =>
          labels.has(i) ? (
            <span key={`${p.label}-${i}`} className={labelClass(i)} style={labelClass(i) === axisLabel ? { left: `${(centre(i) / WIDTH) * 100}%` } : undefined}>
              {bucketLabel(p.label)}
            </span>
          ) : null,
        )}
      </div>
      <figcaption className={legend}>
        <span>
          <span className={`${swatch} ${css({ bg: 'accent.default' })}`} aria-hidden="true" />
          Active
        </span>
        <span>
          <span className={`${swatch} ${css({ bg: 'info.default' })}`} aria-hidden="true" />
          New
        </span>
      </figcaption>
      {/* Hidden by a wrapper, not on the table: a table ignores the 1px width and would widen the page. */}
      <div className={visuallyHidden()}>
        <table>
          <caption>
            New and active customers {period}, per {bucket}
          </caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Active</th>
              <th scope="col">New</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={`${p.label}-${i}`}>
                <th scope="row">{bucketLabel(p.label)}</th>
                <td>{p.activeCustomers}</td>
                <td>{p.newCustomers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
