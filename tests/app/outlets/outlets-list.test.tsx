import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { menuFor } from '#app/lib/permissions'
import { endpoints } from '#contract/index'
import { type Permission, PERMISSIONS } from '#contract/permissions'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { outlet } from '../outlets-fixtures'
import { outletsApi } from './outlets-api'

useAppHarness()

const without = (...left: Permission[]) => PERMISSIONS.filter((p) => !left.includes(p))

describe('Outlets list', () => {
  it('is in the menu for a user with VENDOR_OUTLETS, and only for them', () => {
    expect(menuFor(['VENDOR_OUTLETS']).map((m) => m.to)).toContain('/outlets')
    expect(menuFor(['VENDOR_ORDERS']).map((m) => m.to)).not.toContain('/outlets')
  })

  it('lists outlets with address, status and balance in naira, each leading to its page', async () => {
    outletsApi()
    renderApp('/outlets')
    const rows = await screen.findAllByTestId('outlet-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('Lekki')).toBeTruthy()
    expect(within(rows[0]!).getByText('12 Admiralty Way, Lekki Phase 1, Lagos')).toBeTruthy()
    expect(within(rows[0]!).getByText('active')).toBeTruthy()
    expect(within(rows[0]!).getByText('₦25,000.00')).toBeTruthy()
    expect(within(rows[1]!).getByText('inactive')).toBeTruthy()
    expect(rows[0]!.getAttribute('href')).toBe('/outlets/outlet-1')
  })

  it('searches once typing pauses, in the URL and the request, back on page 1', async () => {
    const calls = outletsApi()
    const { user, router } = renderApp('/outlets?page=2')
    await screen.findAllByTestId('outlet-row')
    expect(calls.lists.at(-1)!.get('page')).toBe('2')
    const before = calls.lists.length
    await user.type(screen.getByRole('searchbox', { name: 'Search outlets by name or address' }), 'lekki')
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'lekki' }))
    await waitFor(() => expect(calls.lists.at(-1)!.get('search')).toBe('lekki'))
    expect(calls.lists.slice(before).map((q) => [q.get('search'), q.get('page')])).toEqual([['lekki', '1']])
  })

  it('shows the 403 empty state without Refetch to a member without VENDOR_OUTLETS', async () => {
    renderApp('/outlets', { permissions: ['VENDOR_ORDERS'] })
    expect(await screen.findByText('Your role does not include outlets')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })

  it('offers Create Outlet and the status switches only to users holding VENDOR_TEAM too', async () => {
    outletsApi()
    renderApp('/outlets', { permissions: without('VENDOR_TEAM') })
    await screen.findAllByTestId('outlet-row')
    expect(screen.queryByRole('link', { name: 'Create Outlet' })).toBeNull()
    expect(screen.queryByRole('switch')).toBeNull()
  })

  it('changes an outlet’s status only through the confirm dialog', async () => {
    outletsApi()
    const bodies: unknown[] = []
    server.use(
      handle(endpoints.setOutletStatus, async ({ request }) => {
        bodies.push(await request.json())
        return ok(outlet({ status: 'inactive' }), 'Outlet deactivated')
      }),
    )
    const { user } = renderApp('/outlets')
    await screen.findAllByTestId('outlet-row')
    const toggle = screen.getByRole('switch', { name: 'Active: Lekki' }) as HTMLInputElement
    expect(toggle.checked).toBe(true)

    await user.click(toggle)
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Lekki?' })
    expect(toggle.checked).toBe(true)
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(bodies).toEqual([])

    await user.click(toggle)
    const again = await screen.findByRole('alertdialog', { name: 'Deactivate Lekki?' })
    await waitFor(() => user.click(within(again).getByRole('button', { name: 'Proceed' })))
    expect(await screen.findByRole('status', { name: 'Outlet deactivated' })).toBeTruthy()
    expect(bodies).toEqual([{ outletId: 'outlet-1', status: 'inactive' }])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })
})

