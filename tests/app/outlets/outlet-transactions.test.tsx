import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { PERMISSIONS } from '#contract/permissions'

import { transaction } from '../fixtures'
import { renderApp, useAppHarness } from '../harness'
import { outletsApi } from './outlets-api'

useAppHarness()

const CREDIT = transaction({ id: 'txn-o1', outletId: 'outlet-1', reference: 'VBO-OUT-0001', originatorAccountName: 'Kemi Ade' })
const DEBIT = transaction({
  id: 'txn-o2',
  outletId: 'outlet-1',
  type: 'debit',
  reference: 'VBO-OUT-0002',
  amount: 150_050,
  beneficiaryAccountName: 'Mama Put Kitchen',
})

describe('Outlet transactions', () => {
  it('lists the outlet’s transactions from GET /transaction/outlet, today by default', async () => {
    const calls = outletsApi({ transactions: [CREDIT, DEBIT] })
    renderApp('/outlets/outlet-1')
    const rows = await screen.findAllByTestId('transaction-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('Kemi Ade')).toBeTruthy()
    expect(within(rows[1]!).getByText('−₦1,500.50')).toBeTruthy()
    expect(rows[0]!.getAttribute('href')).toBe('/outlets/outlet-1/transactions/txn-o1')
    const query = calls.transactions[0]!
    expect(query.get('outletId')).toBe('outlet-1')
    expect(query.get('startDate')).toBeTruthy()
    expect(query.get('endDate')).toBeTruthy()
  })

  it('opens the Transaction Summary from a row, fed by GET /transaction/outlet/single, without the main wallet’s claims', async () => {
    const calls = outletsApi({ transactions: [CREDIT] })
    const { user, router } = renderApp('/outlets/outlet-1?status=success')
    await user.click(await screen.findByTestId('transaction-row'))
    const sheet = await screen.findByRole('dialog', { name: 'Transaction Summary' })
    expect(within(sheet).getAllByText('+₦45,000.00').length).toBeGreaterThan(0)
    await waitFor(() => expect(calls.details).toHaveLength(1))
    expect(Object.fromEntries(calls.details[0]!)).toEqual({ id: 'txn-o1', outletId: 'outlet-1' })
    expect(router.state.location.pathname).toBe('/outlets/outlet-1/transactions/txn-o1')
    // Mark as POS and Create order claim credits of the main wallet only.
    expect(within(sheet).queryByRole('button', { name: 'Mark as POS Transaction' })).toBeNull()
    expect(within(sheet).queryByRole('link', { name: 'Create order' })).toBeNull()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/outlets/outlet-1'))
    expect(router.state.location.search).toEqual({ status: 'success' })
  })

  it('filters by status and type through the URL and the request, as on /transactions', async () => {
    const calls = outletsApi()
    const { user, router } = renderApp('/outlets/outlet-1')
    await screen.findAllByTestId('transaction-row')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Transactions' })
    expect(within(sheet).getByRole('button', { name: 'Choose a customer' })).toBeTruthy()
    await user.click(within(sheet).getByRole('radio', { name: 'pending' }))
    await user.click(within(sheet).getByRole('radio', { name: 'debit' }))
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'pending', type: 'debit' }))
    await waitFor(() => expect(calls.transactions.at(-1)!.get('status')).toBe('pending'))
    expect(calls.transactions.at(-1)!.get('type')).toBe('debit')
    expect(calls.transactions.at(-1)!.get('outletId')).toBe('outlet-1')
    expect(screen.getByRole('button', { name: 'Filter, 2 on' })).toBeTruthy()
  })

  it('offers the customer picker only to users holding VENDOR_CUSTOMERS', async () => {
    outletsApi()
    const { user } = renderApp('/outlets/outlet-1', { permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_CUSTOMERS') })
    await screen.findAllByTestId('transaction-row')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Transactions' })
    expect(within(sheet).queryByRole('button', { name: 'Choose a customer' })).toBeNull()
  })
})
