import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { toIsoDate } from '#app/lib/date-range'
import { customerEndpoints } from '#contract/customers'
import { orderEndpoints } from '#contract/orders'
import { transactionEndpoints } from '#contract/transactions'

import { transaction, transactionPage } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { customerInfo, orderAnalytics, orderPage, orderSummary } from '../sales-fixtures'

useAppHarness()

describe('Customer page', () => {
  it('shows who the customer is, their totals and newest orders, with links to all their orders and transactions', async () => {
    const asked: (string | null)[] = []
    server.use(
      handle(customerEndpoints.customerInfo, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('customerId'))
        return ok(customerInfo())
      }),
    )
    renderApp('/customers/cus-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Chukwuemeka Obi' })).toBeTruthy()
    expect(asked).toEqual(['cus-1'])

    const info = screen.getByRole('region', { name: 'Customer' })
    expect(within(info).getByText('emeka@example.com')).toBeTruthy()
    expect(within(info).getByText('08031112222')).toBeTruthy()

    const totals = screen.getByRole('region', { name: 'Totals' })
    const value = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent
    expect(value('Orders')).toBe('4')
    expect(value('Orders with payments')).toBe('3')
    expect(value('Total paid')).toBe('₦19,500.00')
    expect(value('Refunded')).toBe('₦1,000.00')
    expect(value('Average order value')).toBe('₦6,500.00')
    expect(value('First order')).toBe('02/10/2026')

    const orders = within(screen.getByRole('region', { name: 'Recent orders' }))
    const links = orders.getAllByRole('link')
    expect(links[0]!.getAttribute('href')).toBe('/orders/ORD-7K2M9')
    expect(within(links[1]!).getByText('refunded')).toBeTruthy()
    // From the day they became a customer to today: their whole history, not the lists' default Today.
    const history = `customerId=cus-1&duration=CUSTOM&startDate=2026-10-02&endDate=${toIsoDate(new Date())}`
    expect(orders.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe(`/orders?${history}`)
    expect(orders.getByRole('link', { name: 'All invoices' }).getAttribute('href')).toBe(`/invoices?${history}`)
    expect(orders.getByRole('link', { name: 'All transactions' }).getAttribute('href')).toBe(`/transactions?${history}`)
  })

  describe("links to the customer's whole history", () => {
    // The server's answer to a list request: what it holds for that customer, kind and range, nothing else.
    const within_ = (url: string, createdAt: string) => {
      const q = new URL(url).searchParams
      return q.get('customerId') === 'cus-1' && q.get('startDate')! <= createdAt && createdAt <= q.get('endDate')!
    }
    const held = [
      orderSummary({ id: 'o-old', reference: 'ORD-OLD01', kind: 'order', createdAt: '2026-10-02T09:00:00.000Z' }),
      orderSummary({ id: 'i-old', reference: 'INV-OLD01', kind: 'invoice', createdAt: '2026-10-05T09:00:00.000Z' }),
    ]
    function api() {
      server.use(
        handle(customerEndpoints.customerInfo, () => ok(customerInfo())),
        handle(orderEndpoints.orderAnalytics, () => ok(orderAnalytics())),
        handle(orderEndpoints.listOrders, ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind')
          return ok(orderPage(held.filter((o) => o.kind === kind && within_(request.url, o.createdAt))))
        }),
        handle(transactionEndpoints.listTransactions, ({ request }) => {
          const old = transaction({ id: 'txn-old', reference: 'VBO-OLD-0001', customerId: 'cus-1', createdAt: '2026-10-03T10:00:00.000Z' })
          return ok(transactionPage([old].filter((t) => within_(request.url, t.createdAt))))
        }),
      )
    }

    it.each([
      ['All orders', 'ORD-OLD01'],
      ['All invoices', 'INV-OLD01'],
    ])('%s shows their oldest, not only today', async (name, reference) => {
      api()
      const { user } = renderApp('/customers/cus-1')
      await user.click(await screen.findByRole('link', { name }))
      const row = await screen.findByTestId('order-row')
      expect(row.textContent).toContain(reference)
    })

    it('All transactions shows their oldest, not only today', async () => {
      api()
      const { user } = renderApp('/customers/cus-1')
      await user.click(await screen.findByRole('link', { name: 'All transactions' }))
      expect((await screen.findByTestId('transaction-row')).getAttribute('href')).toContain('txn-old')
    })
  })

  it('marks an anonymous customer', async () => {
    const base = customerInfo()
    server.use(
      handle(customerEndpoints.customerInfo, () =>
        ok(customerInfo({ customer: { ...base.customer, name: 'Walk-in', email: null, phone: null, isAnonymous: true } })),
      ),
    )
    renderApp('/customers/cus-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Walk-in' })).toBeTruthy()
    expect(screen.getByText('Anonymous')).toBeTruthy()
  })

  it("says so for someone else's customer, without a Refetch", async () => {
    server.use(handle(customerEndpoints.customerInfo, () => fail(404, 'NOT_FOUND', 'Customer not found')))
    renderApp('/customers/cus-999')
    expect(await screen.findByText('This customer is not one of yours.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })
})
