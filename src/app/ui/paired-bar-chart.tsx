import { css, cx } from 'styled-system/css'
import { visuallyHidden } from 'styled-system/patterns'

import { Skeleton } from './skeleton'

const WIDTH = 640
/** Room above the tallest bar, so it never touches the card's edge. */
const HEADROOM = 8

/** Series colours: two series must differ in more than a shade (money in green against money out red, ...). */
export type ChartTone = 'success' | 'danger' | 'accent' | 'info'
const FILLS: Record<ChartTone, string> = {
  success: css({ fill: 'success.default' }),
  danger: css({ fill: 'danger.default', opacity: 0.75 }),
  accent: css({ fill: 'accent.default' }),
  info: css({ fill: 'info.default' }),
}
const SWATCHES: Record<ChartTone, string> = {
  success: css({ bg: 'success.default' }),
  danger: css({ bg: 'danger.default' }),
  accent: css({ bg: 'accent.default' }),
  info: css({ bg: 'info.default' }),
}

const baseline = css({ stroke: 'border.default' })
// Text is HTML around the SVG: the SVG stretches to the card's width, which would distort text drawn in it.
const scale = css({ display: 'flex', justifyContent: 'space-between', textStyle: 'caption', color: 'fg.muted', mb: '1' })
const axis = css({ position: 'relative', h: '5', mt: '1', textStyle: 'caption', color: 'fg.muted' })
const axisLabel = css({ position: 'absolute', top: '0', transform: 'translateX(-50%)', whiteSpace: 'nowrap' })
// The first and last labels line up with the chart's edges instead of centring on their bar, which would push
// them past the card (and widen the page) on a phone.
const firstLabel = css({ position: 'absolute', top: '0', left: '0', whiteSpace: 'nowrap' })
const lastLabel = css({ position: 'absolute', top: '0', right: '0', whiteSpace: 'nowrap' })
const quiet = css({ display: 'grid', placeItems: 'center', textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center', px: '4' })
const legend = css({ display: 'flex', gap: '4', textStyle: 'caption', color: 'fg.muted', mt: '2' })
const swatch = css({ display: 'inline-block', w: '2.5', h: '2.5', borderRadius: 'sm', mr: '1.5' })

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A server bucket label: a day '2026-11-16' reads '16 Nov'; an hour ('09:00') is kept as it is. */
export function bucketLabel(label: string): string {
  const day = /^\d{4}-(\d{2})-(\d{2})$/.exec(label)
  return day ? `${Number(day[2])} ${MONTHS[Number(day[1]) - 1] ?? ''}`.trim() : label
}

/**
 * Which x labels to print: about five, evenly spread, and always the last. The last is drawn flush with the
 * right edge, so it takes up to a whole label's width left of its bar: the label before it gives way when it is
 * less than a full step away (24 hours: 0, 5, 10, 15 and 23, not 20 and 23, which overlap on a phone).
 */
export function shownLabels(count: number): Set<number> {
  const step = Math.max(1, Math.ceil(count / 5))
  const shown = new Set<number>()
  for (let i = 0; i < count; i += step) shown.add(i)
  const last = Math.max(...shown)
  if (count > 0 && last !== count - 1) {
    if (count - 1 - last < step && last > 0) shown.delete(last)
    shown.add(count - 1)
  }
  return shown
}

export interface ChartSeries {
  /** The legend's and the table's name: 'Money in', 'Active'. */
  name: string
  tone: ChartTone
  /** data-series on its bars, for tests and styling. */
  key: string
}

export interface PairedBarChartProps {
  /**
   * One bucket a point: its server label and the two series' values. Undefined while they load: the chart then
   * draws its own frame (title, legend) around a placeholder of the plot's height, so nothing moves when they come.
   */
  points: readonly { label: string; values: readonly [number, number] }[] | undefined
  series: readonly [ChartSeries, ChartSeries]
  /** The accessible name of the chart: one sentence a screen reader says for it. */
  summary: string
  /** The caption of the visually hidden table that holds every figure. */
  caption: string
  /** How a value reads in that table (money as naira); plain numbers otherwise. */
  format?: (value: number) => string
  /** A line above the plot naming what the bars count, with the tallest bar's value ('Customers … max 9'). */
  scaleTitle?: string
  /** Said instead of a blank plot when every value is zero (a blank plot reads as one that failed to load). */
  emptyText?: string
  height?: number
}

/**
 * Two series per bucket as paired bars, drawn in SVG by hand (no chart library: a few hundred bytes instead of
 * tens of kilobytes). Heights are a float proportion for drawing only; figures shown as text stay exact. The SVG is
 * one image to assistive technology, named by `summary`; the figures are in a visually hidden table beside it.
 */
export function PairedBarChart({
  points: given,
  series,
  summary,
  caption,
  format = (n) => n.toLocaleString('en-NG'),
  scaleTitle,
  emptyText,
  height: plot = 160,
}: PairedBarChartProps) {
  const loading = given === undefined
  const points = given ?? []
  const max = Math.max(1, ...points.map((p) => Math.max(p.values[0], p.values[1])))
  const slot = (WIDTH - 8) / Math.max(points.length, 1)
  const bar = Math.max(2, Math.min(18, slot / 2 - 2))
  const barHeight = (value: number) => (value > 0 ? Math.max(2, (value / max) * (plot - HEADROOM)) : 0)
  const labels = shownLabels(points.length)
  const centre = (i: number) => 4 + i * slot + slot / 2
  const empty = !loading && points.every((p) => p.values[0] === 0 && p.values[1] === 0)
  const labelClass = (i: number) =>
    points.length > 1 && i === 0 ? firstLabel : points.length > 1 && i === points.length - 1 ? lastLabel : axisLabel

  return (
    <figure className={css({ m: '0' })} aria-busy={loading || undefined}>
      {scaleTitle ? (
        <div className={scale} aria-hidden="true">
          <span>{scaleTitle}</span>
          {empty || loading ? null : <span>max {max.toLocaleString('en-NG')}</span>}
        </div>
      ) : null}
      {loading ? (
        <Skeleton height={plot} />
      ) : empty && emptyText ? (
        <p className={quiet} style={{ height: plot }}>
          {emptyText}
        </p>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${plot}`}
          width="100%"
          role="img"
          aria-label={summary}
          preserveAspectRatio="none"
          style={{ height: plot, display: 'block' }}
        >
          <line x1="0" x2={WIDTH} y1={plot - 0.5} y2={plot - 0.5} className={baseline} strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {points.map((p, i) => (
            <g key={`${p.label}-${i}`}>
              {series.map((s, side) => (
                <rect
                  key={s.key}
                  data-series={s.key}
                  x={side === 0 ? centre(i) - bar - 1 : centre(i) + 1}
                  y={plot - barHeight(p.values[side]!)}
                  width={bar}
                  height={barHeight(p.values[side]!)}
                  rx="2"
                  className={FILLS[s.tone]}
                />
              ))}
            </g>
          ))}
        </svg>
      )}
      <div className={axis} aria-hidden="true">
        {points.map((p, i) =>
          labels.has(i) ? (
            <span
              key={`${p.label}-${i}`}
              className={labelClass(i)}
              style={labelClass(i) === axisLabel ? { left: `${(centre(i) / WIDTH) * 100}%` } : undefined}
            >
              {bucketLabel(p.label)}
            </span>
          ) : null,
        )}
      </div>
      <figcaption className={legend}>
        {series.map((s) => (
          <span key={s.key}>
            <span className={cx(swatch, SWATCHES[s.tone])} aria-hidden="true" />
            {s.name}
          </span>
        ))}
      </figcaption>
      {/* Hidden by a wrapper, not on the table: a table ignores the 1px width and would widen the page. */}
      {loading ? null : (
        <div className={visuallyHidden()}>
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">{series[0].name}</th>
                <th scope="col">{series[1].name}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={`${p.label}-${i}`}>
                  <th scope="row">{bucketLabel(p.label)}</th>
                  <td>{format(p.values[0])}</td>
                  <td>{format(p.values[1])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  )
}
