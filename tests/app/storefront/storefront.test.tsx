import { dehydrate } from '@tanstack/react-query'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { shouldPersistQuery } from '#app/lib/persister'
import { queryKeys } from '#app/lib/query-keys'
import { orderEndpoints } from '#contract/orders'
import type { Storefront, StorefrontProduct } from '#contract/storefront'
import { storefrontEndpoints } from '#contract/storefront'

import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { publicOrder } from '../sales-fixtures'

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
    deliveryLocations: [
      { id: 'd-1', name: 'Yaba', description: 'Yaba, Akoka and Sabo', fee: 1_500_00 },
      { id: 'd-2', name: 'Lekki Phase 1', description: null, fee: 3_000_00 },
    ],
    taxes: [{ name: 'VAT', percentage: 7.5 }],
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
  it("shows the shop's name, description and look, then its products with prices, and adds them to the cart", async () => {
    localStorage.clear()
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
    expect(within(cards[1]!).getByText('from ₦500.00')).toBeTruthy()
    expect(within(cards[1]!).getByRole('button', { name: 'Add Zobo, Large to cart' })).toBeTruthy()
    // Every variant on sale goes into the cart, with a pay link or without (decision 176).
    expect(within(cards[2]!).getByRole('button', { name: 'Add Moi moi to cart' })).toBeTruthy()
    expect(within(cards[3]!).getByText('Not available')).toBeTruthy()
    expect(within(cards[3]!).queryByRole('button')).toBeNull()

    // A public call: the signed-in vendor's token is not sent, and there is no app shell around the shop.
    expect(seen).toEqual([{ url: 'mama-put-kitchen', page: '1', auth: null }])
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    expect(screen.queryByRole('link', { name: /View cart/ })).toBeNull()
    await user.click(within(cards[0]!).getByRole('button', { name: 'Add Jollof rice to cart' }))
    await user.click(within(cards[0]!).getByRole('button', { name: 'Add Jollof rice to cart' }))
    await user.click(within(cards[1]!).getByRole('button', { name: 'Add Zobo, Large to cart' }))
    expect(within(cards[0]!).getByRole('button', { name: 'Add Jollof rice to cart' }).textContent).toBe('Add to cart (2)')
    const bar = screen.getByRole('link', { name: /^View cart · 3 items/ })
    expect(within(bar).getByText('₦3,900.00')).toBeTruthy()
    await user.click(bar)
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/mama-put-kitchen/cart'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeTruthy()
  })

  it('keeps the cart through a reload, totals it with the taxes and delivery chosen, and checks it out once', async () => {
    localStorage.clear()
    storefrontApi(() => ok(shop([product()])))
    const bodies: unknown[] = []
    server.use(
      handle(storefrontEndpoints.cartCheckout, async ({ request }) => {
        bodies.push(await request.json())
        return ok({ checkoutCode: 'Cart000001', reference: 'ORD-7Q2K91XM', amount: 3_375_00 })
      }),
      handle(orderEndpoints.publicOrder, () => ok(publicOrder())),
    )
    const first = renderApp('/shop/mama-put-kitchen')
    await first.user.click(await screen.findByRole('button', { name: 'Add Jollof rice to cart' }))
    await screen.findByRole('link', { name: /^View cart · 1 item/ })
    cleanup()

    // A reload: a new app over the same browser storage.
    const { user, router } = renderApp('/shop/mama-put-kitchen/cart')
    const items = await screen.findByRole('list', { name: 'Items in your cart' })
    expect(within(items).getByText('Jollof rice')).toBeTruthy()
    await user.click(within(items).getByRole('button', { name: 'More Jollof rice' }))
    await user.selectOptions(screen.getByLabelText('Delivery location'), 'Yaba (₦1,500.00)')
    const totals = screen.getByRole('region', { name: 'Delivery' })
    // ₦3,000 + VAT 7.5 % (₦225) + Yaba ₦1,500: orderTotals, as the server prices the order.
    expect(within(totals).getByText('₦225.00')).toBeTruthy()
    expect(within(totals).getByText('₦4,725.00')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Your details' })
    await user.type(within(form).getByLabelText(/^Your name/), 'Ada Obi')
    await user.type(within(form).getByLabelText(/^Phone number/), '08031234567')
    await user.type(within(form).getByLabelText(/^Coupon code/), 'welcome10')
    await user.click(within(form).getByRole('button', { name: 'Place order' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/Cart000001'))
    expect(bodies).toEqual([
      expect.objectContaining({
        url: 'mama-put-kitchen',
        items: [{ variantId: 'v-1', quantity: 2 }],
        deliveryLocationId: 'd-1',
        couponCode: 'welcome10',
        name: 'Ada Obi',
        phone: '08031234567',
      }),
    ])
    // The order is made: the cart is spent.
    expect(localStorage.getItem('vbo.cart.mama-put-kitchen')).toBeNull()
  })

  it('takes out a line the checkout says is no longer sold, and says so', async () => {
    localStorage.setItem(
      'vbo.cart.mama-put-kitchen',
      JSON.stringify([{ variantId: 'v-gone', productName: 'Egusi soup', options: {}, unitPrice: 2_000_00, quantity: 1 }]),
    )
    // The shop has more pages than loaded, so the cart cannot tell by itself that Egusi soup is gone.
    storefrontApi(() => ok(shop([product()], { size: 20, total: 21 })))
    server.use(
      handle(storefrontEndpoints.cartCheckout, () =>
        HttpResponse.json(
          {
            message: 'items.0.variantId: is not sold in this shop',
            code: 'VALIDATION_FAILED',
            issues: [{ path: 'items.0.variantId', message: 'is not sold in this shop' }],
          },
          { status: 422 },
        ),
      ),
    )
    const { user } = renderApp('/shop/mama-put-kitchen/cart')
    const form = await screen.findByRole('form', { name: 'Your details' })
    await user.type(within(form).getByLabelText(/^Your name/), 'Ada Obi')
    await user.type(within(form).getByLabelText(/^Phone number/), '08031234567')
    await user.click(within(form).getByRole('button', { name: 'Place order' }))
    expect(await screen.findByText(/Egusi soup is no longer sold, so we took it out of your cart/)).toBeTruthy()
    expect(screen.getByText('Your cart is empty. Add something from the shop.')).toBeTruthy()
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
