import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { coupon, couponPage, deliveryLocationPage, taxPage, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { customerPage, sellableVariantPage } from '../sales-fixtures'

useAppHarness()

/** Create order's reads, with the vendor's coupons: one expired, one not started, one used up. */
function api() {
  server.use(
    handle(endpoints.sellableVariants, () => ok(sellableVariantPage([variant()]))),
    handle(endpoints.listTaxes, () => ok(taxPage([]))),
    handle(endpoints.listDeliveryLocations, () => ok(deliveryLocationPage([]))),
    handle(endpoints.listCustomers, () => ok(customerPage([]))),
    handle(endpoints.listCoupons, () =>
      ok(
        couponPage(
          [
            coupon({ id: 'c-old', couponCode: 'NOV5', state: 'expired', startDate: '2026-11-01', endDate: '2026-11-30' }),
            coupon({ id: 'c-new', couponCode: 'XMAS', state: 'scheduled', startDate: '2026-12-24', endDate: '2026-12-26' }),
            coupon({ id: 'c-used', couponCode: 'FIRST', state: 'used_up', currentUsage: 100 }),
          ],
          1,
          1000,
        ),
      ),
    ),
  )
}

const totalRow = () => screen.getByRole('region', { name: 'Total' })

describe('Create order: a typed coupon that will not apply', () => {
  it('says at once that it expired on its end date, or starts on its start date, as the app shows dates', async () => {
    api()
    const { user } = renderApp('/orders/new')
    // The first screen of a file loads the route's code: slow on a busy machine.
    await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }, { timeout: 20_000 }))
    const code = screen.getByLabelText('Coupon code (optional)')

    await user.type(code, 'nov5')
    expect(await within(totalRow()).findByText('Coupon NOV5 expired on 30/11/2026.')).toBeTruthy()
    expect(within(totalRow()).getByText('Total before coupon')).toBeTruthy()
    expect(within(totalRow()).queryByText(/saving will say why/)).toBeNull()

    await user.clear(code)
    await user.type(code, 'xmas')
    expect(await within(totalRow()).findByText('Coupon XMAS starts on 24/12/2026.')).toBeTruthy()

    await user.clear(code)
    await user.type(code, 'first')
    expect(await within(totalRow()).findByText('Coupon FIRST has been used the maximum number of times.')).toBeTruthy()

    await user.clear(code)
    await user.type(code, 'nope1')
    expect(await within(totalRow()).findByText('NOPE1 is not one of your coupons.')).toBeTruthy()
  })
})
