import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { INVITE_MESSAGES as M } from '#app/features/team/invite-form'
import { endpoints } from '#contract/index'
import { type Permission, permissionLabel, PERMISSIONS } from '#contract/permissions'

import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { member, memberPage, OWNER } from '../team-fixtures'

useAppHarness()

function inviteApi() {
  const sent: unknown[] = []
  let lists = 0
  const members = [OWNER]
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
    handle(endpoints.listMembers, () => {
      lists++
      return ok(memberPage(members))
    }),
    handle(endpoints.inviteMember, async ({ request }) => {
      const body = (await request.json()) as { name: string; phone: string; email: string | null; permissions: [] }
      sent.push(body)
      const invited = member({ id: 'member-9', ...body, status: 'invited', inviteExpiresAt: '2099-01-01T00:00:00.000Z' })
      members.push(invited)
      return ok(invited, 'Invitation sent to Ngozi Obi')
    }),
  )
  return { sent, lists: () => lists }
}

function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  return control.getAttribute('aria-invalid') === 'true' ? ids.map((id) => document.getElementById(id)?.textContent).join(' ') : undefined
}

async function openSheet(permissions: readonly Permission[] = PERMISSIONS) {
  const app = renderApp('/settings?tab=team', { permissions: [...permissions] })
  await screen.findByRole('list', { name: 'Team members' })
  await app.user.click(screen.getByRole('link', { name: 'Invite Team Member' }))
  const sheet = await screen.findByRole('dialog', { name: 'Invite Team Member' })
  expect(app.router.state.location.pathname).toBe('/settings/team/invite')
  const submit = screen.getByRole('button', { name: 'Send invite' }) as HTMLButtonElement
  return { ...app, sheet, submit }
}

const boxes = (sheet: HTMLElement) =>
  within(within(sheet).getByRole('group', { name: 'Permissions' }))
    .getAllByRole('checkbox')
    .filter((b) => b.getAttribute('name') === 'permissions') as HTMLInputElement[]

