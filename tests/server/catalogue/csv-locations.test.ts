import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { productVariants } from '#server/db/schema'
import { variantStock } from '#server/db/stock-schema'

import { call, download } from '../harness'
import { makeOutlet, staff } from '../outlets/helpers'
import { catalogueApp, type Seller, seller } from './helpers'

/* Units per location in the catalogue CSV (issue 41, decisions 174 and 177): one 'Units at …' column per location. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const HEAD =
  'Handle,Name,Description,Category,Collection,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Price,Units'
const TAIL = 'SKU,Barcode,Cost'
const apply = (s: { token: string }, csv: string) => call(t.app, endpoints.importCatalogue, { token: s.token, body: { csv } })
const check = (s: { token: string }, csv: string) => call(t.app, endpoints.checkCatalogueImport, { token: s.token, body: { csv } })
async function exported(s: { token: string }): Promise<string> {
  const res = await download(t.app, endpoints.exportCatalogue, { token: s.token })
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()).slice(1)
}
const stockOf = (s: Seller) =>
  t.db
    .select({
      variantId: variantStock.variantId,
      outletId: variantStock.outletId,
      units: variantStock.units,
      options: productVariants.options,
    })
    .from(variantStock)
    .innerJoin(productVariants, eq(productVariants.id, variantStock.variantId))
    .where(and(eq(variantStock.vendorId, s.vendor.id), isNull(productVariants.deletedAt)))

describe('units per location', () => {
  it('sets each location from its column, the total follows, and the export writes them back', async () => {
    const s = await seller(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    const file = [
      `${HEAD},Units at Main store,Units at Lekki,${TAIL}`,
      'tea,Tea,,,,yes,Size,Cup,,,,,300.00,7,5,2,,,',
      'tea,,,,,,,Flask,,,,,900.00,,0,4,,,',
      '',
    ].join('\r\n')
    const res = await apply(s, file)
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ created: 1, refusedRows: 0 })
    const held = (await stockOf(s)).map((r) => [r.options.Size, r.outletId, r.units]).sort()
    expect(held).toEqual(
      [
        ['Cup', lekki.id, 2],
        ['Cup', null, 5],
        ['Flask', lekki.id, 4],
        ['Flask', null, 0],
      ].sort(),
    )
    const list = await call(t.app, endpoints.listProducts, { token: s.token, query: { page: 1, size: 5 } })
    expect(list.body.data.items[0]).toMatchObject({ totalUnits: 11 })
    expect(await exported(s)).toBe(file.replace(',900.00,,0,4', ',900.00,4,0,4'))
    // Read back: nothing to do. Then one location changed: only it moves.
    expect((await apply(s, await exported(s))).body.data).toMatchObject({ unchanged: 1, updated: 0 })
    const moved = (await exported(s)).replace('900.00,4,0,4', '900.00,,3,4')
    expect((await apply(s, moved)).body.data).toMatchObject({ updated: 1 })
    expect((await stockOf(s)).find((r) => r.options.Size === 'Flask' && r.outletId === null)?.units).toBe(3)
  })

  it('refuses a total below what the outlets hold, a Units that is not the sum, and an unknown location', async () => {
    const s = await seller(t)
    await makeOutlet(t, s.token, { name: 'Ikeja' })
    await apply(s, [`${HEAD},Units at Main store,Units at Ikeja`, 'rice,Rice,,,,yes,,,,,,,100.00,,1,6', ''].join('\r\n'))
    const totalOnly = await call(t.app, endpoints.checkCatalogueImport, {
      token: s.token,
      body: { csv: [HEAD, 'rice,Rice,,,,yes,,,,,,,100.00,4', ''].join('\r\n') },
    })
    expect(totalOnly.body.data.refused).toEqual([
      { line: 2, column: 'Units', reason: 'must be at least 6: your outlets hold 6 units (move them to the main store first)' },
    ])
    const notSum = await call(t.app, endpoints.checkCatalogueImport, {
      token: s.token,
      body: { csv: [`${HEAD},Units at Main store,Units at Ikeja`, 'rice,Rice,,,,yes,,,,,,,100.00,9,1,6', ''].join('\r\n') },
    })
    expect(notSum.body.data.refused).toEqual([
      { line: 2, column: 'Units', reason: 'must be blank or the sum of the Units at Main store, Units at Ikeja columns (7)' },
    ])
    const unknown = await call(t.app, endpoints.checkCatalogueImport, {
      token: s.token,
      body: { csv: [`${HEAD},Units at Ikoyi`, 'rice,Rice,,,,yes,,,,,,,100.00,,1', ''].join('\r\n') },
    })
    expect(unknown.status).toBe(422)
    expect(unknown.body.message).toBe('csv: has a column "Units at Ikoyi", but no outlet of yours is called Ikoyi')
  })

  it('refuses to read units by location while an outlet is called "Main store", or a location twice', async () => {
    const s = await seller(t)
    await makeOutlet(t, s.token, { name: 'MAIN STORE' })
    const file = [`${HEAD},Units at Main store,Units at MAIN STORE,${TAIL}`, 'tea,Tea,,,,yes,,,,,,,300.00,10,10,0,,,', ''].join('\r\n')
    const res = await apply(s, file)
    expect(res.status, JSON.stringify(res.body)).toBe(422)
    expect(res.body.issues).toEqual([{ path: 'csv', message: expect.stringContaining('one of your outlets is called MAIN STORE') }])
    expect(await stockOf(s)).toEqual([])

    const other = await seller(t)
    await makeOutlet(t, other.token, { name: 'Ikeja' })
    const twice = [`${HEAD},Units at Ikeja,Units at ikeja,${TAIL}`, 'tea,Tea,,,,yes,,,,,,,300.00,4,2,2,,,', ''].join('\r\n')
    const refused = await apply(other, twice)
    expect(refused.status, JSON.stringify(refused.body)).toBe(422)
    expect(refused.body.issues?.[0]?.message).toMatch(/twice/)
  })
})

describe('a member of outlets only (decisions 043, 187): the file holds the locations they see and may change', () => {
  /** A vendor with Main store 5, Lekki 2 and Ikeja 3 units of one variant, and a cashier of Lekki. */
  async function shopWithOutlets() {
    const s = await seller(t)
    const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
    const ikeja = await makeOutlet(t, s.token, { name: 'Ikeja' })
    const made = await apply(
      s,
      [`${HEAD},Units at Main store,Units at Ikeja,Units at Lekki,${TAIL}`, 'tea,Tea,,,,yes,,,,,,,300.00,10,5,3,2,,,', ''].join('\r\n'),
    )
    expect(made.body.data, JSON.stringify(made.body)).toMatchObject({ created: 1 })
    const cashier = await staff(t, s, ['VENDOR_INVENTORY'], [lekki.id])
    const tea = (await stockOf(s))[0]!.variantId
    /** The tea's units by location. */
    const held = async () =>
      Object.fromEntries(
        (await stockOf(s))
          .filter((r) => r.variantId === tea)
          .map((r) => [r.outletId === null ? 'main' : r.outletId === lekki.id ? 'Lekki' : 'Ikeja', r.units]),
      )
    return { s, lekki, ikeja, cashier, held, tea }
  }

  it("exports only their outlet's column, Units its sum, and the file reads back to the same stock", async () => {
    const { s, lekki, cashier, held } = await shopWithOutlets()
    const file = await exported(cashier)
    expect(file).toBe([`${HEAD},Units at Lekki,${TAIL}`, 'tea,Tea,,,,yes,,,,,,,300.00,2,2,,,', ''].join('\r\n'))
    expect((await apply(cashier, file)).body.data).toMatchObject({ unchanged: 1, updated: 0, refusedRows: 0 })
    const more = await apply(cashier, file.replace('300.00,2,2', '300.00,,6'))
    expect(more.body.data, JSON.stringify(more.body)).toMatchObject({ updated: 1, refusedRows: 0 })
    expect(await held()).toEqual({ main: 5, Ikeja: 3, Lekki: 6 })
    // A member of no outlet: the main store's units, as the total they write (decision 174), no outlet columns.
    const storekeeper = await staff(t, s, ['VENDOR_INVENTORY'])
    expect((await exported(storekeeper)).split('\r\n').slice(0, 2)).toEqual([`${HEAD},${TAIL}`, 'tea,Tea,,,,yes,,,,,,,300.00,14,,,'])
    // A member of two outlets sees both, never the main store.
    const both = await staff(t, s, ['VENDOR_INVENTORY'], [lekki.id, (await makeOutlet(t, s.token, { name: 'Ajah' })).id])
    expect((await exported(both)).split('\r\n')[1]).toBe('tea,Tea,,,,yes,,,,,,,300.00,6,0,6,,,')
  })

  it('refuses a column of a location they may not change (422 naming it), and changes nothing', async () => {
    const { cashier, held } = await shopWithOutlets()
    for (const [column, message] of [
      ['Units at Ikeja', 'csv: has a column "Units at Ikeja", but no outlet of yours is called Ikeja'],
      ['Units at Main store', 'csv: has a column "Units at Main store", but you change units only at your outlets'],
    ] as const) {
      const file = [`${HEAD},${column},Units at Lekki,${TAIL}`, 'tea,Tea,,,,yes,,,,,,,300.00,,0,2,,,', ''].join('\r\n')
      for (const res of [await check(cashier, file), await apply(cashier, file)]) {
        expect(res.status, JSON.stringify(res.body)).toBe(422)
        expect(res.body.message).toBe(message)
      }
    }
    expect(await held()).toEqual({ main: 5, Ikeja: 3, Lekki: 2 })
  })

  it("reads a file of totals as their outlet's: other locations stay, a fall below them is refused on its line", async () => {
    const { s, lekki, cashier, held, tea } = await shopWithOutlets()
    const totals = (units: number) => [HEAD, `tea,Tea,,,,yes,,,,,,,300.00,${units}`, ''].join('\r\n')
    const lower = await apply(cashier, totals(9))
    expect(lower.body.data, JSON.stringify(lower.body)).toMatchObject({ updated: 1, refusedRows: 0 })
    expect(await held()).toEqual({ main: 5, Ikeja: 3, Lekki: 1 })
    const below = await check(cashier, totals(7))
    expect(below.body.data.refused).toEqual([
      { line: 2, column: 'Units', reason: 'must be at least 8: the locations you do not manage hold 8 units of this variant' },
    ])
    expect((await apply(cashier, totals(7))).body.data).toMatchObject({ updated: 0, refusedRows: 1 })
    // A new product's units go to their outlet, not the main store they do not see.
    expect((await apply(cashier, [HEAD, 'jam,Jam,,,,yes,,,,,,,100.00,4', ''].join('\r\n'))).body.data).toMatchObject({ created: 1 })
    const jam = (await stockOf(s)).filter((r) => r.variantId !== tea).map((r) => [r.outletId, r.units])
    expect(jam).toEqual(expect.arrayContaining([[lekki.id, 4]]))
    expect(jam.filter(([outletId]) => outletId !== lekki.id)).toEqual([[null, 0]])
    expect(await held()).toEqual({ main: 5, Ikeja: 3, Lekki: 1 })
  })

  it('a member of several outlets may not change a total (which outlet?), only each outlet by its column', async () => {
    const { s, lekki, ikeja, held } = await shopWithOutlets()
    const both = await staff(t, s, ['VENDOR_INVENTORY'], [lekki.id, ikeja.id])
    const refused = await check(both, [HEAD, 'tea,Tea,,,,yes,,,,,,,300.00,12', ''].join('\r\n'))
    expect(refused.body.data.refused).toEqual([
      {
        line: 2,
        column: 'Units',
        reason: "cannot be changed as a total: you work at several outlets, so set each outlet's units (Stock by location)",
      },
    ])
    const byColumn = [`${HEAD},Units at Ikeja,Units at Lekki,${TAIL}`, 'tea,Tea,,,,yes,,,,,,,300.00,,4,0,,,', ''].join('\r\n')
    expect((await apply(both, byColumn)).body.data).toMatchObject({ updated: 1, refusedRows: 0 })
    expect(await held()).toEqual({ main: 5, Ikeja: 4, Lekki: 0 })
  })
})
