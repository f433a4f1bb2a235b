import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { CODE_NOT_SENT_MESSAGE } from '#contract/messages'

import { pinStatus } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { renderAs } from '../onboarding/render'
import { newOwner, onboarding } from '../onboarding-fixtures'

/*
 * Issue 37: when the server could not send a one-time code, the person is told so at once, in these words, instead
 * of waiting for a code that never comes, and can ask again.
 */

useAppHarness()

const SENTENCE = 'We could not send the code, try again.'

describe('a code that could not be sent', () => {
  it('is the contract’s sentence, word for word', () => {
    expect(CODE_NOT_SENT_MESSAGE).toBe(SENTENCE)
  })

  it('registration answering codeSent false: the code screen says so instead of "we sent"', async () => {
    server.use(
      handle(endpoints.register, () =>
        ok({ token: 'new-token', user: newOwner(), onboarding: onboarding(), codeSent: false }, 'Account created'),
      ),
      handle(endpoints.onboarding, () => ok(onboarding())),
    )
    const { user, router } = renderAs('/register', null)
    const values: Record<string, string> = {
      'Business name': 'Tunde Fabrics',
      'Your full name': 'Tunde Bakare',
      'Email address': 'tunde@shop.test',
      'Phone number': '08039876543',
      Password: 'ankara-2026',
      'Confirm password': 'ankara-2026',
    }
    await screen.findByLabelText(/^Business name/)
    for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/verify'))
    expect((await screen.findByRole('alert')).textContent).toBe(SENTENCE)
    expect(screen.queryByText(/we sent by SMS/)).toBeNull()
  })

  it('a resend that fails (503 CODE_NOT_SENT) says it under the buttons', async () => {
    server.use(
      handle(endpoints.onboarding, () => ok(onboarding())),
      handle(endpoints.resendOtp, () => fail(503, 'CODE_NOT_SENT', SENTENCE)),
    )
    const { user } = renderAs('/register/verify', newOwner())
    await user.click(await screen.findByRole('button', { name: 'Resend code' }))
    expect((await screen.findByRole('alert')).textContent).toBe(SENTENCE)
  })

  it('forgot password: stays on the form and says it; sending again goes on to the code', async () => {
    let answers = 0
    server.use(
      handle(endpoints.forgotPassword, () =>
        answers++ === 0 ? fail(503, 'CODE_NOT_SENT', SENTENCE) : ok({ expiresInMinutes: 10 }, 'Code sent'),
      ),
    )
    const { user, router } = renderAs('/forgot-password', null)
    await user.type(await screen.findByLabelText(/^Email address/), 'tunde@shop.test')
    await user.click(screen.getByRole('button', { name: 'Send reset code' }))
    expect((await screen.findByRole('alert')).textContent).toBe(SENTENCE)
    expect(router.state.location.pathname).toBe('/forgot-password')
    await user.click(screen.getByRole('button', { name: 'Send reset code' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'))
  })

  it('PIN change: the sheet stays on its first step and says it', async () => {
    server.use(
      handle(endpoints.vendorProfile, () =>
        ok({
          id: 'vendor-1',
          name: 'Mama Put Kitchen',
          email: 'demo@vendor.test',
          phone: '08031234567',
          url: null,
          status: 'approved',
          createdAt: '2026-01-01T00:00:00.000Z',
        }),
      ),
      handle(endpoints.pinStatus, () => ok(pinStatus())),
      handle(endpoints.initiatePinChange, () => fail(503, 'CODE_NOT_SENT', SENTENCE)),
    )
    const { user } = renderApp('/settings?tab=security')
    await user.click(await screen.findByRole('link', { name: 'Change PIN' }))
    const sheet = await screen.findByRole('dialog', { name: 'Change Your Pin' })
    await user.click(within(sheet).getByLabelText('Current PIN, digit 1 of 4'))
    await user.keyboard('1234')
    await user.click(within(sheet).getByRole('button', { name: 'Continue' }))
    expect((await within(sheet).findByRole('alert')).textContent).toBe(SENTENCE)
    expect(within(sheet).getByText(/Step 1 of 3/)).toBeTruthy()
  })
})
