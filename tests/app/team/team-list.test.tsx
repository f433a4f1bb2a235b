import { onlineManager } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { OFFLINE_TEAM_REASON } from '#app/features/team/components/invite-member-sheet'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'
import type { TeamMember } from '#contract/team'

import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { member, memberPage, OWNER } from '../team-fixtures'

useAppHarness()

const ACTIVE = member()
const INVITED = member({
  id: 'member-2',
  name: 'Bola Ade',
  email: null,
  status: 'invited',
  permissions: ['VENDOR_ORDERS'],
  inviteExpiresAt: '2099-01-01T00:00:00.000Z',
})
const INACTIVE = member({
  id: 'member-3',
  name: 'Emeka Nwosu',
  email: 'emeka@vendor.test',
  phone: null,
  status: 'inactive',
  permissions: ['VENDOR_INVENTORY', 'VENDOR_TRANSACTIONS'],
})

function teamApi(members: TeamMember[] = [OWNER, ACTIVE, INVITED, INACTIVE]) {
  const lists: URLSearchParams[] = []
  const resent: unknown[] = []
  const statuses: { memberId: string; status: string }[] = []
  server.use(
    handle(endpoints.vendorProfile, () =>
      ok({
        id: 'vendor-1',
        name: 'Mama Put Kitchen',
        email: 'demo@vendor.test',
        phone: '08031234567',
        url: null,
        status: 'approved',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ),
    handle(endpoints.listMembers, ({ request }) => {
      lists.push(new URL(request.url).searchParams)
      return ok(memberPage(members))
    }),
    handle(endpoints.resendInvite, async ({ request }) => {
      const body = (await request.json()) as { memberId: string }
      resent.push(body)
      return ok(
        members.find((m) => m.id === body.memberId)!,
        'Invitation sent again to Bola Ade',
      )
    }),
    handle(endpoints.setMemberStatus, async ({ request }) => {
      const body = (await request.json()) as { memberId: string; status: 'active' | 'inactive' }
      statuses.push(body)
      members = members.map((m) => (m.id === body.memberId ? { ...m, status: body.status } : m))
      return ok(
        members.find((m) => m.id === body.memberId)!,
        body.status === 'inactive' ? 'Member deactivated' : 'Member activated',
      )
    }),
  )
  return { lists, resent, statuses }
}

const row = async (name: string) => within(await screen.findByRole('list', { name: 'Team members' })).getByRole('listitem', { name })

describe('Settings → Team', () => {
  it('lists members with status badges, the owner role and permissions as words', async () => {
    teamApi()
    const { user } = renderApp('/settings')
    await user.click(await screen.findByRole('link', { name: 'Team' }))

    const owner = await row('Adaeze Okafor')
    expect(within(owner).getByText('Owner')).toBeTruthy()
    expect(within(owner).getByText('active')).toBeTruthy()
    expect(within(owner).getByText('(you)')).toBeTruthy()
    expect(within(owner).queryByRole('button')).toBeNull()

    const active = await row('Chinedu Eze')
    expect(within(active).getByText('chinedu@vendor.test · 08051234567')).toBeTruthy()
    expect(within(active).getByText('active')).toBeTruthy()
    const words = within(active).getByRole('list', { name: 'Permissions of Chinedu Eze' })
    expect(
      within(words)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Orders and invoices', 'Customers'])
    expect(
      within(active)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit permissions', 'Deactivate'])

    const invited = await row('Bola Ade')
    expect(within(invited).getByText('invited')).toBeTruthy()
    expect(within(invited).getByText('08051234567')).toBeTruthy()
    expect(within(invited).getByText('Invitation valid until 01/01/2099')).toBeTruthy()
    expect(
      within(invited)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit permissions', 'Resend invite', 'Deactivate'])

    const inactive = await row('Emeka Nwosu')
    expect(within(inactive).getByText('inactive')).toBeTruthy()
    expect(within(inactive).getByText('Products')).toBeTruthy()
    expect(within(inactive).getByText('Transactions')).toBeTruthy()
    expect(
      within(inactive)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit permissions', 'Activate'])
  })

  it('searches names, or emails once the text has an @, and keeps the search in the URL', async () => {
    const { lists } = teamApi()
    const { user, router } = renderApp('/settings?tab=team')
    await screen.findByRole('list', { name: 'Team members' })
    expect(lists[0]?.get('page')).toBe('1')
    expect(lists[0]?.get('size')).toBe('20')

    const box = screen.getByRole('searchbox', { name: 'Search team members by name or email' })
    await user.type(box, 'chi')
    await waitFor(() => expect(lists.some((p) => p.get('name') === 'chi')).toBe(true))
    expect(lists.every((p) => !p.has('email'))).toBe(true)
    expect(router.state.location.search).toMatchObject({ tab: 'team', q: 'chi' })

    await user.type(box, 'nedu@vendor')
    await waitFor(() => expect(lists.some((p) => p.get('email') === 'chinedu@vendor')).toBe(true))
    expect(lists.at(-1)?.has('name')).toBe(false)
  })

  it('resends an invitation through the confirm dialog and shows the server message', async () => {
    const { resent, lists } = teamApi()
    const { user } = renderApp('/settings?tab=team')
    await user.click(within(await row('Bola Ade')).getByRole('button', { name: /Resend invite/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Resend the invitation to Bola Ade?' })
    const before = lists.length
    const proceed = within(dialog).getByRole('button', { name: 'Proceed' })
    await waitFor(() => user.click(proceed))
    expect(await screen.findByRole('status', { name: 'Invitation sent again to Bola Ade' })).toBeTruthy()
    expect(resent).toEqual([{ memberId: 'member-2' }])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(lists.length).toBeGreaterThan(before))
  })

  it('deactivates and activates through the confirm dialog; Cancel sends nothing', async () => {
    const { statuses } = teamApi()
    const { user } = renderApp('/settings?tab=team')
    await user.click(within(await row('Chinedu Eze')).getByRole('button', { name: /Deactivate/ }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Chinedu Eze?' })
    expect(within(dialog).getByText(/signed out everywhere at once/)).toBeTruthy()
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Cancel' })))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(statuses).toEqual([])

    await waitFor(() =>
      user.click(within(screen.getByRole('listitem', { name: 'Chinedu Eze' })).getByRole('button', { name: /Deactivate/ })),
    )
    dialog = await screen.findByRole('alertdialog', { name: 'Deactivate Chinedu Eze?' })
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Proceed' })))
    expect(await screen.findByRole('status', { name: 'Member deactivated' })).toBeTruthy()
    expect(statuses).toEqual([{ memberId: 'member-1', status: 'inactive' }])
    // The list is read again and the row now offers Activate.
    const activate = await waitFor(() =>
      within(screen.getByRole('listitem', { name: 'Chinedu Eze' })).getByRole('button', { name: /Activate/ }),
    )
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    await waitFor(() => user.click(activate))
    dialog = await screen.findByRole('alertdialog', { name: 'Activate Chinedu Eze?' })
    await waitFor(() => user.click(within(dialog).getByRole('button', { name: 'Proceed' })))
    expect(await screen.findByRole('status', { name: 'Member activated' })).toBeTruthy()
    expect(statuses.at(-1)).toEqual({ memberId: 'member-1', status: 'active' })
  })

  it('offers no actions on oneself, even when not the owner', async () => {
    teamApi([member({ ...OWNER, role: 'member', permissions: ['VENDOR_TEAM'] }), ACTIVE])
    renderApp('/settings?tab=team', { permissions: ['VENDOR_TEAM'] })
    const self = await row('Adaeze Okafor')
    expect(within(self).getByText('(you)')).toBeTruthy()
    expect(within(self).queryByRole('button')).toBeNull()
    expect(within(self).getByText('Manage team')).toBeTruthy()
    const richer = await row('Chinedu Eze')
    expect(within(richer).getByRole('button', { name: /Deactivate/ })).toBeTruthy()
    // Chinedu holds orders and customers, which this manager does not: theirs are not this manager's to edit.
    expect(within(richer).queryByRole('button', { name: /Edit permissions/ })).toBeNull()
  })

  it('hides the Team tab without VENDOR_TEAM, and its address says why', async () => {
    teamApi()
    renderApp('/settings?tab=team', { permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_TEAM') })
    expect(await screen.findByText('Your role does not include the team')).toBeTruthy()
    const tabs = screen.getByRole('navigation', { name: 'Settings sections' })
    expect(within(tabs).queryByRole('link', { name: 'Team' })).toBeNull()
    expect(within(tabs).getByRole('link', { name: 'Profile' })).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Team members' })).toBeNull()
  })

  it('offline, keeps the list but disables inviting and member changes, saying why', async () => {
    teamApi()
    const { queryClient } = renderApp('/settings?tab=team')
    await row('Chinedu Eze')
    onlineManager.setOnline(false)
    const notice = await screen.findByText(OFFLINE_TEAM_REASON)
    expect(notice).toBeTruthy()
    const invite = screen.getByRole('button', { name: 'Invite Team Member' }) as HTMLButtonElement
    expect(invite.disabled).toBe(true)
    expect(screen.queryByRole('link', { name: 'Invite Team Member' })).toBeNull()
    const deactivate = within(screen.getByRole('listitem', { name: 'Chinedu Eze' })).getByRole('button', {
      name: /Deactivate/,
    }) as HTMLButtonElement
    expect(deactivate.disabled).toBe(true)
    expect(deactivate.title).toBe(OFFLINE_TEAM_REASON)
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0)
  })
})
