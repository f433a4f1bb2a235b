import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { order } from '../sales-fixtures'

useAppHarness()

describe('Order page', () => {
  it('stacks summary, items, customer, payment and timeline', async () => {
    server.use(handle(endpoints.orderDetail, () => ok(order({ publicUrl: 'https://shop.test/checkout/AbCdEf123', isShareable: true }))))
    renderApp('/orders/ORD-A1B2C3?type=shareable')
    expect(await screen.findByRole('heading', { name: 'Order ORD-A1B2C3' })).toBeTruthy()
    const summary = await screen.findByRole('region', { name: 'Summary' })
    expect(within(summary).getAllByText('₦11,175.00').length).toBeGreaterThan(0)
    expect(within(summary).getByText('paid')).toBeTruthy()
    expect(within(summary).getByText('https://shop.test/checkout/AbCdEf123')).toBeTruthy()
    expect(within(summary).getByRole('button', { name: 'Copy payment link' })).toBeTruthy()
    expect(within(summary).getByRole('link', { name: 'Initiate Dispute' }).getAttribute('href')).toBe(
      '/orders/disputes/new?orderReference=ORD-A1B2C3',
    )

    const items = screen.getByRole('region', { name: 'Items (1)' })
    expect(within(items).getByText('Size: Large')).toBeTruthy()
    expect(within(items).getByText('2 × ₦5,000.00')).toBeTruthy()
    expect(within(items).getByText('Coupon DEC10')).toBeTruthy()
    expect(within(items).getByText('−₦1,000.00')).toBeTruthy()
    expect(within(items).getByText('VAT (7.5 %)')).toBeTruthy()
    expect(within(items).getByText('Delivery, Lekki Phase 1')).toBeTruthy()

    const customer = screen.getByRole('region', { name: 'Customer' })
    expect(within(customer).getByRole('link', { name: 'View customer' }).getAttribute('href')).toBe('/customers/cus-1')
    const payment = screen.getByRole('region', { name: 'Payment' })
    expect(within(payment).getByText('VBO-REF-0009', { exact: false })).toBeTruthy()
    expect(within(payment).getByRole('link', { name: 'Initiate Refund' }).getAttribute('href')).toBe(
      '/orders/ORD-A1B2C3/refund?type=shareable',
    )
    const timeline = screen.getByRole('list', { name: 'Timeline' })
    expect(within(timeline).getByText('Payment received')).toBeTruthy()
  })

  it('changes the status through the Cancel / Proceed dialog with PATCH /order', async () => {
    const patches: unknown[] = []
    server.use(
      handle(endpoints.orderDetail, () => ok(order())),
      handle(endpoints.updateOrderStatus, async ({ request }) => {
        patches.push(await request.json())
        return ok(order({ status: 'fulfilled', allowedStatuses: [] }), 'Order marked as fulfilled')
      }),
    )
    const { user } = renderApp('/orders/ORD-A1B2C3')
    await user.click(await screen.findByRole('button', { name: 'Mark as fulfilled' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark this order as fulfilled?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(patches).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Mark as fulfilled' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Proceed' }))
    await waitFor(() => expect(patches).toEqual([{ reference: 'ORD-A1B2C3', status: 'fulfilled' }]))
    expect(await screen.findByRole('status', { name: 'Order marked as fulfilled' })).toBeTruthy()
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('fulfilled')).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Mark as fulfilled' })).toBeNull()
  })

  it('an invoice is named an invoice in the dialog, and the server\'s "Invoice status updated" is toasted (issue 35)', async () => {
    const invoice = () =>
      order({
        kind: 'invoice',
        reference: 'INV-A1B2C3',
        status: 'pending',
        amountPaid: 0,
        payments: [],
        allowedStatuses: ['abandoned', 'failed'],
      })
    server.use(
      handle(endpoints.orderDetail, () => ok(invoice())),
      handle(endpoints.updateOrderStatus, () =>
        ok({ ...invoice(), status: 'failed', allowedStatuses: ['pending'] }, 'Invoice status updated'),
      ),
    )
    const { user } = renderApp('/invoices/INV-A1B2C3')
    await user.click(await screen.findByRole('button', { name: 'Mark as failed' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark this invoice as failed?' })
    expect(within(dialog).getByText('The invoice could not go ahead. You can set it back to pending later.')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }))
    expect(await screen.findByRole('status', { name: 'Invoice status updated' })).toBeTruthy()
  })

  it('a partly refunded order stays paid, says "Refunded ₦X of ₦Y", and can still be fulfilled', async () => {
    server.use(
      handle(endpoints.orderDetail, () =>
        ok(
          order({
            status: 'paid',
            amountPaid: 1_117_500,
            amountRefunded: 200_000,
            allowedStatuses: ['fulfilled'],
            refundableAmount: 917_500,
          }),
        ),
      ),
    )
    renderApp('/orders/ORD-A1B2C3')
    const summary = await screen.findByRole('region', { name: 'Summary' })
    expect(await within(summary).findByText('Refunded ₦2,000.00 of ₦11,175.00')).toBeTruthy()
    expect(within(summary).getByText('paid')).toBeTruthy()
    expect(within(summary).getByRole('button', { name: 'Mark as fulfilled' })).toBeTruthy()
  })

  it('an order with nothing refunded shows no refund line', async () => {
    server.use(handle(endpoints.orderDetail, () => ok(order())))
    renderApp('/orders/ORD-A1B2C3')
    const summary = await screen.findByRole('region', { name: 'Summary' })
    await within(summary).findByText('paid')
    expect(within(summary).queryByText(/^Refunded ₦/)).toBeNull()
  })

  it('says when no order has the reference, without Refetch', async () => {
    server.use(
      handle(endpoints.orderDetail, () => new Response(JSON.stringify({ message: 'Order not found', code: 'NOT_FOUND' }), { status: 404 })),
    )
    renderApp('/invoices/INV-404')
    expect(await screen.findByText('Invoice not found')).toBeTruthy()
    expect(screen.getByText('No invoice has the reference INV-404.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })
})
