import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { fail, handle, renderApp, server, useAppHarness } from '../harness'
import { outletsApi } from './outlets-api'

useAppHarness()

/** Every query the device holds data for about one outlet (detail, wallet, members, transactions). */
const cachedAbout = (queryClient: ReturnType<typeof renderApp>['queryClient'], outletId: string) =>
  queryClient
    .getQueryCache()
    .findAll({ predicate: (q) => q.queryKey[0] === 'outlets' && q.queryKey.includes(outletId) && q.state.data !== undefined })
    .map((q) => q.queryKey[1])

/*
 * Issue 18, access changes drop what was cached (docs/decisions/090): a member removed from an outlet kept seeing
 * its account number, members and transactions from the cache; only the balance said "Outlet not found".
 */
describe('an outlet the user may no longer see', () => {
  it('drops everything cached about it on the first answer that says no, and says it is not found', async () => {
    outletsApi()
    const { queryClient } = renderApp('/outlets/outlet-1')
    expect(await screen.findByRole('heading', { name: 'Lekki', level: 1 })).toBeTruthy()
    expect(await screen.findByText('9900445566')).toBeTruthy()
    await waitFor(() =>
      expect(cachedAbout(queryClient, 'outlet-1').sort()).toEqual(['detail', 'members', 'transactions', 'wallet', 'wallet']),
    )

    // Removed from the outlet: the server now refuses it. The balance is the one that asks again first.
    server.use(
      handle(endpoints.outletWalletBalance, () => fail(404, 'NOT_FOUND', 'Outlet not found')),
      handle(endpoints.outletDetail, () => fail(404, 'NOT_FOUND', 'Outlet not found')),
    )
    await queryClient.refetchQueries({ queryKey: ['outlets', 'wallet', 'outlet-1', 'balance'] })

    expect(await screen.findByText('Outlet not found')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Lekki', level: 1 })).toBeNull()
    expect(screen.queryByText('9900445566')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Transactions' })).toBeNull()
    // Nothing of it is left to save to the device, or to show offline later.
    expect(cachedAbout(queryClient, 'outlet-1')).toEqual([])
  })

  it('drops a cached detail that now answers 403, leaving other outlets alone', async () => {
    outletsApi()
    const { queryClient } = renderApp('/outlets/outlet-1')
    expect(await screen.findByText('9900445566')).toBeTruthy()
    queryClient.setQueryData(['outlets', 'detail', 'outlet-2'], { id: 'outlet-2' })
    server.use(handle(endpoints.outletDetail, () => fail(403, 'FORBIDDEN', 'You are not a member of this outlet')))
    await queryClient.refetchQueries({ queryKey: ['outlets', 'detail', 'outlet-1'] })
    expect(await screen.findByText('You are not a member of this outlet')).toBeTruthy()
    expect(screen.queryByText('9900445566')).toBeNull()
    expect(cachedAbout(queryClient, 'outlet-1')).toEqual([])
    expect(cachedAbout(queryClient, 'outlet-2')).toEqual(['detail'])
  })

  it('keeps an inactive outlet it may still read when only its wallet is refused (403 OUTLET_INACTIVE)', async () => {
    outletsApi()
    const { queryClient } = renderApp('/outlets/outlet-1')
    expect(await screen.findByText('9900445566')).toBeTruthy()
    await waitFor(() => expect(cachedAbout(queryClient, 'outlet-1')).toContain('detail'))
    // Made inactive: a member may still read the outlet, but its wallet answers 403 for their role. That is the
    // outlet's state, not an access change, so the outlet itself must stay on screen and on the device.
    server.use(handle(endpoints.outletWalletBalance, () => fail(403, 'OUTLET_INACTIVE', 'This outlet is inactive')))
    await queryClient.refetchQueries({ queryKey: ['outlets', 'wallet', 'outlet-1', 'balance'] })
    expect(screen.getByRole('heading', { name: 'Lekki', level: 1 })).toBeTruthy()
    expect(cachedAbout(queryClient, 'outlet-1')).toContain('detail')
    expect(cachedAbout(queryClient, 'outlet-1')).toContain('members')
  })

  it('keeps everything when a 403/404 is not the API speaking (a mobile network page "out of data", a proxy)', async () => {
    outletsApi()
    const { queryClient } = renderApp('/outlets/outlet-1')
    expect(await screen.findByText('9900445566')).toBeTruthy()
    await waitFor(() => expect(cachedAbout(queryClient, 'outlet-1')).toContain('detail'))
    // Carriers and captive portals answer every request with their own HTML page. That says nothing about access:
    // dropping the cache for it would leave the vendor with nothing to read offline for the rest of the day.
    const portal = () =>
      new HttpResponse('<html><body>You have run out of data</body></html>', { status: 403, headers: { 'Content-Type': 'text/html' } })
    server.use(handle(endpoints.outletWalletBalance, portal), handle(endpoints.outletDetail, portal))
    await queryClient.refetchQueries({ queryKey: ['outlets', 'wallet', 'outlet-1', 'balance'] })
    await queryClient.refetchQueries({ queryKey: ['outlets', 'detail', 'outlet-1'] })
    expect(cachedAbout(queryClient, 'outlet-1').sort()).toEqual(['detail', 'members', 'transactions', 'wallet', 'wallet'])
    expect(screen.getByText('9900445566')).toBeTruthy()
  })
})
