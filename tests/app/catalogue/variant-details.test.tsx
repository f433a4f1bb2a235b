import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { catalogueEndpoints, type ProductVariant } from '#contract/catalogue'
import { stockEndpoints } from '#contract/stock'

import { product, variant } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share')
})

const LINK = 'http://localhost:3000/pay/AbC123xyz'
const QR = '/api/files/qr-AbC123xyz.png'

/** A product with one variant (options carry a hidden id key), and the pay-link call, recording its bodies. */
function payLinkApi(paylink: string | null = null, overrides: Partial<ProductVariant> = {}) {
  const bodies: unknown[] = []
  let current = variant({ options: { Size: 'Large', id: 'internal-7' }, paylink, qrCodeURL: paylink ? QR : null, ...overrides })
  server.use(
    handle(catalogueEndpoints.productDetail, () => ok(product({ variants: [current] }))),
    handle(stockEndpoints.listStockTransfers, () => ok({ items: [], page: 1, size: 5, total: 0 })),
    handle(catalogueEndpoints.generatePayLink, async ({ request }) => {
      const body = (await request.json()) as { outletId?: string | null }
      bodies.push(body)
      const paylinkOutletId = body.outletId ?? null
      current = { ...current, paylink: `${LINK}${bodies.length}`, qrCodeURL: `${QR}?v=${bodies.length}`, paylinkOutletId }
      return ok(current, 'Payment link generated')
    }),
  )
  return bodies
}

