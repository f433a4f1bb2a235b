import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { endpoints } from '#contract/index'

import { typeDate } from '../date-field'
import { coupon, couponPage, deliveryLocation, deliveryLocationPage, tax, taxPage, transaction, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { customer, customerPage, order, sellableVariantPage } from '../sales-fixtures'
import { orderLedger } from './orders-api'

useAppHarness()

interface Calls {
  creates: { path: string; key: string | null; body: Record<string, unknown> }[]
}

/** The API the Create order form talks to; `create` answers each POST in turn. */
function api(create: ((n: number) => Response)[] = []): Calls {
  const calls: Calls = { creates: [] }
  const record = async (request: Request) => {
    calls.creates.push({
      path: new URL(request.url).pathname,
      key: request.headers.get('Idempotency-Key'),
      body: (await request.json()) as Record<string, unknown>,
    })
    const answer = create[calls.creates.length - 1]
    return answer ? answer(calls.creates.length) : ok(order({ reference: 'ORD-NEW001' }), 'Order created')
  }
  server.use(
    handle(endpoints.sellableVariants, ({ request }) => {
      const name = new URL(request.url).searchParams.get('name') ?? ''
      const all = [variant(), variant({ id: 'var-2', options: { Size: 'Small' }, price: 300_000, discountedPrice: 270_000 })]
      return ok(
        sellableVariantPage(
          all.filter((v) => `${v.productName} ${Object.values(v.options).join(' ')}`.toLowerCase().includes(name.toLowerCase())),
        ),
      )
    }),
    handle(endpoints.listTaxes, () => ok(taxPage([tax(), tax({ id: 'tax-2', name: 'Service charge', percentage: 5 })]))),
    handle(endpoints.listDeliveryLocations, () =>
      ok(deliveryLocationPage([deliveryLocation(), deliveryLocation({ id: 'location-2', name: 'Ikeja', isActive: false })])),
    ),
    handle(endpoints.listCoupons, () => ok(couponPage([coupon({ state: 'active', isActive: true })], 1, 1000))),
    handle(endpoints.listCustomers, () => ok(customerPage([customer()]))),
    handle(endpoints.createOrder, ({ request }) => record(request)),
    handle(endpoints.createShareableOrder, ({ request }) => record(request)),
    handle(endpoints.orderDetail, () => ok(order({ reference: 'ORD-NEW001' }))),
  )
  return calls
}

const totalRow = () => screen.getByRole('region', { name: 'Total' })

describe('Create order', () => {
  it('posts the items, the customer and the taxes with an Idempotency-Key, then opens the order', async () => {
    const calls = api()
    const { user, router } = renderApp('/orders/new')
    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }))
    await user.click(screen.getByRole('button', { name: 'Add Jollof rice, Size: Large' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'small')
    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Small' }))
    await user.click(screen.getByRole('button', { name: 'More Jollof rice, Size: Small' }))
    await user.click(screen.getByRole('button', { name: 'More Jollof rice, Size: Small' }))
    await user.click(screen.getByRole('button', { name: 'Fewer Jollof rice, Size: Small' }))
    await user.type(screen.getByLabelText('Custom item'), 'Small chops tray')
    await user.type(screen.getByLabelText('Unit amount'), '1500')
    await user.click(screen.getByRole('button', { name: 'Add item' }))

    await user.type(screen.getByLabelText('Customer name'), 'Ada Obi')
    await user.type(screen.getByLabelText('Email (optional)'), 'ada@example.com')
    await user.type(screen.getByLabelText('Phone (optional)'), '+234 803 123 4567')
    await user.click(await screen.findByRole('checkbox', { name: 'VAT (7.5\u00a0%)' }))
    await user.selectOptions(screen.getByLabelText('Delivery location'), 'location-1')
    expect(screen.queryByRole('option', { name: /Ikeja/ })).toBeNull()

    // 2 × ₦5,000 + 2 × ₦2,700 + ₦1,500 = ₦16,900; VAT 7.5 % = ₦1,267.50; delivery ₦1,500.
    const totals = within(totalRow())
    expect(totals.getByText('₦16,900.00')).toBeTruthy()
    expect(totals.getByText('₦1,267.50')).toBeTruthy()
    expect(totals.getByText('₦19,667.50')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Create order' }))
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    const sent = calls.creates[0]!
    expect(sent.path).toBe('/api/order')
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent.body).toEqual({
      kind: 'order',
      items: [
        { variantId: 'var-1', quantity: 2 },
        { variantId: 'var-2', quantity: 2 },
        { name: 'Small chops tray', amount: 150_000, quantity: 1 },
      ],
      taxIds: ['tax-1'],
      customer: { name: 'Ada Obi', email: 'ada@example.com', phone: '08031234567' },
      deliveryLocationId: 'location-1',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/ORD-NEW001'))
    expect(await screen.findByRole('heading', { name: 'Order ORD-NEW001' })).toBeTruthy()
  })

  it('offline, the order waits on the device under its attempt’s key, shows in the list as waiting, and is sent once online', async () => {
    const calls = api()
    orderLedger(3)
    const { user, router } = renderApp('/orders/new')
    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }))
    await user.type(screen.getByLabelText('Customer name'), 'Ada Obi')
    act(() => onlineManager.setOnline(false))
    expect(await screen.findByText('You are offline. The order is kept on this device and sent when you reconnect.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create order' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    const waiting = await screen.findByTestId('waiting-order')
    expect(within(waiting).getByText('Order for Ada Obi · 1 item')).toBeTruthy()
    expect(within(waiting).getByText('Waiting to send')).toBeTruthy()
    expect(screen.getByRole('button', { name: /1 change waiting to send/ })).toBeTruthy()
    expect(calls.creates).toEqual([])

    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    expect(calls.creates[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(calls.creates[0]!.body).toEqual({
      kind: 'order',
      items: [{ variantId: 'var-1', quantity: 1 }],
      taxIds: [],
      customer: { name: 'Ada Obi', email: null, phone: null },
    })
    await waitFor(() => expect(screen.queryByTestId('waiting-order')).toBeNull())
    expect(screen.queryByRole('button', { name: /waiting to send/ })).toBeNull()
  })

  it('offline, an order for a transfer is not kept: it settles money, so it waits for the network', async () => {
    api()
    server.use(handle(endpoints.transactionDetail, () => ok(transaction())))
    renderApp('/orders/create-order?reference=VBO-REF-0001')
    expect(await screen.findByText('Payment VBO-REF-0001')).toBeTruthy()
    act(() => onlineManager.setOnline(false))
    expect(await screen.findByText('You are offline. Connect to the internet to create the order.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Create order' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('needs at least one item, and previews an active coupon found among the vendor’s coupons', async () => {
    const calls = api()
    const { user } = renderApp('/orders/new')
    await user.click(await screen.findByRole('button', { name: 'Create order' }))
    expect(await screen.findByText('Add at least one item.')).toBeTruthy()
    expect(calls.creates).toHaveLength(0)

    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }))
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'dec10')
    expect(await within(totalRow()).findByText('Coupon DEC10')).toBeTruthy()
    expect(within(totalRow()).getByText('−₦500.00')).toBeTruthy()
    expect(within(totalRow()).getByText('₦4,500.00')).toBeTruthy()
  })

  it('says a coupon is worked out on saving when the coupon list cannot be read, and shows a refusal under its field', async () => {
    const calls = api()
    server.use(
      handle(endpoints.createOrder, async ({ request }) => {
        calls.creates.push({
          path: '/api/order',
          key: request.headers.get('Idempotency-Key'),
          body: (await request.json()) as Record<string, unknown>,
        })
        return Response.json(
          { message: 'This coupon has expired', code: 'VALIDATION', issues: [{ path: 'couponCode', message: 'has expired' }] },
          { status: 422 },
        )
      }),
    )
    const { user } = renderApp('/orders/new', { permissions: ['VENDOR_ORDERS'] })
    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }))
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'OLD5')
    expect(within(totalRow()).getByText('Coupon OLD5 is applied when the order is saved; the total then shows its discount.')).toBeTruthy()
    expect(within(totalRow()).getByText('Total before coupon')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Choose an existing customer' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Create order' }))
    expect(await screen.findByText('Has expired.')).toBeTruthy()
    expect(calls.creates[0]!.body).toMatchObject({ couponCode: 'OLD5' })
    expect(calls.creates[0]!.body.customer).toBeUndefined()
  })

  it('creates a shareable invoice through POST /order/shareable with a chosen customer', async () => {
    const calls = api([() => ok(order({ reference: 'INV-NEW001', kind: 'invoice', isShareable: true }), 'Invoice created')])
    const { user, router } = renderApp('/invoices/new')
    expect(screen.queryByRole('switch', { name: /Shareable/ })).toBeNull()
    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }))
    await user.click(screen.getByRole('button', { name: 'Choose an existing customer' }))
    await user.click(await screen.findByRole('button', { name: /Chukwuemeka Obi/ }))
    await user.click(screen.getByRole('button', { name: 'Create invoice' }))
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    expect(calls.creates[0]!.path).toBe('/api/order/shareable')
    expect(calls.creates[0]!.body).toEqual({
      kind: 'invoice',
      items: [{ variantId: 'var-1', quantity: 1 }],
      taxIds: [],
      customerId: 'cus-1',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/INV-NEW001'))
  })

  it('sends an invoice’s due date; a day before today (Lagos) is refused under the field, as is the server’s refusal', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-10T23:30:00Z'), shouldAdvanceTime: true })
    const calls = api([
      () =>
        Response.json(
          {
            message: 'dueDate: must not be before the invoice date (2026-12-11)',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'dueDate', message: 'must not be before the invoice date (2026-12-11)' }],
          },
          { status: 422 },
        ),
      () => ok(order({ reference: 'INV-DUE001', kind: 'invoice', isShareable: true, dueDate: '2026-12-31' }), 'Invoice created'),
    ])
    const { user, router } = renderApp('/invoices/new')
    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }))
    // 23:30 UTC on the 10th is already the 11th in Lagos: the 10th is in the past.
    await typeDate('Due date (optional)', '10/12/2026')
    await user.click(screen.getByRole('button', { name: 'Create invoice' }))
    expect(await screen.findByText('Choose today or a later day.')).toBeTruthy()
    expect(calls.creates).toHaveLength(0)

    await typeDate('Due date (optional)', '11/12/2026')
    await user.click(screen.getByRole('button', { name: 'Create invoice' }))
    expect(await screen.findByText('Must not be before the invoice date (2026-12-11).')).toBeTruthy()
    expect(calls.creates[0]!.body).toMatchObject({ kind: 'invoice', dueDate: '2026-12-11' })

    await typeDate('Due date (optional)', '31/12/2026')
    await user.click(screen.getByRole('button', { name: /Create invoice|Try again/ }))
    await waitFor(() => expect(calls.creates).toHaveLength(2))
    expect(calls.creates[1]!.body).toMatchObject({ kind: 'invoice', dueDate: '2026-12-31' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/INV-DUE001'))
    vi.useRealTimers()
  })
})

