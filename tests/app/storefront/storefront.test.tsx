import { dehydrate } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { shouldPersistQuery } from '#app/lib/persister'
import { queryKeys } from '#app/lib/query-keys'
import { catalogueEndpoints } from '#contract/catalogue'
import type { Storefront, StorefrontProduct } from '#contract/storefront'
import { storefrontEndpoints } from '#contract/storefront'

import { payLinkView } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

function product(overrides: Partial<StorefrontProduct> = {}): StorefrontProduct {
  return {
    id: 'p-1',
    name: 'Jollof rice',
    description: 'Party jollof',
    imageUrl: '/api/files/jollof.webp',
    minPrice: 1_500_00,
    maxPrice: 1_500_00,
    variants: [{ id: 'v-1', options: {}, price: 1_500_00, payLink: '/pay/AbC123xyz0' }],
    ...overrides,
  }
}

function shop(items: StorefrontProduct[], paging: { page?: number; size?: number; total?: number } = {}): Storefront {
  return {
    name: 'Mama Put Kitchen',
    url: 'mama-put-kitchen',
    description: 'Home-cooked Nigerian food, made fresh every day.',
    logoUrl: null,
    currency: 'NGN',
    font: { id: 'poppins', family: 'Poppins, system-ui, sans-serif' },
    background: { id: 'sand', value: '#f6efe3' },
    products: { items, page: paging.page ?? 1, size: paging.size ?? 20, total: paging.total ?? items.length },
  }
}

function storefrontApi(answer: (page: number) => Response) {
  const seen: { url: string | null; page: string | null; auth: string | null }[] = []
  server.use(
    handle(storefrontEndpoints.storefront, ({ request }) => {
      const params = new URL(request.url).searchParams
      seen.push({ url: params.get('url'), page: params.get('page'), auth: request.headers.get('authorization') })
      return answer(Number(params.get('page')))
    }),
  )
  return seen
}

describe('the public storefront', () => {
  it("shows the shop's name, description and look, then its products with prices and Buy links", async () => {
    const seen = storefrontApi(() =>
      ok(
        shop([
          product(),
          product({
            id: 'p-2',
            name: 'Zobo',
            imageUrl: null,
            minPrice: 500_00,
            maxPrice: 900_00,
            variants: [
              { id: 'v-2', options: { Size: 'Small' }, price: 500_00, payLink: '/pay/Small00001' },
              { id: 'v-3', options: { Size: 'Large' }, price: 900_00, payLink: '/pay/Large00001' },
            ],
          }),
          product({ id: 'p-3', name: 'Moi moi', variants: [{ id: 'v-4', options: {}, price: 300_00, payLink: null }] }),
          product({ id: 'p-4', name: 'Suya', variants: [] }),
        ]),
      ),
    )
    const { user, router } = renderApp('/shop/mama-put-kitchen')
    expect(await screen.findByRole('heading', { level: 1, name: 'Mama Put Kitchen' })).toBeTruthy()
    expect(screen.getByText('Home-cooked Nigerian food, made fresh every day.')).toBeTruthy()
    const page = screen.getByTestId('storefront')
    expect(page.style.fontFamily).toContain('Poppins')
    expect(page.style.background).toBeTruthy()
    expect(screen.getByText('4 products')).toBeTruthy()

    const cards = screen.getAllByTestId('storefront-product')
    expect(cards).toHaveLength(4)
    expect(within(cards[0]!).getByRole('img', { name: 'Jollof rice' }).getAttribute('src')).toBe('/api/files/jollof.webp')
    expect(within(cards[0]!).getByText('₦1,500.00')).toBeTruthy()
    expect(within(cards[0]!).getByRole('link', { name: 'Buy Jollof rice' }).getAttribute('href')).toBe('/pay/AbC123xyz0')
    expect(within(cards[1]!).getByText('from ₦500.00')).toBeTruthy()
    expect(within(cards[1]!).getByRole('link', { name: 'Buy Zobo, Large' }).getAttribute('href')).toBe('/pay/Large00001')
    expect(within(cards[2]!).getByText('Not available')).toBeTruthy()
    expect(within(cards[3]!).getByText('Not available')).toBeTruthy()
    expect(within(cards[3]!).queryByRole('link')).toBeNull()

    // A public call: the signed-in vendor's token is not sent, and there is no app shell around the shop.
    expect(seen).toEqual([{ url: 'mama-put-kitchen', page: '1', auth: null }])
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    server.use(handle(catalogueEndpoints.payLink, () => ok(payLinkView())))
    await user.click(within(cards[0]!).getByRole('link', { name: 'Buy Jollof rice' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/pay/AbC123xyz0'))
    // The pay link's page, where the customer buys it (decision 111).
    expect(await screen.findByRole('region', { name: 'Buy now' })).toBeTruthy()
  })

  it('shows more products a page at a time', async () => {
    const seen = storefrontApi((page) =>
      ok(
        page === 1
          ? shop([product()], { size: 20, total: 21 })
          : shop([product({ id: 'p-21', name: 'Puff-puff' })], { page: 2, total: 21 }),
      ),
    )
    const { user } = renderApp('/shop/mama-put-kitchen')
    await screen.findByText('Jollof rice')
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    expect(await screen.findByText('Puff-puff')).toBeTruthy()
    expect(screen.getAllByTestId('storefront-product')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(seen.map((s) => s.page)).toEqual(['1', '2'])
  })

  it("answers an unknown or unapproved shop with 'This shop is not available'", async () => {
    storefrontApi(() => fail(404, 'SHOP_NOT_FOUND', 'This shop is not available'))
    renderApp('/shop/nobody-here')
    expect(await screen.findByRole('heading', { name: 'This shop is not available' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('never puts the storefront into the persisted (vendor) cache', async () => {
    storefrontApi(() => ok(shop([product()])))
    const { queryClient } = renderApp('/shop/mama-put-kitchen')
    await screen.findByRole('heading', { level: 1, name: 'Mama Put Kitchen' })
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.storefront('mama-put-kitchen'))).toBeTruthy())
    const saved = dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }).queries.map((q) => q.queryKey[0])
    expect(saved).not.toContain('storefront')
  })
})
