import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { menuFor } from '#app/lib/permissions'
import { customerEndpoints } from '#contract/customers'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { customer, customerAnalytics, customerBreakdown, customerPage } from '../sales-fixtures'

useAppHarness()

const EMEKA = customer()
const ANON = customer({
  id: 'cus-2',
  name: 'Anonymous customer',
  email: null,
  phone: null,
  isAnonymous: true,
  orderCount: 1,
  totalSpent: 250_000,
})

/** The customers API with `items` as every page's answer; every list query string is kept. */
function customersApi(items = [EMEKA, ANON], total = items.length) {
  const queries: URLSearchParams[] = []
  server.use(
    handle(customerEndpoints.listCustomers, ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      return ok(customerPage(items, Number(params.get('page') ?? 1), Number(params.get('size') ?? 20), total))
    }),
    handle(customerEndpoints.customerAnalytics, () => ok(customerAnalytics())),
    handle(customerEndpoints.customerBreakdown, () => ok(customerBreakdown())),
  )
  return queries
}

describe('Customers list', () => {
  it('is in the menu for a user with VENDOR_CUSTOMERS, and only for them', () => {
    expect(menuFor(['VENDOR_CUSTOMERS']).map((m) => m.to)).toContain('/customers')
    expect(menuFor(['VENDOR_ORDERS']).map((m) => m.to)).not.toContain('/customers')
  })

  it('shows the analytics cards and draws the breakdown as SVG bars', async () => {
    customersApi()
    renderApp('/customers')
    const analytics = await screen.findByRole('region', { name: 'Customer analytics' })
    expect(await within(analytics).findByText('128')).toBeTruthy()
    for (const [label, value] of [
      ['Total customers', '128'],
      ['Returning', '14'],
      ['Anonymous', '5'],
    ] as const)
      expect(within(analytics).getByText(label).nextElementSibling?.textContent).toBe(value)
    expect(within(analytics).getByText('First seen in the period').previousElementSibling?.textContent).toBe('9')
    expect(within(analytics).getByText('Ordered in the period').previousElementSibling?.textContent).toBe('23')
    const chart = await within(analytics).findByRole('img', {
      name: /New and active customers today, per day, 3 bars: 6 customers new in all\. Busiest: 22 Nov, 9 customers active\./,
    })
    const active = chart.querySelectorAll('rect[data-series="active"]')
    const fresh = chart.querySelectorAll('rect[data-series="new"]')
    expect(active).toHaveLength(3)
    expect(fresh).toHaveLength(3)
    // Heights follow the figures: 9 active is the tallest bar, and a bucket with no new customers has none.
    const heights = [...active].map((r) => Number(r.getAttribute('height')))
    expect(Math.max(...heights)).toBe(heights[2])
    expect(heights[0]).toBeGreaterThan(heights[1]!)
    expect(Number(fresh[1]!.getAttribute('height'))).toBe(0)
  })

  it('lists customers with contact, orders and money spent', async () => {
    customersApi()
    renderApp('/customers')
    const rows = await screen.findAllByTestId('customer-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('Chukwuemeka Obi')).toBeTruthy()
    expect(within(rows[0]!).getByText('emeka@example.com · 08031112222')).toBeTruthy()
    expect(within(rows[0]!).getByText('4 orders')).toBeTruthy()
    expect(within(rows[0]!).getByText('₦18,500.00')).toBeTruthy()
    expect(within(rows[1]!).getByText('Anonymous')).toBeTruthy()
    expect(rows[0]!.getAttribute('href')).toBe('/customers/cus-1')
  })

  it("says 'No customer found' / 'Customers will be displayed here' when there are none", async () => {
    customersApi([])
    renderApp('/customers')
    expect(await screen.findByText('No customer found')).toBeTruthy()
    expect(screen.getByText('Customers will be displayed here')).toBeTruthy()
  })

  it('searches by name once typing pauses, in the URL and the request', async () => {
    const queries = customersApi()
    const { user, router } = renderApp('/customers')
    await screen.findAllByTestId('customer-row')
    const before = queries.length
    await user.type(screen.getByRole('searchbox', { name: 'Search customers by name' }), 'emeka')
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'emeka' }))
    await waitFor(() => expect(queries.at(-1)!.get('name')).toBe('emeka'))
    expect(queries.slice(before).map((q) => q.get('name'))).toEqual(['emeka'])
  })

  it("refuses a bad email with 'Enter a valid email.', then filters the URL, the request and the chips", async () => {
    const queries = customersApi()
    const { user, router } = renderApp('/customers')
    await screen.findAllByTestId('customer-row')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Customers' })
    await user.click(within(sheet).getByRole('radio', { name: 'Yes' }))
    await user.type(within(sheet).getByLabelText('Email'), 'emeka@')
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    expect(within(sheet).getByText('Enter a valid email.')).toBeTruthy()
    expect(router.state.location.search).toEqual({})

    await user.type(within(sheet).getByLabelText('Email'), 'Example.com')
    expect(within(sheet).queryByText('Enter a valid email.')).toBeNull()
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ isAnonymous: true, email: 'emeka@example.com' }))
    await waitFor(() => expect(queries.at(-1)!.get('email')).toBe('emeka@example.com'))
    expect(queries.at(-1)!.get('isAnonymous')).toBe('true')
    expect(screen.getByRole('button', { name: 'Filter, 2 on' })).toBeTruthy()
    const chips = screen.getByRole('list', { name: 'Active filters' })
    expect(within(chips).getByText('Anonymous')).toBeTruthy()
    await user.click(within(chips).getByRole('button', { name: 'Remove Email: emeka@example.com' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ isAnonymous: true }))
  })

  it('keeps filters, search and page across a reload (they live in the URL)', async () => {
    const queries = customersApi([EMEKA, ANON], 45)
    const { user, router } = renderApp('/customers?isAnonymous=false&name=obi&duration=LAST_WEEK')
    await screen.findAllByTestId('customer-row')
    expect(queries.at(-1)!.get('isAnonymous')).toBe('false')
    expect(queries.at(-1)!.get('name')).toBe('obi')
    expect((screen.getByRole('searchbox', { name: 'Search customers by name' }) as HTMLInputElement).value).toBe('obi')
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('Not anonymous')).toBeTruthy()
    expect((screen.getByLabelText('Duration') as HTMLSelectElement).value).toBe('LAST_WEEK')

    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ isAnonymous: false, name: 'obi', duration: 'LAST_WEEK', page: 2 }))
    await waitFor(() => expect(queries.at(-1)!.get('page')).toBe('2'))
  })

  it('tells a member without VENDOR_CUSTOMERS, without a Refetch', async () => {
    renderApp('/customers', { permissions: ['VENDOR_ORDERS'] })
    expect(await screen.findByText('Your role does not include customers')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })
})
