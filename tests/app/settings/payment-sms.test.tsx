import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'

/* Settings → Profile: the owner's "Text me payments when the app is closed" (issue 37), off until turned on. */

useAppHarness()

function profileApi() {
  server.use(
    handle(endpoints.vendorProfile, () =>
      ok({
        id: 'vendor-1',
        name: 'Mama Put Kitchen',
        email: 'demo@vendor.test',
        phone: '08031234567',
        ownerName: 'Adaeze Okafor',
        url: null,
        status: 'approved',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ),
  )
}

describe('Payment texts', () => {
  it('shows the setting off, turns it on through PATCH and says so', async () => {
    profileApi()
    const sent: unknown[] = []
    let enabled = false
    server.use(
      handle(endpoints.paymentSms, () => ok({ isEnabled: enabled, sentTo: '080****4567' })),
      handle(endpoints.setPaymentSms, async ({ request }) => {
        const body = (await request.json()) as { isEnabled: boolean }
        sent.push(body)
        enabled = body.isEnabled
        return ok({ isEnabled: enabled, sentTo: '080****4567' }, 'Payments will be texted to you when the app is closed')
      }),
    )
    const { user } = renderApp('/settings?tab=profile')
    const toggle = (await screen.findByRole('switch', { name: /Text me payments when the app is closed/ })) as HTMLInputElement
    expect(toggle.checked).toBe(false)
    screen.getByText(/An SMS to 080\*\*\*\*4567 for each payment, like “₦5,000 received from Chioma Okeke”/)
    await user.click(toggle)
    await waitFor(() => expect(sent).toEqual([{ isEnabled: true }]))
    await waitFor(() => expect(toggle.checked).toBe(true))
    await screen.findByText('Payments will be texted to you when the app is closed')
  })

  it('is not shown to a member: the text goes to the owner’s phone', async () => {
    profileApi()
    renderApp('/settings?tab=profile', { role: 'member', permissions: ['VENDOR_SETTINGS', 'VENDOR_TRANSACTIONS'] })
    await screen.findByText('Business profile')
    expect(screen.queryByRole('switch', { name: /Text me payments/ })).toBeNull()
  })
})
