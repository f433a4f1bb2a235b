import { cleanup, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp, useAppHarness } from '../harness'
import { outletsApi } from '../outlets/outlets-api'
import { api } from './send-money-helpers'

useAppHarness()

const HIDDEN = '₦ ••••••'

describe('a hidden balance', () => {
  it('stays hidden across screens and a reload, on the wallet and the outlet cards alike', async () => {
    api()
    outletsApi()
    const { user, router } = renderApp('/home')
    const balance = await screen.findByTestId('wallet-balance')
    await waitFor(() => expect(balance.textContent).toMatch(/^₦[\d,]+\.\d{2}$/))
    await user.click(screen.getByRole('button', { name: 'Hide balance' }))
    expect(balance.textContent).toBe(HIDDEN)

    // Another screen, whose balance card follows the same choice, and back.
    await router.navigate({ to: '/outlets/$outletId', params: { outletId: 'outlet-1' } })
    expect(await screen.findByRole('button', { name: 'Show balance' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('outlet-balance').textContent).toBe(HIDDEN))
    await router.navigate({ to: '/home' })
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe(HIDDEN))

    // A reload: the app starts again from what this device stored.
    cleanup()
    renderApp('/home')
    const again = await screen.findByTestId('wallet-balance')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show balance' })).toBeTruthy())
    expect(again.textContent).toBe(HIDDEN)
  })

  it('shows again when asked, and stays shown after a reload', async () => {
    api()
    const { user } = renderApp('/home')
    await user.click(await screen.findByRole('button', { name: 'Hide balance' }))
    await user.click(screen.getByRole('button', { name: 'Show balance' }))
    cleanup()
    renderApp('/home')
    const balance = await screen.findByTestId('wallet-balance')
    await waitFor(() => expect(balance.textContent).toMatch(/^₦[\d,]+\.\d{2}$/))
    expect(screen.getByRole('button', { name: 'Hide balance' })).toBeTruthy()
  })
})