describe('Variant Details', () => {
  it('shows the options without the id key, generates a payment link, shows its QR code and copies the link with the exact toast', async () => {
    const bodies = payLinkApi()
    const { user } = renderApp('/products/prod-1/variants/var-1')
    const sheet = await screen.findByRole('dialog', { name: 'Variant Details' })
    expect(await within(sheet).findByText('Size')).toBeTruthy()
    expect(within(sheet).getByText('Large')).toBeTruthy()
    expect(within(sheet).queryByText('id')).toBeNull()
    expect(within(sheet).queryByText('internal-7')).toBeNull()

    await user.click(within(sheet).getByRole('button', { name: 'Generate Payment Link' }))
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1' }]))
    const link = await within(sheet).findByRole('link', { name: `${LINK}1` })
    expect(link.getAttribute('href')).toBe(`${LINK}1`)
    const qr = within(sheet).getByRole('img', { name: /^QR code for the payment link/ })
    expect(qr.getAttribute('src')).toBe(`${QR}?v=1`)
    const download = within(sheet).getByRole('link', { name: 'Download QR' })
    expect(download.getAttribute('href')).toBe(`${QR}?v=1`)
    expect(download.getAttribute('download')).toMatch(/\.png$/)

    await user.click(within(sheet).getByRole('button', { name: 'Copy payment link' }))
    expect(await screen.findByRole('status', { name: 'Copied payment link to clipboard' })).toBeTruthy()
    expect(await navigator.clipboard.readText()).toBe(`${LINK}1`)
    expect(within(sheet).queryByRole('button', { name: 'Generate Payment Link' })).toBeNull()
  })

  it('asks before regenerating, since the old link stops working', async () => {
    const bodies = payLinkApi(LINK)
    const { user } = renderApp('/products/prod-1/variants/var-1')
    const sheet = await screen.findByRole('dialog', { name: 'Variant Details' })
    await user.click(await within(sheet).findByRole('button', { name: 'Regenerate Payment Link' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Regenerate the payment link?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(bodies).toEqual([])

    await user.click(within(sheet).getByRole('button', { name: 'Regenerate Payment Link' }))
    const proceed = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Proceed' })
    // Reopened right after closing, the dialog may still be taking pointer events back (pointer-events: none for
    // a moment on a loaded machine): retry until the click lands, as a user's second tap would.
    await waitFor(() => user.click(proceed))
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1' }]))
    expect(await within(sheet).findByRole('link', { name: `${LINK}1` })).toBeTruthy()
  })

  it('with outlets, asks where the link sells from (active ones only), sends it, and then says whose stock it sells', async () => {
    const place = (outletId: string | null, name: string, isActive = true) => ({
      outletId,
      name,
      units: 3,
      threshold: null,
      isLowStock: false,
      isActive,
    })
    const locations = [place(null, 'Main store'), place('outlet-ikeja', 'Ikeja', false), place('outlet-lekki', 'Lekki')]
    const bodies = payLinkApi(null, { locations })
    const { user } = renderApp('/products/prod-1/variants/var-1')
    const sheet = await screen.findByRole('dialog', { name: 'Variant Details' })
    const sellsFrom = await within(sheet).findByRole('combobox', { name: 'Sells from' })
    // The main store by default (the server's own default); the inactive Ikeja sells nothing, so it is not offered.
    expect((sellsFrom as HTMLSelectElement).value).toBe('main')
    expect(
      within(sellsFrom)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Main store', 'Lekki'])
    await user.selectOptions(sellsFrom, 'Lekki')
    await user.click(within(sheet).getByRole('button', { name: 'Generate Payment Link' }))
    await waitFor(() => expect(bodies).toEqual([{ id: 'var-1', outletId: 'outlet-lekki' }]))
    expect(await within(sheet).findByText('Sells Lekki’s stock: its orders take units from there.')).toBeTruthy()

    // Regenerating starts from the link's own location; the main store is chosen back.
    const again = within(sheet).getByRole('combobox', { name: 'Sells from' })
    expect((again as HTMLSelectElement).value).toBe('outlet-lekki')
    await user.selectOptions(again, 'Main store')
    await user.click(within(sheet).getByRole('button', { name: 'Regenerate Payment Link' }))
    await waitFor(() => user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Proceed' })))
    await waitFor(() =>
      expect(bodies).toEqual([
        { id: 'var-1', outletId: 'outlet-lekki' },
        { id: 'var-1', outletId: null },
      ]),
    )
    expect(await within(sheet).findByText('Sells Main store’s stock: its orders take units from there.')).toBeTruthy()
  })

  it('without navigator.share, Share copies the link with the payment link toast', async () => {
    payLinkApi(LINK)
    const { user } = renderApp('/products/prod-1/variants/var-1')
    const sheet = await screen.findByRole('dialog', { name: 'Variant Details' })
    await user.click(await within(sheet).findByRole('button', { name: 'Share' }))
    expect(await screen.findByRole('status', { name: 'Copied payment link to clipboard' })).toBeTruthy()
    expect(await navigator.clipboard.readText()).toContain(LINK)
  })

  it('shares the link through the system share sheet', async () => {
    payLinkApi(LINK)
    const share = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { configurable: true, value: share })
    const { user } = renderApp('/products/prod-1/variants/var-1')
    const sheet = await screen.findByRole('dialog', { name: 'Variant Details' })
    await user.click(await within(sheet).findByRole('button', { name: 'Share' }))
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }))
  })

  it('saves a stock level alert typed as digits only', async () => {
    payLinkApi()
    const bodies: unknown[] = []
    server.use(
      handle(catalogueEndpoints.setStockAlert, async ({ request }) => {
        bodies.push(await request.json())
        return ok(variant({ threshold: 5 }), 'Stock level alert saved')
      }),
    )
    const { user } = renderApp('/products/prod-1/variants/var-1')
    const details = await screen.findByRole('dialog', { name: 'Variant Details' })
    expect(await within(details).findByText('Not set')).toBeTruthy()
    await user.click(within(details).getByRole('link', { name: 'Update Stock Level Alert' }))
    const sheet = await screen.findByRole('dialog', { name: 'Update Stock Level Alert' })
    const input = within(sheet).getByLabelText('Alert me at (units)') as HTMLInputElement
    await user.click(screen.getByRole('button', { name: 'Save alert' }))
    expect(await within(sheet).findByText('Enter the number of units.')).toBeTruthy()
    await user.type(input, '5 units')
    expect(input.value).toBe('5')
    await user.click(screen.getByRole('button', { name: 'Save alert' }))
    await waitFor(() => expect(bodies).toEqual([{ productId: 'prod-1', productVariantId: 'var-1', threshold: 5 }]))
    expect(await screen.findByRole('status', { name: 'Stock level alert saved' })).toBeTruthy()
  })
})
