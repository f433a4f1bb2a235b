import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { CODE_INCOMPLETE } from '#app/features/onboarding/components/verify-phone-step'
import { endpoints } from '#contract/index'

import { fail, handle, ok, server, useAppHarness } from '../harness'
import { AT_KYC, newOwner, onboarding } from '../onboarding-fixtures'
import { renderAs } from './render'

useAppHarness()

function verifyApi({ resendAfterSeconds = 30, verify }: { resendAfterSeconds?: number; verify?: () => Response } = {}) {
  const verified: unknown[] = []
  const resent: unknown[] = []
  server.use(
    handle(endpoints.onboarding, () => ok(onboarding())),
    handle(endpoints.verifyPhone, async ({ request }) => {
      verified.push({ body: await request.json(), auth: request.headers.get('Authorization') })
      return verify?.() ?? ok(onboarding(AT_KYC), 'Phone verified')
    }),
    handle(endpoints.resendOtp, async ({ request }) => {
      const body = (await request.json()) as { phone: string }
      resent.push(body)
      return ok(
        { expiresInMinutes: 10, resendAfterSeconds, phone: `${body.phone.slice(0, 3)}****${body.phone.slice(-4)}` },
        'A new code is on its way',
      )
    }),
  )
  return { verified, resent }
}

const boxes = () => screen.getAllByLabelText(/^Verification code, digit/) as HTMLInputElement[]
const code = () =>
  boxes()
    .map((b) => b.value)
    .join('')

describe('/register/verify', () => {
  it('six digit-only boxes for a one-time code: typing moves on, backspace moves back', async () => {
    verifyApi()
    const { user } = renderAs('/register/verify', newOwner())
    expect(await screen.findByText('080****6543')).toBeTruthy()
    expect(boxes()).toHaveLength(6)
    for (const box of boxes()) expect(box.getAttribute('inputmode')).toBe('numeric')
    expect(boxes()[0]!.getAttribute('autocomplete')).toBe('one-time-code')
    await user.click(boxes()[0]!)
    await user.keyboard('1a2b3')
    expect(code()).toBe('123')
    expect(document.activeElement).toBe(boxes()[3])
    // From the empty fourth box, Backspace steps back and takes the digit there.
    await user.keyboard('{Backspace}')
    expect(code()).toBe('12')
    expect(document.activeElement).toBe(boxes()[2])
    await user.keyboard('{Backspace}')
    expect(code()).toBe('1')
    expect(document.activeElement).toBe(boxes()[1])
  })

  it('a pasted code fills every box, and Verify sends it and goes on to KYC', async () => {
    const api = verifyApi()
    const { user, router } = renderAs('/register/verify', newOwner())
    await screen.findByText('080****6543')
    await user.click(boxes()[0]!)
    await user.paste('482913')
    await waitFor(() => expect(code()).toBe('482913'))
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/kyc'))
    expect(api.verified).toEqual([{ body: { otp: '482913' }, auth: 'Bearer onboarding-token' }])
  })

  it('asks for all six digits, and shows a wrong code under the boxes', async () => {
    const api = verifyApi({ verify: () => fail(422, 'INVALID_OTP', 'The code is not correct. 4 tries left.') })
    const { user, router } = renderAs('/register/verify', newOwner())
    await screen.findByText('080****6543')
    await user.click(boxes()[0]!)
    await user.keyboard('12')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert')).textContent).toBe(CODE_INCOMPLETE)
    expect(api.verified).toEqual([])
    await user.click(boxes()[2]!)
    await user.keyboard('3456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The code is not correct. 4 tries left.'))
    expect(boxes()[0]!.getAttribute('aria-invalid')).toBe('true')
    expect(router.state.location.pathname).toBe('/register/verify')
  })

  it('resends to the phone, then counts down from the wait the server gives', async () => {
    const api = verifyApi({ resendAfterSeconds: 2 })
    const { user } = renderAs('/register/verify', newOwner())
    await screen.findByText('080****6543')
    // Signed in again later: the first code may be long gone, so a new one can be asked for at once.
    await user.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(await screen.findByText('Resend code in 0:02')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull()
    expect(api.resent).toEqual([{ phone: '08039876543' }])
    expect(await screen.findByRole('button', { name: 'Resend code' }, { timeout: 4000 })).toBeTruthy()
  })

  it('lets the owner correct the phone and sends the new code there', async () => {
    const api = verifyApi()
    const { user } = renderAs('/register/verify', newOwner())
    await screen.findByText('080****6543')
    await user.click(screen.getByRole('button', { name: 'Change phone number' }))
    const phone = screen.getByLabelText(/^Phone number/)
    await user.clear(phone)
    await user.type(phone, '0812')
    await user.click(screen.getByRole('button', { name: 'Send code to this number' }))
    expect(await screen.findByText('Enter a Nigerian mobile number, like 08031234567.')).toBeTruthy()
    expect(api.resent).toEqual([])
    await user.type(phone, '3456789')
    fireEvent.click(screen.getByRole('button', { name: 'Send code to this number' }))
    expect(await screen.findByText('081****6789')).toBeTruthy()
    expect(api.resent).toEqual([{ phone: '08123456789' }])
    expect(screen.getByText('Resend code in 0:30')).toBeTruthy()
  })

  it('a registration starts the countdown for the first code', async () => {
    verifyApi()
    server.use(handle(endpoints.register, () => ok({ token: 't', user: newOwner(), onboarding: onboarding() })))
    const { user } = renderAs('/register', null)
    for (const [label, value] of [
      ['Business name', 'Tunde Fabrics'],
      ['Your full name', 'Tunde Bakare'],
      ['Email address', 'tunde@shop.test'],
      ['Phone number', '08039876543'],
      ['Password', 'ankara-2026'],
      ['Confirm password', 'ankara-2026'],
    ] as const) {
      await user.type(await screen.findByLabelText(new RegExp(`^${label}`)), value)
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText(/Resend code in (1:00|0:59)/)).toBeTruthy()
  })
})
