import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { CSV_BOM } from '#contract/csv'
import { endpoints } from '#contract/index'
import { jobs } from '#server/db/platform-schema'
import { products } from '#server/db/schema'

import { call, download } from '../harness'
import { catalogueApp, makeCollection, makeProduct, type Seller, seller } from './helpers'

/*
 * The catalogue in and out by CSV (issue 41, decision 177): the dry run writes nothing and says what the import then
 * does; a bad row is refused with its line and the column at fault; an export read back changes nothing; a Shopify
 * product export imports. The 5,000-row timing is csv-import-speed.test.ts.
 */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const HEADER =
  'Handle,Name,Description,Category,Collection,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Price,Units,SKU,Barcode,Cost'
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n'

const KITCHEN = csv(
  'jollof-rice,Jollof rice,"Party jollof, smoky",Food and drinks,Rice dishes,yes,Size,Small,,,,,1500.00,10',
  'jollof-rice,,,,,,,Large,,,,,2500.00,4',
  'zobo,Zobo,,Food and drinks,Drinks,no,,,,,,,500.00,30',
  'chapman,Chapman,=cocktail,,Drinks,yes,Size,Cup,Ice,No ice,,,700.50,0',
  'chapman,,,,,,,Cup,,With ice,,,750.00,2',
)

const check = (s: Seller, text: string) => call(t.app, endpoints.checkCatalogueImport, { token: s.token, body: { csv: text } })
const apply = (s: Seller, text: string) => call(t.app, endpoints.importCatalogue, { token: s.token, body: { csv: text } })
/** The exported file's text as a spreadsheet gets it, byte order mark included (Response.text() would drop it). */
async function exported(s: Seller): Promise<string> {
  const res = await download(t.app, endpoints.exportCatalogue, { token: s.token })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
}
const liveProducts = (s: Seller) =>
  t.db
    .select()
    .from(products)
    .where(and(eq(products.vendorId, s.vendor.id), isNull(products.deletedAt)))

