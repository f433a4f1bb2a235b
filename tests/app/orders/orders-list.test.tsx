import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { toIsoDate } from '#app/lib/dates'
import { menuFor } from '#app/lib/permissions'
import { endpoints } from '#contract/index'

import { fail, handle, renderApp, server, useAppHarness } from '../harness'
import { orderSummary } from '../sales-fixtures'
import { orderLedger } from './orders-api'

useAppHarness()
afterEach(() => vi.restoreAllMocks())

describe('Orders and invoices lists', () => {
  it('are in the menu for a user with VENDOR_ORDERS', () => {
    expect(menuFor(['VENDOR_ORDERS']).map((m) => m.to)).toEqual(expect.arrayContaining(['/orders', '/invoices']))
    expect(menuFor(['VENDOR_TRANSACTIONS']).map((m) => m.to)).not.toContain('/orders')
  })

  it('shows a page of orders from 10,000 with statuses as badges, amounts in naira and the analytics', async () => {
    const queries = orderLedger(10_000)
    renderApp('/orders')
    await screen.findByText('Customer 0')
    const rows = screen.getAllByTestId('order-row')
    expect(rows).toHaveLength(20)
    const first = rows[0]!
    expect(first.getAttribute('href')).toBe('/orders/ORD-00000')
    expect(within(first).getByText('₦1,000.00')).toBeTruthy()
    expect(within(first).getByText('paid')).toBeTruthy()
    expect(within(rows[1]!).getByText('pending')).toBeTruthy()
    expect(within(rows[3]!).getByText('partially-paid')).toBeTruthy()
    expect(within(rows[3]!).getByText('No customer named')).toBeTruthy()
    expect(screen.getByText('Showing 1–20 of 10,000 orders')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Page 500' })).toBeTruthy()
    // Server pagination for the list on screen, of orders only, for today (SPEC §9) by default.
    expect(queries[0]!.get('size')).toBe('20')
    expect(queries[0]!.get('kind')).toBe('order')
    // Midnight in Lagos (UTC+1), whatever the device's zone (issue 22).
    expect(new Date(Date.parse(queries[0]!.get('startDate')!) + 3_600_000).getUTCHours()).toBe(0)

    const analytics = screen.getByRole('region', { name: 'Order analytics' })
    expect(await within(analytics).findByText('₦125,000.00')).toBeTruthy()
    expect(within(analytics).getByText('9 paid · 1 partially paid · 1 pending')).toBeTruthy()
    // Refunded: every amount that went back; the count is of orders refunded in full (decision 089).
    expect(within(analytics).getByText('₦5,000.00')).toBeTruthy()
    expect(within(analytics).getByText('1 refunded in full')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Order sections' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create order' }).getAttribute('href')).toBe('/orders/new')
  })

  it('a filter matching more than 10,000 says 10,000+ and Next goes on past the cap (issue 38)', async () => {
    const queries = orderLedger(25_000)
    const { user } = renderApp('/orders?status=paid&page=500')
    await screen.findByText('Showing 9,981–10,000 of 10,000+ orders')
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(await screen.findByText('Showing 10,001–10,020 of 10,000+ orders')).toBeTruthy()
    expect(queries.at(-1)!.get('page')).toBe('501')
    expect(screen.getByRole('button', { name: 'Page 501', current: 'page' })).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('at 100 rows a page keeps only the rows near the screen in the page, and scrolling brings the later ones', async () => {
    const queries = orderLedger(10_000)
    renderApp('/orders?size=100')
    await screen.findByText('Customer 0')
    expect(queries[0]!.get('size')).toBe('100')
    const drawn = screen.getAllByTestId('order-row')
    expect(drawn.length).toBeGreaterThan(5)
    expect(drawn.length).toBeLessThanOrEqual(60)
    expect(screen.queryByText('Customer 98')).toBeNull()
    expect(screen.getByText('Showing 1–100 of 10,000 orders')).toBeTruthy()

    // The end of the page: jsdom lays nothing out, so rows keep their estimated height.
    Object.defineProperty(window, 'scrollY', { value: 100 * 88, configurable: true })
    window.dispatchEvent(new Event('scroll'))
    expect(await screen.findByText('Customer 98')).toBeTruthy()
    expect(screen.queryByText('Customer 0')).toBeNull()
    expect(screen.getAllByTestId('order-row').length).toBeLessThanOrEqual(60)
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
  })

  it('lists invoices at /invoices with their own addresses', async () => {
    const queries = orderLedger(2, (n) => orderSummary({ id: `inv-${n}`, reference: `INV-${n}`, kind: 'invoice', isShareable: true }))
    renderApp('/invoices')
    await screen.findAllByTestId('order-row')
    expect(screen.getAllByTestId('order-row')[0]!.getAttribute('href')).toBe('/invoices/INV-0')
    expect(queries[0]!.get('kind')).toBe('invoice')
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create invoice' })).toBeTruthy()
  })

  it('shows an invoice’s due date, and Overdue only on an unpaid one past its due day in Lagos', async () => {
    // 23:30 UTC on 10 December is already the 11th in Lagos: due on the 10th is overdue, due on the 11th is not.
    vi.useFakeTimers({ now: new Date('2026-12-10T23:30:00Z'), shouldAdvanceTime: true })
    const invoices = [
      orderSummary({
        id: 'i0',
        reference: 'INV-PAST',
        kind: 'invoice',
        status: 'pending',
        dueDate: '2026-12-10',
        customer: { id: 'c0', name: 'Past due' },
      }),
      orderSummary({
        id: 'i1',
        reference: 'INV-PART',
        kind: 'invoice',
        status: 'partially-paid',
        dueDate: '2026-12-01',
        customer: { id: 'c1', name: 'Part paid' },
      }),
      orderSummary({
        id: 'i2',
        reference: 'INV-TODAY',
        kind: 'invoice',
        status: 'pending',
        dueDate: '2026-12-11',
        customer: { id: 'c2', name: 'Due today' },
      }),
      orderSummary({
        id: 'i3',
        reference: 'INV-PAID',
        kind: 'invoice',
        status: 'paid',
        dueDate: '2026-12-01',
        customer: { id: 'c3', name: 'Paid late' },
      }),
      orderSummary({
        id: 'i4',
        reference: 'INV-NONE',
        kind: 'invoice',
        status: 'pending',
        dueDate: null,
        customer: { id: 'c4', name: 'No due date' },
      }),
    ]
    orderLedger(invoices.length, (n) => invoices[n]!)
    renderApp('/invoices')
    await screen.findByText('Past due')
    const rowOf = (name: string) => screen.getByText(name).closest('a')!
    expect(within(rowOf('Past due')).getByText(/Due 10\/12\/2026/)).toBeTruthy()
    expect(within(rowOf('Past due')).getByText('Overdue')).toBeTruthy()
    expect(within(rowOf('Part paid')).getByText('Overdue')).toBeTruthy()
    expect(within(rowOf('Due today')).getByText(/Due 11\/12\/2026/)).toBeTruthy()
    expect(within(rowOf('Due today')).queryByText('Overdue')).toBeNull()
    expect(within(rowOf('Paid late')).queryByText('Overdue')).toBeNull()
    expect(within(rowOf('No due date')).queryByText(/Due /)).toBeNull()
    expect(within(rowOf('No due date')).queryByText('Overdue')).toBeNull()
    vi.useRealTimers()
  })

  it('shows No record found with Refetch when empty, and hides Refetch on a 403', async () => {
    orderLedger(0)
    const { user } = renderApp('/orders')
    expect(await screen.findByText('No record found')).toBeTruthy()
    server.use(handle(endpoints.listOrders, () => fail(403, 'FORBIDDEN', 'You do not have permission to do this')))
    await user.click(screen.getByRole('button', { name: 'Refetch' }))
    expect(await screen.findByText('You do not have permission to do this')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })

  it('tells a member without VENDOR_ORDERS that their role leaves orders out, and asks nothing of the API', async () => {
    const queries = orderLedger(3)
    renderApp('/orders', { permissions: ['VENDOR_TRANSACTIONS'] })
    expect(await screen.findByText('Your role does not include orders')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull()
    expect(queries).toHaveLength(0)
  })

  it('writes status and customer (chosen with the picker) to the URL, and a reload restores them from it', async () => {
    const queries = orderLedger(3)
    const { user, router } = renderApp('/orders?duration=LAST_WEEK')
    await screen.findByText('Customer 0')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Orders' })
    for (const status of [
      'pending',
      'paid',
      'failed',
      'refunded',
      'abandoned',
      'fulfilled',
      'refund-pending',
      'refund-failed',
      'partially-paid',
      'overpayment',
    ]) {
      expect(within(sheet).getByRole('radio', { name: status })).toBeTruthy()
    }
    await user.click(within(sheet).getByRole('radio', { name: 'refund-pending' }))
    await user.click(within(sheet).getByRole('button', { name: 'Choose a customer' }))
    const picker = await screen.findByRole('dialog', { name: 'Select Customer' })
    await user.click(await within(picker).findByRole('button', { name: /Ngozi Eze/ }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Select Customer' })).toBeNull())
    expect(within(sheet).getByText('Ngozi Eze')).toBeTruthy()
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))

    await waitFor(() =>
      expect(router.state.location.search).toEqual({ duration: 'LAST_WEEK', status: 'refund-pending', customerId: 'cus-2' }),
    )
    await waitFor(() => expect(queries.at(-1)!.get('customerId')).toBe('cus-2'))
    expect(queries.at(-1)!.get('status')).toBe('refund-pending')
    expect(screen.getByRole('button', { name: 'Filter, 2 on' })).toBeTruthy()

    // A reload: a new app from the same address shows the same filters and asks the API for the same list.
    const href = router.state.location.href
    cleanup()
    const before = queries.length
    renderApp(href)
    const chips = await screen.findByRole('list', { name: 'Active filters' })
    expect(within(chips).getByText('Status: refund-pending')).toBeTruthy()
    expect(await within(chips).findByText('Customer: Ngozi Eze')).toBeTruthy()
    expect((screen.getByLabelText('Duration') as HTMLSelectElement).value).toBe('LAST_WEEK')
    await waitFor(() => expect(queries.length).toBeGreaterThan(before))
    const reloaded = queries.at(-1)!
    expect([reloaded.get('status'), reloaded.get('customerId')]).toEqual(['refund-pending', 'cus-2'])
  })

  it('filters by a customer from a link (?customerId=) without the picker for a role that cannot list customers', async () => {
    const queries = orderLedger(3)
    const { user, router } = renderApp('/orders?customerId=cus-9', { permissions: ['VENDOR_ORDERS'] })
    await screen.findByText('Customer 0')
    expect(queries[0]!.get('customerId')).toBe('cus-9')
    const chips = screen.getByRole('list', { name: 'Active filters' })
    expect(within(chips).getByText('One customer')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Filter, 1 on' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Orders' })
    expect(within(sheet).queryByRole('button', { name: /Choose/ })).toBeNull()
    await user.click(within(sheet).getByRole('button', { name: 'Close' }))
    await user.click(screen.getByRole('button', { name: 'Remove One customer' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('searches by reference once typing pauses, back on page 1', async () => {
    const queries = orderLedger(3)
    const { user, router } = renderApp('/orders?page=2')
    await user.type(await screen.findByRole('searchbox', { name: 'Search orders by reference' }), 'ord-12')
    await waitFor(() => expect(router.state.location.search).toEqual({ reference: 'ord-12' }))
    await waitFor(() => expect(queries.at(-1)!.get('reference')).toBe('ord-12'))
    expect(queries.at(-1)!.get('page')).toBe('1')
    expect(queries.map((q) => q.get('reference')).filter(Boolean)).toEqual(['ord-12'])
  })

  it('exports past a capped total: pages of 1,000 until one comes back short (issue 38)', async () => {
    const queries = orderLedger(10_500)
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const { user } = renderApp('/orders?status=paid')
    await screen.findAllByTestId('order-row')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByRole('status', { name: 'Exported 10,500 orders' }, { timeout: 20_000 })).toBeTruthy()
    expect(queries.filter((q) => q.get('size') === '1000').map((q) => q.get('page'))).toEqual(
      Array.from({ length: 11 }, (_, i) => String(i + 1)),
    )
    expect((await saved!.text()).trimEnd().split('\r\n')).toHaveLength(10_501)
  }, 30_000)

  it('exports every order of the current filters as CSV: all pages of 1,000, naira amounts, escaped text', async () => {
    const queries = orderLedger(3, (n) =>
      orderSummary({
        id: `o-${n}`,
        reference: `ORD-${n}`,
        status: n === 2 ? 'partially-paid' : 'paid',
        customer:
          n === 1 ? { id: 'cus-x', name: '=HYPERLINK("x"), "Mama" Ngozi' } : n === 2 ? null : { id: 'cus-1', name: 'Chukwuemeka Obi' },
        amount: 1_234_567_50 + n,
        amountPaid: n === 2 ? 5 : 1_234_567_50 + n,
        amountRefunded: n === 1 ? 500_00 : 0,
        isShareable: n === 0,
        createdAt: '2026-11-22T09:42:00.000Z',
        updatedAt: '2026-11-22T09:42:00.000Z',
      }),
    )
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:test'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    let fileName = ''
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download
    })
    const { user } = renderApp('/orders?status=paid&duration=LAST_MONTH')
    await screen.findAllByTestId('order-row')
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByRole('status', { name: 'Exported 3 orders' })).toBeTruthy()

    const exportCall = queries.find((q) => q.get('size') === '1000')!
    expect([exportCall.get('page'), exportCall.get('status'), exportCall.get('kind')]).toEqual(['1', 'paid', 'order'])
    expect(exportCall.get('startDate')).toBeTruthy()
    // Named for what it holds: the 30 Lagos days of the range, and the status (issue 22).
    const [first, last] = [exportCall.get('startDate')!, exportCall.get('endDate')!].map((iso) => toIsoDate(new Date(iso)))
    expect(fileName).toBe(`orders-${first}-to-${last}-paid.csv`)
    expect(Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)).toBe(29 * 86_400_000)
    const text = (await saved!.text()).replace(/^\uFEFF/, '')
    const lines = text.trimEnd().split('\r\n')
    const date = lines[1]!.split(',')[0]
    expect(lines).toEqual([
      '"Date (WAT, UTC+1)",Reference,Kind,Status,Customer,Items,Amount,Amount paid,Amount refunded,Currency,Shareable,"Updated (WAT, UTC+1)"',
      `${date},ORD-0,order,paid,Chukwuemeka Obi,2,1234567.50,1234567.50,0.00,NGN,yes,${date}`,
      // Partly refunded: still paid, the refund in its own column.
      `${date},ORD-1,order,paid,"'=HYPERLINK(""x""), ""Mama"" Ngozi",2,1234567.51,1234567.51,500.00,NGN,no,${date}`,
      `${date},ORD-2,order,partially-paid,,2,1234567.52,0.05,0.00,NGN,no,${date}`,
    ])
  })
})
