import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { OFFLINE_WRITE_MESSAGE } from '#app/lib/online'
import { catalogueEndpoints } from '#contract/catalogue'

import { product, productPage, productSummary, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

const low = variant({
  id: 'var-2',
  options: { Size: 'Small' },
  price: 300_000,
  discountType: 'PERCENTAGE',
  discount: 10,
  discountedPrice: 270_000,
  availableUnits: 2,
  threshold: 5,
  isLowStock: true,
})
const JOLLOF = product({ variants: [variant(), low] })

describe('Product page', () => {
  it('stacks details, images and variants, with prices, the struck original and low-stock markers', async () => {
    server.use(handle(catalogueEndpoints.productDetail, () => ok(JOLLOF)))
    renderApp('/products/prod-1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Jollof rice' })).toBeTruthy()
    const details = screen.getByRole('region', { name: 'Details' })
    expect(within(details).getByText('₦3,000.00 – ₦5,000.00')).toBeTruthy()
    expect(within(details).getByText('Food and drinks')).toBeTruthy()
    expect(within(details).getByText('Low stock')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Images' })).getByRole('img', { name: 'Jollof rice, image 1 of 1' })).toBeTruthy()

    const rows = within(screen.getByRole('region', { name: 'Variants (2)' })).getAllByTestId('variant-row')
    expect(within(rows[0]!).getByText('Size: Large')).toBeTruthy()
    expect(within(rows[0]!).queryByText('Low stock')).toBeNull()
    expect(within(rows[1]!).getByText('₦2,700.00')).toBeTruthy()
    expect(within(rows[1]!).getByText('₦3,000.00').closest('s')).toBeTruthy()
    expect(within(rows[1]!).getByText('Low stock')).toBeTruthy()
  })

  it('toggles a variant’s availability by sending isAvailable alone', async () => {
    const bodies: unknown[] = []
    let current = JOLLOF
    server.use(
      handle(catalogueEndpoints.productDetail, () => ok(current)),
      handle(catalogueEndpoints.updateVariant, async ({ request }) => {
        bodies.push(await request.json())
        current = product({ variants: [variant(), { ...low, isAvailable: false }] })
        return ok({ ...low, isAvailable: false }, 'Variant updated')
      }),
    )
    const { user } = renderApp('/products/prod-1')
    const toggle = await screen.findByRole('switch', { name: 'Size: Small: Available' })
    expect((toggle as HTMLInputElement).checked).toBe(true)
    await user.click(toggle)
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-2', isAvailable: false }]))
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Size: Small: Available' }) as HTMLInputElement).checked).toBe(false))
    expect(await screen.findByRole('status', { name: 'Variant updated' })).toBeTruthy()
  })

  it('offline, a toggle (twice) waits as one change, shows as waiting, and is sent once with the last value online', async () => {
    const bodies: unknown[] = []
    let current = JOLLOF
    server.use(
      handle(catalogueEndpoints.productDetail, () => ok(current)),
      handle(catalogueEndpoints.updateVariant, async ({ request }) => {
        const body = (await request.json()) as { isAvailable: boolean }
        bodies.push(body)
        current = product({ variants: [variant({ isAvailable: body.isAvailable }), low] })
        return ok({ ...variant(), isAvailable: body.isAvailable }, 'Variant updated')
      }),
    )
    const { user } = renderApp('/products/prod-1')
    const large = () => screen.getByRole('switch', { name: 'Size: Large: Available' }) as HTMLInputElement
    await screen.findByRole('switch', { name: 'Size: Large: Available' })
    act(() => onlineManager.setOnline(false))
    await user.click(large())
    const row = () => within(screen.getByRole('region', { name: 'Variants (2)' })).getAllByTestId('variant-row')[0]!
    expect(await within(row()).findByText('Waiting to send')).toBeTruthy()
    expect(large().checked).toBe(false)
    expect(within(row()).getByText('Unavailable')).toBeTruthy()
    // The switch is disabled while a change is being kept; a user taps again once it is enabled (under load the
    // keeping can outlast user-event's pause between clicks, and a click on a disabled switch does nothing).
    const clickWhenEnabled = async () => {
      await waitFor(() => expect(large().disabled).toBe(false))
      await user.click(large())
    }
    await clickWhenEnabled()
    await waitFor(() => expect(large().checked).toBe(true))
    await clickWhenEnabled()
    await waitFor(() => expect(large().disabled).toBe(false))
    expect(large().checked).toBe(false)
    expect(screen.getByRole('button', { name: /1 change waiting to send/ })).toBeTruthy()
    expect(bodies).toEqual([])

    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1', isAvailable: false }]))
    await waitFor(() => expect(within(row()).queryByText('Waiting to send')).toBeNull())
    await waitFor(() => expect(large().checked).toBe(false))
  })

  it('offline, a change the outbox does not keep says so at once', async () => {
    // The request fails as it would with no network (jsdom's fetch does not know the device is offline).
    server.use(
      handle(catalogueEndpoints.productDetail, () => ok(JOLLOF)),
      handle(catalogueEndpoints.generatePayLink, () => HttpResponse.error()),
    )
    const { user } = renderApp('/products/prod-1/variants/var-1')
    const generate = await screen.findByRole('button', { name: 'Generate Payment Link' })
    act(() => onlineManager.setOnline(false))
    await user.click(generate)
    expect(await screen.findByText(OFFLINE_WRITE_MESSAGE)).toBeTruthy()
  })

  it('deletes the product after Cancel / Proceed, then shows the list', async () => {
    const deleted: (string | null)[] = []
    server.use(
      handle(catalogueEndpoints.productDetail, () => ok(JOLLOF)),
      handle(catalogueEndpoints.deleteProduct, ({ request }) => {
        deleted.push(new URL(request.url).searchParams.get('id'))
        return ok(null, 'Product deleted')
      }),
      handle(catalogueEndpoints.listProducts, () => ok(productPage([productSummary({ id: 'prod-2', name: 'Zobo' })]))),
    )
    const { user, router } = renderApp('/products/prod-1')
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this product?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(deleted).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Proceed' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'))
    expect(deleted).toEqual(['prod-1'])
    expect(await screen.findByRole('status', { name: 'Product deleted' })).toBeTruthy()
    expect(await screen.findByText('Zobo')).toBeTruthy()
  })

  it('says a removed product is not found, without Refetch', async () => {
    server.use(
      handle(catalogueEndpoints.productDetail, () => Response.json({ message: 'Product not found', code: 'NOT_FOUND' }, { status: 404 })),
    )
    renderApp('/products/gone')
    expect(await screen.findByText('Product not found')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Refetch' })).toBeNull()
  })
})
