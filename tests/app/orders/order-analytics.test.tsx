import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { orderAnalytics } from '../sales-fixtures'
import { orderLedger } from './orders-api'

useAppHarness()

/** A server whose figures depend on the filters asked for: all of the period, or one customer's partly paid. */
function analyticsApi() {
  const asked: URLSearchParams[] = []
  server.use(
    handle(endpoints.orderAnalytics, ({ request }) => {
      const q = new URL(request.url).searchParams
      asked.push(q)
      const narrowed = q.get('status') === 'partially-paid' && q.get('customerId') === 'cus-2'
      return ok(
        narrowed
          ? orderAnalytics({ orderCount: 1, paidCount: 0, partiallyPaidCount: 1, pendingCount: 0, totalSales: 40_100 })
          : orderAnalytics({ orderCount: 7, paidCount: 2, partiallyPaidCount: 1, pendingCount: 4 }),
      )
    }),
  )
  return asked
}

describe('Order and invoice analytics', () => {
  it('counts partly paid apart from pending', async () => {
    orderLedger(3)
    analyticsApi()
    renderApp('/orders')
    const tiles = await screen.findByRole('region', { name: 'Order analytics' })
    expect(await within(tiles).findByText('2 paid · 1 partially paid · 4 pending')).toBeTruthy()
  })

  it("follow the list's status and customer filters, on orders and on invoices", async () => {
    for (const [path, region] of [
      ['/orders', 'Order analytics'],
      ['/invoices', 'Invoice analytics'],
    ] as const) {
      orderLedger(3)
      const asked = analyticsApi()
      renderApp(`${path}?duration=LAST_WEEK&status=partially-paid&customerId=cus-2`)
      const tiles = await screen.findByRole('region', { name: region })
      expect(await within(tiles).findByText('0 paid · 1 partially paid · 0 pending')).toBeTruthy()
      expect(within(tiles).getByText('₦401.00')).toBeTruthy()
      await waitFor(() => expect(asked.length).toBeGreaterThan(0))
      const q = asked.at(-1)!
      expect([q.get('status'), q.get('customerId'), q.get('kind')]).toEqual([
        'partially-paid',
        'cus-2',
        path === '/orders' ? 'order' : 'invoice',
      ])
      cleanup()
    }
  })
})
