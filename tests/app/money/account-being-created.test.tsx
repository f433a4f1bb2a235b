import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { outletsApi } from '../outlets/outlets-api'
import { api } from './send-money-helpers'

useAppHarness()

/* While the provider is still creating a wallet's virtual account, its number is null (decision 142). */

const BEING_CREATED = { bankName: '', accountNumber: null, accountName: 'Mama Put Kitchen' }

describe('a wallet whose account is being created', () => {
  it('home says "Account being created" instead of a number, with nothing to copy or print', async () => {
    api()
    server.use(handle(endpoints.walletDetails, () => ok(BEING_CREATED)))
    renderApp('/home')
    const card = await screen.findByRole('region', { name: 'Receive money by bank transfer' })
    expect(await within(card).findByText('Account being created')).toBeTruthy()
    expect(within(card).getByText('Mama Put Kitchen')).toBeTruthy()
    expect(within(card).queryByText('Bank name')).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Copy account number' })).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Download account card' })).toBeNull()
  })

  it('the account details sheet says so too, with no account card', async () => {
    api()
    server.use(handle(endpoints.walletDetails, () => ok(BEING_CREATED)))
    renderApp('/home/account-details')
    const sheet = await screen.findByRole('dialog', { name: 'Account details' })
    expect(await within(sheet).findByText('Account being created')).toBeTruthy()
    expect(within(sheet).queryByRole('button', { name: 'Download account card' })).toBeNull()
  })

  it('the outlet wallet says so', async () => {
    outletsApi()
    server.use(handle(endpoints.outletWalletDetails, () => ok({ ...BEING_CREATED, accountName: 'Mama Put Kitchen - Lekki' })))
    renderApp('/outlets/outlet-1')
    const account = await screen.findByRole('region', { name: 'Receive money by bank transfer' })
    expect(await within(account).findByText('Account being created')).toBeTruthy()
    expect(within(account).queryByRole('button', { name: 'Copy account number' })).toBeNull()
  })
})
