import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { fail, handle, renderApp, server, useAppHarness } from '../harness'
import { outlet } from '../outlets-fixtures'
import { outletsApi } from './outlets-api'

useAppHarness()

describe('Outlet page', () => {
  it('shows the outlet’s status, balance (hide-able) and account, and copies the account number', async () => {
    outletsApi()
    const { user } = renderApp('/outlets/outlet-1')
    expect(await screen.findByRole('heading', { name: 'Lekki', level: 1 })).toBeTruthy()
    expect(screen.getByText('12 Admiralty Way, Lekki Phase 1, Lagos')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Active: Lekki' })).toBeTruthy()
    const balance = screen.getByTestId('outlet-balance')
    await waitFor(() => expect(balance.textContent).toBe('₦25,000.00'))
    await user.click(screen.getByRole('button', { name: 'Hide balance' }))
    expect(balance.textContent).toBe('₦ ••••••')
    await user.click(screen.getByRole('button', { name: 'Show balance' }))
    expect(balance.textContent).toBe('₦25,000.00')

    const account = screen.getByRole('region', { name: 'Receive money by bank transfer' })
    expect(await within(account).findByText('9900445566')).toBeTruthy()
    expect(within(account).getByText('Providus Bank')).toBeTruthy()
    expect(within(account).getByText('Mama Put Kitchen - Lekki')).toBeTruthy()
    await user.click(within(account).getByRole('button', { name: 'Copy account number' }))
    expect(await screen.findByRole('status', { name: 'Account number copied' })).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe('9900445566')
  })

  it('says an outlet the user cannot see is not found, with no Refetch', async () => {
    outletsApi()
    server.use(handle(endpoints.outletDetail, () => fail(404, 'NOT_FOUND', 'Outlet not found')))
    renderApp('/outlets/outlet-7')
    expect(await screen.findByText('Outlet not found')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })

  it('tells a member of an inactive outlet once, with no Refetch, and shows none of its sections', async () => {
    outletsApi({ outlets: [outlet({ status: 'inactive' })] })
    renderApp('/outlets/outlet-1', { permissions: ['VENDOR_OUTLETS', 'VENDOR_ORDERS'] })
    expect(await screen.findByText('This outlet is inactive')).toBeTruthy()
    expect(screen.getByText('inactive')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
    expect(screen.queryByTestId('outlet-balance')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Transactions' })).toBeNull()
  })

  it('still shows an inactive outlet’s wallet to whoever manages the team', async () => {
    outletsApi({ outlets: [outlet({ status: 'inactive' })] })
    renderApp('/outlets/outlet-1', { permissions: ['VENDOR_OUTLETS', 'VENDOR_TEAM'] })
    await waitFor(() => expect(screen.getByTestId('outlet-balance').textContent).toBe('₦25,000.00'))
    expect(screen.queryByText('This outlet is inactive')).toBeNull()
  })

  it('shows the 403 empty state to a member without VENDOR_OUTLETS', async () => {
    renderApp('/outlets/outlet-1', { permissions: ['VENDOR_ORDERS'] })
    expect(await screen.findByText('Your role does not include outlets')).toBeTruthy()
  })
})
