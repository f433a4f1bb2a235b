import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { productImages, products, productVariants } from '#server/db/schema'

import { call } from '../harness'
import {
  catalogueApp,
  expectError,
  image,
  makeCollection,
  makeProduct,
  patchProduct,
  PNG,
  postProduct,
  productFields,
  type Seller,
  seller,
  WEBP,
} from './helpers'

/* POST, PATCH and DELETE /product, and GET /product/vendor. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const single = (price: number, availableUnits = 5) => ({ options: [], variants: [{ options: {}, price, availableUnits }] })
const detail = (s: Seller, id: string) => call(t.app, endpoints.productDetail, { token: s.token, query: { id } })

describe('POST /product', () => {
  it('creates a product with options, variants, images and a collection; aggregates from the variants', async () => {
    const s = await seller(t)
    const rice = await makeCollection(t, s.token, 'Rice dishes')
    const res = await postProduct(
      t,
      s.token,
      productFields({
        collectionId: rice.id,
        categoryId: 'food-and-drinks',
        options: [
          { name: 'Size', values: ['Small', 'Large'] },
          { name: 'Protein', values: ['Chicken', 'Beef'] },
        ],
        variants: [
          { options: { Protein: 'Beef', Size: 'Large' }, price: 5_000_00, availableUnits: 3 },
          { options: { Size: 'Small', Protein: 'Chicken' }, price: 3_500_00, availableUnits: 10 },
          { options: { Size: ' Small ', Protein: 'Beef' }, price: 3_200_00, availableUnits: 0 },
        ],
      }),
      [image(PNG, 'image/png'), image(WEBP, 'image/webp')],
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.message).toBe('Product added')
    const product = res.body.data
    expect(product).toMatchObject({
      name: 'Jollof rice',
      description: 'Party jollof',
      isPublished: true,
      categoryId: 'food-and-drinks',
      collection: { id: rice.id, name: 'Rice dishes' },
      minPrice: 3_200_00,
      maxPrice: 5_000_00,
      variantCount: 3,
      totalUnits: 13,
      lowStockCount: 0,
    })
    expect(product.images).toHaveLength(2)
    expect(product.images[0]!.url).toMatch(/^\/api\/files\/[\w-]{22}\.png$/)
    // In the order of the options' values, option keys in the options' order.
    expect(product.variants.map((v: { options: object; price: number }) => [v.options, v.price])).toEqual([
      [{ Size: 'Small', Protein: 'Chicken' }, 3_500_00],
      [{ Size: 'Small', Protein: 'Beef' }, 3_200_00],
      [{ Size: 'Large', Protein: 'Beef' }, 5_000_00],
    ])
    expect(Object.keys(product.variants[0]!.options)).toEqual(['Size', 'Protein'])
    expect(product.variants[0]).toMatchObject({
      productId: product.id,
      productName: 'Jollof rice',
      discountType: null,
      discount: null,
      discountedPrice: 3_500_00,
      isAvailable: true,
      threshold: null,
      isLowStock: false,
      locations: [
        {
          outletId: null,
          name: 'Main store',
          units: product.variants[0]!.availableUnits,
          threshold: null,
          isLowStock: false,
          isActive: true,
        },
      ],
      paylink: null,
      paylinkOutletId: null,
      qrCodeURL: null,
    })
    expect((await detail(s, product.id)).body.data).toEqual(product)
  })

  it('a product without options has exactly one variant with no option values; unpublished by default', async () => {
    const s = await seller(t)
    const res = await postProduct(t, s.token, { name: 'Chapman', ...single(1_500_00) })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ isPublished: false, options: [], images: [], collection: null, variantCount: 1 })
    expect(res.body.data.variants[0]!.options).toEqual({})
    expectError(
      await postProduct(t, s.token, { name: 'Chapman', options: [], variants: [single(1).variants[0], single(2).variants[0]] }),
      422,
      'variants: must be exactly one variant for a product without options',
    )
    expectError(
      await postProduct(t, s.token, {
        name: 'Chapman',
        options: [],
        variants: [{ options: { Size: 'Big' }, price: 1, availableUnits: 1 }],
      }),
      422,
      'variants.0.options: must be empty for a product without options',
    )
  })

  it('422 naming the field when variants do not fit the options', async () => {
    const s = await seller(t)
    const variants = (...list: Record<string, string>[]) => list.map((options) => ({ options, price: 1_000_00, availableUnits: 1 }))
    const cases: [unknown[], string][] = [
      [variants({ Size: 'Small' }, {}), 'variants.1.options: must have a value for Size'],
      [variants({ Size: 'Small' }, { Size: 'Medium' }), 'variants.1.options: Medium is not one of the values of Size'],
      [variants({ Size: 'Small', Colour: 'Red' }), 'variants.0.options: Colour is not an option of this product'],
      [variants({ Size: 'Small', id: 'x' }), 'variants.0.options: id is not an option of this product'],
      [variants({ Size: 'Large' }, { Size: 'Small' }, { Size: 'Large' }), 'variants.2.options: repeats another variant'],
      [[], 'variants: must have at least one variant'],
    ]
    for (const [list, message] of cases) expectError(await postProduct(t, s.token, productFields({ variants: list })), 422, message)
    // An option named like a member every JS object has is an option like any other.
    for (const name of ['toString', 'constructor']) {
      const fields = productFields({ options: [{ name, values: ['X'] }], variants: variants({}) })
      expectError(await postProduct(t, s.token, fields), 422, `variants.0.options: must have a value for ${name}`)
    }
  })

  it('422 for bad prices, units, options and fields', async () => {
    const s = await seller(t)
    const withVariant = (fields: object) =>
      productFields({ variants: [{ options: { Size: 'Small' }, price: 1_000_00, availableUnits: 1, ...fields }] })
    expectError(await postProduct(t, s.token, withVariant({ price: -100 })), 422, 'variants.0.price: must not be negative')
    expectError(await postProduct(t, s.token, withVariant({ price: 0 })), 422, 'variants.0.price: must be more than zero')
    expectError(await postProduct(t, s.token, withVariant({ price: 10.5 })), 422, 'variants.0.price: must be a whole number of kobo')
    expectError(await postProduct(t, s.token, withVariant({ availableUnits: -1 })), 422, 'variants.0.availableUnits: must not be negative')
    expectError(await postProduct(t, s.token, productFields({ name: ' ' })), 422, 'name: is required')
    expectError(
      await postProduct(t, s.token, productFields({ categoryId: 'cars' })),
      422,
      'categoryId: must be one of the product categories',
    )
    expectError(
      await postProduct(t, s.token, productFields({ options: [{ name: 'ID', values: ['1'] }] })),
      422,
      'options.0.name: must not be "id"',
    )
    expectError(
      await postProduct(t, s.token, productFields({ options: [{ name: 'Size', values: ['S', 's'] }] })),
      422,
      'options.0.values: must not repeat a value',
    )
    expectError(
      await postProduct(
        t,
        s.token,
        productFields({
          options: [
            { name: 'Size', values: ['Small', 'Large'] },
            { name: 'size', values: ['X'] },
          ],
        }),
      ),
      422,
      'options.1.name: must not repeat another option',
    )
  })

  it("404 for another vendor's collection, and the images stored for it are deleted again", async () => {
    const s = await seller(t)
    const theirs = await makeCollection(t, (await seller(t)).token)
    const before = t.storage.size
    const res = await postProduct(t, s.token, productFields({ collectionId: theirs.id }), [image(PNG, 'image/png')])
    expectError(res, 404, 'Collection not found')
    expect(t.storage.size).toBe(before)
  })
})

describe('PATCH /product', () => {
  it('changes only what is sent', async () => {
    const s = await seller(t)
    const drinks = await makeCollection(t, s.token, 'Drinks')
    const product = await makeProduct(t, s.token, { collectionId: drinks.id, categoryId: 'groceries' }, [image(PNG, 'image/png')])
    const res = await patchProduct(t, s.token, { id: product.id, name: 'Zobo', isPublished: false })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.message).toBe('Product updated')
    const variants = product.variants.map((variant: object) => ({ ...variant, productName: 'Zobo' }))
    expect({ ...res.body.data, updatedAt: 'ignored' }).toEqual({
      ...product,
      updatedAt: 'ignored',
      name: 'Zobo',
      isPublished: false,
      variants,
    })
    const cleared = await patchProduct(t, s.token, { id: product.id, description: '', collectionId: null, categoryId: null })
    expect(cleared.body.data).toMatchObject({ description: null, collection: null, categoryId: null, name: 'Zobo' })
  })

  it('variants: with id kept and changed, without id added, left out removed (rows kept); aggregates follow', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const [small, large] = product.variants
    const res = await patchProduct(t, s.token, {
      id: product.id,
      options: [{ name: 'Size', values: ['Small', 'Medium', 'Large'] }],
      variants: [
        { id: small!.id, options: { Size: 'Small' }, price: 900_00, availableUnits: 4 },
        { options: { Size: 'Medium' }, price: 1_200_00, availableUnits: 6 },
      ],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const variants = res.body.data.variants
    expect(variants.map((v) => [v.options.Size, v.price, v.availableUnits])).toEqual([
      ['Small', 900_00, 4],
      ['Medium', 1_200_00, 6],
    ])
    expect(variants[0]!.id).toBe(small!.id)
    expect(res.body.data).toMatchObject({ minPrice: 900_00, maxPrice: 1_200_00, variantCount: 2, totalUnits: 10 })
    const [removed] = await t.db.select().from(productVariants).where(eq(productVariants.id, large!.id))
    expect(removed!.deletedAt).not.toBeNull()
    const listed = await call(t.app, endpoints.listVariants, { token: s.token, query: { productId: product.id } })
    expect(listed.body.data.items.map((v: { id: string }) => v.id)).not.toContain(large!.id)
  })

  it('new options without variants: kept only when the variants still fit', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const renamedValues = { id: product.id, options: [{ name: 'Size', values: ['Small', 'Large', 'Family'] }] }
    expect((await patchProduct(t, s.token, renamedValues)).body.data.options[0]!.values).toEqual(['Small', 'Large', 'Family'])
    const changed = { id: product.id, options: [{ name: 'Portion', values: ['Small', 'Large'] }] }
    expectError(await patchProduct(t, s.token, changed), 422, 'variants: is required when the options change')
  })

  it("404 for an unknown or another vendor's variant id; 422 for a repeated one", async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const theirs = await makeProduct(t, (await seller(t)).token)
    const keep = (id: string) => ({ id, options: { Size: 'Small' }, price: 1_000_00, availableUnits: 1 })
    expectError(
      await patchProduct(t, s.token, { id: product.id, variants: [keep(theirs.variants[0]!.id)] }),
      404,
      'Product variant not found',
    )
    const small = product.variants[0]!.id
    expectError(
      await patchProduct(t, s.token, { id: product.id, variants: [keep(small), { ...keep(small), options: { Size: 'Large' } }] }),
      422,
      'variants.1.id: must not repeat a variant',
    )
  })

  it('images: keepImageIds orders and removes (files deleted after commit); new ones go after; at most 5', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token, {}, [image(PNG, 'image/png'), image(WEBP, 'image/webp'), image(PNG, 'image/png')])
    const [a, b, c] = product.images
    const res = await patchProduct(t, s.token, { id: product.id, keepImageIds: [c!.id, a!.id] }, [image(WEBP, 'image/webp')])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const images = res.body.data.images
    expect(images.slice(0, 2)).toEqual([c, a])
    expect(images).toHaveLength(3)
    expect(images[2]!.url).toMatch(/\.webp$/)
    expect((await t.app.request(b!.url)).status).toBe(404)
    expect((await t.app.request(a!.url)).status).toBe(200)

    const tooMany = await patchProduct(
      t,
      s.token,
      { id: product.id },
      [1, 2, 3].map(() => image(PNG, 'image/png')),
    )
    expectError(tooMany, 422, 'images: must be at most 5 images')
    const theirs = await makeProduct(t, (await seller(t)).token, {}, [image(PNG, 'image/png')])
    expectError(await patchProduct(t, s.token, { id: product.id, keepImageIds: [theirs.images[0]!.id] }), 404, 'Product image not found')
    const kept = await t.db.select().from(productImages).where(eq(productImages.productId, product.id))
    expect(kept).toHaveLength(3)
  })

  it('a failed update changes nothing and deletes the images it stored', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const before = t.storage.size
    const res = await patchProduct(t, s.token, { id: product.id, name: 'Renamed', collectionId: 'nope' }, [image(PNG, 'image/png')])
    expectError(res, 404, 'Collection not found')
    expect(t.storage.size).toBe(before)
    expect((await detail(s, product.id)).body.data.name).toBe('Jollof rice')
  })
})

describe('DELETE /product', () => {
  it('soft-deletes: gone from detail and lists, rows kept for orders', async () => {
    const s = await seller(t)
    const product = await makeProduct(t, s.token)
    const res = await call(t.app, endpoints.deleteProduct, { token: s.token, query: { id: product.id } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Product deleted', data: null })
    expectError(await detail(s, product.id), 404, 'Product not found')
    expectError(await call(t.app, endpoints.deleteProduct, { token: s.token, query: { id: product.id } }), 404, 'Product not found')
    expectError(await patchProduct(t, s.token, { id: product.id, name: 'Back' }), 404, 'Product not found')
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id))
    expect(row).toMatchObject({ name: 'Jollof rice', vendorId: s.vendor.id })
    expect(row!.deletedAt).not.toBeNull()
    const variants = await t.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, product.id)))
    expect(variants).toHaveLength(2)
    expect(variants.every((variant) => variant.deletedAt !== null)).toBe(true)
    const listed = await call(t.app, endpoints.listVariants, { token: s.token })
    expect(listed.body.data.total).toBe(0)
  })
})
