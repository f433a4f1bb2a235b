import { dehydrate } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { shouldPersistQuery } from '#app/lib/persister'
import { queryKeys } from '#app/lib/query-keys'
import { catalogueEndpoints } from '#contract/catalogue'

import { payLinkView, product } from '../fixtures'
import { fail, handle, ok, renderApp, server, useAppHarness } from '../harness'

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
  it('shows the product, the discounted price with the original struck through, and how to pay by bank transfer', async () => {
    const seen = payLinkApi(() => ok(payLinkView()))
    const { user } = renderApp('/pay/AbC123xyz')
    expect(await screen.findByRole('heading', { level: 1, name: 'Jollof rice' })).toBeTruthy()
    expect(screen.getByText('Mama Put Kitchen', { selector: 'p' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Jollof rice, image 1 of 1' }).getAttribute('src')).toBe('/api/files/img-1')
    expect(screen.getByText('Size: Large')).toBeTruthy()
    expect(screen.queryByText(/hidden-internal-id/)).toBeNull()
    const price = screen.getAllByTestId('variant-price')[0]!
    expect(within(price).getByText('₦4,500.00')).toBeTruthy()
    expect(within(price).getByText('₦5,000.00').closest('s')).toBeTruthy()
    expect(screen.getByText('10 % off')).toBeTruthy()

    const pay = screen.getByRole('region', { name: 'Pay by bank transfer' })
    expect(within(pay).getByText('Providus Bank')).toBeTruthy()
    expect(within(pay).getByText('9900112233')).toBeTruthy()
    expect(within(pay).getByText('₦4,500.00')).toBeTruthy()
    await user.click(within(pay).getByRole('button', { name: 'Copy account number' }))
    expect(await screen.findByRole('status', { name: 'Account number copied' })).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe('9900112233')

    // A public call: the signed-in vendor's token is not sent with it, and there is no app shell around it.
    expect(seen).toEqual([{ code: 'AbC123xyz', auth: null }])
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
  })

  it('says when the item is out of stock, and gives no account to pay into', async () => {
    payLinkApi(() => ok(payLinkView({ inStock: false })))
    renderApp('/pay/AbC123xyz')
    const card = await screen.findByRole('region', { name: 'Out of stock' })
    expect(within(card).getByText(/sold out/)).toBeTruthy()
    expect(screen.queryByText('9900112233')).toBeNull()
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
