import { css } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'
import { formatKobo } from '../../../lib/money'

export interface BreakdownPoint {
  label: string
  credit: number
  debit: number
}

const WIDTH = 640
const HEIGHT = 160

const creditFill = css({ fill: 'success.default' })
const debitFill = css({ fill: 'danger.default', opacity: 0.75 })
// Labels are HTML under the SVG: the SVG stretches to the card's width, which would distort text drawn in it.
const axis = css({ position: 'relative', h: '5', mt: '1', textStyle: 'caption', color: 'fg.muted' })
const axisLabel = css({ position: 'absolute', top: '0', transform: 'translateX(-50%)', whiteSpace: 'nowrap' })
const legend = css({ display: 'flex', gap: '4', textStyle: 'caption', color: 'fg.muted', mt: '2' })
const swatch = css({ display: 'inline-block', w: '2.5', h: '2.5', borderRadius: 'sm', mr: '1.5' })

/** Which x labels to print: about six, always the first and the last, so they never collide. */
function labelIndexes(count: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / 6))
  const picked = new Set<number>()
  let last = -1
  for (let i = 0; i < count; i += step) {
    picked.add(i)
    last = i
  }
  // The last point always gets its label; the one before it gives way if they would touch.
  if (count && last !== count - 1) {
    if (count - 1 - last < step && last > 0) picked.delete(last)
    picked.add(count - 1)
  }
  return picked
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The server's day label '2026-11-16' as '16 Nov'; an hour label ('09:00') is kept. */
export function shortLabel(label: string, bucket: 'hour' | 'day'): string {
  const day = bucket === 'day' ? /^\d{4}-(\d{2})-(\d{2})$/.exec(label) : null
  return day ? `${Number(day[2])} ${MONTHS[Number(day[1]) - 1] ?? ''}`.trim() : label
}

/**
 * Money in and out per bucket as paired bars, drawn in SVG (no chart library: a few hundred bytes instead of
 * 50 kB). Heights are a float proportion for drawing only; amounts shown as text stay exact kobo. Screen
 * readers get the same numbers as a table.
 */
export function BreakdownChart({ points, title, bucket }: { points: readonly BreakdownPoint[]; title: string; bucket: 'hour' | 'day' }) {
  const max = Math.max(1, ...points.map((p) => Math.max(p.credit, p.debit)))
  const slot = (WIDTH - 8) / Math.max(points.length, 1)
  const bar = Math.max(2, Math.min(18, slot / 2 - 2))
  const plot = HEIGHT
  const labels = labelIndexes(points.length)
  const height = (value: number) => (value > 0 ? Math.max(2, (value / max) * (plot - 8)) : 0)

  return (
    <figure className={css({ m: '0' })}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={title} preserveAspectRatio="none" style={{ height: HEIGHT, display: 'block' }}>
        <line x1="0" x2={WIDTH} y1={plot - 0.5} y2={plot - 0.5} className={css({ stroke: 'border.default' })} strokeWidth="1" vectorEffect="non-scaling-stroke" />
        {points.map((p, i) => {
          const x = 4 + i * slot + slot / 2
          return (
            <g key={`${p.label}-${i}`}>
              <rect x={x - bar - 1} y={plot - height(p.credit)} width={bar} height={height(p.credit)} rx="2" className={creditFill} />
              <rect x={x + 1} y={plot - height(p.debit)} width={bar} height={height(p.debit)} rx="2" className={debitFill} />
            </g>
          )
        })}
      </svg>
      <div className={axis} aria-hidden="true">
        {points.map((p, i) =>
          labels.has(i) ? (
            <span key={`${p.label}-${i}`} className={axisLabel} style={{ left: `${((4 + i * slot + slot / 2) / WIDTH) * 100}%` }}>
              {shortLabel(p.label, bucket)}
            </span>
          ) : null,
        )}
      </div>
      <figcaption className={legend}>
        <span>
          <span className={`${swatch} ${css({ bg: 'success.default' })}`} aria-hidden="true" />
          Money in
        </span>
        <span>
          <span className={`${swatch} ${css({ bg: 'danger.default' })}`} aria-hidden="true" />
          Money out
        </span>
      </figcaption>
      <table className={visuallyHidden()}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Money in</th>
            <th scope="col">Money out</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p, i) => (
            <tr key={`${p.label}-${i}`}>
              <th scope="row">{shortLabel(p.label, bucket)}</th>
              <td>{formatKobo(p.credit)}</td>
              <td>{formatKobo(p.debit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
