import { randomUUID } from 'node:crypto'

import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, type TestApp } from '../harness'
import { NAIRA, order, pay, payer, postOrder, salesApp, type Shop, shop } from '../orders/helpers'

/*
 * Decision 171: each customer's newest order per vendor (customer_last_orders, kept by triggers on orders) answers
 * customer analytics' active and returning figures for a range no order comes after. After every way an order is
 * made, paid, moved, renamed or deleted, by the API or straight in SQL, one at a time and at once, the table equals a
 * recount from the orders, and the analytics equal their definitions over the rows, for a range the table answers
 * (ending after the newest order) and for one it does not (ending before it). PGlite and PostgreSQL alike.
 */

let t: TestApp
let s: Shop
let other: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
  other = await shop(t)
})

const HOUR = 3600_000
/** The clock moves in steps a signed-in session outlives; older history is made by moving orders back in SQL. */
const STEP = 10 * 60_000
const items = (of: Shop = s) => [{ variantId: of.small.id, quantity: 1 }]
const named = (name: string) => ({ name, email: `${randomUUID().slice(0, 8)}@last.ng` })
const rowsOf = async <Row>(query: ReturnType<typeof sql>): Promise<Row[]> =>
  ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows

/** Rows of the table that differ from a recount of the orders (either side missing included), for every vendor. */
async function drift() {
  return rowsOf<Record<string, unknown>>(sql`
    select k.customer_id as kept, r.customer_id as recounted from customer_last_orders k
    full join (select o.vendor_id, o.customer_id, max(o.created_at) as last_order_at, c.created_at
      from orders o join customers c on c.id = o.customer_id group by o.vendor_id, o.customer_id, c.created_at) r
      on r.vendor_id = k.vendor_id and r.customer_id = k.customer_id
    where (k.last_order_at, k.customer_created_at) is distinct from (r.last_order_at, r.created_at)`)
}

/** Active and returning over [start, end] as the API says them, and as their definitions over the rows. */
async function activity(start: Date, end: Date) {
  const [startDate, endDate] = [start.toISOString(), end.toISOString()]
  const res = await call(t.app, endpoints.customerAnalytics, { token: s.token, query: { startDate, endDate } })
  expect(res.status).toBe(200)
  const [expected] = await rowsOf<{ active: string; returning: string }>(sql`
    select count(distinct o.customer_id) as active,
      count(distinct o.customer_id) filter (where c.created_at < ${startDate}) as returning
    from orders o join customers c on c.id = o.customer_id
    where o.vendor_id = ${s.vendor.id} and o.created_at between ${startDate} and ${endDate}`)
  return {
    api: { active: res.body.data.activeCustomers, returning: res.body.data.returningCustomers },
    rows: { active: Number(expected!.active), returning: Number(expected!.returning) },
  }
}

/** The table equals the recount; the analytics equal the rows, for ranges ending after and before the newest order. */
async function expectExact() {
  expect(await drift()).toEqual([])
  const now = t.clock.now().getTime()
  for (const [start, end] of [
    [now - 30 * 24 * HOUR, now + HOUR],
    [now - 15 * 60_000, now + HOUR],
    [now - 30 * 24 * HOUR, now - 5 * 60_000],
  ]) {
    const { api, rows } = await activity(new Date(start!), new Date(end!))
    expect(api).toEqual(rows)
  }
}

