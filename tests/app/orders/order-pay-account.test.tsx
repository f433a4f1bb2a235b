import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { clearSession } from '#app/lib/session'
import { endpoints } from '#contract/index'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { order, publicOrder } from '../sales-fixtures'

useAppHarness()

/* Pay by transfer per order (issue 36): the order's own account on its detail and on the customer's pay page. */

const payAccount = {
  accountNumber: '3201234567',
  accountName: 'Checkout ORD-A1B2C3',
  bankName: 'Providus Bank',
  amount: 1_117_500,
  // 09:42 in Lagos (UTC+1).
  expiresAt: '2026-11-23T08:42:00.000Z',
}

describe("An order's own account", () => {
  it('is on the order detail with a copy button and its expiry in Lagos time', async () => {
    server.use(handle(endpoints.orderDetail, () => ok(order({ status: 'pending', amountPaid: 0, payments: [], payAccount }))))
    const { user } = renderApp('/orders/ORD-A1B2C3')
    const card = await screen.findByRole('region', { name: 'Account for this order' })
    expect(within(card).getByText('3201234567')).toBeTruthy()
    expect(within(card).getByText('Providus Bank')).toBeTruthy()
    expect(within(card).getByText('Checkout ORD-A1B2C3')).toBeTruthy()
    expect(within(card).getByText('23 Nov 2026, 09:42 (Lagos time)')).toBeTruthy()
    expect(within(card).getByText(/no narration needed/)).toBeTruthy()
    await user.click(within(card).getByRole('button', { name: 'Copy account number' }))
    expect(await navigator.clipboard.readText()).toBe('3201234567')
  })

  it('is not shown once the order has none, and a credit that came after it closed is listed to attach', async () => {
    const late = { transactionId: 'txn-late', reference: 'TRF-LATE-1', amount: 500_000, createdAt: '2026-11-24T10:00:00.000Z' }
    server.use(handle(endpoints.orderDetail, () => ok(order({ payAccount: null, unattachedPayments: [late] }))))
    renderApp('/orders/ORD-A1B2C3')
    const card = await screen.findByRole('region', { name: 'Account for this order' })
    expect(within(card).queryByText('Account number')).toBeNull()
    const list = within(card).getByRole('list', { name: 'Unattached payments' })
    expect(within(list).getByRole('link', { name: 'TRF-LATE-1' }).getAttribute('href')).toBe('/transactions/txn-late')
    expect(within(list).getByText('₦5,000.00')).toBeTruthy()
  })

  it('an order with no account and nothing unattached shows no such section', async () => {
    server.use(handle(endpoints.orderDetail, () => ok(order())))
    renderApp('/orders/ORD-A1B2C3')
    expect(await screen.findByRole('heading', { name: 'Order ORD-A1B2C3' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Account for this order' })).toBeNull()
  })

  it("is the account on the customer's pay page, with no narration to write", async () => {
    server.use(handle(endpoints.publicOrder, () => ok(publicOrder({ payAccount }))))
    renderApp('/checkout/AbCdEf123')
    clearSession()
    const pay = await screen.findByRole('region', { name: 'Pay by bank transfer' })
    expect(within(pay).getByText('3201234567')).toBeTruthy()
    expect(within(pay).queryByText('9900112233')).toBeNull()
    expect(within(pay).getByText('23 Nov 2026, 09:42 (Lagos time)')).toBeTruthy()
    expect(within(pay).getByText(/no narration is needed/)).toBeTruthy()
    expect(within(pay).queryByRole('button', { name: 'Copy reference' })).toBeNull()
    expect(within(pay).getByRole('button', { name: 'Copy account number' })).toBeTruthy()
  })
})
