import { dehydrate } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { shouldPersistQuery } from '#app/lib/persister'
import { queryKeys } from '#app/lib/query-keys'
import { catalogueEndpoints } from '#contract/catalogue'
import { orderEndpoints } from '#contract/orders'

import { payLinkView, product } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'
import { publicOrder } from '../sales-fixtures'

useAppHarness()

function payLinkApi(answer: () => Response) {
  const seen: { code: string | null; auth: string | null }[] = []
  server.use(
    handle(catalogueEndpoints.payLink, ({ request }) => {
      seen.push({ code: new URL(request.url).searchParams.get('code'), auth: request.headers.get('authorization') })
      return answer()
    }),
  )
  return seen
}

describe('the public pay link page', () => {
  it('shows the product, every image, and the discounted price with the original struck through', async () => {
    const seen = payLinkApi(() =>
      ok(
        payLinkView({
          images: [
            { id: 'img-1', url: '/api/files/img-1' },
            { id: 'img-2', url: '/api/files/img-2' },
            { id: 'img-3', url: '/api/files/img-3' },
          ],
        }),
      ),
    )
    const { user } = renderApp('/pay/AbC123xyz')
    expect(await screen.findByRole('heading', { level: 1, name: 'Jollof rice' })).toBeTruthy()
    expect(screen.getByText('Mama Put Kitchen', { selector: 'p' })).toBeTruthy()
    const gallery = screen.getByRole('list', { name: 'Product images' })
    expect(
      within(gallery)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/files/img-1', '/api/files/img-2', '/api/files/img-3'])
    expect(screen.getByRole('img', { name: 'Jollof rice, image 3 of 3' })).toBeTruthy()
    const third = screen.getByRole('button', { name: 'Show image 3 of 3' })
    expect(third.getAttribute('aria-pressed')).toBe('false')
    await user.click(third)
    expect(third.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByText('Size: Large')).toBeTruthy()
    expect(screen.queryByText(/hidden-internal-id/)).toBeNull()
    const price = screen.getAllByTestId('variant-price')[0]!
    expect(within(price).getByText('₦4,500.00')).toBeTruthy()
    expect(within(price).getByText('₦5,000.00').closest('s')).toBeTruthy()
    expect(screen.getByText('10 % off')).toBeTruthy()

    // A public call: the signed-in vendor's token is not sent with it, and there is no app shell around it.
    expect(seen).toEqual([{ code: 'AbC123xyz', auth: null }])
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
  })

  it('checks out: quantity up to the units left, a coupon, then the order page with the reference to quote', async () => {
    payLinkApi(() => ok(payLinkView({ maxQuantity: 2 })))
    const sent: unknown[] = []
    server.use(
      handle(catalogueEndpoints.payLinkCheckout, async ({ request }) => {
        sent.push(await request.json())
        return ok({ checkoutCode: 'chk-code-123', reference: 'ORD-7Q2K91XM', amount: 810_000 })
      }),
      handle(orderEndpoints.publicOrder, () => ok(publicOrder({ reference: 'ORD-7Q2K91XM', amount: 810_000, amountDue: 810_000 }))),
    )
    const { user, router } = renderApp('/pay/AbC123xyz')
    const form = await screen.findByRole('form', { name: 'Buy now' })
    const more = within(form).getByRole('button', { name: 'More Jollof rice' })
    await user.click(more)
    expect((within(form).getByRole('textbox', { name: 'Quantity of Jollof rice' }) as HTMLInputElement).value).toBe('2')
    // Two units are left: the stepper stops there.
    expect((more as HTMLButtonElement).disabled).toBe(true)
    expect(within(form).getByText('₦9,000.00')).toBeTruthy()
    await user.click(within(form).getByRole('button', { name: 'Get payment details' }))
    expect(await within(form).findByText('Enter your name.')).toBeTruthy()
    expect(sent).toEqual([])
    await user.type(within(form).getByRole('textbox', { name: /Your name/ }), 'Ada Obi')
    await user.type(within(form).getByRole('textbox', { name: /Phone number/ }), '08031234567')
    await user.type(within(form).getByRole('textbox', { name: /Coupon code/ }), 'save10')
    await user.click(within(form).getByRole('button', { name: 'Get payment details' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/chk-code-123'))
    expect(sent).toEqual([
      {
        code: 'AbC123xyz',
        checkoutId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        quantity: 2,
        name: 'Ada Obi',
        phone: '08031234567',
        couponCode: 'save10',
      },
    ])
    const pay = await screen.findByRole('region', { name: 'Pay by bank transfer' })
    expect(within(pay).getByText('ORD-7Q2K91XM')).toBeTruthy()
    expect(within(pay).getByRole('button', { name: 'Copy reference' })).toBeTruthy()
  })

  it('shows a refused coupon under the coupon field, and keeps the customer on the pay page', async () => {
    payLinkApi(() => ok(payLinkView()))
    server.use(
      handle(catalogueEndpoints.payLinkCheckout, () =>
        HttpResponse.json(
          {
            message: 'This coupon expired on 1 Nov 2026',
            code: 'COUPON_NOT_USABLE',
            issues: [{ path: 'couponCode', message: 'This coupon expired on 1 Nov 2026' }],
          },
          { status: 409 },
        ),
      ),
    )
    const { user, router } = renderApp('/pay/AbC123xyz')
    const form = await screen.findByRole('form', { name: 'Buy now' })
    await user.type(within(form).getByRole('textbox', { name: /Your name/ }), 'Ada Obi')
    await user.type(within(form).getByRole('textbox', { name: /Phone number/ }), '08031234567')
    const couponField = within(form).getByRole('textbox', { name: /Coupon code/ })
    await user.type(couponField, 'OLDCODE')
    await user.click(within(form).getByRole('button', { name: 'Get payment details' }))
    expect(await within(form).findByText('This coupon expired on 1 Nov 2026')).toBeTruthy()
    expect(couponField.getAttribute('aria-invalid')).toBe('true')
    expect(router.state.location.pathname).toBe('/pay/AbC123xyz')
  })

  it("adds the item to the cart at the vendor's shop, for a product its storefront sells (decision 176)", async () => {
    localStorage.clear()
    payLinkApi(() => ok(payLinkView({ code: 'AbC123xyz0', shopUrl: 'mama-put-kitchen' })))
    const { user } = renderApp('/pay/AbC123xyz0')
    const more = await screen.findByRole('region', { name: 'Buying more?' })
    expect(within(more).queryByRole('link', { name: 'View cart' })).toBeNull()
    await user.click(within(more).getByRole('button', { name: 'Add to cart' }))
    expect(within(more).getByRole('button', { name: 'Add another · 1 in cart' })).toBeTruthy()
    expect(within(more).getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/shop/mama-put-kitchen/cart')
    // At the price the customer pays (after the discount), under the shop's key in this browser.
    expect(JSON.parse(localStorage.getItem('vbo.cart.mama-put-kitchen')!)).toEqual([
      {
        variantId: 'v-large',
        productName: 'Jollof rice',
        options: { Size: 'Large', id: 'hidden-internal-id' },
        unitPrice: 450_000,
        quantity: 1,
      },
    ])
  })

  it('offers no cart for a product the storefront does not sell', async () => {
    payLinkApi(() => ok(payLinkView({ code: 'AbC123xyz0', shopUrl: null })))
    renderApp('/pay/AbC123xyz0')
    await screen.findByRole('region', { name: 'Buy now' })
    expect(screen.queryByRole('region', { name: 'Buying more?' })).toBeNull()
  })

  it('says when the item is out of stock, and gives no account to pay into', async () => {
    payLinkApi(() => ok(payLinkView({ inStock: false })))
    renderApp('/pay/AbC123xyz')
    const card = await screen.findByRole('region', { name: 'Out of stock' })
    expect(within(card).getByText(/sold out/)).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Buy now' })).toBeNull()
  })

  it("answers a regenerated or removed link (404) with 'This payment link is no longer valid'", async () => {
    payLinkApi(() => fail(404, 'NOT_FOUND', 'Payment link not found'))
    renderApp('/pay/OldCode123')
    expect(await screen.findByRole('heading', { name: 'This payment link is no longer valid' })).toBeTruthy()
  })

  it('never puts the pay link into the persisted (vendor) cache', async () => {
    payLinkApi(() => ok(payLinkView()))
    const { queryClient } = renderApp('/pay/AbC123xyz')
    await screen.findByRole('heading', { level: 1, name: 'Jollof rice' })
    queryClient.setQueryData(queryKeys.products.detail('prod-1'), product())
    const saved = dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }).queries.map((q) => q.queryKey[0])
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.payLink('AbC123xyz'))).toBeTruthy())
    expect(saved).toContain('products')
    expect(saved).not.toContain('pay-link')
  })
})
