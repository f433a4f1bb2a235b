import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { customerEndpoints } from '#contract/customers'

import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { customerInfo } from '../sales-fixtures'

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
    expect(value('Paid orders')).toBe('3')
    expect(value('Total paid')).toBe('₦19,500.00')
    expect(value('Refunded')).toBe('₦1,000.00')
    expect(value('Average order value')).toBe('₦6,500.00')
    expect(value('First order')).toBe('02/10/2026')

    const orders = within(screen.getByRole('region', { name: 'Recent orders' }))
    const links = orders.getAllByRole('link')
    expect(links[0]!.getAttribute('href')).toBe('/orders/ORD-7K2M9')
    expect(within(links[1]!).getByText('refunded')).toBeTruthy()
    expect(orders.getByRole('link', { name: 'All orders' }).getAttribute('href')).toBe('/orders?customerId=cus-1')
    expect(orders.getByRole('link', { name: 'All transactions' }).getAttribute('href')).toBe('/transactions?customerId=cus-1')
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
