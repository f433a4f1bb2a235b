import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { catalogueEndpoints } from '#contract/catalogue'

import { collection, collectionPage, product } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()

/** The multipart fields of a request, JSON-decoded (the contract's encoding), by name. */
async function fields(request: Request): Promise<Record<string, unknown>> {
  const form = await request.formData()
  const out: Record<string, unknown> = {}
  for (const [name, value] of form.entries()) out[name] = typeof value === 'string' ? JSON.parse(value) : 'file'
  return out
}

function productApi() {
  const sent: { method: string; fields: Record<string, unknown> }[] = []
  const save = async ({ request }: { request: Request }) => {
    sent.push({ method: request.method, fields: await fields(request) })
    return ok(product(), request.method === 'POST' ? 'Product created' : 'Product updated')
  }
  server.use(
    handle(catalogueEndpoints.listCollections, () =>
      ok(collectionPage([collection(), collection({ id: 'col-2', name: 'Soups' })], 1, 1000)),
    ),
    handle(catalogueEndpoints.createProduct, save),
    handle(catalogueEndpoints.updateProduct, save),
    handle(catalogueEndpoints.productDetail, () => ok(product())),
  )
  return sent
}

describe('Add product', () => {
  it('says what is missing under each field and focuses the first', async () => {
    const sent = productApi()
    const { user } = renderApp('/products/new')
    await user.click(await screen.findByRole('button', { name: 'Add product' }))
    expect(await screen.findByText('Enter the product name.')).toBeTruthy()
    expect(screen.getByText('Enter a price.')).toBeTruthy()
    expect(screen.getByText('Enter the units in stock.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/))
    expect(sent).toEqual([])
  })

  it('makes a variant for every combination of option values and sends the product as multipart', async () => {
    const sent = productApi()
    const { user, router } = renderApp('/products/new')
    await user.type(await screen.findByLabelText(/^Name/), 'Zobo')
    await user.selectOptions(screen.getByLabelText('Category'), 'food-and-drinks')
    await waitFor(() => expect(screen.getByRole('option', { name: 'Soups' })).toBeTruthy())
    await user.selectOptions(screen.getByLabelText('Collection'), 'col-2')
    await user.click(screen.getByRole('switch', { name: /^Published/ }))

    await user.click(screen.getByRole('button', { name: 'Add option' }))
    await user.type(screen.getByLabelText('Option name'), 'Size')
    await user.type(screen.getByLabelText('Add a value'), 'Small{Enter}Large{Enter}small{Enter}')
    expect(screen.getByText('This value is already there.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    const [, second] = screen.getAllByLabelText('Option name')
    await user.type(second!, 'Bottle')
    const adds = screen.getAllByLabelText('Add a value')
    await user.type(adds[1]!, 'Glass{Enter}Plastic{Enter}')

    const variants = within(screen.getByRole('list', { name: 'Variants' }))
    expect(variants.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'Size: Small · Bottle: Glass',
      'Size: Small · Bottle: Plastic',
      'Size: Large · Bottle: Glass',
      'Size: Large · Bottle: Plastic',
    ])
    const prices = variants.getAllByLabelText(/Price$/)
    const units = variants.getAllByLabelText(/Units$/)
    for (const [i, price] of ['1500', '1200.50', '2500', '2000'].entries()) {
      await user.type(prices[i]!, price)
      await user.type(units[i]!, String(10 + i))
    }
    await user.click(screen.getByRole('button', { name: 'Add product' }))

    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      method: 'POST',
      fields: {
        name: 'Zobo',
        description: null,
        categoryId: 'food-and-drinks',
        collectionId: 'col-2',
        isPublished: true,
        options: [
          { name: 'Size', values: ['Small', 'Large'] },
          { name: 'Bottle', values: ['Glass', 'Plastic'] },
        ],
        variants: [
          { options: { Size: 'Small', Bottle: 'Glass' }, price: 150_000, availableUnits: 10 },
          { options: { Size: 'Small', Bottle: 'Plastic' }, price: 120_050, availableUnits: 11 },
          { options: { Size: 'Large', Bottle: 'Glass' }, price: 250_000, availableUnits: 12 },
          { options: { Size: 'Large', Bottle: 'Plastic' }, price: 200_000, availableUnits: 13 },
        ],
        images: [],
      },
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/prod-1'))
    expect(await screen.findByRole('status', { name: 'Product created' })).toBeTruthy()
  })

  it("takes each new variant's SKU, barcode and cost price, refusing a code two variants share", async () => {
    const sent = productApi()
    const { user } = renderApp('/products/new')
    await user.type(await screen.findByLabelText(/^Name/), 'Zobo')
    await user.click(screen.getByRole('button', { name: 'Add option' }))
    await user.type(screen.getByLabelText('Option name'), 'Size')
    await user.type(screen.getByLabelText('Add a value'), 'Small{Enter}Large{Enter}')
    const variants = within(screen.getByRole('list', { name: 'Variants' }))
    const [small, large] = variants.getAllByRole('listitem')
    for (const [row, price, sku] of [
      [small!, '1500', 'ZB-1'],
      [large!, '2500', 'zb-1'],
    ] as const) {
      await user.type(within(row).getByLabelText(/Price$/), price)
      await user.type(within(row).getByLabelText(/Units$/), '5')
      await user.type(within(row).getByLabelText(/SKU \(optional\)$/), sku)
    }
    await user.type(within(small!).getByLabelText(/Barcode \(optional\)$/), '6151100000028')
    await user.type(within(small!).getByLabelText(/Cost price \(optional\)$/), '650.50')
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    // SKUs ignore case, as the server compares them: the second is refused before anything is sent.
    expect(await within(large!).findByText('Another variant has this SKU.')).toBeTruthy()
    expect(sent).toEqual([])

    const sku = within(large!).getByLabelText(/SKU \(optional\)$/)
    await user.clear(sku)
    await user.type(sku, 'ZB-2')
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.fields.variants).toEqual([
      { options: { Size: 'Small' }, price: 150_000, availableUnits: 5, sku: 'ZB-1', barcode: '6151100000028', costPrice: 65_050 },
      { options: { Size: 'Large' }, price: 250_000, availableUnits: 5, sku: 'ZB-2' },
    ])
  })

  it('refuses "id" as an option name, since it is never shown', async () => {
    productApi()
    const { user } = renderApp('/products/new')
    await user.click(await screen.findByRole('button', { name: 'Add option' }))
    await user.type(screen.getByLabelText('Option name'), 'ID')
    await user.click(screen.getByRole('button', { name: 'Add product' }))
    expect(await screen.findByText('Choose another name: "id" is reserved.')).toBeTruthy()
    expect(screen.getByText('Add at least one value.')).toBeTruthy()
  })
})

describe('Edit product', () => {
  it('sends only what changed and goes back to the product', async () => {
    const sent = productApi()
    const { user, router } = renderApp('/products/prod-1/edit')
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement
    expect(name.value).toBe('Jollof rice')
    expect(within(screen.getByRole('list', { name: 'Variants' })).getAllByRole('listitem')).toHaveLength(2)
    // An existing variant's codes and cost are changed in Update Variant, not here.
    expect(screen.queryByLabelText(/SKU \(optional\)$/)).toBeNull()
    await user.clear(name)
    await user.type(name, 'Party jollof')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(sent).toEqual([{ method: 'PATCH', fields: { id: 'prod-1', name: 'Party jollof' } }]))
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/prod-1'))
  })
})
