import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { catalogueEndpoints, type ProductVariant } from '#contract/catalogue'

import { product, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const PATH = '/products/prod-1/variants/var-1/update'

/** The product (with this variant first) and PATCH /product/variants, recording each body sent. */
function variantApi(first: ProductVariant) {
  const bodies: unknown[] = []
  server.use(
    handle(catalogueEndpoints.productDetail, () => ok(product({ variants: [first] }))),
    handle(catalogueEndpoints.updateVariant, async ({ request }) => {
      bodies.push(await request.json())
      return ok(first, 'Variant updated')
    }),
  )
  return bodies
}

async function openSheet() {
  const rendered = renderApp(PATH)
  const sheet = await screen.findByRole('dialog', { name: 'Update Variant' })
  await within(sheet).findByLabelText('Price')
  return { ...rendered, sheet }
}

const preview = (sheet: HTMLElement) => within(sheet).getByText('Customers pay').parentElement!

describe('Update Variant', () => {
  it('keeps the discount field disabled until a discount type is chosen, previews the price, and sends both discount fields only', async () => {
    const bodies = variantApi(variant())
    const { user, sheet } = await openSheet()
    const discount = within(sheet).getByLabelText('Discount') as HTMLInputElement
    expect(discount.disabled).toBe(true)
    expect(within(preview(sheet)).getByText('₦5,000.00')).toBeTruthy()

    await user.selectOptions(within(sheet).getByLabelText('Discount type'), 'PERCENTAGE')
    const percent = within(sheet).getByLabelText('Discount') as HTMLInputElement
    expect(percent.disabled).toBe(false)
    await user.type(percent, '12.5')
    // 12.5 % of ₦5,000.00 is ₦625.00 (contract/pricing.ts, the same helper the server prices with).
    expect(within(preview(sheet)).getByText('₦4,375.00')).toBeTruthy()
    expect(within(preview(sheet)).getByText('₦5,000.00').closest('s')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1', discountType: 'PERCENTAGE', discount: 12.5 }]))
    expect(await screen.findByRole('status', { name: 'Variant updated' })).toBeTruthy()
    expect(await screen.findByRole('dialog', { name: 'Variant Details' })).toBeTruthy()
  })

  it('sends only the fields that changed: units typed as digits only (with the count they replace), the price with kobo', async () => {
    const bodies = variantApi(variant())
    const { user, sheet } = await openSheet()
    const units = within(sheet).getByLabelText('Available units') as HTMLInputElement
    await user.clear(units)
    await user.type(units, '1a2.5')
    expect(units.value).toBe('125')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    // unitsWere: sent later from the outbox, a count must not erase sales made since (409 VARIANT_UNITS_CHANGED).
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1', availableUnits: 125, unitsWere: 20 }]))
  })

  it('sends a changed price alone, in kobo', async () => {
    const bodies = variantApi(variant())
    const { user, sheet } = await openSheet()
    const price = within(sheet).getByLabelText('Price')
    await user.clear(price)
    await user.type(price, '5500.5')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1', price: 550_050 }]))
  })

  it('refuses a discount type without a value under the field, and sends nothing', async () => {
    const bodies = variantApi(variant())
    const { user, sheet } = await openSheet()
    await user.selectOptions(within(sheet).getByLabelText('Discount type'), 'FLAT')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(sheet).findByText('Enter the discount, or choose No discount.')).toBeTruthy()
    await user.type(within(sheet).getByLabelText('Discount'), '5000')
    expect(await within(sheet).findByText('Must be below the price.')).toBeTruthy()
    expect(bodies).toEqual([])
  })

  it('clears an existing discount with Clear discount', async () => {
    const discounted = variant({ discountType: 'FLAT', discount: 50_000, discountedPrice: 450_000 })
    const bodies = variantApi(discounted)
    const { user, sheet } = await openSheet()
    expect((within(sheet).getByLabelText('Discount type') as HTMLSelectElement).value).toBe('FLAT')
    expect((within(sheet).getByLabelText('Discount') as HTMLInputElement).value).toBe('500.00')
    expect(within(preview(sheet)).getByText('₦4,500.00')).toBeTruthy()

    await user.click(within(sheet).getByRole('button', { name: 'Clear discount' }))
    expect((within(sheet).getByLabelText('Discount') as HTMLInputElement).disabled).toBe(true)
    expect(within(sheet).getByText('The discount is removed when you save.')).toBeTruthy()
    expect(within(preview(sheet)).queryByText('₦4,500.00')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1', clearDiscount: true }]))
  })

  it('offers no Clear discount on a variant without one', async () => {
    variantApi(variant())
    const { sheet } = await openSheet()
    expect(within(sheet).queryByRole('button', { name: 'Clear discount' })).toBeNull()
  })
})
