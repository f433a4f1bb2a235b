import { type SQL, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { EndpointDef, QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { ORDER_STATUSES } from '#contract/orders'

import { call, createVendor, makeApp, type TestApp } from '../harness'
import { tokenFor } from '../money/helpers'

/*
 * Issue 38: the orders and customers calls got new query shapes, counters and indexes (decision 158). Whatever the
 * plan, a client sees the same rows in the same order, the same totals and the same analytics as the plain
 * definitions below, written as straightforward SQL over the tables. A few hundred customers and a thousand orders
 * over two months, created in pairs and threes at the same instant (so `id` must break the ties), one customer with
 * a quarter of the orders, a neighbour vendor of the same shape. PGlite and PostgreSQL alike.
 */

let t: TestApp
let token: string
let vendorId: string
const NOW = new Date('2026-03-10T14:30:00.000Z')
const CUSTOMERS = 240
const ORDERS = 1200

const rowsOf = async <Row>(query: SQL): Promise<Row[]> => ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows

/** Customers and orders of one vendor, set-based; ids sort differently from the creation order on purpose. */
async function fill(vendor: string) {
  const now = NOW.toISOString()
  await t.db.execute(sql`
    insert into customers (id, vendor_id, name, email, is_anonymous, created_at, updated_at)
    select 'eq-' || md5(${vendor} || n), ${vendor},
      case when n % 6 = 0 then 'Anonymous customer'
        else (array['Adaeze Okafor', 'Chinedu Eze', 'Bola Ade', 'Ngozi Bello', 'Tunde Bakare'])[1 + n % 5] || ' ' || n end,
      case when n % 3 = 1 then 'c' || n || '@eq.ng' end, n % 6 = 0,
      ${now}::timestamptz - (n / 2) * interval '6 hours', ${now}::timestamptz
    from generate_series(1, ${CUSTOMERS}) as n`)
  await t.db.execute(sql`
    insert into orders (id, vendor_id, reference, kind, status, customer_id, customer_name, subtotal, amount,
      amount_paid, amount_refunded, amount_refund_committed, item_count, is_shareable, created_at, updated_at)
    select 'eq-' || md5(${vendor} || 'o' || m), ${vendor}, 'ORD-EQ' || upper(substr(md5(${vendor} || m), 1, 12)),
      case when m % 5 = 0 then 'invoice' else 'order' end,
      (${sql.raw(`array[${ORDER_STATUSES.map((s) => `'${s}'`).join(',')}]`)})[1 + m % ${ORDER_STATUSES.length}],
      c.id, c.name, 10000 + m, 10000 + m,
      case when m % 10 in (1, 3, 5, 6) then 10000 + m else 0 end,
      case when m % 10 = 3 then 2500 else 0 end, case when m % 10 = 3 then 2500 else 0 end,
      1, m % 7 = 0, ${now}::timestamptz - (m / 3) * interval '3 hours' - interval '1 minute', ${now}::timestamptz
    from generate_series(1, ${ORDERS}) as m
    left join customers c on c.vendor_id = ${vendor} and m % 10 <> 0
      and c.id = 'eq-' || md5(${vendor} || case when m % 4 = 0 then 1 else 1 + (m * 7) % ${CUSTOMERS} end)`)
  await t.db.execute(sql`
    insert into order_counts (vendor_id, kind, count) select vendor_id, kind, count(*) from orders
    where vendor_id = ${vendor} group by 1, 2`)
}

beforeAll(async () => {
  t = await makeApp()
  t.clock.advance(NOW.getTime() - t.clock.now().getTime())
  const me = await createVendor()
  vendorId = me.vendor.id
  token = await tokenFor(t, me.owner.row)
  await fill(vendorId)
  await fill((await createVendor()).vendor.id)
}, 120_000)

const get = async <E extends EndpointDef>(endpoint: E, query: QueryInput<E>) => {
  const res = await call(t.app, endpoint, { token, query })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

type OrderQuery = QueryInput<typeof endpoints.listOrders>

/** Every page of the order list at `size`, concatenated, and the total each page said. */
async function allOrders(query: OrderQuery, size = 40) {
  const ids: string[] = []
  const totals = new Set<number>()
  const capped = new Set<unknown>()
  for (let page = 1; ; page++) {
    const data = await get(endpoints.listOrders, { ...query, page, size })
    totals.add(data.total)
    capped.add(data.totalCapped)
    ids.push(...data.items.map((item: { id: string }) => item.id))
    if (data.items.length < size) break
  }
  return { ids, totals: [...totals], capped: [...capped] }
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString())

describe('GET /order: the same rows, order and totals for every filter', () => {
  const reference = async (where: SQL) =>
    (
      await rowsOf<{ id: string }>(sql`select id from orders where vendor_id = ${vendorId} and ${where} order by created_at desc, id desc`)
    ).map((row) => row.id)
  const cases: [string, OrderQuery, SQL][] = [
    ['no filter', {}, sql`true`],
    ['kind', { kind: 'invoice' }, sql`kind = 'invoice'`],
    ...ORDER_STATUSES.map((status): [string, OrderQuery, SQL] => [`status ${status}`, { status }, sql`status = ${status}`]),
    ['kind and status', { kind: 'order', status: 'paid' }, sql`kind = 'order' and status = 'paid'`],
    [
      'status and a range',
      { status: 'pending', startDate: '2026-02-20T00:00:00.000Z', endDate: '2026-03-01T00:00:00.000Z' },
      sql`status = 'pending' and created_at between '2026-02-20T00:00:00.000Z' and '2026-03-01T00:00:00.000Z'`,
    ],
    ['shareable', { isShareable: 'true' }, sql`is_shareable`],
    ['reference fragment', { reference: 'eq1' }, sql`reference ilike '%EQ1%'`],
  ]
  it.each(cases)('%s', async (_name, query, where) => {
    const expected = await reference(where)
    expect(expected.length).toBeGreaterThan(0)
    const got = await allOrders(query)
    expect(got.ids).toEqual(expected)
    expect(got.totals).toEqual([expected.length])
    expect(got.capped).toEqual([false])
  })

  it("a customer's orders", async () => {
    const [big] = await rowsOf<{ customer_id: string }>(
      sql`select customer_id from orders where vendor_id = ${vendorId} and customer_id is not null group by 1 order by count(*) desc limit 1`,
    )
    const expected = await reference(sql`customer_id = ${big!.customer_id}`)
    expect(expected.length).toBeGreaterThan(200)
    const got = await allOrders({ customerId: big!.customer_id })
    expect(got.ids).toEqual(expected)
    expect(got.totals).toEqual([expected.length])
  })
})

interface CustomerItem {
  id: string
  orderCount: number
  totalSpent: number
  lastOrderAt: string | null
}

describe('GET /vendor/customers: the same rows, order, totals and per-customer figures', () => {
  const reference = (where: SQL) =>
    rowsOf<{ id: string; order_count: number; total_spent: number; last_order_at: string | null }>(sql`
      select c.id, count(o.id)::int as order_count, coalesce(sum(o.amount_paid - o.amount_refunded), 0)::int as total_spent,
        max(o.created_at) as last_order_at
      from customers c left join orders o on o.vendor_id = c.vendor_id and o.customer_id = c.id
      where c.vendor_id = ${vendorId} and ${where}
      group by c.id, c.created_at order by c.created_at desc, c.id desc`)
  const cases: [string, QueryInput<typeof endpoints.listCustomers>, SQL][] = [
    ['no filter', {}, sql`true`],
    ['name search', { name: 'eze' }, sql`c.name ilike '%eze%'`],
    ['name search, any case, two words', { name: 'NGOZI bel' }, sql`c.name ilike '%ngozi bel%'`],
    ['name search of a number', { name: '12' }, sql`c.name ilike '%12%'`],
    ['email', { email: 'c31@eq.ng' }, sql`c.email = 'c31@eq.ng'`],
    ['anonymous', { isAnonymous: 'true' }, sql`c.is_anonymous`],
    ['named', { isAnonymous: 'false' }, sql`not c.is_anonymous`],
    ['named and a name', { isAnonymous: 'false', name: 'Bola' }, sql`not c.is_anonymous and c.name ilike '%bola%'`],
  ]
  it.each(cases)('%s', async (_name, query, where) => {
    const expected = await reference(where)
    expect(expected.length).toBeGreaterThan(0)
    const items: CustomerItem[] = []
    const totals = new Set<number>()
    for (let page = 1; ; page++) {
      const data = await get(endpoints.listCustomers, { ...query, page, size: 50 })
      totals.add(data.total)
      items.push(...data.items)
      if (data.items.length < 50) break
    }
    expect([...totals]).toEqual([expected.length])
    expect(items.map(({ id, orderCount, totalSpent, lastOrderAt }) => ({ id, orderCount, totalSpent, lastOrderAt }))).toEqual(
      expected.map((row) => ({
        id: row.id,
        orderCount: Number(row.order_count),
        totalSpent: Number(row.total_spent),
        lastOrderAt: iso(row.last_order_at),
      })),
    )
  })
})

describe('GET /analytics/customer and its breakdown: the definitions, for every range the app offers', () => {
  const day = 24 * 60 * 60 * 1000
  const lagosMidnight = Date.parse('2026-03-09T23:00:00.000Z')
  const ranges: [string, string, string][] = [
    ['today', new Date(lagosMidnight).toISOString(), NOW.toISOString()],
    ['yesterday', new Date(lagosMidnight - day).toISOString(), new Date(lagosMidnight - 1).toISOString()],
    ['last 7 days', new Date(lagosMidnight - 6 * day).toISOString(), NOW.toISOString()],
    ['this month', '2026-02-28T23:00:00.000Z', NOW.toISOString()],
    ['last month', '2026-01-31T23:00:00.000Z', '2026-02-28T22:59:59.999Z'],
    ['last 30 days', new Date(lagosMidnight - 29 * day).toISOString(), NOW.toISOString()],
    ['a year', new Date(lagosMidnight - 365 * day).toISOString(), NOW.toISOString()],
  ]
  it.each(ranges)('%s', async (_name, startDate, endDate) => {
    const [expected] = await rowsOf<Record<string, string>>(sql`
      select
        (select count(*) from customers where vendor_id = ${vendorId}) as total,
        (select count(*) from customers where vendor_id = ${vendorId} and is_anonymous) as anonymous,
        (select count(*) from customers where vendor_id = ${vendorId} and created_at between ${startDate} and ${endDate}) as new,
        (select count(distinct o.customer_id) from orders o where o.vendor_id = ${vendorId}
          and o.created_at between ${startDate} and ${endDate}) as active,
        (select count(distinct o.customer_id) from orders o join customers c on c.id = o.customer_id
          where o.vendor_id = ${vendorId} and o.created_at between ${startDate} and ${endDate} and c.created_at < ${startDate}) as returning`)
    const data = await get(endpoints.customerAnalytics, { startDate, endDate })
    expect(data).toEqual({
      startDate,
      endDate,
      totalCustomers: Number(expected!.total),
      anonymousCustomers: Number(expected!.anonymous),
      newCustomers: Number(expected!.new),
      activeCustomers: Number(expected!.active),
      returningCustomers: Number(expected!.returning),
    })
    const breakdown = await get(endpoints.customerBreakdown, { startDate, endDate })
    const points = breakdown.points as { newCustomers: number; activeCustomers: number }[]
    expect(points.reduce((n, p) => n + p.newCustomers, 0)).toBe(Number(expected!.new))
    if (breakdown.bucket === 'day') {
      const [perDay] = await rowsOf<{ n: string }>(sql`
        select coalesce(sum(n), 0) as n from (select count(distinct customer_id) as n from orders
        where vendor_id = ${vendorId} and created_at between ${startDate} and ${endDate}
        group by ((created_at at time zone 'Africa/Lagos')::date)) per`)
      expect(points.reduce((n, p) => n + p.activeCustomers, 0)).toBe(Number(perDay!.n))
    }
  })
})

describe('GET /vendor/customer/info: the totals and newest orders of every kind of customer', () => {
  it('matches the definitions for the biggest customer, an anonymous one and one without orders', async () => {
    const picks = await rowsOf<{ id: string }>(sql`
      (select c.id from customers c join orders o on o.customer_id = c.id where c.vendor_id = ${vendorId}
        group by c.id order by count(*) desc, c.id limit 2)
      union all (select id from customers where vendor_id = ${vendorId} and is_anonymous order by id limit 1)
      union all (select c.id from customers c where c.vendor_id = ${vendorId}
        and not exists (select 1 from orders o where o.customer_id = c.id) order by id limit 1)`)
    expect(picks).toHaveLength(4)
    for (const { id } of picks) {
      const [totals] = await rowsOf<Record<string, string | null>>(sql`
        select count(*) as order_count, count(*) filter (where amount_paid > 0) as paid, coalesce(sum(amount_paid), 0) as paid_sum,
          coalesce(sum(amount_refunded), 0) as refunded, min(created_at) as first, max(created_at) as last
        from orders where vendor_id = ${vendorId} and customer_id = ${id}`)
      const recent = await rowsOf<{ id: string }>(
        sql`select id from orders where vendor_id = ${vendorId} and customer_id = ${id} order by created_at desc, id desc limit 10`,
      )
      const data = await get(endpoints.customerInfo, { customerId: id })
      const paid = Number(totals!.paid)
      const paidSum = Number(totals!.paid_sum)
      expect(data.totals).toEqual({
        orderCount: Number(totals!.order_count),
        paidOrderCount: paid,
        totalPaid: paidSum,
        totalRefunded: Number(totals!.refunded),
        averageOrderValue: paid ? Math.floor((2 * paidSum + paid) / (2 * paid)) : 0,
        firstOrderAt: iso(totals!.first),
        lastOrderAt: iso(totals!.last),
      })
      expect(data.customer).toMatchObject({
        id,
        orderCount: Number(totals!.order_count),
        totalSpent: paidSum - Number(totals!.refunded),
        lastOrderAt: iso(totals!.last),
      })
      expect(data.recentOrders.map((order: { id: string }) => order.id)).toEqual(recent.map((row) => row.id))
    }
  })
})
