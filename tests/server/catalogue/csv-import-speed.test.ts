import { describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call } from '../harness'
import { catalogueApp, seller } from './helpers'

/*
 * Issue 41: "5,000 rows import in under a minute on this machine". 2,500 products of two variants each, through
 * the HTTP endpoints: the dry run, then the import in one transaction, then the same file again (all unchanged).
 */

const ROWS = 5_000

function bigCatalogue(): string {
  const lines = ['Handle,Name,Description,Category,Collection,Published,Option1 Name,Option1 Value,Price,Units']
  for (let i = 0; i < ROWS / 2; i++) {
    const handle = `product-${i}`
    lines.push(`${handle},Product ${i},"Made in Lagos, batch ${i}",Groceries,Shelf ${i % 20},yes,Size,Small,${1000 + i}.50,${i % 50}`)
    lines.push(`${handle},,,,,,,Large,${2000 + i}.00,${i % 7}`)
  }
  return `${lines.join('\r\n')}\r\n`
}

describe('importing 5,000 rows', () => {
  it('takes under a minute (dry run, import, and the same file again)', async () => {
    const t = await catalogueApp()
    const s = await seller(t)
    const text = bigCatalogue()
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = performance.now()
      const result = await work()
      return [result, performance.now() - started]
    }
    const [dry, dryMs] = await timed(() => call(t.app, endpoints.checkCatalogueImport, { token: s.token, body: { csv: text } }))
    expect(dry.body.data).toMatchObject({ rows: ROWS, created: ROWS / 2, refusedRows: 0, collectionsCreated: 20 })
    const [done, applyMs] = await timed(() => call(t.app, endpoints.importCatalogue, { token: s.token, body: { csv: text } }))
    expect(done.status, JSON.stringify(done.body).slice(0, 500)).toBe(201)
    expect(done.body.data).toMatchObject({ rows: ROWS, created: ROWS / 2 })
    const [again, againMs] = await timed(() => call(t.app, endpoints.importCatalogue, { token: s.token, body: { csv: text } }))
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: ROWS / 2 })
    console.log(
      `[csv import] ${ROWS} rows: dry run ${(dryMs / 1000).toFixed(1)} s, import ${(applyMs / 1000).toFixed(1)} s, ` +
        `same file again ${(againMs / 1000).toFixed(1)} s`,
    )
    expect(applyMs).toBeLessThan(60_000)
    const list = await call(t.app, endpoints.listProducts, { token: s.token, query: { page: 1, size: 1, name: 'Product 2499' } })
    expect(list.body.data.items[0]).toMatchObject({ minPrice: 3499_50, maxPrice: 4499_00, variantCount: 2, totalUnits: 49 })
  }, 180_000)
})
