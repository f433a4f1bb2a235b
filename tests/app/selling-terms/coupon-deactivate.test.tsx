import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { coupon, couponPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/* Coupon Details: Deactivate after a confirmation, Activate again; the list shows the state. */

function couponApi() {
  let current = coupon({ isActive: true, state: 'active' })
  const sent: unknown[] = []
  server.use(
    handle(endpoints.listCoupons, () => ok(couponPage([current]))),
    handle(endpoints.couponDetail, () => ok(current)),
    handle(endpoints.updateCoupon, async ({ request }) => {
      const body = (await request.json()) as { id: string; enabled: boolean }
      sent.push(body)
      current = { ...current, isActive: body.enabled, state: body.enabled ? 'active' : 'deactivated' }
      return ok(current, body.enabled ? 'Coupon activated' : 'Coupon deactivated')
    }),
  )
  return sent
}

describe('Coupon Details: deactivate and activate', () => {
  it('asks first, says what happens, then deactivates; the list shows it deactivated; Activate turns it back on', async () => {
    const sent = couponApi()
    const { user } = renderApp('/products/coupons/coupon-1')
    const sheet = await screen.findByRole('dialog', { name: 'Coupon Details' })
    expect(await within(sheet).findByText('active')).toBeTruthy()

    await user.click(await within(sheet).findByRole('button', { name: 'Deactivate coupon' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate DEC10?' })
    expect(
      within(confirm).getByText(
        'Customers can no longer use this code until you activate it again. Orders that already used it keep their discount.',
      ),
    ).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(sent).toEqual([])

    await user.click(within(sheet).getByRole('button', { name: 'Deactivate coupon' }))
    const deactivate = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' })
    // Reopened right after closing, the dialog may still be taking pointer events back (pointer-events: none for a
    // moment on a loaded machine; CI saw it): retry until the click lands, as a user's second tap would.
    await waitFor(() => user.click(deactivate))
    expect(await screen.findByRole('status', { name: 'Coupon deactivated' })).toBeTruthy()
    expect(sent).toEqual([{ id: 'coupon-1', enabled: false }])
    expect(await within(sheet).findByText('deactivated')).toBeTruthy()
    const list = await screen.findByRole('list', { name: 'Coupons', hidden: true })
    await waitFor(() => expect(within(list).getByText('deactivated')).toBeTruthy())

    await user.click(within(sheet).getByRole('button', { name: 'Activate coupon' }))
    expect(await screen.findByRole('status', { name: 'Coupon activated' })).toBeTruthy()
    expect(sent.at(-1)).toEqual({ id: 'coupon-1', enabled: true })
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Deactivate coupon' })).toBeTruthy())
  })
})
