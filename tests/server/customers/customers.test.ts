import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { MINUTE_MS } from '#server/clock'

import { call, createMember, createVendor, makeApp, prepare, type TestApp } from '../harness'
import { tokenFor } from '../money/helpers'
import { insertCustomer, insertOrder } from '../orders/fixtures'

/* GET /vendor/customers and /vendor/customer/info: filters, order totals, object-level access and permission. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

async function owner() {
  const vendor = await createVendor()
  return { vendor, vendorId: vendor.vendor.id, token: await tokenFor(t, vendor.owner.row) }
}

const list = (token: string, query: Record<string, string> = {}) => call(t.app, endpoints.listCustomers, { token, query })
const info = (token: string, customerId: string) => call(t.app, endpoints.customerInfo, { token, query: { customerId } })
const names = (res: { body: { data: { items: { name: string }[] } } }) => res.body.data.items.map((item) => item.name)
const T0 = Date.parse('2026-02-01T09:00:00Z')
const at = (minutes: number) => new Date(T0 + minutes * MINUTE_MS)

describe('GET /vendor/customers', () => {
  let token: string
  let ids: Record<string, string>
  beforeAll(async () => {
    const me = await owner()
    token = me.token
    const ada = await insertCustomer(t.db, me.vendorId, {
      name: 'Adaeze Okafor',
      email: 'adaeze@example.ng',
      phone: '08031112222',
      createdAt: at(0),
    })
    const chinedu = await insertCustomer(t.db, me.vendorId, {
      name: 'Chinedu Eze',
      email: 'chinedu@example.ng',
      createdAt: at(1),
    })
    const anon = await insertCustomer(t.db, me.vendorId, {
      isAnonymous: true,
      name: 'Anonymous customer',
      createdAt: at(2),
    })
    const bola = await insertCustomer(t.db, me.vendorId, { name: 'Bola 50% Stores', createdAt: at(3) })
    ids = { ada: ada.id, chinedu: chinedu.id, anon: anon.id, bola: bola.id }
    await insertOrder(t.db, me.vendorId, {
      customer: ada,
      status: 'refunded',
      amount: 5_000_00,
      amountPaid: 5_000_00,
      amountRefunded: 1_000_00,
      createdAt: at(10),
    })
    await insertOrder(t.db, me.vendorId, {
      customer: ada,
      kind: 'invoice',
      status: 'paid',
      amount: 2_500_00,
      amountPaid: 2_500_00,
      createdAt: at(20),
    })
    await insertOrder(t.db, me.vendorId, { customer: ada, status: 'pending', amount: 9_999_00, createdAt: at(30) })
    await insertOrder(t.db, me.vendorId, {
      customer: anon,
      status: 'paid',
      amount: 700_00,
      amountPaid: 700_00,
      createdAt: at(40),
    })
    // Another vendor's customer with the same email, and an order without a customer: neither shows up.
    const other = await owner()
    await insertCustomer(t.db, other.vendorId, { name: 'Adaeze Okafor', email: 'adaeze@example.ng', createdAt: at(5) })
    await insertOrder(t.db, me.vendorId, { status: 'paid', amount: 100_00, amountPaid: 100_00, createdAt: at(50) })
  })

  it('lists newest first, paged, with each customer’s order totals', async () => {
    const all = await list(token)
    expect(all.status).toBe(200)
    expect(all.body.data).toMatchObject({ page: 1, size: 20, total: 4 })
    expect(names(all)).toEqual(['Bola 50% Stores', 'Anonymous customer', 'Chinedu Eze', 'Adaeze Okafor'])
    const ada = all.body.data.items.find((item: { id: string }) => item.id === ids.ada)
    expect(ada).toEqual({
      id: ids.ada,
      name: 'Adaeze Okafor',
      email: 'adaeze@example.ng',
      phone: '08031112222',
      isAnonymous: false,
      orderCount: 3,
      // 5,000 paid − 1,000 refunded + 2,500 paid; the pending order adds nothing.
      totalSpent: 6_500_00,
      lastOrderAt: at(30).toISOString(),
      createdAt: at(0).toISOString(),
    })
    expect(all.body.data.items.find((item: { id: string }) => item.id === ids.chinedu)).toMatchObject({
      orderCount: 0,
      totalSpent: 0,
      lastOrderAt: null,
    })
    expect(all.body.data.items.find((item: { id: string }) => item.id === ids.anon)).toMatchObject({
      isAnonymous: true,
      orderCount: 1,
      totalSpent: 700_00,
    })
    const first = await list(token, { size: '3' })
    const second = await list(token, { size: '3', page: '2' })
    expect([...names(first), ...names(second)]).toEqual(names(all))
    expect(second.body.data).toMatchObject({ page: 2, size: 3, total: 4 })
    const tooBig = await list(token, { size: '1000000' })
    expect([tooBig.status, tooBig.body.message]).toEqual([422, 'size: must be at most 1000'])
  })

  it('filters by part of the name in any case, with % and _ taken literally', async () => {
    expect(names(await list(token, { name: 'ADA' }))).toEqual(['Adaeze Okafor'])
    expect(names(await list(token, { name: 'eze' }))).toEqual(['Chinedu Eze', 'Adaeze Okafor'])
    expect(names(await list(token, { name: '50%' }))).toEqual(['Bola 50% Stores'])
    expect(names(await list(token, { name: '%' }))).toEqual(['Bola 50% Stores'])
    expect(names(await list(token, { name: '_' }))).toEqual([])
    expect((await list(token, { name: '' })).body.data.total).toBe(4)
  })

  it('filters by exact email, any case', async () => {
    expect(names(await list(token, { email: ' ADAEZE@Example.NG ' }))).toEqual(['Adaeze Okafor'])
    expect((await list(token, { email: 'adaeze' })).body.data.total).toBe(0)
    expect((await list(token, { email: 'adaeze@example.ng', name: 'Chinedu' })).body.data.total).toBe(0)
  })

  it('filters anonymous or named customers', async () => {
    expect(names(await list(token, { isAnonymous: 'true' }))).toEqual(['Anonymous customer'])
    expect(names(await list(token, { isAnonymous: 'false' }))).toEqual(['Bola 50% Stores', 'Chinedu Eze', 'Adaeze Okafor'])
  })

  it('422 naming the field for bad filters', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ isAnonymous: 'maybe' }, 'isAnonymous: must be true or false'],
      [{ name: 'x'.repeat(101) }, 'name: is too long'],
      [{ email: `${'x'.repeat(250)}@x.ng` }, 'email: is too long'],
      [{ page: '0' }, 'page: must be at least 1'],
      [{ size: 'ten' }, 'size: must be a whole number'],
    ]
    for (const [query, message] of cases) {
      const res = await list(token, query)
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
  })

  it('pages through 10,000 customers, totals computed for the page only', async () => {
    const me = await owner()
    await t.db.execute(sql`
      insert into customers (id, vendor_id, name, email, is_anonymous, created_at, updated_at)
      select 'bulk-' || ${me.vendorId} || '-' || n, ${me.vendorId}, 'Bulk customer ' || n, 'bulk' || n || '@example.ng',
        n % 10 = 0, ${new Date(T0).toISOString()}::timestamptz + n * interval '1 second',
        ${new Date(T0).toISOString()}::timestamptz
      from generate_series(1, 10000) as n`)
    await t.db.execute(sql`
      insert into orders (id, vendor_id, reference, kind, status, customer_id, customer_name, subtotal, amount,
        amount_paid, item_count, created_at, updated_at)
      select 'bulk-order-' || ${me.vendorId} || '-' || n, ${me.vendorId}, 'ORD-B' || n || '-' || substr(${me.vendorId}, 1, 8),
        'order', 'paid', 'bulk-' || ${me.vendorId} || '-' || n, 'Bulk customer ' || n, 1000, 1000, 1000, 1,
        now(), now()
      from generate_series(1, 10000) as n`)
    const first = await list(me.token)
    expect(first.body.data.total).toBe(10_000)
    expect(first.body.data.items[0]).toMatchObject({
      name: 'Bulk customer 10000',
      orderCount: 1,
      totalSpent: 1000,
      isAnonymous: true,
    })
    const last = await list(me.token, { page: '500', size: '20' })
    expect(last.body.data.items.at(-1)).toMatchObject({ name: 'Bulk customer 1', orderCount: 1 })
    expect((await list(me.token, { isAnonymous: 'true' })).body.data.total).toBe(1_000)
    expect(names(await list(me.token, { email: 'bulk77@example.ng' }))).toEqual(['Bulk customer 77'])
  })
})

describe('GET /vendor/customer/info', () => {
  it('totals worked out by hand, and the 10 newest orders', async () => {
    const me = await owner()
    const ngozi = await insertCustomer(t.db, me.vendorId, {
      name: 'Ngozi Bello',
      email: 'ngozi@example.ng',
      createdAt: at(0),
    })
    const orders = [
      await insertOrder(t.db, me.vendorId, {
        customer: ngozi,
        status: 'refunded',
        amount: 10_000_00,
        amountPaid: 10_000_00,
        amountRefunded: 2_500_00,
        createdAt: at(60),
      }),
      await insertOrder(t.db, me.vendorId, {
        customer: ngozi,
        status: 'paid',
        amount: 3_333_33,
        amountPaid: 3_333_33,
        createdAt: at(120),
      }),
      await insertOrder(t.db, me.vendorId, {
        customer: ngozi,
        status: 'pending',
        amount: 5_000_00,
        createdAt: at(180),
      }),
      await insertOrder(t.db, me.vendorId, {
        customer: ngozi,
        kind: 'invoice',
        status: 'partially-paid',
        amount: 2_000_00,
        amountPaid: 1_500_00,
        createdAt: at(240),
      }),
    ]
    const res = await info(me.token, ngozi.id)
    expect(res.status).toBe(200)
    expect(res.body.data.customer).toMatchObject({
      id: ngozi.id,
      name: 'Ngozi Bello',
      orderCount: 4,
      totalSpent: 12_333_33,
      lastOrderAt: at(240).toISOString(),
    })
    expect(res.body.data.totals).toEqual({
      orderCount: 4,
      paidOrderCount: 3,
      totalPaid: 14_833_33,
      totalRefunded: 2_500_00,
      // 1,483,333 ÷ 3 = 494,444.33 kobo
      averageOrderValue: 494_444,
      firstOrderAt: at(60).toISOString(),
      lastOrderAt: at(240).toISOString(),
    })
    expect(res.body.data.recentOrders.map((order: { reference: string }) => order.reference)).toEqual(
      orders.map((order) => order.reference).reverse(),
    )
    expect(res.body.data.recentOrders[0]).toEqual({
      id: orders[3]!.id,
      reference: orders[3]!.reference,
      kind: 'invoice',
      // Written straight into the table, without the numbering POST /order does (decision 191).
      invoiceNumber: null,
      status: 'partially-paid',
      customer: { id: ngozi.id, name: 'Ngozi Bello' },
      itemCount: 1,
      currency: 'NGN',
      amount: 2_000_00,
      amountPaid: 1_500_00,
      amountRefunded: 0,
      isShareable: false,
      dueDate: null,
      createdAt: at(240).toISOString(),
      updatedAt: at(240).toISOString(),
    })
  })

  it('averages half up, and only the 10 newest of 12 orders are listed', async () => {
    const me = await owner()
    const tunde = await insertCustomer(t.db, me.vendorId, { name: 'Tunde Bakare' })
    await insertOrder(t.db, me.vendorId, {
      customer: tunde,
      status: 'paid',
      amount: 1001,
      amountPaid: 1001,
      createdAt: at(0),
    })
    await insertOrder(t.db, me.vendorId, {
      customer: tunde,
      status: 'paid',
      amount: 1000,
      amountPaid: 1000,
      createdAt: at(1),
    })
    const made = []
    for (let i = 2; i < 12; i++) {
      made.push(await insertOrder(t.db, me.vendorId, { customer: tunde, status: 'pending', amount: 500_00, createdAt: at(i) }))
    }
    const res = await info(me.token, tunde.id)
    // 2,001 ÷ 2 = 1,000.5 → 1,001 (half up, not to even).
    expect(res.body.data.totals).toMatchObject({
      orderCount: 12,
      paidOrderCount: 2,
      totalPaid: 2001,
      averageOrderValue: 1001,
    })
    expect(res.body.data.recentOrders.map((o: { id: string }) => o.id)).toEqual(made.map((o) => o.id).reverse())
  })

  it('a customer without orders has zero totals', async () => {
    const me = await owner()
    const quiet = await insertCustomer(t.db, me.vendorId, { name: 'Quiet Customer' })
    expect((await info(me.token, quiet.id)).body.data).toMatchObject({
      customer: { orderCount: 0, totalSpent: 0, lastOrderAt: null },
      totals: {
        orderCount: 0,
        paidOrderCount: 0,
        totalPaid: 0,
        totalRefunded: 0,
        averageOrderValue: 0,
        firstOrderAt: null,
        lastOrderAt: null,
      },
      recentOrders: [],
    })
  })

  it('404 for another vendor’s customer or an unknown id; 422 for a missing or overlong id', async () => {
    const me = await owner()
    const other = await owner()
    const theirs = await insertCustomer(t.db, other.vendorId, { name: 'Their Customer' })
    await insertOrder(t.db, other.vendorId, { customer: theirs, status: 'paid', amount: 100, amountPaid: 100 })
    for (const id of [theirs.id, 'no-such-customer']) {
      const res = await info(me.token, id)
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: 'Customer not found', code: 'NOT_FOUND' })
    }
    expect((await call(t.app, endpoints.customerInfo, { token: me.token })).body.message).toBe('customerId: is required')
    expect((await info(me.token, '  ')).body.message).toBe('customerId: is required')
    expect((await info(me.token, 'x'.repeat(65))).body.message).toBe('customerId: is too long')
    expect((await info(other.token, theirs.id)).status).toBe(200)
  })
})

describe('permission', () => {
  it('403 on every customer call without VENDOR_CUSTOMERS; allowed with it', async () => {
    const me = await owner()
    const customer = await insertCustomer(t.db, me.vendorId, { name: 'Seen By Some' })
    const calls = [
      prepare(endpoints.listCustomers),
      prepare(endpoints.customerInfo, { query: { customerId: customer.id } }),
      prepare(endpoints.customerAnalytics),
      prepare(endpoints.customerBreakdown),
    ]
    const without = await tokenFor(t, (await createMember(me.vendor, { permissions: ['VENDOR_ORDERS', 'VENDOR_TRANSACTIONS'] })).row)
    const withIt = await tokenFor(t, (await createMember(me.vendor, { permissions: ['VENDOR_CUSTOMERS'] })).row)
    for (const request of calls) {
      const refused = await request.send(t.app, { token: without })
      expect(refused.status, request.label).toBe(403)
      expect(refused.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
      expect((await request.send(t.app, { token: withIt })).status, request.label).toBe(200)
    }
  })
})
