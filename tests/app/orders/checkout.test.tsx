import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { CHECKOUT_POLL_MS } from '#app/features/orders/components/checkout-page'
import { clearSession } from '#app/lib/session'
import { endpoints } from '#contract/index'

import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { publicOrder } from '../sales-fixtures'

useAppHarness()

describe('Public checkout page', () => {
  it('shows the vendor, the items, the amount due and the account to pay into with the reference as narration, without a login', async () => {
    let authorization: string | null = 'unset'
    let code: string | null = null
    server.use(
      handle(endpoints.publicOrder, ({ request }) => {
        authorization = request.headers.get('Authorization')
        code = new URL(request.url).searchParams.get('code')
        return ok(publicOrder())
      }),
    )
    const { user } = renderApp('/checkout/AbCdEf123')
    clearSession()
    expect(await screen.findByRole('heading', { name: 'Order ORD-A1B2C3' })).toBeTruthy()
    expect(authorization).toBeNull()
    expect(code).toBe('AbCdEf123')
    expect(screen.getAllByText('Mama Put Kitchen').length).toBe(2)
    expect(screen.getByText('pending')).toBeTruthy()
    const pay = screen.getByRole('region', { name: 'Pay by bank transfer' })
    expect(within(pay).getByText('₦10,750.00')).toBeTruthy()
    expect(within(pay).getByText('Providus Bank')).toBeTruthy()
    expect(within(pay).getByText('9900112233')).toBeTruthy()
    expect(within(pay).getByText('ORD-A1B2C3')).toBeTruthy()
    const items = screen.getByRole('region', { name: 'Items' })
    expect(within(items).getByText('Size: Large · Quantity 2')).toBeTruthy()
    expect(within(items).queryByText(/hidden-internal-id/)).toBeNull()

    await user.click(within(pay).getByRole('button', { name: 'Copy reference' }))
    expect(await screen.findByRole('status', { name: 'Reference copied' })).toBeTruthy()
  })

  it('says when it is paid', async () => {
    server.use(handle(endpoints.publicOrder, () => ok(publicOrder({ status: 'paid', amountPaid: 1_075_000, amountDue: 0 }))))
    renderApp('/checkout/AbCdEf123')
    expect(await screen.findByText('Paid in full. Thank you.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Pay by bank transfer' })).toBeNull()
  })

  it('a refunded order says how much went back, and asks for nothing', async () => {
    server.use(
      handle(endpoints.publicOrder, () =>
        ok(publicOrder({ status: 'refunded', amountPaid: 1_075_000, amountDue: 0, amountRefunded: 1_075_000 })),
      ),
    )
    renderApp('/checkout/AbCdEf123')
    expect(await screen.findByText('Refunded ₦10,750.00 of ₦10,750.00. The money went back to the account that paid.')).toBeTruthy()
    expect(screen.queryByText('Paid in full. Thank you.')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Pay by bank transfer' })).toBeNull()
  })

  it('a partly refunded order is still paid, and says what came back', async () => {
    server.use(
      handle(endpoints.publicOrder, () =>
        ok(publicOrder({ status: 'paid', amountPaid: 1_075_000, amountDue: 0, amountRefunded: 200_000 })),
      ),
    )
    renderApp('/checkout/AbCdEf123')
    expect(await screen.findByText('Refunded ₦2,000.00 of ₦10,750.00. It went back to the account that paid.')).toBeTruthy()
    expect(screen.getByText('Paid in full. Thank you.')).toBeTruthy()
    expect(screen.getByText('paid')).toBeTruthy()
  })

  it('an overpaid order says how much extra arrived', async () => {
    server.use(
      handle(endpoints.publicOrder, () =>
        ok(publicOrder({ status: 'overpayment', amountPaid: 1_125_000, amountDue: 0, amountOverpaid: 50_000 })),
      ),
    )
    renderApp('/checkout/AbCdEf123')
    expect(await screen.findByText('₦500.00 more than the total arrived. Contact Mama Put Kitchen about the extra.')).toBeTruthy()
    expect(screen.getByText('Paid in full. Thank you.')).toBeTruthy()
  })

  it('an overpaid order whose extra went back does not ask the customer to chase it', async () => {
    server.use(
      handle(endpoints.publicOrder, () =>
        ok(publicOrder({ status: 'overpayment', amountPaid: 1_125_000, amountDue: 0, amountOverpaid: 50_000, amountRefunded: 50_000 })),
      ),
    )
    renderApp('/checkout/AbCdEf123')
    expect(await screen.findByText('Refunded ₦500.00 of ₦11,250.00. It went back to the account that paid.')).toBeTruthy()
    expect(screen.getByText('₦500.00 more than the total arrived.')).toBeTruthy()
    expect(screen.queryByText(/about the extra/)).toBeNull()
  })

  it('updates by itself when the payment arrives, and stops asking once it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      let calls = 0
      let paid = false
      server.use(
        handle(endpoints.publicOrder, () => {
          calls += 1
          return ok(paid ? publicOrder({ status: 'paid', amountPaid: 1_075_000, amountDue: 0 }) : publicOrder())
        }),
      )
      renderApp('/checkout/AbCdEf123')
      expect(await screen.findByRole('region', { name: 'Pay by bank transfer' })).toBeTruthy()
      const before = calls
      await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS)
      await waitFor(() => expect(calls).toBe(before + 1))
      expect(screen.getByRole('region', { name: 'Pay by bank transfer' })).toBeTruthy()
      // The customer's transfer reaches the server; the next poll shows it without a reload.
      paid = true
      await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS)
      expect(await screen.findByText('Paid in full. Thank you.')).toBeTruthy()
      expect(screen.queryByRole('region', { name: 'Pay by bank transfer' })).toBeNull()
      const settled = calls
      await vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 3)
      expect(calls).toBe(settled)
    } finally {
      vi.useRealTimers()
    }
  })

  it('says when the link is no longer valid', async () => {
    server.use(handle(endpoints.publicOrder, () => fail(404, 'NOT_FOUND', 'Order not found')))
    renderApp('/checkout/Gone12345')
    expect(await screen.findByText('This payment page is no longer valid')).toBeTruthy()
  })

  it('treats a code the API refuses as malformed (a link cut short) as no longer valid, with no Try again', async () => {
    server.use(handle(endpoints.publicOrder, () => fail(422, 'VALIDATION_FAILED', 'code: is not a valid code')))
    renderApp('/checkout/nope')
    expect(await screen.findByText('This payment page is no longer valid')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })
})
