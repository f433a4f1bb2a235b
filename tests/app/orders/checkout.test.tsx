import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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

  it('says who is selling as the invoice does (logo, name, address, phone, e-mail, TIN), its number and VAT with its rate', async () => {
    const business = { ...publicOrder().business, logoUrl: '/api/files/logo.png' }
    server.use(
      handle(endpoints.publicOrder, () =>
        ok(publicOrder({ kind: 'invoice', reference: 'INV-7Q2K91XM', invoiceNumber: 'INV-000007', business })),
      ),
    )
    renderApp('/checkout/AbCdEf123')
    clearSession()
    expect(await screen.findByRole('heading', { name: 'Invoice INV-7Q2K91XM' })).toBeTruthy()
    const seller = screen.getByRole('region', { name: 'Seller' })
    expect(within(seller).getByRole('img', { name: 'Mama Put Kitchen logo' }).getAttribute('src')).toBe('/api/files/logo.png')
    expect(within(seller).getByText('Mama Put Kitchen')).toBeTruthy()
    expect(within(seller).getByText('12 Allen Avenue')).toBeTruthy()
    expect(within(seller).getByText('Ikeja, Lagos')).toBeTruthy()
    expect(within(seller).getByRole('link', { name: '08031234567' }).getAttribute('href')).toBe('tel:08031234567')
    expect(within(seller).getByRole('link', { name: 'orders@mamaput.ng' }).getAttribute('href')).toBe('mailto:orders@mamaput.ng')
    expect(within(seller).getByText('TIN: 12345678-0001')).toBeTruthy()
    // The number in the seller's books, apart from the reference a transfer quotes.
    expect(screen.getByText('Invoice number INV-000007')).toBeTruthy()
    const items = screen.getByRole('region', { name: 'Items' })
    expect(within(items).getByText('VAT (7.5 %)').nextElementSibling?.textContent).toBe('₦750.00')
    expect(within(items).queryByText('Tax')).toBeNull()

    // A logo that cannot load (offline, not in the file cache yet) leaves the business's initial in its place.
    fireEvent.error(within(seller).getByRole('img', { name: 'Mama Put Kitchen logo' }))
    expect(within(seller).queryByRole('img')).toBeNull()
    expect(within(seller).getByText('M')).toBeTruthy()
  })

  it('an order shows no invoice number, and a business with nothing else set its name and e-mail', async () => {
    const business = { name: 'Mama Put Kitchen', address: null, phone: null, email: 'orders@mamaput.ng', tin: null, logoUrl: null }
    server.use(handle(endpoints.publicOrder, () => ok(publicOrder({ business, taxes: [], taxTotal: 0, amount: 1_000_000 }))))
    renderApp('/checkout/AbCdEf123')
    const seller = await screen.findByRole('region', { name: 'Seller' })
    expect(seller.textContent).toBe('MMama Put Kitchenorders@mamaput.ng')
    expect(screen.queryByText(/Invoice number/)).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Items' })).queryByText(/VAT/)).toBeNull()
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
