import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { tax, taxPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/* Settings → Taxes: editing a tax in its sheet, and deleting one after a confirmation that says what happens. */

function taxApi() {
  const taxes = [tax(), tax({ id: 'tax-2', name: 'Levy', percentage: 1 })]
  const patched: unknown[] = []
  const deleted: string[] = []
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
    handle(endpoints.listTaxes, () => ok(taxPage(taxes))),
    handle(endpoints.updateTax, async ({ request }) => {
      const body = (await request.json()) as { id: string; name: string; percentage: number }
      patched.push(body)
      if (body.name.toLowerCase() === 'levy') {
        return HttpResponse.json(
          {
            message: 'You already have a tax named levy',
            code: 'TAX_NAME_TAKEN',
            issues: [{ path: 'name', message: 'is already used by another tax' }],
          },
          { status: 409 },
        )
      }
      const i = taxes.findIndex((t) => t.id === body.id)
      taxes[i] = { ...taxes[i]!, ...body }
      return ok(taxes[i]!, 'Tax updated')
    }),
    handle(endpoints.deleteTax, ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!
      deleted.push(id)
      taxes.splice(
        taxes.findIndex((t) => t.id === id),
        1,
      )
      return ok(null, 'Tax deleted')
    }),
  )
  return { patched, deleted }
}

const list = () => screen.findByRole('list', { name: 'Taxes' })

describe('Settings → Taxes: edit and delete', () => {
  it('opens Update Tax filled in, shows a taken name under the field, then saves', async () => {
    const api = taxApi()
    const { user, router } = renderApp('/settings?tab=taxes')
    await user.click(within(await list()).getByRole('link', { name: 'Edit VAT' }))
    const sheet = await screen.findByRole('dialog', { name: 'Update Tax' })
    expect(router.state.location.pathname).toBe('/settings/taxes/tax-1')
    const name = within(sheet).getByLabelText('Name') as HTMLInputElement
    const percentage = within(sheet).getByLabelText('Percentage') as HTMLInputElement
    expect(name.value).toBe('VAT')
    expect(percentage.value).toBe('7.5')

    await user.clear(name)
    await user.type(name, 'Levy')
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    const describedBy = name.getAttribute('aria-describedby')!.split(' ')
    expect(describedBy.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain('You already have a tax named levy')

    await user.clear(name)
    await user.type(name, 'Sales tax')
    await user.clear(percentage)
    await user.type(percentage, '5')
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('status', { name: 'Tax updated' })).toBeTruthy()
    expect(api.patched.at(-1)).toEqual({ id: 'tax-1', name: 'Sales tax', percentage: 5 })
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(await within(await list()).findByText('Sales tax')).toBeTruthy()
  })

  it('asks before deleting, says past orders keep the tax, and Cancel deletes nothing', async () => {
    const api = taxApi()
    const { user } = renderApp('/settings?tab=taxes')
    await user.click(within(await list()).getByRole('button', { name: 'Delete VAT' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete VAT?' })
    expect(
      within(confirm).getByText('New orders can no longer be charged it. Orders already taken keep the tax they were charged.'),
    ).toBeTruthy()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.deleted).toEqual([])

    await user.click(within(await list()).getByRole('button', { name: 'Delete VAT' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete VAT?' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('status', { name: 'Tax deleted' })).toBeTruthy()
    expect(api.deleted).toEqual(['tax-1'])
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Taxes' })).queryByText('VAT')).toBeNull())
    expect(within(await list()).getByText('Levy')).toBeTruthy()
  })

  it('offers neither Edit nor Delete without VENDOR_SETTINGS', async () => {
    taxApi()
    renderApp('/settings?tab=taxes', { permissions: PERMISSIONS.filter((p) => p !== 'VENDOR_SETTINGS') })
    const taxes = await list()
    expect(within(taxes).getByText('VAT')).toBeTruthy()
    expect(within(taxes).queryByRole('link', { name: /Edit/ })).toBeNull()
    expect(within(taxes).queryByRole('button', { name: /Delete/ })).toBeNull()
  })
})
