import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { PASSWORDS_DIFFER } from '#app/features/team/components/accept-invite-form'
import { clearSession, getSession } from '#app/lib/session'
import { endpoints } from '#contract/index'

import { pinStatus } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { orderLedger } from '../orders/orders-api'
import { acceptedSession, inviteDetails } from '../team-fixtures'

useAppHarness()

const CODE = 'k3Jx9QmZ0aB7cD1eF2gH3iJ4kL5mN6oP7qR8sT9uV0w'

function inviteApi(details = inviteDetails(), session = acceptedSession()) {
  const detailQueries: URLSearchParams[] = []
  const accepted: unknown[] = []
  const loggedOut: (string | null)[] = []
  server.use(
    handle(endpoints.inviteDetails, ({ request }) => {
      detailQueries.push(new URL(request.url).searchParams)
      return ok(details)
    }),
    handle(endpoints.acceptInvite, async ({ request }) => {
      accepted.push(await request.json())
      return ok(session, 'Welcome to Mama Put Kitchen')
    }),
    handle(endpoints.logout, ({ request }) => {
      loggedOut.push(request.headers.get('Authorization'))
      return ok(null, 'Logged out')
    }),
    handle(endpoints.pinStatus, () => ok(pinStatus())),
  )
  // A member holding only VENDOR_ORDERS starts on Orders (issue 22): an empty list.
  orderLedger(0)
  return { detailQueries, accepted, loggedOut }
}

/** The invitee opens the link on a device where nobody is signed in. */
function openSignedOut(path = `/invite/${CODE}`) {
  const app = renderApp(path)
  clearSession()
  return app
}

async function setPasswords(user: ReturnType<typeof renderApp>['user'], password: string, confirm = password) {
  await user.type(screen.getByLabelText(/^Password/), password)
  await user.type(screen.getByLabelText(/Confirm password/), confirm)
}

describe('/invite/$code', () => {
  it('shows who invites whom, to which vendor, with the masked phone and the permissions as words', async () => {
    const api = inviteApi(inviteDetails({ permissions: ['VENDOR_ORDERS', 'VENDOR_CUSTOMERS'] }))
    openSignedOut()
    expect(await screen.findByRole('heading', { name: 'Join Mama Put Kitchen' })).toBeTruthy()
    expect(screen.getByText('Adaeze Okafor invited you to join Mama Put Kitchen as a team member.')).toBeTruthy()
    const card = screen.getByRole('region', { name: 'Your invitation' })
    expect(within(card).getByText('Bola Ade')).toBeTruthy()
    expect(within(card).getByText('080****5678')).toBeTruthy()
    expect(within(card).getByText('bola@vendor.test')).toBeTruthy()
    expect(within(card).getByText('29/11/2099')).toBeTruthy()
    const words = within(card).getByRole('list', { name: 'Permissions' })
    expect(
      within(words)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Orders and invoices', 'Customers'])
    expect(api.detailQueries[0]?.get('inviteCode')).toBe(CODE)
    // The invitation has an email: none is asked for.
    expect(screen.queryByLabelText(/Email address/)).toBeNull()
  })

  it('joins: stores the session as login does and lands on Home with the menu of the new permissions', async () => {
    const api = inviteApi()
    const { user, router } = openSignedOut()
    await screen.findByRole('heading', { name: 'Join Mama Put Kitchen' })
    await setPasswords(user, 'sunny-day-2026', 'sunny-day-2025')
    await user.click(screen.getByRole('button', { name: 'Join Mama Put Kitchen' }))
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeTruthy()
    expect(api.accepted).toEqual([])

    await user.clear(screen.getByLabelText(/Confirm password/))
    await user.type(screen.getByLabelText(/Confirm password/), 'sunny-day-2026')
    await user.click(screen.getByRole('button', { name: 'Join Mama Put Kitchen' }))

    // Orders only: they start on Orders, not on Home's "Your role does not include the wallet" (issue 22).
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(api.accepted).toEqual([{ inviteCode: CODE, password: 'sunny-day-2026' }])
    expect(getSession()?.token).toBe('member-token')
    expect(localStorage.getItem('vbo.token')).toBe('member-token')
    expect(getSession()?.user.permissions).toEqual(['VENDOR_ORDERS'])
    expect(await screen.findByRole('status', { name: 'Welcome to Mama Put Kitchen' })).toBeTruthy()
    const menu = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Orders', 'Invoices', 'Settings'])
    expect(api.loggedOut).toEqual([])
    expect(api.detailQueries).toHaveLength(1)
  })

  it('asks for an email when the invitation has none, and sends it', async () => {
    const api = inviteApi(inviteDetails({ email: null }), acceptedSession(['VENDOR_ORDERS'], 'bola@example.com'))
    const { user, router } = openSignedOut()
    const email = await screen.findByLabelText(/Email address/)
    expect(screen.queryByText('bola@vendor.test')).toBeNull()
    await setPasswords(user, 'sunny-day-2026')
    await user.type(email, 'bola@')
    await user.click(screen.getByRole('button', { name: 'Join Mama Put Kitchen' }))
    expect(await screen.findByText('Enter a valid email.')).toBeTruthy()
    await user.type(email, 'example.com')
    await user.click(screen.getByRole('button', { name: 'Join Mama Put Kitchen' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(api.accepted).toEqual([{ inviteCode: CODE, password: 'sunny-day-2026', email: 'bola@example.com' }])
  })

  it('someone signed in is told, then signed out (token revoked) and replaced by the new member', async () => {
    const api = inviteApi()
    const { user, router } = renderApp(`/invite/${CODE}`)
    expect(await screen.findByText(/You are signed in as Adaeze Okafor \(demo@vendor.test\)/)).toBeTruthy()
    await setPasswords(user, 'sunny-day-2026')
    await user.click(screen.getByRole('button', { name: 'Join Mama Put Kitchen' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(api.loggedOut).toEqual(['Bearer test-token'])
    expect(getSession()?.token).toBe('member-token')
    expect(getSession()?.user.name).toBe('Bola Ade')
  })

  it.each([
    [410, 'INVITE_EXPIRED', 'This invitation has expired. Ask Mama Put Kitchen to send a new one.'],
    [410, 'INVITE_USED', 'This invitation has already been used. Sign in instead.'],
    [410, 'INVITE_REVOKED', 'This invitation was replaced by a newer one. Use the latest link you received.'],
    [404, 'NOT_FOUND', 'Invitation not found'],
  ])('a %i %s says so in the server’s words, with a way to sign in', async (status, code, message) => {
    server.use(handle(endpoints.inviteDetails, () => fail(status, code, message)))
    const { user, router } = openSignedOut()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('This invitation cannot be used')).toBeTruthy()
    expect(within(alert).getByText(message)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull()
    await user.click(within(alert).getByRole('link', { name: 'Go to sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('an invitation used meanwhile turns the page into its dead state instead of a form error', async () => {
    inviteApi()
    server.use(handle(endpoints.acceptInvite, () => fail(410, 'INVITE_USED', 'This invitation has already been used. Sign in instead.')))
    const { user } = openSignedOut()
    await screen.findByRole('heading', { name: 'Join Mama Put Kitchen' })
    server.use(handle(endpoints.inviteDetails, () => fail(410, 'INVITE_USED', 'This invitation has already been used. Sign in instead.')))
    await setPasswords(user, 'sunny-day-2026')
    await user.click(screen.getByRole('button', { name: 'Join Mama Put Kitchen' }))
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('This invitation has already been used. Sign in instead.')).toBeTruthy()
    expect(getSession()).toBeNull()
  })
})