describe("each customer's newest order stays exact", () => {
  it('orders made by the API over days, for new, returning and anonymous customers', async () => {
    const kemi = named('Kemi Last')
    const first = await order(t, s.token, { items: items(), customer: kemi })
    // Her first order, and her, two days back: she returns in any range after that.
    await t.db.execute(sql`update orders set created_at = created_at - interval '2 days' where reference = ${first.reference}`)
    await t.db.execute(sql`update customers set created_at = created_at - interval '2 days' where email = ${kemi.email}`)
    t.clock.advance(STEP)
    await order(t, s.token, { items: items() })
    await order(t, s.token, { items: items(), customer: named('Tunde First') })
    t.clock.advance(STEP)
    await order(t, s.token, { items: items(), customer: kemi })
    await order(t, other.token, { items: items(other), customer: named('Beside Shop') })
    await expectExact()
    // Kemi ordered twice: one row, at her newer order; created two days back, so she returns in the last 15 minutes.
    const [kemiRow] = await rowsOf<{ n: string }>(sql`
      select count(*) as n from customer_last_orders k join customers c on c.id = k.customer_id
      where k.vendor_id = ${s.vendor.id} and c.email = ${kemi.email} and k.last_order_at = ${t.clock.now().toISOString()}`)
    expect(Number(kemiRow!.n)).toBe(1)
    const { api } = await activity(new Date(t.clock.now().getTime() - 15 * 60_000), new Date(t.clock.now().getTime() + HOUR))
    expect(api.returning).toBeGreaterThanOrEqual(1)
  })

  it('an order paid, and named by its payment, moves nothing', async () => {
    t.clock.advance(STEP)
    const made = await order(t, s.token, { items: items() })
    await expectExact()
    await pay(t, s, made.reference, 1_000 * NAIRA, payer({ bankCode: '011', name: 'Paid Later' }))
    await expectExact()
  })

  it('at once: orders of one new customer and of others', async () => {
    t.clock.advance(STEP)
    const racer = named('Race Last')
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => postOrder(t, s.token, { items: items(), customer: racer })),
      ...Array.from({ length: 3 }, (_, i) => postOrder(t, s.token, { items: items(), customer: named(`Crowd ${i}`) })),
      ...Array.from({ length: 3 }, () => postOrder(t, s.token, { items: items() })),
    ])
    expect(results.map((res) => res.status)).toEqual(Array(11).fill(201))
    await expectExact()
  })

  it('orders written straight in SQL, moved, re-timed, given another customer and deleted', async () => {
    t.clock.advance(STEP)
    const picked = await rowsOf<{ id: string; customer_id: string }>(sql`
      select o.id, o.customer_id from orders o where o.vendor_id = ${s.vendor.id} and o.customer_id is not null
      order by o.created_at desc, o.id desc limit 3`)
    const [newest, second, third] = picked
    // A set-based insert, as an older release or a load would write: two orders of one customer, one of another.
    const at = t.clock.now().toISOString()
    await t.db.execute(sql`
      insert into orders (id, vendor_id, reference, kind, status, customer_id, customer_name, subtotal, amount,
        amount_paid, amount_refunded, amount_refund_committed, item_count, is_shareable, created_at, updated_at)
      select 'last-' || n || '-' || ${randomUUID()}, ${s.vendor.id}, 'ORD-LAST' || upper(substr(md5(random()::text), 1, 10)),
        'order', 'pending', case when n < 3 then ${second!.customer_id} else ${third!.customer_id} end, 'Set Based',
        1000, 1000, 0, 0, 0, 1, false, ${at}::timestamptz - n * interval '1 minute', ${at}::timestamptz
      from generate_series(1, 3) as n`)
    await expectExact()
    // The newest order of a customer moved back in time, then forward past everything.
    await t.db.execute(sql`update orders set created_at = created_at - interval '40 days' where id = ${newest!.id}`)
    await expectExact()
    await t.db.execute(sql`update orders set created_at = ${at}::timestamptz + interval '1 minute' where id = ${newest!.id}`)
    await expectExact()
    // Given to another customer: both customers' rows are recounted.
    await t.db.execute(sql`update orders set customer_id = ${third!.customer_id} where id = ${newest!.id}`)
    await expectExact()
    // To nobody, then deleted: a customer left with no order has no row.
    await t.db.execute(sql`update orders set customer_id = null where id = ${second!.id}`)
    await expectExact()
    // Deleted: the newest of a customer's (the set-based ones have nothing pointing at them), then a customer's only
    // order, which leaves that customer no row.
    await t.db.execute(sql`delete from orders where id like 'last-1-%' and vendor_id = ${s.vendor.id}`)
    await expectExact()
    const [once] = await rowsOf<{ id: string }>(sql`
      insert into customers (vendor_id, id, name, created_at, updated_at)
      values (${s.vendor.id}, ${`once-${randomUUID()}`}, 'Only Once', ${at}, ${at}) returning id`)
    const onlyOrder = `once-${randomUUID()}`
    await t.db.execute(sql`
      insert into orders (id, vendor_id, reference, kind, status, customer_id, customer_name, subtotal, amount,
        amount_paid, amount_refunded, amount_refund_committed, item_count, is_shareable, created_at, updated_at)
      values (${onlyOrder}, ${s.vendor.id}, ${`ORD-ONCE${randomUUID().slice(0, 8)}`}, 'order', 'pending', ${once!.id},
        'Only Once', 1000, 1000, 0, 0, 0, 1, false, ${at}, ${at})`)
    await expectExact()
    await t.db.execute(sql`delete from orders where id = ${onlyOrder}`)
    await expectExact()
    const [gone] = await rowsOf<{ n: string }>(sql`select count(*) as n from customer_last_orders where customer_id = ${once!.id}`)
    expect(Number(gone!.n)).toBe(0)
  })

  it("a customer's created_at changed is copied: returning follows it", async () => {
    const [someone] = await rowsOf<{ customer_id: string }>(sql`
      select customer_id from customer_last_orders where vendor_id = ${s.vendor.id} order by last_order_at desc limit 1`)
    await t.db.execute(sql`update customers set created_at = ${t.clock.now().toISOString()} where id = ${someone!.customer_id}`)
    await expectExact()
  })
})
