import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp, useAppHarness } from '../harness'
import { outletsApi } from './outlets-api'

useAppHarness()

describe('Outlets list with none to show', () => {
  it('tells a member in no outlet yet what that means and whom to ask, with nothing to create', async () => {
    outletsApi({ outlets: [] })
    renderApp('/outlets', { role: 'member', permissions: ['VENDOR_OUTLETS', 'VENDOR_ORDERS'] })
    expect(await screen.findByText('You are not assigned to an outlet yet. Ask the business owner to add you to one.')).toBeTruthy()
    expect(screen.getByText('No outlet yet')).toBeTruthy()
    // Not the owner's wording, which promises outlets "you open".
    expect(screen.queryByText(/Outlets you open/)).toBeNull()
    expect(screen.queryByRole('link', { name: 'Create Outlet' })).toBeNull()
  })

  it('tells the owner the outlets they open will show here', async () => {
    outletsApi({ outlets: [] })
    renderApp('/outlets')
    expect(await screen.findByText('Outlets you open, each with its own wallet and account, will show here.')).toBeTruthy()
    expect(screen.queryByText(/not assigned to an outlet/)).toBeNull()
  })
})
