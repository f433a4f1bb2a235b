import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { notify } from '#app/lib/notify'
import { endpoints } from '#contract/index'

import { pinStatus, SEND_LIMITS } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/* docs/architecture.md, "Data and errors": a query says its failure in place, never in a toast; a screen whose loader
 * had to wait and failed shows the router's error screen; both offer Refetch, and Refetch brings the data. */

const PROFILE = {
  id: 'vendor-1',
  name: 'Mama Put Kitchen',
  email: 'demo@vendor.test',
  phone: '08031234567',
  url: null,
  status: 'approved',
  createdAt: '2026-01-01T00:00:00.000Z',
}
const CHARGES = {
  tiers: [
    { name: 'BELOW5000', amount: 1_075 },
    { name: 'BELOW50000', amount: 2_688 },
    { name: 'ABOVE50000', amount: 5_375 },
  ],
  chargeBearer: 'vendor',
}
const BUSY = 'The service is busy. Try again in a moment.'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a query that fails', () => {
  it('says so where its data would be, with Refetch, and no toast', async () => {
    const toasts = vi.spyOn(notify, 'error')
    let charges = fail(429, 'RATE_LIMITED', BUSY)
    server.use(
      handle(endpoints.vendorProfile, () => ok(PROFILE)),
      handle(endpoints.settlementAccount, () => ok(null)),
      handle(endpoints.thirdPartyTransfers, () => ok({ isEnabled: false })),
      handle(endpoints.sendLimits, () => ok(SEND_LIMITS)),
      handle(endpoints.vendorCharges, () => charges.clone()),
    )
    const { user } = renderApp('/settings?tab=payout-settings')
    const card = await screen.findByRole('region', { name: 'Charges' })
    expect(await within(card).findByText(BUSY)).toBeTruthy()
    expect(toasts).not.toHaveBeenCalled()

    charges = ok(CHARGES)
    await user.click(within(card).getByRole('button', { name: 'Refetch' }))
    expect(await within(card).findByText('Below ₦5,000')).toBeTruthy()
    expect(toasts).not.toHaveBeenCalled()
  })
})

describe('a screen whose loader had to wait and failed', () => {
  it('shows the route error with the reason, and Refetch opens the screen', async () => {
    let profile = fail(429, 'RATE_LIMITED', BUSY)
    server.use(
      handle(endpoints.vendorProfile, () => profile.clone()),
      handle(endpoints.pinStatus, () => ok(pinStatus())),
    )
    const { user } = renderApp('/settings?tab=security')
    expect(await screen.findByText('We could not open this screen')).toBeTruthy()
    expect(screen.getByText(BUSY)).toBeTruthy()

    profile = ok(PROFILE)
    await user.click(screen.getByRole('button', { name: 'Refetch' }))
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(screen.queryByText('We could not open this screen')).toBeNull()
  })
})
