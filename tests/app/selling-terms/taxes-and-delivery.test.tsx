import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { SELLING_TERMS_MESSAGES as M } from '#app/features/selling-terms/forms'
import { endpoints } from '#contract/index'
import { PERMISSIONS } from '#contract/permissions'

import { deliveryLocation, deliveryLocationPage, tax, taxPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const WITHOUT_SETTINGS = PERMISSIONS.filter((p) => p !== 'VENDOR_SETTINGS')

function profileApi() {
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
  )
}

function errorOf(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? []
  return control.getAttribute('aria-invalid') === 'true' ? ids.map((id) => document.getElementById(id)?.textContent).join(' ') : undefined
}

describe('Settings → Taxes', () => {
  function taxApi() {
    profileApi()
    const taxes = [tax()]
    const sent: unknown[] = []
    server.use(
      handle(endpoints.listTaxes, () => ok(taxPage(taxes))),
      handle(endpoints.createTax, async ({ request }) => {
        const body = (await request.json()) as { name: string; percentage: number }
        sent.push(body)
        const created = tax({ id: `tax-${taxes.length + 1}`, ...body })
        taxes.push(created)
        return ok(created, 'Tax added')
      }),
    )
    return sent
  }

  it('lists taxes with their percentage, from the Taxes tab', async () => {
    taxApi()
    const { user } = renderApp('/settings')
    await user.click(await screen.findByRole('link', { name: 'Taxes' }))
    const list = await screen.findByRole('list', { name: 'Taxes' })
    expect(within(list).getByText('VAT')).toBeTruthy()
    expect(within(list).getByText('7.5 %')).toBeTruthy()
  })

  it('validates Add Tax under each field, then sends the percentage and shows the new tax', async () => {
    const sent = taxApi()
    const { user, router } = renderApp('/settings?tab=taxes')
    await user.click(await screen.findByRole('link', { name: 'Add Tax' }))
    const sheet = await screen.findByRole('dialog', { name: 'Add Tax' })
    expect(router.state.location.pathname).toBe('/settings/taxes/new')
    const name = within(sheet).getByLabelText('Name')
    const percentage = within(sheet).getByLabelText('Percentage') as HTMLInputElement

    await user.click(within(sheet).getByRole('button', { name: 'Add Tax' }))
    await waitFor(() => expect(errorOf(name)).toContain(M.taxName))
    expect(errorOf(percentage)).toContain(M.percentage)

    await user.type(percentage, '7.555')
    expect(percentage.value).toBe('7.55')
    await user.clear(percentage)
    await user.type(percentage, '100.5')
    await waitFor(() => expect(errorOf(percentage)).toContain(M.percentageRange))

    await user.type(name, 'Consumption tax')
    await user.clear(percentage)
    await user.type(percentage, '7.5')
    await user.click(within(sheet).getByRole('button', { name: 'Add Tax' }))
    expect(await screen.findByRole('status', { name: 'Tax added' })).toBeTruthy()
    expect(sent).toEqual([{ name: 'Consumption tax', percentage: 7.5 }])
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(await screen.findByText('Consumption tax')).toBeTruthy()
  })

  it('opens Add Tax from a bare link over the Taxes tab, not Profile', async () => {
    taxApi()
    const { router } = renderApp('/settings/taxes/new')
    expect(await screen.findByRole('dialog', { name: 'Add Tax' })).toBeTruthy()
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'taxes' }))
    // The tab is under the modal sheet, which hides the page from assistive technology once it has opened.
    expect(screen.getByRole('link', { name: 'Taxes', hidden: true }).getAttribute('aria-current')).toBe('page')
  })

  it('shows the list read-only without VENDOR_SETTINGS', async () => {
    taxApi()
    renderApp('/settings?tab=taxes', { permissions: WITHOUT_SETTINGS })
    expect(await screen.findByText('VAT')).toBeTruthy()
    expect(screen.getByText('Only a team member with the settings permission can add taxes.')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Add Tax' })).toBeNull()
  })
})

