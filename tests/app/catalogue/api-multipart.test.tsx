import { describe, expect, it } from 'vitest'

import { api, toFormData } from '#app/lib/api'
import { setSession } from '#app/lib/session'
import { catalogueEndpoints } from '#contract/catalogue'

import { product, user } from '../fixtures'
import { handle, ok, server, useAppHarness } from '../harness'

useAppHarness()

const png = (name: string) => new File(['not really a PNG'], name, { type: 'image/png' })

describe('the api client’s multipart encoding', () => {
  it('appends each file of a file field under the field’s name and JSON-encodes every other field', () => {
    const form = toFormData({
      name: 'Jollof rice',
      isPublished: true,
      collectionId: null,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      keepImageIds: [],
      images: [png('a.png'), png('b.png')],
      description: undefined,
    })
    expect(form.get('name')).toBe('"Jollof rice"')
    expect(form.get('isPublished')).toBe('true')
    expect(form.get('collectionId')).toBe('null')
    expect(JSON.parse(form.get('options') as string)).toEqual([{ name: 'Size', values: ['S', 'M'] }])
    expect(form.get('keepImageIds')).toBe('[]')
    expect(form.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.png'])
    expect(form.has('description')).toBe(false)
  })

  it('sends a multipart endpoint as multipart/form-data with the bearer token, and a JSON one as JSON', async () => {
    setSession({ token: 'test-token', user: user() })
    let seen: { type: string | null; auth: string | null; name: unknown; files: string[]; variants: unknown } | undefined
    server.use(
      handle(catalogueEndpoints.createProduct, async ({ request }) => {
        const form = await request.formData()
        seen = {
          type: request.headers.get('content-type'),
          auth: request.headers.get('authorization'),
          name: JSON.parse(form.get('name') as string),
          // jsdom's File loses its name and bytes on the way through Node's fetch (a browser keeps both: the
          // end-to-end test uploads a real image); what is checked here is one file part per file, with its type.
          files: form.getAll('images').map((f) => (f as File).type),
          variants: JSON.parse(form.get('variants') as string),
        }
        return ok(product(), 'Product created')
      }),
    )
    const variants = [{ options: { Size: 'S' }, price: 150_000, availableUnits: 3 }]
    const answer = await api(catalogueEndpoints.createProduct, { body: { name: 'Jollof rice', variants, images: [png('photo.png')] } })
    expect(answer.message).toBe('Product created')
    expect(seen?.type).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen?.auth).toBe('Bearer test-token')
    expect(seen?.name).toBe('Jollof rice')
    expect(seen?.files).toEqual(['image/png'])
    expect(seen?.variants).toEqual(variants)

    let json: { type: string | null; body: unknown } | undefined
    server.use(
      handle(catalogueEndpoints.updateVariant, async ({ request }) => {
        json = { type: request.headers.get('content-type'), body: await request.json() }
        return ok(product().variants[0]!)
      }),
    )
    await api(catalogueEndpoints.updateVariant, { body: { id: 'var-1', isAvailable: false } })
    expect(json).toEqual({ type: 'application/json', body: { id: 'var-1', isAvailable: false } })
  })
})
