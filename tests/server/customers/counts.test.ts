import { randomUUID } from 'node:crypto'

import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { customers } from '#server/db/sales-schema'

import { call, type TestApp } from '../harness'
import { NAIRA, order, pay, payer, postOrder, salesApp, type Shop, shop, transferIn } from '../orders/helpers'

/*
 * Decision 158: the customers list's total and customer analytics' total and anonymous figures come from a counter
 * kept in the transaction that makes a customer or names an anonymous one. Every way a customer is made or named,
 * one at a time and at once, leaves what the API says equal to what the table holds.
 */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
})

const items = () => [{ variantId: s.small.id, quantity: 1 }]

/** What the table holds, and what the list and the analytics say. */
async function figures() {
  const mine = eq(customers.vendorId, s.vendor.id)
  const [[all], [anonymous]] = await Promise.all([
    t.db.select({ n: count() }).from(customers).where(mine),
    t.db
      .select({ n: count() })
      .from(customers)
      .where(and(mine, eq(customers.isAnonymous, true))),
  ])
  const list = await call(t.app, endpoints.listCustomers, { token: s.token })
  const analytics = await call(t.app, endpoints.customerAnalytics, { token: s.token })
  return {
    table: { total: all!.n, anonymous: anonymous!.n },
    api: {
      total: list.body.data.total,
      analyticsTotal: analytics.body.data.totalCustomers,
      anonymous: analytics.body.data.anonymousCustomers,
    },
  }
}

/** The API agrees with the table, and the table moved by `moved` since `before`. */
async function expectExact(before: Awaited<ReturnType<typeof figures>>, moved: { total: number; anonymous: number }) {
  const now = await figures()
  expect(now.table).toEqual({ total: before.table.total + moved.total, anonymous: before.table.anonymous + moved.anonymous })
  expect(now.api).toEqual({ total: now.table.total, analyticsTotal: now.table.total, anonymous: now.table.anonymous })
}

describe('the customer counter stays exact', () => {
  it('an order naming nobody makes an anonymous customer', async () => {
    const before = await figures()
    await order(t, s.token, { items: items() })
    await expectExact(before, { total: 1, anonymous: 1 })
  })

  it('a named order makes a customer once; the same email again finds them', async () => {
    const before = await figures()
    const email = `${randomUUID().slice(0, 8)}@count.ng`
    await order(t, s.token, { items: items(), customer: { name: 'Kemi Count', email } })
    await order(t, s.token, { items: items(), customer: { name: 'Kemi Again', email } })
    await expectExact(before, { total: 1, anonymous: 0 })
  })

  it('a transfer from a new account makes a customer; from the same account again, none', async () => {
    const before = await figures()
    const from = payer({ bankCode: '058', name: 'Musa Count' })
    for (const narration of ['One', 'Two']) {
      expect((await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, narration, from)).status).toBe(200)
    }
    await expectExact(before, { total: 1, anonymous: 0 })
  })

  it('an anonymous order paid from a new account names its customer: one anonymous customer fewer', async () => {
    const made = await order(t, s.token, { items: items() })
    const before = await figures()
    await pay(t, s, made.reference, 1_000 * NAIRA, payer({ bankCode: '011', name: 'Ngozi Named' }))
    await expectExact(before, { total: 0, anonymous: -1 })
    // Paid again from another new account: she is named already, nothing changes.
    const next = await figures()
    await pay(t, s, made.reference, 100 * NAIRA, payer({ bankCode: '033', name: 'Someone Else' }))
    await expectExact(next, { total: 0, anonymous: 0 })
  })

  it('an anonymous order paid from a known account stays anonymous', async () => {
    const from = payer({ bankCode: '057', name: 'Known Payer' })
    expect((await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, 'First', from)).status).toBe(200)
    const made = await order(t, s.token, { items: items() })
    const before = await figures()
    await pay(t, s, made.reference, 1_000 * NAIRA, from)
    await expectExact(before, { total: 0, anonymous: 0 })
  })

  it('at once: anonymous orders, orders racing for one new email, credits racing for one new account', async () => {
    const before = await figures()
    const email = `${randomUUID().slice(0, 8)}@race.ng`
    const from = payer({ bankCode: '070', name: 'Racing Payer' })
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => postOrder(t, s.token, { items: items() })),
      ...Array.from({ length: 4 }, () => postOrder(t, s.token, { items: items(), customer: { name: 'Race', email } })),
      ...Array.from({ length: 3 }, (_, i) => transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, `Race ${i}`, from)),
    ])
    expect(results.map((res) => res.status)).toEqual([...Array(10).fill(201), ...Array(3).fill(200)])
    // Six anonymous, one by email, one by account.
    await expectExact(before, { total: 8, anonymous: 6 })
  })

  it('at once: one new account paying two anonymous orders names one of them', async () => {
    const [a, b] = [await order(t, s.token, { items: items() }), await order(t, s.token, { items: items() })]
    const before = await figures()
    const from = payer({ bankCode: '232', name: 'Two Orders' })
    await Promise.all([a, b].map((made) => pay(t, s, made.reference, 1_000 * NAIRA, from)))
    await expectExact(before, { total: 0, anonymous: -1 })
  })

  it('rows written straight to the table, as an older release during a rolling restart would, count too', async () => {
    const before = await figures()
    const at = new Date()
    const rows = await t.db
      .insert(customers)
      .values([
        { vendorId: s.vendor.id, name: 'Anonymous customer', isAnonymous: true, createdAt: at, updatedAt: at },
        { vendorId: s.vendor.id, name: 'Old Release', email: `${randomUUID().slice(0, 8)}@old.ng`, createdAt: at, updatedAt: at },
      ])
      .returning()
    await expectExact(before, { total: 2, anonymous: 1 })
    await t.db.update(customers).set({ isAnonymous: false, name: 'Named Later' }).where(eq(customers.id, rows[0]!.id))
    await expectExact(before, { total: 2, anonymous: 0 })
  })
})
