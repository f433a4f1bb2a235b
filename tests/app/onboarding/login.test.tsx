import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'

import { WELCOME_TITLE } from '#app/features/auth/components/welcome-dialog'
import { getSession } from '#app/lib/session'
import type { User } from '#contract/auth'
import { endpoints } from '#contract/index'

import { BALANCE, pinStatus, user as approvedOwner, WALLET_DETAILS } from '../fixtures'
import { handle, ok, server, useAppHarness } from '../harness'
import { AT_KYC, newOwner, onboarding } from '../onboarding-fixtures'
import { renderAs } from './render'

useAppHarness()

function loginApi(user: User, { welcome }: { welcome?: boolean } = {}) {
  const onboardingAsked: (string | null)[] = []
  server.use(
    // Home's figures are not what these tests look at: they may stay loading.
    http.get('*/api/*', () => new Promise<never>(() => {})),
  )
  server.use(
    handle(endpoints.walletBalance, () => ok(BALANCE)),
    handle(endpoints.walletDetails, () => ok(WALLET_DETAILS)),
    handle(endpoints.pinStatus, () => ok(pinStatus())),
  )
  server.use(
    handle(endpoints.login, () => ok({ token: 'login-token', user, ...(welcome === undefined ? {} : { welcome }) }, 'Welcome back')),
    handle(endpoints.onboarding, ({ request }) => {
      onboardingAsked.push(request.headers.get('Authorization'))
      return ok(onboarding())
    }),
  )
  return { onboardingAsked }
}

async function logIn(events: ReturnType<typeof renderAs>['user'], email = 'tunde@shop.test') {
  await events.type(await screen.findByLabelText('Email address'), email)
  await events.type(screen.getByLabelText('Password'), 'ankara-2026')
  await events.click(screen.getByRole('button', { name: 'Log in' }))
}

// What the login form does with each answer (held, rejected, an unfinished step, approved) is the login page's
// table of cases (tests/support/login-cases.ts), run against both renderings of `/`. Here: what the app does after.
describe('an owner still onboarding', () => {
  it('a signed-in owner who is still onboarding cannot open the app, only the next step', async () => {
    server.use(handle(endpoints.onboarding, () => ok(onboarding(AT_KYC))))
    const { router } = renderAs('/home', newOwner())
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/kyc'))
  })
})

describe('after logging in once approved', () => {
  it('the first time (welcome: true) Congratulations shows once: a reload does not show it again', async () => {
    const api = loginApi(approvedOwner(), { welcome: true })
    const { user, router } = renderAs('/', null)
    await logIn(user, 'demo@vendor.test')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    const dialog = await screen.findByRole('dialog', { name: WELCOME_TITLE })
    expect(within(dialog).getByText(/ready to start selling/)).toBeTruthy()
    expect(api.onboardingAsked).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Start selling' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // A reload (the app mounted afresh, still signed in) does not show it again.
    cleanup()
    renderAs('/home', 'keep')
    await screen.findAllByRole('navigation', { name: 'Main' })
    expect(getSession()?.token).toBe('login-token')
    expect(screen.queryByRole('dialog', { name: WELCOME_TITLE })).toBeNull()
    expect(localStorage.getItem('vbo.welcome')).toBeNull()
  })
})
