import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { PASSWORDS_DIFFER, PHONE_MESSAGE } from '#app/features/onboarding/register-form-schema'
import { getSession } from '#app/lib/session'
import { endpoints } from '#contract/index'

import { handle, ok, server, useAppHarness } from '../harness'
import { newOwner, onboarding } from '../onboarding-fixtures'
import { renderAs } from './render'

useAppHarness()

function registerApi(answer?: () => Response) {
  const bodies: unknown[] = []
  server.use(
    handle(endpoints.register, async ({ request }) => {
      bodies.push(await request.json())
      if (request.headers.get('Authorization')) throw new Error('register is a public call')
      return answer?.() ?? ok({ token: 'new-token', user: newOwner(), onboarding: onboarding(), codeSent: true }, 'Account created')
    }),
  )
  return bodies
}

type Events = ReturnType<typeof renderAs>['user']

async function fill(user: Events, fields: Partial<Record<string, string>> = {}) {
  const values = {
    'Business name': 'Tunde Fabrics',
    'Your full name': 'Tunde Bakare',
    'Email address': 'tunde@shop.test',
    'Phone number': '08039876543',
    Password: 'ankara-2026',
    'Confirm password': 'ankara-2026',
    ...fields,
  }
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`))
    await user.clear(input)
    if (value) await user.type(input, value)
  }
}

describe('/register', () => {
  it('is linked from the login page', async () => {
    const { user, router } = renderAs('/', null)
    await user.click(await screen.findByRole('link', { name: 'Create an account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'))
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy()
  })

  it('says under each field what is wrong, and sends nothing', async () => {
    const bodies = registerApi()
    const { user } = renderAs('/register', null)
    await user.click(await screen.findByRole('button', { name: 'Create account' }))
    for (const message of [
      'Enter your business name.',
      'Enter your full name.',
      'Enter your email address.',
      'Enter your phone number.',
      'Use at least 8 characters.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy()
    }
    await fill(user, { 'Email address': 'tunde@', 'Phone number': '0803', 'Confirm password': 'ankara-2025' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Enter a valid email.')).toBeTruthy()
    expect(screen.getByText(PHONE_MESSAGE)).toBeTruthy()
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeTruthy()
    expect(bodies).toEqual([])
  })

  it('keeps the phone to digits, at most 11, after a visible +234', async () => {
    const { user } = renderAs('/register', null)
    const phone = await screen.findByLabelText(/^Phone number/)
    expect(screen.getByText('+234')).toBeTruthy()
    await user.type(phone, '08a0-3 9876543219')
    expect((phone as HTMLInputElement).value).toBe('8039876543')
  })

  it('opens the account, signs the owner in as login does and goes on to the code', async () => {
    const bodies = registerApi()
    const { user, router } = renderAs('/register', null)
    await screen.findByLabelText(/^Business name/)
    await fill(user, { 'Business name': '  Tunde Fabrics ', 'Email address': ' tunde@shop.test ' })
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/verify'))
    expect(bodies).toEqual([
      { businessName: 'Tunde Fabrics', ownerName: 'Tunde Bakare', email: 'tunde@shop.test', phone: '08039876543', password: 'ankara-2026' },
    ])
    expect(getSession()?.token).toBe('new-token')
    expect(getSession()?.user.vendor.status).toBe('pending_verification')
    expect(await screen.findByText('080****6543')).toBeTruthy()
  })

  it('shows a taken email under the email field', async () => {
    registerApi(() =>
      HttpResponse.json(
        { message: 'An account with this email already exists', code: 'CONFLICT', issues: [{ path: 'email', message: 'is taken' }] },
        { status: 409 },
      ),
    )
    const { user, router } = renderAs('/register', null)
    await screen.findByLabelText(/^Business name/)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    const message = await screen.findByText('An account with this email already exists')
    expect(message.closest('[data-part="root"]')?.querySelector('input')?.getAttribute('name')).toBe('email')
    expect(router.state.location.pathname).toBe('/register')
    expect(getSession()).toBeNull()
  })
})
