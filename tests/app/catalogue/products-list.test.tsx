import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { menuFor } from '#app/lib/permissions'
import { catalogueEndpoints } from '#contract/catalogue'

import { collection, collectionPage, productPage, productSummary } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/** A fake catalogue of `total` products served page by page, recording every query string. */
function catalogue(total: number, hold?: Promise<void>) {
  const queries: URLSearchParams[] = []
  server.use(
    handle(catalogueEndpoints.listProducts, async ({ request }) => {
      const params = new URL(request.url).searchParams
      queries.push(params)
      const page = Number(params.get('page'))
      const size = Number(params.get('size'))
      if (page > 1 && hold) await hold
      const from = (page - 1) * size
      const items = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => {
        const n = from + i
        return productSummary({
          id: `prod-${n}`,
          name: `Product ${n}`,
          isPublished: n % 2 === 0,
          minPrice: 300_000,
          maxPrice: n % 2 === 0 ? 500_000 : 300_000,
          totalUnits: n,
          lowStockCount: n === 1 ? 2 : 0,
          image: n === 0 ? { id: 'img-0', url: '/api/files/img-0' } : null,
        })
      })
      return ok(productPage(items, page, size, total))
    }),
    handle(catalogueEndpoints.listCollections, () =>
      ok(collectionPage([collection(), collection({ id: 'col-2', name: 'Soups' })], 1, 1000)),
    ),
  )
  return queries
}

const rowOf = (name: string) => screen.getByText(name).closest('a')!

describe('Products list', () => {
  it('is in the menu for a user with VENDOR_INVENTORY', () => {
    expect(menuFor(['VENDOR_INVENTORY']).map((m) => m.to)).toContain('/products')
    expect(menuFor(['VENDOR_ORDERS']).map((m) => m.to)).not.toContain('/products')
  })

  it('shows each product with its thumbnail, price or range, units, Published or Draft, and the low-stock marker', async () => {
    catalogue(10_000)
    renderApp('/products')
    await screen.findByText('Product 0')
    const first = rowOf('Product 0')
    expect(within(first).getByText('₦3,000.00 – ₦5,000.00')).toBeTruthy()
    expect(within(first).getByText('Published')).toBeTruthy()
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/api/files/img-0')
    expect(within(first).queryByText('Low stock')).toBeNull()

    const second = rowOf('Product 1')
    expect(within(second).getByText('₦3,000.00')).toBeTruthy()
    expect(within(second).getByText('Draft')).toBeTruthy()
    expect(within(second).getByText('1 unit')).toBeTruthy()
    expect(within(second).getByText('Low stock')).toBeTruthy()
    expect(screen.getAllByText('Low stock')).toHaveLength(1)

    expect(screen.getAllByTestId('product-row')).toHaveLength(20)
    expect(screen.getByText('Showing 1–20 of 10,000 products')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Page 500' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Collections' })).toBeTruthy()
  })

  it('pages through 10,000 products with the page in the URL, keeping the current page on screen while the next loads', async () => {
    let release!: () => void
    const queries = catalogue(10_000, new Promise<void>((resolve) => (release = resolve)))
    const { user, router } = renderApp('/products')
    await screen.findByText('Product 0')

    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }))
    await waitFor(() => expect(queries.at(-1)!.get('page')).toBe('2'))
    expect(screen.getByText('Product 0')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Products' }).getAttribute('aria-busy')).toBe('true')

    release()
    expect(await screen.findByText('Product 20')).toBeTruthy()
    expect(screen.queryByText('Product 0')).toBeNull()
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')

    await user.click(screen.getByRole('button', { name: 'Page 500' }))
    expect(await screen.findByText('Product 9999')).toBeTruthy()
    expect(screen.getByText('Showing 9,981–10,000 of 10,000 products')).toBeTruthy()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100')
    await waitFor(() => expect(router.state.location.search).toEqual({ size: 100 }))
    await waitFor(() => expect(queries.at(-1)!.get('size')).toBe('100'))
    expect(queries.at(-1)!.get('page')).toBe('1')
  })

  it('applies Filter Products to the URL (prices in kobo) and the request, and removes filters one by one', async () => {
    const queries = catalogue(3)
    const { user, router } = renderApp('/products')
    await screen.findByText('Product 0')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Filter Products' })
    await user.click(within(sheet).getByRole('radio', { name: 'Yes' }))
    await waitFor(() => expect(within(sheet).getByRole('option', { name: 'Soups' })).toBeTruthy())
    await user.selectOptions(within(sheet).getByLabelText('Collection'), 'col-2')
    await user.type(within(sheet).getByLabelText('Minimum price'), '1,000')
    await user.type(within(sheet).getByLabelText('Maximum price'), '5000.5')
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }))

    const expected = { isPublished: true, collectionId: 'col-2', priceRangeLow: 100_000, priceRangeHigh: 500_050 }
    await waitFor(() => expect(router.state.location.search).toEqual(expected))
    await waitFor(() => expect(queries.at(-1)!.get('collectionId')).toBe('col-2'))
    const q = queries.at(-1)!
    expect([q.get('isPublished'), q.get('priceRangeLow'), q.get('priceRangeHigh'), q.get('page')]).toEqual([
      'true',
      '100000',
      '500050',
      '1',
    ])

    const chips = screen.getByRole('list', { name: 'Active filters' })
    expect(within(chips).getByText('Published')).toBeTruthy()
    expect(await within(chips).findByText('Collection: Soups')).toBeTruthy()
    expect(within(chips).getByText('Price: ₦1,000.00 – ₦5,000.50')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Filter, 3 on' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Remove Price: ₦1,000.00 – ₦5,000.50' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ isPublished: true, collectionId: 'col-2' }))
    await waitFor(() => expect(queries.at(-1)!.get('priceRangeLow')).toBeNull())
  })

  it('searches by name once typing pauses, with the name in the URL', async () => {
    const queries = catalogue(3)
    const { user, router } = renderApp('/products?page=2')
    await user.type(await screen.findByRole('searchbox', { name: 'Search products by name' }), 'jollof')
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'jollof' }))
    await waitFor(() => expect(queries.at(-1)!.get('name')).toBe('jollof'))
    expect(queries.at(-1)!.get('page')).toBe('1')
    expect(queries.map((q) => q.get('name')).filter(Boolean)).toEqual(['jollof'])
  })

  it('tells a member without VENDOR_INVENTORY that their role leaves products out, and asks nothing of the API', async () => {
    const queries = catalogue(3)
    renderApp('/products', { permissions: ['VENDOR_TRANSACTIONS'] })
    expect(await screen.findByText('Your role does not include products')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Products' })).toBeNull()
    expect(queries).toHaveLength(0)
  })
})