describe('Invite Team Member', () => {
  it('validates each field and keeps submit disabled until the form is valid', async () => {
    inviteApi()
    const { user, sheet, submit } = await openSheet()
    expect(submit.disabled).toBe(true)
    const name = within(sheet).getByLabelText(/Name/)
    const phone = within(sheet).getByLabelText(/Phone number/) as HTMLInputElement
    const email = within(sheet).getByLabelText(/Email/)

    await user.click(name)
    await user.tab()
    await waitFor(() => expect(errorOf(name)).toContain(M.name))

    // The phone field refuses anything but digits and stops at 11.
    await user.type(phone, '08a03-1234 5678999')
    expect(phone.value).toBe('8031234567')
    await user.type(email, 'ngozi@')
    await user.tab()
    await waitFor(() => expect(errorOf(email)).toContain(M.email))

    await user.type(name, 'Ngozi Obi')
    await user.clear(email)
    expect(submit.disabled).toBe(true)

    const [orders] = boxes(sheet)
    await user.click(orders!)
    await waitFor(() => expect(submit.disabled).toBe(false))
    await user.click(orders!)
    await waitFor(() => expect(submit.disabled).toBe(true))
    expect(within(sheet).getByText(M.permissions)).toBeTruthy()

    await user.type(email, 'ngozi@vendor.test')
    await user.click(orders!)
    await waitFor(() => expect(submit.disabled).toBe(false))
    await user.clear(phone)
    await waitFor(() => expect(submit.disabled).toBe(true))
    expect(errorOf(phone)).toContain(M.phone)
  })

  it('offers only the permissions the inviter holds; Select all ticks and clears them all', async () => {
    inviteApi()
    const held = ['VENDOR_ORDERS', 'VENDOR_CUSTOMERS', 'VENDOR_TEAM'] as const
    const { user, sheet } = await openSheet([...held])
    expect(boxes(sheet).map((b) => b.closest('label')?.textContent)).toEqual(held.map(permissionLabel))
    expect(within(sheet).queryByLabelText('Send money')).toBeNull()

    const all = within(sheet).getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement
    await user.click(boxes(sheet)[1]!)
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(true)
    await user.click(all)
    expect(boxes(sheet).every((b) => b.checked)).toBe(true)
    expect(all.checked).toBe(true)
    await user.click(all)
    expect(boxes(sheet).some((b) => b.checked)).toBe(false)
    expect(all.indeterminate).toBe(false)
  })

  it('sends name, phone, email and permissions, toasts the server message and refreshes the list', async () => {
    const api = inviteApi()
    const { user, sheet, submit, router } = await openSheet()
    await user.type(within(sheet).getByLabelText(/Name/), '  Ngozi Obi ')
    await user.type(within(sheet).getByLabelText(/Phone number/), '08061235678')
    // Ticked out of order; sent in the checklist's order.
    const [orders, transactions] = boxes(sheet)
    await user.click(transactions!)
    await user.click(orders!)
    const listsBefore = api.lists()
    await waitFor(() => expect(submit.disabled).toBe(false))
    await user.click(submit)

    expect(await screen.findByRole('status', { name: 'Invitation sent to Ngozi Obi' })).toBeTruthy()
    expect(api.sent).toEqual([
      { name: 'Ngozi Obi', phone: '08061235678', email: null, permissions: ['VENDOR_ORDERS', 'VENDOR_TRANSACTIONS'] },
    ])
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(router.state.location.search).toMatchObject({ tab: 'team' })
    await waitFor(() => expect(api.lists()).toBeGreaterThan(listsBefore))
    expect(await screen.findByRole('listitem', { name: 'Ngozi Obi' })).toBeTruthy()
  })

  it('shows a refusal the server names under its field', async () => {
    inviteApi()
    server.use(
      handle(endpoints.inviteMember, () =>
        Response.json(
          {
            message: 'This phone number is already on your team',
            code: 'CONFLICT',
            issues: [{ path: 'phone', message: 'is already on your team' }],
          },
          { status: 409 },
        ),
      ),
    )
    const { user, sheet, submit } = await openSheet()
    await user.type(within(sheet).getByLabelText(/Name/), 'Ngozi Obi')
    const phone = within(sheet).getByLabelText(/Phone number/)
    await user.type(phone, '08051234567')
    await user.click(boxes(sheet)[0]!)
    await user.click(submit)
    await waitFor(() => expect(errorOf(phone)).toContain('This phone number is already on your team'))
    expect(screen.getByRole('dialog', { name: 'Invite Team Member' })).toBeTruthy()
  })

  it('opens with no permission ticked after being closed: the route unmounts the form, so nothing outlives 500 ms', async () => {
    inviteApi()
    const { user, sheet, router } = await openSheet()
    await user.click(within(sheet).getByRole('checkbox', { name: 'Select all' }))
    expect(boxes(sheet).every((b) => b.checked)).toBe(true)
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite Team Member' })).toBeNull())

    await waitFor(() => user.click(screen.getByRole('link', { name: 'Invite Team Member' })))
    const reopened = await screen.findByRole('dialog', { name: 'Invite Team Member' })
    const reset = boxes(reopened)
    expect(reset.length).toBe(PERMISSIONS.length)
    expect(reset.some((b) => b.checked)).toBe(false)
  })

  it('opened by its address without VENDOR_TEAM, says why instead of a form', async () => {
    inviteApi()
    server.use(handle(endpoints.listMembers, () => fail(403, 'FORBIDDEN', 'Forbidden')))
    renderApp('/settings/team/invite', { permissions: ['VENDOR_ORDERS'] })
    const sheet = await screen.findByRole('dialog', { name: 'Invite Team Member' })
    expect(within(sheet).getByText('Your role does not include the team')).toBeTruthy()
    expect(within(sheet).queryByRole('button', { name: 'Send invite' })).toBeNull()
  })
})

describe('the refund permission (decision 086)', () => {
  it('is offered on its own, in plain words, and not ticked by ticking Orders and invoices', async () => {
    inviteApi()
    const { user, sheet } = await openSheet()
    const refunds = within(sheet).getByRole('checkbox', { name: 'Refund orders' }) as HTMLInputElement
    expect(refunds.checked).toBe(false)
    await user.click(within(sheet).getByRole('checkbox', { name: 'Orders and invoices' }))
    expect(refunds.checked).toBe(false)
  })
})
