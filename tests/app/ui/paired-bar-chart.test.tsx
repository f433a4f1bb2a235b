import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { bucketLabel, PairedBarChart, shownLabels } from '#app/ui/paired-bar-chart'

const SERIES = [
  { name: 'Money in', tone: 'success', key: 'credit' },
  { name: 'Money out', tone: 'danger', key: 'debit' },
] as const

describe('PairedBarChart', () => {
  it('labels about five buckets and always the last, the one before it giving way when they would touch', () => {
    // 24 hours: 20 and 23 overlapped on a phone once 23 is drawn flush with the right edge.
    expect([...shownLabels(24)]).toEqual([0, 5, 10, 15, 23])
    expect([...shownLabels(7)]).toEqual([0, 2, 4, 6])
    expect([...shownLabels(30)]).toEqual([0, 6, 12, 18, 29])
    expect([...shownLabels(1)]).toEqual([0])
    expect([...shownLabels(0)]).toEqual([])
  })

  it('reads a server day as "16 Nov" and keeps an hour', () => {
    expect(bucketLabel('2026-11-16')).toBe('16 Nov')
    expect(bucketLabel('09:00')).toBe('09:00')
  })

  it('is one image named by its summary, with every figure in a table', () => {
    render(
      <PairedBarChart
        points={[
          { label: '2026-11-16', values: [150000, 2500] },
          { label: '2026-11-17', values: [0, 0] },
        ]}
        series={SERIES}
        summary="Money in and out, last week, per day"
        caption="Money in and out, last week, per day"
        format={(kobo) => `₦${kobo / 100}`}
      />,
    )
    const chart = screen.getByRole('img', { name: 'Money in and out, last week, per day' })
    expect(chart.querySelectorAll('rect[data-series="credit"]')).toHaveLength(2)
    expect(screen.getByRole('table', { name: 'Money in and out, last week, per day' })).toBeTruthy()
    expect(screen.getByRole('cell', { name: '₦1500' })).toBeTruthy()
    expect(screen.getByRole('rowheader', { name: '16 Nov' })).toBeTruthy()
  })

  it('says so in words when every value is zero and an empty text is given', () => {
    render(
      <PairedBarChart
        points={[{ label: '09:00', values: [0, 0] }]}
        series={SERIES}
        summary="s"
        caption="c"
        emptyText="No customers today."
      />,
    )
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.getByText('No customers today.')).toBeTruthy()
  })

  it("while its points load, keeps its frame (title and legend) around a placeholder the plot's height, and no figures", () => {
    const { container } = render(
      <PairedBarChart points={undefined} series={SERIES} summary="s" caption="c" scaleTitle="Customers" height={140} />,
    )
    const figure = container.querySelector('figure')!
    expect(figure.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByText('Customers')).toBeTruthy()
    expect(screen.queryByText(/^max /)).toBeNull()
    expect(screen.getByText('Money in')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
    expect((figure.querySelector('[data-skeleton] > span') as HTMLElement).style.height).toBe('140px')
  })
})
