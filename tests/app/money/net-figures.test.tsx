import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import type { NetFiguresInRange } from '#contract/statements'

import { transaction, transactionPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { orderLedger } from '../orders/orders-api'
import { orderAnalytics } from '../sales-fixtures'

useAppHarness()

/*
 * The wallet's net figures on the Transactions and Orders screens (issue 42, decision 194): gross sales, refunds,
 * fees and net settled for the very range the screen's Date filter gives its list and analytics, from GET
 * /analytics/net; only for a role that sees the wallet's transactions.
 */

/** A range where a send reversed from the day before gave its fee back: fees and net below zero are shown as such. */
const FIGURES = { grossSales: 250_000_00, refunds: 10_000_00, fees: -25_00, netSettled: 240_025_00 }
const OVERDRAWN = { grossSales: 0, refunds: 0, fees: 107_50, netSettled: -107_50 }

/** GET /analytics/net answering `figures`, recording each query string. */
function netApi(figures: typeof FIGURES) {
  const asked: URLSearchParams[] = []
  server.use(
    handle(endpoints.netFigures, ({ request }) => {
      const q = new URL(request.url).searchParams
      asked.push(q)
      const answer: NetFiguresInRange = { startDate: q.get('startDate')!, endDate: q.get('endDate')!, ...figures }
      return ok(answer)
    }),
  )
  return asked
}

/** The card once it shows `figure`: first drawn as its stand-in while its code loads (the same region, replaced). */
async function cardShowing(figure: string) {
  const card = () => screen.getByRole('region', { name: 'Net settled' })
  await waitFor(() => expect(card().textContent).toContain(figure))
  return card()
}

/** A tile's text (its label and figure): the last element of that text, after the card's own 'Net settled' title. */
const tile = (card: HTMLElement, label: string) => within(card).getAllByText(label).at(-1)!.parentElement!.textContent

const range = (q: URLSearchParams | undefined) => [q?.get('startDate'), q?.get('endDate')]

describe('net figures on the analytics screens', () => {
  it('Transactions shows them for the Date filter’s days, the days its list asks for', async () => {
    const net = netApi(FIGURES)
    const listed: URLSearchParams[] = []
    server.use(
      handle(endpoints.listTransactions, ({ request }) => {
        listed.push(new URL(request.url).searchParams)
        return ok(transactionPage([transaction({ originatorAccountName: 'Payer 0' })], 1, 100, 1))
      }),
    )
    renderApp('/transactions?duration=LAST_WEEK&status=success')
    const card = await cardShowing('₦240,025.00')
    for (const [label, figure] of [
      ['Gross sales', '₦250,000.00'],
      ['Refunds', '₦10,000.00'],
      ['Fees', '-₦25.00'],
      ['Net settled', '₦240,025.00'],
    ] as const) {
      expect(tile(card, label)).toContain(figure)
    }
    expect(range(net[0])).toEqual(range(listed[0]))
    // Seven Lagos days, midnight to the millisecond before midnight; the list's status filter is not the figures'.
    const [start, end] = range(net[0]).map((iso) => Date.parse(iso!))
    expect(end! - start! + 1).toBe(7 * 24 * 3600_000)
    expect(net[0]!.has('status')).toBe(false)
  })

  it('Orders shows them under its analytics, for the analytics’ range, and a range in the red as such', async () => {
    const net = netApi(OVERDRAWN)
    orderLedger(3)
    const analytics: URLSearchParams[] = []
    server.use(
      handle(endpoints.orderAnalytics, ({ request }) => {
        analytics.push(new URL(request.url).searchParams)
        return ok(orderAnalytics())
      }),
    )
    renderApp('/orders?duration=CUSTOM&startDate=2026-11-01&endDate=2026-11-30&status=paid')
    const card = await cardShowing('-₦107.50')
    expect(tile(card, 'Fees')).toBe('Fees₦107.50')
    expect(tile(card, 'Net settled')).toBe('Net settled-₦107.50')
    await waitFor(() => expect(analytics.length).toBeGreaterThan(0))
    expect(range(net[0])).toEqual(range(analytics[0]))
    expect(range(net[0])).toEqual(['2026-10-31T23:00:00.000Z', '2026-11-30T22:59:59.999Z'])
    // Under the orders' own figures.
    const tiles = screen.getByRole('region', { name: 'Order analytics' })
    expect(tiles.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('are not shown on Orders, nor asked for, to a member who cannot see the wallet’s transactions', async () => {
    const net = netApi(FIGURES)
    orderLedger(3)
    renderApp('/orders', { permissions: ['VENDOR_ORDERS'], role: 'member' })
    await screen.findByRole('region', { name: 'Order analytics' })
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3))
    expect(screen.queryByRole('region', { name: 'Net settled' })).toBeNull()
    expect(net).toHaveLength(0)
  })
})
