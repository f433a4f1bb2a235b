import { and, eq, isNull } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { productVariants } from '#server/db/schema'
import { variantStock } from '#server/db/stock-schema'

import { authed, call } from '../harness'
import { makeOutlet } from '../outlets/helpers'
import { catalogueApp, type Seller, seller } from './helpers'

/* Units per location in the catalogue CSV (issue 41, decisions 174 and 177): one 'Units at …' column per location. */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const HEAD =
  'Handle,Name,Description,Category,Collection,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Price,Units'
const TAIL = 'SKU,Barcode,Cost'
const apply = (s: Seller, csv: string) => call(t.app, endpoints.importCatalogue, { token: s.token, body: { csv } })
async function exported(s: Seller): Promise<string> {
  const res = await t.app.request(`/api${endpoints.exportCatalogue.path}`, authed(s.token))
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()).slice(1)
}
const stockOf = (s: Seller) =>
  t.db
    .select({ outletId: variantStock.outletId, units: variantStock.units, options: productVariants.options })
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
