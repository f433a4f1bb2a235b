import { fillPlaceholders, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { customerListWhere, customerPage } from '#server/customers/list'
import { cappedCountQuery } from '#server/db/capped-count'
import { customers } from '#server/db/sales-schema'

import { call, createVendor, makeApp, type TestApp, type TestVendor } from '../harness'
import { tokenFor } from '../money/helpers'

/*
 * Issue 38, decision 158: a customer name search of a big vendor reads that vendor's matches from the trigram index
 * on (vendor_id, name) (migration 0026), for its page and its capped total, never every customer of the vendor or of
 * the table. A neighbour of the same size sits beside it. PostgreSQL only, as money/search-plan.test.ts: PGlite
 * plans alike but is slow to fill.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const ROWS = 30_000

let t: TestApp
let v: TestVendor

async function fill(vendorId: string) {
  await t.db.execute(sql`
    insert into customers (id, vendor_id, name, email, is_anonymous, created_at, updated_at)
    select 'plan-' || md5(${vendorId} || n), ${vendorId},
      case when n % 10000 = 1 then 'Aisha Bello' else 'Customer ' || (n % 4001) || ' Okafor' end,
      null, n % 5 = 0, now() - n * interval '1 minute', now()
    from generate_series(1, ${ROWS}) as n`)
}

beforeAll(async () => {
  if (!onPostgres) return
  t = await makeApp()
  v = await createVendor()
  await fill(v.vendor.id)
  await fill((await createVendor()).vendor.id)
  await t.db.execute(sql`analyze customers`)
}, 300_000)

async function explain(query: { toSQL: () => { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL()
  const client = (t.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: Record<string, string>[] }> } })
    .$client
  const result = await client.query(`explain ${text}`, fillPlaceholders(params, {}))
  return result.rows.map((row) => row['QUERY PLAN']).join('\n')
}

describe.skipIf(!onPostgres)(`a name search of a vendor with ${ROWS.toLocaleString('en')} customers`, () => {
  it('reads the page and its total from the trigram index, and finds this vendor’s three', async () => {
    const filters = { page: 1, size: 20, name: 'aisha' }
    const where = customerListWhere(v.vendor.id, filters)
    for (const plan of [await explain(customerPage(t.db, where, filters)), await explain(cappedCountQuery(t.db, customers, where))]) {
      expect(plan, plan).toMatch(/Bitmap Index Scan on customers_vendor_name_trgm_idx/)
      expect(plan, plan).not.toMatch(/Seq Scan on customers/)
      expect(plan, plan).not.toMatch(/Filter: .*~~\*/)
    }
    const token = await tokenFor(t, v.owner.row)
    const res = await call(t.app, endpoints.listCustomers, { token, query: { name: 'AISHA' } })
    expect(res.body.data).toMatchObject({ total: 3, totalCapped: false })
    expect(res.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Aisha Bello', 'Aisha Bello', 'Aisha Bello'])
  })
})
