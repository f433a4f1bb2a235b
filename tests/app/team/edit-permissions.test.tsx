import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import type { TeamMember } from '#contract/team'

import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { member, memberPage, OWNER } from '../team-fixtures'

useAppHarness()

/** The team API with one member, Chinedu (orders and customers); every permissions change is kept and applied. */
function teamApi() {
  let members: TeamMember[] = [OWNER, member()]
  const changes: unknown[] = []
  server.use(
    // Settings opens on the vendor's profile.
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
    handle(endpoints.listMembers, () => ok(memberPage(members))),
    handle(endpoints.setMemberPermissions, async ({ request }) => {
      const body = (await request.json()) as { memberId: string; permissions: TeamMember['permissions'] }
      changes.push(body)
      members = members.map((m) => (m.id === body.memberId ? { ...m, permissions: body.permissions } : m))
      return ok(
        members.find((m) => m.id === body.memberId)!,
        "Chinedu Eze's permissions have been updated",
      )
    }),
  )
  return changes
}

const words = (name: string) =>
  within(screen.getByRole('list', { name: `Permissions of ${name}` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent)

describe('Edit permissions of a team member', () => {
  it('shows permissions in plain words, and saves a changed choice, in the checklist’s order', async () => {
    const changes = teamApi()
    const { user } = renderApp('/settings?tab=team')
    await screen.findByRole('list', { name: 'Permissions of Chinedu Eze' })
    expect(words('Chinedu Eze')).toEqual(['Orders and invoices', 'Customers'])

    await user.click(screen.getByRole('button', { name: 'Edit permissions: Chinedu Eze' }))
    const sheet = await screen.findByRole('dialog', { name: 'Edit permissions' })
    const save = within(sheet).getByRole('button', { name: 'Save' }) as HTMLButtonElement
    const box = (name: string) => within(sheet).getByRole('checkbox', { name }) as HTMLInputElement
    expect(box('Orders and invoices').checked).toBe(true)
    expect(box('Customers').checked).toBe(true)
    expect(box('Send money').checked).toBe(false)
    // Nothing changed yet: nothing to save.
    expect(save.disabled).toBe(true)

    // None ticked is refused, as inviting refuses it.
    await user.click(box('Orders and invoices'))
    await user.click(box('Customers'))
    expect(within(sheet).getByText('Choose at least one permission.')).toBeTruthy()
    expect(save.disabled).toBe(true)

    await user.click(box('Transactions'))
    await user.click(box('Orders and invoices'))
    expect(save.disabled).toBe(false)
    await user.click(save)
    expect(await screen.findByRole('status', { name: "Chinedu Eze's permissions have been updated" })).toBeTruthy()
    expect(changes).toEqual([{ memberId: 'member-1', permissions: ['VENDOR_ORDERS', 'VENDOR_TRANSACTIONS'] }])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit permissions' })).toBeNull())
    await waitFor(() => expect(words('Chinedu Eze')).toEqual(['Orders and invoices', 'Transactions']))
  })

  it('keeps the sheet open with the server’s reason when the change is refused', async () => {
    teamApi()
    server.use(
      handle(endpoints.setMemberPermissions, () =>
        fail(403, 'PERMISSION_NOT_HELD', 'You can only grant permissions you hold yourself (you do not hold: Send money)'),
      ),
    )
    const { user } = renderApp('/settings?tab=team')
    await user.click(await screen.findByRole('button', { name: 'Edit permissions: Chinedu Eze' }))
    const sheet = await screen.findByRole('dialog', { name: 'Edit permissions' })
    await user.click(within(sheet).getByRole('checkbox', { name: 'Send money' }))
    await user.click(within(sheet).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('You can only grant permissions you hold yourself (you do not hold: Send money)'),
    )
    expect(screen.getByRole('dialog', { name: 'Edit permissions' })).toBeTruthy()
  })

  it('offers only the permissions the editor holds', async () => {
    teamApi()
    const held = ['VENDOR_TEAM', 'VENDOR_ORDERS', 'VENDOR_CUSTOMERS'] as const
    const { user } = renderApp('/settings?tab=team', { permissions: [...held], role: 'member' })
    await user.click(await screen.findByRole('button', { name: 'Edit permissions: Chinedu Eze' }))
    const sheet = await screen.findByRole('dialog', { name: 'Edit permissions' })
    const offered = within(sheet)
      .getAllByRole('checkbox')
      .map((b) => b.closest('label')?.textContent)
    expect(offered).toEqual(['Select all', 'Orders and invoices', 'Customers', 'Manage team'])
  })
})