describe('Create order for a transfer', () => {
  it('prefills a line for the amount, names the payer as the customer, and posts only the transaction reference', async () => {
    const calls = api()
    const queries: string[] = []
    server.use(
      handle(endpoints.transactionDetail, ({ request }) => {
        queries.push(new URL(request.url).search)
        return ok(transaction())
      }),
    )
    const { user, router } = renderApp('/orders/create-order?reference=VBO-REF-0001')
    expect(await screen.findByText('Payment VBO-REF-0001')).toBeTruthy()
    expect(queries[0]).toBe('?reference=VBO-REF-0001')
    // The order is the payer's (issue 35): no name to type, which made a second customer of the same payer.
    const customerCard = screen.getByRole('region', { name: 'Customer' })
    expect(within(customerCard).getByText('Chukwuemeka Obi')).toBeTruthy()
    expect(within(customerCard).getByText('Paid from Guaranty Trust Bank · 0123456789. The order is theirs.')).toBeTruthy()
    expect(screen.queryByLabelText('Customer name')).toBeNull()
    expect(within(totalRow()).getAllByText('₦45,000.00').length).toBeGreaterThan(0)
    expect(screen.queryByRole('switch', { name: /Shareable/ })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Create order' }))
    await waitFor(() => expect(calls.creates).toHaveLength(1))
    expect(calls.creates[0]!.path).toBe('/api/order')
    expect(calls.creates[0]!.body).toEqual({
      kind: 'order',
      items: [{ name: 'Payment VBO-REF-0001', amount: 4_500_000, quantity: 1 }],
      taxIds: [],
      transactionReference: 'VBO-REF-0001',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/ORD-NEW001'))
  })

  it('links to the order when the transfer already has one', async () => {
    api()
    server.use(
      handle(endpoints.transactionDetail, () =>
        ok(transaction({ hasMatchingOrder: true, hasShareableOrder: true, orderReference: 'ORD-42' })),
      ),
    )
    renderApp('/orders/create-order?reference=VBO-REF-0001')
    expect(await screen.findByText('This transfer already has an order')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe('/orders/ORD-42?type=shareable')
    expect(screen.queryByRole('button', { name: 'Create order' })).toBeNull()
  })
})
