import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { vendorProfile } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/* Settings → Profile: the address and TIN the invoices and receipts print (issue 42, decision 191). */

function profileApi() {
  let profile = vendorProfile()
  const sent: unknown[] = []
  server.use(
    handle(endpoints.vendorProfile, () => ok(profile)),
    handle(endpoints.paymentSms, () => ok({ isEnabled: false, sentTo: null })),
    handle(endpoints.updateBusinessDetails, async ({ request }) => {
      const body = (await request.json()) as { address: string; tin: string }
      sent.push(body)
      if (body.tin === '99999999') {
        return HttpResponse.json(
          { message: 'tin: is not registered', code: 'VALIDATION_FAILED', issues: [{ path: 'tin', message: 'is not registered' }] },
          { status: 422 },
        )
      }
      profile = vendorProfile({ address: body.address.trim() || null, tin: body.tin.trim() || null })
      return ok(profile, 'Business details saved')
    }),
  )
  return sent
}

describe('Business details', () => {
  it('saves the address and TIN and shows them in the profile', async () => {
    const sent = profileApi()
    const { user } = renderApp('/settings?tab=profile')
    const form = await screen.findByRole('region', { name: 'On your invoices and receipts' })
    await user.type(within(form).getByLabelText('Business address'), '12 Allen Avenue, Ikeja, Lagos')
    await user.type(within(form).getByLabelText('Tax Identification Number (TIN)'), '12345678-0001')
    await user.click(within(form).getByRole('button', { name: 'Save business details' }))
    await waitFor(() => expect(sent).toEqual([{ address: '12 Allen Avenue, Ikeja, Lagos', tin: '12345678-0001' }]))
    await screen.findByText('Business details saved')
    const profile = screen.getByRole('region', { name: 'Business profile' })
    await within(profile).findByText('12 Allen Avenue, Ikeja, Lagos')
    within(profile).getByText('12345678-0001')
  })

  it('refuses a TIN that is not 8 to 14 digits before sending, and shows the server’s refusal under its field', async () => {
    const sent = profileApi()
    const { user } = renderApp('/settings?tab=profile')
    const form = await screen.findByRole('region', { name: 'On your invoices and receipts' })
    const tin = within(form).getByLabelText('Tax Identification Number (TIN)')
    await user.type(tin, '1234-56')
    await user.click(within(form).getByRole('button', { name: 'Save business details' }))
    await within(form).findByText('must be 8 to 14 digits, with at most one hyphen (e.g. 12345678-0001)')
    expect(sent).toEqual([])
    await user.clear(tin)
    await user.type(tin, '99999999')
    await user.click(within(form).getByRole('button', { name: 'Save business details' }))
    await within(form).findByText(/is not registered/i)
  })

  it('is not offered to a member who may not change settings', async () => {
    profileApi()
    renderApp('/settings?tab=profile', { role: 'member', permissions: ['VENDOR_ORDERS'] })
    await screen.findByText('Business profile')
    expect(screen.queryByRole('region', { name: 'On your invoices and receipts' })).toBeNull()
  })
})
