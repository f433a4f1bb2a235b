import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { catalogueEndpoints } from '#contract/catalogue'
import { stockEndpoints } from '#contract/stock'

import { product, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const place = (outletId: string | null, name: string, units: number) => ({
  outletId,
  name,
  units,
  threshold: null,
  isLowStock: false,
  isActive: true,
})
const large = variant({ availableUnits: 14, locations: [place(null, 'Main store', 10), place('outlet-lekki', 'Lekki', 4)] })
const small = variant({
  id: 'var-2',
  options: { Size: 'Small' },
  availableUnits: 6,
  locations: [place(null, 'Main store', 6), place('outlet-lekki', 'Lekki', 0)],
})

describe('Stock by location (decision 174)', () => {
  it('shows each variant per location and in total; Move stock sends one transfer with an Idempotency-Key', async () => {
    const sent: { key: string | null; body: unknown }[] = []
    server.use(
      handle(catalogueEndpoints.productDetail, () => ok(product({ variants: [large, small] }))),
      handle(stockEndpoints.listStockTransfers, () => ok({ items: [], page: 1, size: 5, total: 0 })),
      handle(stockEndpoints.transferStock, async ({ request }) => {
        sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() })
        return ok(
          {
            id: 'tr-1',
            variantId: 'var-1',
            productId: 'prod-1',
            productName: 'Jollof rice',
            options: { Size: 'Large' },
            from: { outletId: null, name: 'Main store' },
            to: { outletId: 'outlet-lekki', name: 'Lekki' },
            quantity: 3,
            note: null,
            by: { id: 'user-1', name: 'Ada' },
            createdAt: '2026-12-06T09:00:00.000Z',
          },
          'Moved 3 units from Main store to Lekki',
        )
      }),
    )
    const { user } = renderApp('/products/prod-1')
    const section = await screen.findByRole('region', { name: 'Stock by location' })
    const [first] = within(section).getAllByTestId('variant-stock')
    expect(within(first!).getByText('Total 14 units')).toBeTruthy()
    expect(within(first!).getByRole('link', { name: 'Main store: 10 units. Set stock' })).toBeTruthy()
    expect(within(first!).getByRole('link', { name: 'Lekki: 4 units. Set stock' })).toBeTruthy()

    await user.click(within(section).getByRole('link', { name: 'Move stock' }))
    const sheet = await screen.findByRole('dialog', { name: 'Move stock' })
    expect((within(sheet).getByLabelText('From') as HTMLSelectElement).value).toBe('main')
    expect((within(sheet).getByLabelText('To') as HTMLSelectElement).value).toBe('outlet-lekki')
    await user.type(within(sheet).getByLabelText('Units to move'), '11')
    await user.click(within(sheet).getByRole('button', { name: 'Move stock' }))
    expect(within(sheet).getByText('Main store has 10 units.', { selector: '[data-part="error-text"]' })).toBeTruthy()
    expect(sent).toEqual([])

    await user.clear(within(sheet).getByLabelText('Units to move'))
    await user.type(within(sheet).getByLabelText('Units to move'), '3')
    await user.click(within(sheet).getByRole('button', { name: 'Move stock' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent[0]!.body).toEqual({ variantId: 'var-1', fromOutletId: null, toOutletId: 'outlet-lekki', quantity: 3, note: null })
    expect(await screen.findByText('Moved 3 units from Main store to Lekki')).toBeTruthy()
  })

  it('a business without outlet stock in view shows no such section', async () => {
    server.use(handle(catalogueEndpoints.productDetail, () => ok(product())))
    renderApp('/products/prod-1')
    await screen.findByRole('heading', { level: 1, name: 'Jollof rice' })
    expect(screen.queryByRole('region', { name: 'Stock by location' })).toBeNull()
  })
})
