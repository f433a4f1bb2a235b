import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { MAX_PAGE_SIZE } from '#contract/common'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { outletMember } from '../outlets-fixtures'
import { member, memberPage, OWNER } from '../team-fixtures'
import { outletsApi } from './outlets-api'

useAppHarness()

const TEAM = [
  OWNER,
  member({ id: 'member-1', name: 'Chinedu Eze', outletIds: ['outlet-1'] }),
  member({ id: 'member-2', name: 'Bola Ade', email: 'bola@vendor.test', phone: null }),
  member({ id: 'member-3', name: 'Bolaji Musa', email: null, phone: '08061112222', status: 'invited' }),
]

/** GET /user/members (recording each query) and POST /outlet/members (recording each body). */
function teamApi() {
  const lists: URLSearchParams[] = []
  const added: unknown[] = []
  server.use(
    handle(endpoints.listMembers, ({ request }) => {
      lists.push(new URL(request.url).searchParams)
      return ok(memberPage(TEAM, 1, 1000))
    }),
    handle(endpoints.addOutletMember, async ({ request }) => {
      added.push(await request.json())
      return ok(outletMember({ id: 'member-2', name: 'Bola Ade' }), 'Bola Ade added to Lekki')
    }),
  )
  return { lists, added }
}

async function openOutlet(permissions = [...PERMISSIONS]) {
  const app = renderApp('/outlets/outlet-1', { permissions })
  await screen.findByRole('heading', { name: 'Lekki', level: 1 })
  await screen.findAllByTestId('outlet-member-row')
  return app
}

async function openAddMember(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add Member' }))
  return screen.findByRole('dialog', { name: 'Add Member to Outlet' })
}

describe('Outlet members', () => {
  it('lists the outlet’s members', async () => {
    const calls = outletsApi({
      members: [outletMember(), outletMember({ id: 'member-4', name: 'Tunde Bako', email: null, phone: null, status: 'inactive' })],
    })
    await openOutlet()
    const rows = screen.getAllByTestId('outlet-member-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('chinedu@vendor.test · 08051234567')).toBeTruthy()
    expect(within(rows[1]!).getByText('inactive')).toBeTruthy()
    expect(calls.members[0]!.get('outletId')).toBe('outlet-1')
  })

  it('removes a member through the confirm dialog', async () => {
    outletsApi()
    const removed: string[] = []
    server.use(
      handle(endpoints.removeOutletMember, ({ request }) => {
        removed.push(new URL(request.url).search)
        return ok(null, 'Chinedu Eze removed from Lekki')
      }),
    )
    const { user } = await openOutlet()
    await user.click(screen.getByRole('button', { name: 'Remove Chinedu Eze' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Chinedu Eze from Lekki?' })
    await waitFor(() => user.click(within(confirm).getByRole('button', { name: 'Proceed' })))
    expect(await screen.findByRole('status', { name: 'Chinedu Eze removed from Lekki' })).toBeTruthy()
    expect(removed).toEqual(['?outletId=outlet-1&memberId=member-1'])
  })

  it('offers neither Add nor Remove without VENDOR_TEAM, and never asks for the team', async () => {
    outletsApi()
    const { lists } = teamApi()
    await openOutlet(PERMISSIONS.filter((p) => p !== 'VENDOR_TEAM'))
    expect(screen.queryByRole('button', { name: 'Add Member' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull()
    expect(screen.queryByRole('switch')).toBeNull()
    expect(lists).toEqual([])
  })
})

describe('Add Member to Outlet', () => {
  it('asks for the whole team once, filters it by name as typed, and says when nobody matches', async () => {
    outletsApi()
    const { lists } = teamApi()
    const { user } = await openOutlet()
    const dialog = await openAddMember(user)
    await within(dialog).findByRole('radio', { name: /Bola Ade/ })
    expect(lists.map((q) => [q.get('page'), q.get('size')])).toEqual([['1', String(MAX_PAGE_SIZE)]])
    // The owner sees every outlet and is not offered; a member already in it is listed but cannot be chosen.
    expect(within(dialog).queryByRole('radio', { name: /Adaeze Okafor/ })).toBeNull()
    expect((within(dialog).getByRole('radio', { name: /Chinedu Eze/ }) as HTMLInputElement).disabled).toBe(true)
    expect(within(dialog).getAllByRole('radio')).toHaveLength(3)

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members by name' }), 'bola')
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(2))
    expect(within(dialog).getByRole('radio', { name: /Bolaji Musa/ })).toBeTruthy()

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members by name' }), 'x')
    expect(await within(dialog).findByText('No member found')).toBeTruthy()
    expect(within(dialog).queryByRole('radio')).toBeNull()
    expect(lists).toHaveLength(1)
  })

  it('enables Add only with a member chosen, sends the outlet and the member, and closes', async () => {
    const calls = outletsApi()
    const { added } = teamApi()
    const { user } = await openOutlet()
    const dialog = await openAddMember(user)
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement
    expect(add.disabled).toBe(true)
    await user.click(await within(dialog).findByRole('radio', { name: /Bola Ade/ }))
    expect(add.disabled).toBe(false)
    const before = calls.members.length
    await user.click(add)
    expect(await screen.findByRole('status', { name: 'Bola Ade added to Lekki' })).toBeTruthy()
    expect(added).toEqual([{ outletId: 'outlet-1', memberId: 'member-2' }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Member to Outlet' })).toBeNull())
    // The outlet's member list is asked for again.
    await waitFor(() => expect(calls.members.length).toBeGreaterThan(before))
  })

  it('does not offer to add a chosen member that a later search hides', async () => {
    outletsApi()
    const { added } = teamApi()
    const { user } = await openOutlet()
    const dialog = await openAddMember(user)
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement
    await user.click(await within(dialog).findByRole('radio', { name: /Bola Ade/ }))
    expect(add.disabled).toBe(false)
    const search = within(dialog).getByRole('searchbox', { name: 'Search members by name' })
    await user.type(search, 'musa')
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(1))
    expect(add.disabled).toBe(true)
    await user.click(add)
    expect(added).toEqual([])
    // Back in view, still chosen: Add again.
    await user.clear(search)
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(3))
    expect((within(dialog).getByRole('radio', { name: /Bola Ade/ }) as HTMLInputElement).checked).toBe(true)
    expect(add.disabled).toBe(false)
  })

  it('forgets the search and the choice 300 ms after closing', async () => {
    outletsApi()
    teamApi()
    const { user } = await openOutlet()
    let dialog = await openAddMember(user)
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members by name' }), 'bola')
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(2))
    await user.click(within(dialog).getByRole('radio', { name: /Bola Ade/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Member to Outlet' })).toBeNull())

    await act(() => new Promise((resolve) => setTimeout(resolve, 350)))
    dialog = await openAddMember(user)
    expect((within(dialog).getByRole('searchbox', { name: 'Search members by name' }) as HTMLInputElement).value).toBe('')
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(3)
    expect(
      within(dialog)
        .getAllByRole('radio')
        .some((r) => (r as HTMLInputElement).checked),
    ).toBe(false)
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