describe('Settings → Delivery', () => {
  function deliveryApi() {
    profileApi()
    let locations = [
      deliveryLocation(),
      deliveryLocation({ id: 'location-2', name: 'Ikeja GRA', description: null, fee: 0, isActive: false }),
    ]
    const created: unknown[] = []
    const patched: unknown[] = []
    server.use(
      handle(endpoints.listDeliveryLocations, () => ok(deliveryLocationPage(locations))),
      handle(endpoints.createDeliveryLocation, async ({ request }) => {
        const body = (await request.json()) as { name: string; description: string | null; fee: number }
        created.push(body)
        const location = deliveryLocation({ id: 'location-3', ...body })
        locations = [...locations, location]
        return ok(location, 'Delivery location created')
      }),
      handle(endpoints.updateDeliveryLocation, async ({ request }) => {
        const body = (await request.json()) as { id: string }
        patched.push(body)
        locations = locations.map((l) => (l.id === body.id ? deliveryLocation({ ...l, ...body }) : l))
        return ok(
          locations.find((l) => l.id === body.id)!,
          'Delivery location updated',
        )
      }),
    )
    return { created, patched }
  }

  const row = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement

  it('lists locations with description, fee in naira and an Active toggle that sends only isActive', async () => {
    const api = deliveryApi()
    const { user } = renderApp('/settings?tab=delivery-locations')
    const lekki = await row('Lekki Phase 1')
    expect(within(lekki).getByText('Within the estate gates')).toBeTruthy()
    expect(within(lekki).getByText('₦1,500.00')).toBeTruthy()
    const ikeja = await row('Ikeja GRA')
    expect(within(ikeja).getByText('₦0.00')).toBeTruthy()

    const toggle = within(lekki).getByRole('switch', { name: /Active/ }) as HTMLInputElement
    expect(toggle.checked).toBe(true)
    expect((within(ikeja).getByRole('switch', { name: /Active/ }) as HTMLInputElement).checked).toBe(false)
    await user.click(toggle)
    expect(await screen.findByRole('status', { name: 'Delivery location updated' })).toBeTruthy()
    expect(api.patched).toEqual([{ id: 'location-1', isActive: false }])
    await waitFor(() => expect(toggle.checked).toBe(false))
  })

  it('validates Create Delivery Location, then sends the fee in kobo and a blank description as null', async () => {
    const api = deliveryApi()
    const { user, router } = renderApp('/settings?tab=delivery-locations')
    await user.click(await screen.findByRole('link', { name: 'Add location' }))
    const sheet = await screen.findByRole('dialog', { name: 'Create Delivery Location' })
    const name = within(sheet).getByLabelText('Name')
    const fee = within(sheet).getByLabelText('Fee') as HTMLInputElement

    await user.click(within(sheet).getByRole('button', { name: 'Create location' }))
    await waitFor(() => expect(errorOf(name)).toContain(M.locationName))
    expect(errorOf(fee)).toContain(M.fee)
    expect(errorOf(within(sheet).getByLabelText('Description (optional)'))).toBeUndefined()

    await user.type(fee, '-2,500.505')
    expect(fee.value).toBe('2,500.50')
    await user.type(name, 'Victoria Island')
    await user.click(within(sheet).getByRole('button', { name: 'Create location' }))
    expect(await screen.findByRole('status', { name: 'Delivery location created' })).toBeTruthy()
    expect(api.created).toEqual([{ name: 'Victoria Island', description: null, fee: 250_050 }])
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(await screen.findByText('Victoria Island')).toBeTruthy()
  })

  it('opens Update Delivery Location filled in and sends the edited fields without isActive', async () => {
    const api = deliveryApi()
    const { user } = renderApp('/settings?tab=delivery-locations')
    await user.click(within(await row('Lekki Phase 1')).getByRole('link', { name: 'Edit Lekki Phase 1' }))
    const sheet = await screen.findByRole('dialog', { name: 'Update Delivery Location' })
    const fee = within(sheet).getByLabelText('Fee') as HTMLInputElement
    expect((within(sheet).getByLabelText('Name') as HTMLInputElement).value).toBe('Lekki Phase 1')
    expect(fee.value).toBe('1,500.00')

    await user.clear(within(sheet).getByLabelText('Name'))
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(errorOf(within(sheet).getByLabelText('Name'))).toContain(M.locationName))
    await user.type(within(sheet).getByLabelText('Name'), 'Lekki Phase 2')
    await user.clear(fee)
    await user.type(fee, '2000')
    await user.click(within(sheet).getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('status', { name: 'Delivery location updated' })).toBeTruthy()
    expect(api.patched).toEqual([{ id: 'location-1', name: 'Lekki Phase 2', description: 'Within the estate gates', fee: 200_000 }])
    expect(await screen.findByText('Lekki Phase 2')).toBeTruthy()
  })

  it('shows the list read-only without VENDOR_SETTINGS', async () => {
    deliveryApi()
    renderApp('/settings?tab=delivery-locations', { permissions: WITHOUT_SETTINGS })
    const lekki = await row('Lekki Phase 1')
    expect((within(lekki).getByRole('switch', { name: /Active/ }) as HTMLInputElement).disabled).toBe(true)
    expect(within(lekki).queryByRole('link', { name: /Edit/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Add location' })).toBeNull()
  })

  it('without VENDOR_SETTINGS, a form sheet opened by its address says why instead of the form', async () => {
    deliveryApi()
    renderApp('/settings/delivery-locations/location-1?tab=delivery-locations', { permissions: WITHOUT_SETTINGS })
    const sheet = await screen.findByRole('dialog', { name: 'Update Delivery Location' })
    expect(within(sheet).getByText('Your role does not include settings')).toBeTruthy()
    expect(within(sheet).queryByLabelText('Name')).toBeNull()
  })
})
