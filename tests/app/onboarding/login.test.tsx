import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'

import { WELCOME_TITLE } from '#app/features/auth/components/welcome-dialog'
import { getSession } from '#app/lib/session'
import type { User } from '#contract/auth'
import { endpoints } from '#contract/index'
import type { Onboarding } from '#contract/onboarding'

import { BALANCE, pinStatus, user as approvedOwner, WALLET_DETAILS } from '../fixtures'
import { handle, ok, server, useAppHarness } from '../harness'
import { AT_KYC, AT_REVIEW, newOwner, onboarding } from '../onboarding-fixtures'
import { renderAs } from './render'

useAppHarness()

const REVIEW_PENDING_TEXT = 'An administrator needs to approve your account, please check back in a few minutes.'

function loginApi(user: User, { welcome, at }: { welcome?: boolean; at?: Onboarding } = {}) {
  const onboardingAsked: (string | null)[] = []
  const loggedOut: (string | null)[] = []
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
      return ok(at ?? onboarding())
    }),
    handle(endpoints.logout, ({ request }) => {
      loggedOut.push(request.headers.get('Authorization'))
      return ok(null, 'Logged out')
    }),
  )
  return { onboardingAsked, loggedOut }
}

async function logIn(events: ReturnType<typeof renderAs>['user'], email = 'tunde@shop.test') {
  await events.type(await screen.findByLabelText('Email address'), email)
  await events.type(screen.getByLabelText('Password'), 'ankara-2026')
  await events.click(screen.getByRole('button', { name: 'Log in' }))
}

describe('logging in before approval', () => {
  it('under review: the exact Review Pending dialog; Okay closes it and stays on the login page, signed out', async () => {
    const api = loginApi(newOwner('under_review'), { at: onboarding(AT_REVIEW) })
    const { user, router } = renderAs('/', null)
    await logIn(user)
    const dialog = await screen.findByRole('dialog', { name: 'Review Pending' })
    expect(within(dialog).getByText(REVIEW_PENDING_TEXT)).toBeTruthy()
    expect(api.onboardingAsked).toEqual(['Bearer login-token'])
    await waitFor(() => expect(api.loggedOut).toEqual(['Bearer login-token']))
    expect(getSession()).toBeNull()
    expect(screen.queryByRole('status', { name: 'Welcome back' })).toBeNull()

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/')
    expect(getSession()).toBeNull()
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy()
  })

  it('rejected: says the application was not approved, signed out', async () => {
    loginApi(newOwner('rejected'), { at: onboarding({ ...AT_REVIEW, step: 'rejected' }) })
    const { user, router } = renderAs('/', null)
    await logIn(user)
    const dialog = await screen.findByRole('dialog', { name: 'Application not approved' })
    expect(within(dialog).getByText(/was not approved/)).toBeTruthy()
    expect(getSession()).toBeNull()
    expect(router.state.location.pathname).toBe('/')
  })

  it('an unfinished onboarding continues at its step, signed in', async () => {
    const api = loginApi(newOwner(), { at: onboarding(AT_KYC) })
    const { user, router } = renderAs('/', null)
    await logIn(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/kyc'))
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeTruthy()
    expect(getSession()?.token).toBe('login-token')
    // The step came with the login; the KYC screen did not ask again.
    expect(api.onboardingAsked).toEqual(['Bearer login-token'])
    expect(api.loggedOut).toEqual([])
  })

  it('a signed-in owner who is still onboarding cannot open the app, only the next step', async () => {
    server.use(handle(endpoints.onboarding, () => ok(onboarding(AT_KYC))))
    const { router } = renderAs('/home', newOwner())
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/kyc'))
  })
})

describe('logging in once approved', () => {
  it('the first time (welcome: true) shows Congratulations over Home, once', async () => {
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

  it('the demo-style login is unchanged: straight to Home, no onboarding call, no dialog', async () => {
    const api = loginApi(approvedOwner())
    const { user, router } = renderAs('/', null)
    await logIn(user, 'demo@vendor.test')
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
    expect(getSession()?.token).toBe('login-token')
    expect(await screen.findByRole('status', { name: 'Welcome back' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.onboardingAsked).toEqual([])
    expect(api.loggedOut).toEqual([])
  })
})