describe('Create Outlet', () => {
  async function openCreate() {
    const app = renderApp('/outlets')
    await screen.findAllByTestId('outlet-row')
    await app.user.click(screen.getByRole('link', { name: 'Create Outlet' }))
    const sheet = await screen.findByRole('dialog', { name: 'Create Outlet' })
    return { ...app, sheet }
  }

  it('requires name and address, refuses a bad email, and keeps the phone to 11 digits', async () => {
    outletsApi()
    let posted = false
    server.use(handle(endpoints.createOutlet, () => ((posted = true), ok(outlet()))))
    const { user, sheet } = await openCreate()
    await user.click(within(sheet).getByRole('button', { name: 'Create Outlet' }))
    expect(await within(sheet).findByText('Enter the outlet name.')).toBeTruthy()
    expect(within(sheet).getByText('Enter the outlet address.')).toBeTruthy()

    const phone = within(sheet).getByLabelText('Phone (optional)') as HTMLInputElement
    await user.type(phone, '0803-abc 123 45678 99')
    expect(phone.value).toBe('8031234567')

    await user.type(within(sheet).getByLabelText('Outlet name'), 'Yaba')
    await user.type(within(sheet).getByLabelText('Address'), '5 Herbert Macaulay Way')
    await user.type(within(sheet).getByLabelText('Email (optional)'), 'yaba@')
    await user.click(within(sheet).getByRole('button', { name: 'Create Outlet' }))
    expect(await within(sheet).findByText('Enter a valid email.')).toBeTruthy()
    expect(within(sheet).queryByText('Enter the outlet name.')).toBeNull()
    expect(posted).toBe(false)
  })

  it('leaves out blank optional fields', async () => {
    outletsApi()
    const bodies: unknown[] = []
    server.use(handle(endpoints.createOutlet, async ({ request }) => (bodies.push(await request.json()), ok(outlet({ id: 'outlet-1' })))))
    const { user, sheet } = await openCreate()
    await user.type(within(sheet).getByLabelText('Outlet name'), 'Yaba')
    await user.type(within(sheet).getByLabelText('Address'), '5 Herbert Macaulay Way')
    await user.click(within(sheet).getByRole('button', { name: 'Create Outlet' }))
    await waitFor(() => expect(bodies).toEqual([{ name: 'Yaba', address: '5 Herbert Macaulay Way' }]))
  })

  it('sends name, address and the optional fields given, then opens the new outlet', async () => {
    outletsApi({ outlets: [outlet(), outlet({ id: 'outlet-9', name: 'Yaba' })] })
    const bodies: unknown[] = []
    server.use(
      handle(endpoints.createOutlet, async ({ request }) => {
        bodies.push(await request.json())
        return ok(outlet({ id: 'outlet-9', name: 'Yaba' }), 'Outlet created')
      }),
    )
    const { user, sheet, router } = await openCreate()
    await user.type(within(sheet).getByLabelText('Outlet name'), '  Yaba ')
    await user.type(within(sheet).getByLabelText('Address'), '5 Herbert Macaulay Way')
    await user.type(within(sheet).getByLabelText('Phone (optional)'), '08031234567')
    await user.type(within(sheet).getByLabelText('Email (optional)'), 'yaba@vendor.test')
    await user.click(within(sheet).getByRole('button', { name: 'Create Outlet' }))
    expect(await screen.findByRole('status', { name: 'Outlet created' })).toBeTruthy()
    expect(bodies).toEqual([{ name: 'Yaba', address: '5 Herbert Macaulay Way', email: 'yaba@vendor.test', phone: '08031234567' }])
    await waitFor(() => expect(router.state.location.pathname).toBe('/outlets/outlet-9'))
  })

  it('shows a duplicate name refused by the server under the name', async () => {
    outletsApi()
    server.use(
      handle(endpoints.createOutlet, () =>
        Response.json(
          { message: 'An outlet named Lekki already exists', code: 'CONFLICT', issues: [{ path: 'name', message: 'is taken' }] },
          { status: 409 },
        ),
      ),
    )
    const { user, sheet } = await openCreate()
    await user.type(within(sheet).getByLabelText('Outlet name'), 'lekki')
    await user.type(within(sheet).getByLabelText('Address'), 'Somewhere')
    await user.click(within(sheet).getByRole('button', { name: 'Create Outlet' }))
    expect(await within(sheet).findByText('An outlet named Lekki already exists')).toBeTruthy()
  })

  it('is refused, with no form, to a user without VENDOR_TEAM who follows a link to it', async () => {
    outletsApi()
    renderApp('/outlets/new', { permissions: without('VENDOR_TEAM') })
    const sheet = await screen.findByRole('dialog', { name: 'Create Outlet' })
    expect(within(sheet).getByText('Your role does not allow this')).toBeTruthy()
    expect(within(sheet).queryByLabelText('Outlet name')).toBeNull()
  })
})
