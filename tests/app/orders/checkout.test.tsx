import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/contract'
import { clearSession } from '../../../src/app/lib/session'
import { publicOrder } from '../sales-fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

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
