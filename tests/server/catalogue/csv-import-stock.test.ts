import { and, eq, isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { changeUnits } from '#server/catalogue/locations'
import { adjustStock, lockProductOfVariant } from '#server/catalogue/stock'
import type { Tx } from '#server/db/client'
import { productVariants } from '#server/db/schema'
import { variantStock } from '#server/db/stock-schema'

import { call, type CallResult } from '../harness'
import { makeOutlet } from '../outlets/helpers'
import { catalogueApp, type Seller, seller } from './helpers'

/*
 * A catalogue import and the sales around it (issue 41, decision 177): the import plans from what it has locked,
 * so a sale before it is counted, a sale during it waits, and a count that cannot be set is a clear answer: never a
 * 500, never half an import, the stock always exact.
 */

let t: Awaited<ReturnType<typeof catalogueApp>>
beforeAll(async () => {
  t = await catalogueApp()
})

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

const HEAD =
  'Handle,Name,Description,Category,Collection,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Price,Units'
const BY_LOCATION = `${HEAD},Units at Main store,Units at Lekki`
const apply = (s: Seller, csv: string) => call(t.app, endpoints.importCatalogue, { token: s.token, body: { csv } })
const check = (s: Seller, csv: string) => call(t.app, endpoints.checkCatalogueImport, { token: s.token, body: { csv } })
const file = (...lines: string[]) => [...lines, ''].join('\r\n')

/** A vendor with tea: 5 units at the main store and 2 at Lekki. */
async function teaAtTwoPlaces() {
  const s = await seller(t)
  const lekki = await makeOutlet(t, s.token, { name: 'Lekki' })
  const made = await apply(s, file(BY_LOCATION, 'tea,Tea,,,,yes,,,,,,,300.00,,5,2'))
  expect(made.body.data, JSON.stringify(made.body)).toMatchObject({ created: 1 })
  const [tea] = await t.db.select().from(productVariants).where(eq(productVariants.vendorId, s.vendor.id))
  /** The tea's units by location and its total. */
  const stock = async () => {
    const rows = await t.db.select().from(variantStock).where(eq(variantStock.variantId, tea!.id))
    const [variant] = await t.db
      .select({ total: productVariants.availableUnits })
      .from(productVariants)
      .where(and(eq(productVariants.id, tea!.id), isNull(productVariants.deletedAt)))
    const at = Object.fromEntries(rows.map((r) => [r.outletId === lekki.id ? 'Lekki' : 'Main store', r.units]))
    return { ...at, total: variant!.total }
  }
  return { s, lekki, tea: tea!, stock }
}

describe('a sale and an import', () => {
  it('a sale committed between the dry run and the import is counted: the import sets what the file says', async () => {
    const { s, tea, stock } = await teaAtTwoPlaces()
    const csv = file(BY_LOCATION, 'tea,Tea,,,,yes,,,,,,,300.00,,3,2')
    expect((await check(s, csv)).body.data).toMatchObject({ updated: 1 })
    await t.db.transaction((tx) => adjustStock(tx, s.vendor.id, tea.id, -2))
    // The count the file gives is the count now: nothing left to change.
    const res = await apply(s, csv)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toMatchObject({ updated: 0, unchanged: 1 })
    expect(await stock()).toEqual({ 'Main store': 3, Lekki: 2, total: 5 })
  })
})

/** db.execute answers `{ rows }` on both drivers. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows

/**
 * Runs `change` (a sale, a transfer) in a transaction that stays open until the import, sent meanwhile, is seen
 * waiting for it; then commits it and answers the import's answer. Two connections: PostgreSQL only.
 */
async function duringImport(s: Seller, csv: string, change: (tx: Tx) => Promise<unknown>): Promise<CallResult> {
  let importing: Promise<CallResult> | undefined
  await t.db.transaction(async (tx) => {
    await change(tx)
    const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [{ pid: number }]
    importing = apply(s, csv)
    for (let waited = 0; ; waited += 20) {
      const blocked = await t.db.execute(sql`select 1 from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`)
      if (rowsOf(blocked).length) break
      if (waited > 20_000) throw new Error('the import never waited for the sale')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })
  return importing!
}

describe.skipIf(!onPostgres)('a sale while an import runs (PostgreSQL: two connections)', () => {
  it('a decrease below what a sale left: the import waits for the sale, then sets the count exactly', async () => {
    const { s, tea, stock } = await teaAtTwoPlaces()
    // The file takes the main store from 5 to 1; 3 are sold while the import reads the catalogue.
    const res = await duringImport(s, file(BY_LOCATION, 'tea,Tea,,,,yes,,,,,,,300.00,,1,2'), (tx) =>
      adjustStock(tx, s.vendor.id, tea.id, -3),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toMatchObject({ updated: 1, refusedRows: 0 })
    expect(await stock()).toEqual({ 'Main store': 1, Lekki: 2, total: 3 })
  })

  it('a total below what the outlets came to hold meanwhile is refused on its line, not a 500; nothing changes', async () => {
    const { s, lekki, tea, stock } = await teaAtTwoPlaces()
    // The file's total 4 fits the 2 Lekki holds now; 3 more reach Lekki while the import reads.
    const res = await duringImport(s, file(HEAD, 'tea,Tea,,,,yes,,,,,,,300.00,4'), async (tx) => {
      await lockProductOfVariant(tx, s.vendor.id, tea.id)
      await changeUnits(tx, s.vendor.id, tea.id, null, -3)
      await changeUnits(tx, s.vendor.id, tea.id, lekki.id, 3)
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toMatchObject({ updated: 0, refusedRows: 1 })
    expect(res.body.data.refused).toEqual([
      { line: 2, column: 'Units', reason: 'must be at least 5: your outlets hold 5 units (move them to the main store first)' },
    ])
    expect(await stock()).toEqual({ 'Main store': 2, Lekki: 5, total: 7 })
  })
})
