import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { startPath } from '#app/lib/permissions'
import { endpoints } from '#contract/index'
import type { Permission } from '#contract/permissions'
import { PERMISSIONS } from '#contract/permissions'

import { transactionPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { orderLedger } from '../orders/orders-api'
import { outletsApi } from '../outlets/outlets-api'
import { outlet } from '../outlets-fixtures'

useAppHarness()

const NO_WALLET = 'Your role does not include the wallet'

/** Signs in as `role` with `permissions` at /home, where every sign-in arrives, and waits for where they land. */
async function landFrom(permissions: Permission[], api: () => unknown = () => {}, role: 'owner' | 'member' = 'member') {
  // Screens this test does not look into answer 403, which they show without asking again.
  server.use(
    http.all('*/api/*', () => HttpResponse.json({ status: false, message: 'Not for this test', code: 'FORBIDDEN' }, { status: 403 })),
  )
  // After the catch-all: MSW asks the handlers added last first.
  api()
  const { router } = renderApp('/home', { permissions, role })
  await waitFor(() => expect(router.state.status).toBe('idle'))
  return router
}

const menuEntries = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('the screen a role starts on', () => {
  it('the owner starts on Home, with the wallet', async () => {
    const router = await landFrom([...PERMISSIONS], undefined, 'owner')
    expect(router.state.location.pathname).toBe('/home')
    expect(startPath({ role: 'owner', permissions: [...PERMISSIONS] })).toBe('/home')
  })

  it('a cashier (orders, transactions, customers) starts on Orders, and is not offered Home', async () => {
    const router = await landFrom(['VENDOR_ORDERS', 'VENDOR_TRANSACTIONS', 'VENDOR_CUSTOMERS'], () => orderLedger(2))
    expect(router.state.location.pathname).toBe('/orders')
    expect(await screen.findByText('Customer 0')).toBeTruthy()
    expect(screen.queryByText(NO_WALLET)).toBeNull()
    expect(menuEntries()).toEqual(['Orders', 'Invoices', 'Transactions', 'Customers', 'Settings'])
  })

  it('a manager who runs the team but not the wallet starts on Orders, not on one outlet', async () => {
    const router = await landFrom(
      PERMISSIONS.filter((p) => p !== 'VENDOR_WALLET' && p !== 'VENDOR_TRANSFERS'),
      () => orderLedger(2),
    )
    expect(router.state.location.pathname).toBe('/orders')
    expect(screen.queryByText(NO_WALLET)).toBeNull()
  })

  it('a bookkeeper with transactions only starts on Transactions', async () => {
    const router = await landFrom(['VENDOR_TRANSACTIONS'], () =>
      server.use(handle(endpoints.listTransactions, () => ok(transactionPage([])))),
    )
    expect(router.state.location.pathname).toBe('/transactions')
    expect(screen.queryByText(NO_WALLET)).toBeNull()
  })

  it("an outlet's staff member starts on their outlet", async () => {
    const router = await landFrom(['VENDOR_OUTLETS', 'VENDOR_ORDERS'], () => outletsApi({ outlets: [outlet()] }))
    expect(router.state.location.pathname).toBe('/outlets/outlet-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Lekki' })).toBeTruthy()
    expect(screen.queryByText(NO_WALLET)).toBeNull()
  })

  it('staff of two outlets start on the list of their outlets', async () => {
    const router = await landFrom(['VENDOR_OUTLETS'], () => outletsApi())
    expect(router.state.location.pathname).toBe('/outlets')
    expect(await screen.findByText('Ikeja')).toBeTruthy()
  })

  it('a member holding none of the screens starts on Settings', async () => {
    const router = await landFrom([])
    expect(router.state.location.pathname).toBe('/settings')
    expect(screen.queryByText(NO_WALLET)).toBeNull()
  })
})
