import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { couponPage, deliveryLocationPage, taxPage, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { order, sellableVariantPage } from '../sales-fixtures'

useAppHarness()

/** The order form's API with these locations to sell at; answers the bodies it was sent. */
function api(locations: { outletId: string | null; name: string }[]) {
  const sent: Record<string, unknown>[] = []
  server.use(
    handle(endpoints.orderLocations, () => ok(locations)),
    handle(endpoints.sellableVariants, () => ok(sellableVariantPage([variant()]))),
    handle(endpoints.listTaxes, () => ok(taxPage([]))),
    handle(endpoints.listDeliveryLocations, () => ok(deliveryLocationPage([]))),
    handle(endpoints.listCoupons, () => ok(couponPage([], 1, 1000))),
    handle(endpoints.createOrder, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>)
      return ok(order({ reference: 'ORD-NEW001' }), 'Order created')
    }),
    handle(endpoints.orderDetail, () => ok(order({ reference: 'ORD-NEW001' }))),
  )
  return sent
}

async function createWithOneItem(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Jollof rice, Size: Large' }))
  await user.click(screen.getByRole('button', { name: 'Create order' }))
}

describe('Sold at (decision 174)', () => {
  it('who may sell at several locations chooses one; the first is sent until they do', async () => {
    const sent = api([
      { outletId: null, name: 'Main store' },
      { outletId: 'outlet-lekki', name: 'Lekki' },
    ])
    const { user } = renderApp('/orders/new')
    const picker = await screen.findByLabelText('Sold at')
    expect((picker as HTMLSelectElement).value).toBe('main')
    await user.selectOptions(picker, 'outlet-lekki')
    await createWithOneItem(user)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ outletId: 'outlet-lekki' })
  })

  it('with one location there is nothing to choose and the server decides', async () => {
    const sent = api([{ outletId: 'outlet-lekki', name: 'Lekki' }])
    const { user } = renderApp('/orders/new')
    await createWithOneItem(user)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(screen.queryByLabelText('Sold at')).toBeNull()
    expect(sent[0]).not.toHaveProperty('outletId')
  })
})
