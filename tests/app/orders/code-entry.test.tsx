import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { taxPage, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'
import { sellableVariantPage } from '../sales-fixtures'

useAppHarness()

/* Create order's "SKU or barcode" (decision 175): a typed code (or a USB scanner's code and Enter) adds the variant. */

function api() {
  const asked: string[] = []
  const large = variant({ sku: 'JR-L', barcode: '6151100000028' })
  server.use(
    handle(endpoints.sellableVariants, ({ request }) => {
      const code = new URL(request.url).searchParams.get('code')
      if (code === null) return ok(sellableVariantPage([large]))
      asked.push(code)
      return ok(sellableVariantPage(code === large.barcode || code.toLowerCase() === 'jr-l' ? [large] : []))
    }),
    handle(endpoints.listTaxes, () => ok(taxPage([]))),
  )
  return asked
}

describe('Create order: an item by its code', () => {
  it('Enter looks the code up and adds the variant (not submitting the order); again adds a unit', async () => {
    const asked = api()
    const { user } = renderApp('/orders/new')
    const field = await screen.findByLabelText('SKU or barcode')
    await user.type(field, '6151100000028{Enter}')
    const items = await screen.findByRole('list', { name: 'Order items' })
    expect(within(items).getByText('Jollof rice')).toBeTruthy()
    expect(await screen.findByText('Added Jollof rice, Size: Large')).toBeTruthy()
    expect(field).toHaveProperty('value', '')
    await user.type(field, 'jr-l')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await within(items).findByDisplayValue('2')).toBeTruthy()
    expect(asked).toEqual(['6151100000028', 'jr-l'])
  })

  it('says when no product on sale has the code, and keeps what was typed', async () => {
    api()
    const { user } = renderApp('/orders/new')
    const field = await screen.findByLabelText('SKU or barcode')
    await user.type(field, '999{Enter}')
    expect(await screen.findByText('No product on sale has the code 999.')).toBeTruthy()
    expect(field).toHaveProperty('value', '999')
    expect(screen.queryByRole('list', { name: 'Order items' })).toBeNull()
  })
})