describe('POST /product/import/check and POST /product/import', () => {
  it('the dry run changes nothing, and its counts are what the import then does', async () => {
    const s = await seller(t)
    await makeCollection(t, s.token, 'Drinks')
    const before = await exported(s)
    const dry = await check(s, KITCHEN)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.body.data).toMatchObject({ format: 'catalogue', applied: false, rows: 5, created: 3, updated: 0, unchanged: 0 })
    expect(dry.body.data).toMatchObject({ refusedRows: 0, collectionsCreated: 1 })
    expect(dry.body.data.products.map((p) => [p.line, p.handle, p.action])).toEqual([
      [2, 'jollof-rice', 'create'],
      [4, 'zobo', 'create'],
      [5, 'chapman', 'create'],
    ])
    expect(await liveProducts(s)).toEqual([])
    expect(await exported(s)).toBe(before)

    const done = await apply(s, KITCHEN)
    expect(done.status, JSON.stringify(done.body)).toBe(201)
    const { applied, ...counts } = done.body.data
    const { applied: dryApplied, ...dryCounts } = dry.body.data
    expect([applied, dryApplied]).toEqual([true, false])
    expect(counts).toEqual(dryCounts)
    const list = await call(t.app, endpoints.listProducts, { token: s.token, query: { page: 1, size: 20 } })
    const byName = new Map(list.body.data.items.map((p) => [p.name, p]))
    expect(byName.get('Jollof rice')).toMatchObject({ minPrice: 1_500_00, maxPrice: 2_500_00, totalUnits: 14, isPublished: true })
    expect(byName.get('Jollof rice')!.collection?.name).toBe('Rice dishes')
    expect(byName.get('Zobo')).toMatchObject({ isPublished: false, variantCount: 1, totalUnits: 30, categoryId: 'food-and-drinks' })
    const chapman = await call(t.app, endpoints.productDetail, { token: s.token, query: { id: byName.get('Chapman')!.id } })
    expect(chapman.body.data.description).toBe('=cocktail')
    expect(chapman.body.data.options).toEqual([
      { name: 'Size', values: ['Cup'] },
      { name: 'Ice', values: ['No ice', 'With ice'] },
    ])
    expect(chapman.body.data.variants.map((v) => [v.options, v.price, v.availableUnits])).toEqual([
      [{ Size: 'Cup', Ice: 'No ice' }, 700_50, 0],
      [{ Size: 'Cup', Ice: 'With ice' }, 750_00, 2],
    ])
  })

  it('refuses a bad row with its line and a reason naming the column, and leaves its product out', async () => {
    const s = await seller(t)
    const text = csv(
      'jollof-rice,Jollof rice,,,,yes,Size,Small,,,,,1500.00,10',
      'jollof-rice,,,,,,,Large,,,,,two thousand,4',
      'zobo,Zobo,,,,no,,,,,,,500.00,-3',
      'beans,Beans,,Snacks,,no,,,,,,,800.00,1',
      'plantain,Plantain,,,,maybe,,,,,,,300.00,1',
      'moi-moi,Moi moi,,,,yes,,,,,,,450.00,5',
    )
    const dry = await check(s, text)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.body.data.refused).toEqual([
      { line: 2, column: null, reason: 'left out with line 3 of the same product' },
      { line: 3, column: 'Price', reason: 'must be a naira amount above zero, like 1500.00 (not "two thousand")' },
      { line: 4, column: 'Units', reason: 'must not be negative' },
      { line: 5, column: 'Category', reason: expect.stringContaining('must be one of the product categories') },
      { line: 6, column: 'Published', reason: 'must be yes or no' },
    ])
    expect(dry.body.data).toMatchObject({ created: 1, refusedRows: 5 })
    const done = await apply(s, text)
    expect(done.body.data).toMatchObject({ created: 1, refusedRows: 5 })
    expect((await liveProducts(s)).map((p) => p.name)).toEqual(['Moi moi'])
  })

  it('refuses a file that is not a catalogue, naming csv', async () => {
    const s = await seller(t)
    const res = await check(s, 'Date,Amount\r\n2026-12-01,100\r\n')
    expect(res.status).toBe(422)
    expect(res.body.message).toMatch(/^csv: must have a header line with the columns Name and Price/)
  })

  it('an export read back changes nothing, and exports the same file again', async () => {
    const s = await seller(t)
    await makeProduct(t, s.token, { name: 'Fried rice' })
    await makeProduct(t, s.token, { name: 'Fried rice', description: '@home "special"\nsecond line' })
    expect((await apply(s, KITCHEN)).status).toBe(201)
    const file = await exported(s)
    expect(file.startsWith(`${CSV_BOM}${HEADER}\r\n`)).toBe(true)
    expect(file).toContain('fried-rice-2,Fried rice,"\'@home ""special""\nsecond line"')
    const again = await apply(s, file.slice(1))
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 5, refusedRows: 0, collectionsCreated: 0 })
    expect(await exported(s)).toBe(file)
  })

  it('a changed price in the file updates that product only; a row removed removes its variant', async () => {
    const s = await seller(t)
    await apply(s, KITCHEN)
    const file = (await exported(s)).slice(1)
    const edited = file
      .replace('jollof-rice,,,,,,,Large,,,,,2500.00,4', 'jollof-rice,,,,,,,Large,,,,,2600.00,4')
      .replace(/chapman,,[^\r]*\r\n/, '')
    const dry = await check(s, edited)
    expect(dry.body.data).toMatchObject({ created: 0, updated: 2, unchanged: 1 })
    await apply(s, edited)
    expect(await exported(s)).toBe(CSV_BOM + edited)
  })

  it('imports a Shopify product export: options, Default Title, HTML, drafts, images queued', async () => {
    const s = await seller(t)
    const shopify = [
      'Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Variant Tax Code,Cost per item,Status',
      'ankara-shirt,Ankara Shirt,"<p>Hand-made <strong>ankara</strong> &amp; cotton.</p><p>Lagos made.</p>",Ada Styles,Apparel & Accessories > Clothing,Shirts,"ankara, shirt",TRUE,Size,M,Colour,Blue,,,ANK-M-B,300,shopify,5,deny,manual,15000.00,,TRUE,TRUE,,https://cdn.example.com/ankara-1.jpg,1,Front,FALSE,,,,kg,,9000.00,active',
      'ankara-shirt,,,,,,,,,M,,Red,,,ANK-M-R,300,shopify,2,deny,manual,15000.00,,TRUE,TRUE,,,,,,,,,kg,,9000.00,',
      'ankara-shirt,,,,,,,,,L,,Blue,,,ANK-L-B,300,shopify,0,deny,manual,16500.50,,TRUE,TRUE,,,,,,,,,kg,,9000.00,',
      'ankara-shirt,,,,,,,,,,,,,,,,,,,,,,,,,https://cdn.example.com/ankara-2.jpg,2,Back,,,,,,,,',
      'gift-wrap,Gift wrap,,Ada Styles,,,,TRUE,Title,Default Title,,,,,,0,,,deny,manual,500.00,,TRUE,TRUE,,,,,FALSE,,,,kg,,,draft',
    ].join('\n')
    const dry = await check(s, shopify)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.body.data).toMatchObject({ format: 'shopify', rows: 5, created: 2, refusedRows: 0, imagesQueued: 2 })
    const done = await apply(s, shopify)
    expect(done.body.data).toMatchObject({ created: 2, imagesQueued: 2 })
    const [shirt, wrap] = await liveProducts(s).orderBy(products.createdAt)
    expect(shirt).toMatchObject({ handle: 'ankara-shirt', isPublished: true, description: 'Hand-made ankara & cotton.\nLagos made.' })
    const detail = await call(t.app, endpoints.productDetail, { token: s.token, query: { id: shirt!.id } })
    expect(detail.body.data.variants.map((v) => [v.options, v.price, v.availableUnits, v.sku, v.costPrice])).toEqual([
      [{ Size: 'M', Colour: 'Blue' }, 15_000_00, 5, 'ANK-M-B', 9_000_00],
      [{ Size: 'M', Colour: 'Red' }, 15_000_00, 2, 'ANK-M-R', 9_000_00],
      [{ Size: 'L', Colour: 'Blue' }, 16_500_50, 0, 'ANK-L-B', 9_000_00],
    ])
    expect(wrap).toMatchObject({ handle: 'gift-wrap', isPublished: false, options: [] })
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, 'fetch-product-image'))
    expect(queued.filter((j) => (j.payload as { productId: string }).productId === shirt!.id).map((j) => j.payload)).toEqual([
      { vendorId: s.vendor.id, productId: shirt!.id, url: 'https://cdn.example.com/ankara-1.jpg', position: 0 },
      { vendorId: s.vendor.id, productId: shirt!.id, url: 'https://cdn.example.com/ankara-2.jpg', position: 1 },
    ])
    // The same file again: matched by handle, nothing to do.
    expect((await apply(s, shopify)).body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2, imagesQueued: 0 })
  })

  it('reads SKUs, barcodes and costs; a code used twice is refused on the line that repeats it', async () => {
    const s = await seller(t)
    const first = csv('tea,Tea,,,,yes,Size,Cup,,,,,300.00,5,TEA-CUP,5012345678900,120.50', 'tea,,,,,,,Flask,,,,,900.00,1,TEA-FLASK,,')
    expect((await apply(s, first)).body.data).toMatchObject({ created: 1, refusedRows: 0 })
    const [tea] = await liveProducts(s)
    const detail = await call(t.app, endpoints.productDetail, { token: s.token, query: { id: tea!.id } })
    expect(detail.body.data.variants.map((v) => [v.sku, v.barcode, v.costPrice])).toEqual([
      ['TEA-CUP', '5012345678900', 120_50],
      ['TEA-FLASK', null, null],
    ])
    expect(await exported(s)).toBe(CSV_BOM + first)
    const second = csv(
      'coffee,Coffee,,,,yes,,,,,,,500.00,5,tea-cup,,',
      'cocoa,Cocoa,,,,yes,Size,Cup,,,,,400.00,5,COCOA-1,,',
      'cocoa,,,,,,,Mug,,,,,450.00,5,cocoa-1,,',
      'milo,Milo,,,,yes,,,,,,,350.00,5,,5.01235E+12,',
    )
    expect((await check(s, second)).body.data.refused).toEqual([
      { line: 2, column: 'SKU', reason: 'is already used by another of your variants' },
      { line: 3, column: null, reason: 'left out with line 4 of the same product' },
      { line: 4, column: 'SKU', reason: 'is already used on line 3' },
      { line: 5, column: 'Barcode', reason: 'looks like a number a spreadsheet shortened ("5.01235E+12"): format the column as text' },
    ])
  })

  it('needs the inventory permission; another vendor sees none of it', async () => {
    const s = await seller(t)
    const other = await seller(t)
    await apply(s, KITCHEN)
    expect(await exported(other)).toBe(`${CSV_BOM}${HEADER}\r\n`)
    expect((await call(t.app, endpoints.importCatalogue, { body: { csv: KITCHEN } })).status).toBe(401)
  })

  it('two imports of the same new products at once: one creates them, the other finds them; never a 500', async () => {
    const s = await seller(t)
    const coded = csv('palm-oil,Palm oil,,,,yes,,,,,,,3000.00,5,PO-1,5012345678900,2500.00')
    const answers = await Promise.all([apply(s, coded), apply(s, coded), apply(s, coded)])
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201])
    const created = answers.map((res) => res.body.data.created).sort()
    expect(created).toEqual([0, 0, 1])
    expect((await liveProducts(s)).map((p) => p.handle)).toEqual(['palm-oil'])
  })
})
