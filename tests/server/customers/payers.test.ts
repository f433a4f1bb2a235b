import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { nubanFor } from '#contract/nuban'
import { customers } from '#server/db/sales-schema'

import { call, type TestApp } from '../harness'
import { randomSerial } from '../money/helpers'
import { NAIRA, order, pay, payer, postOrder, salesApp, type Shop, shop, transferIn } from '../orders/helpers'

/* Who a bank credit belongs to: a payer is their bank AND account number; an order's reference names its customer. */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
})

const transaction = (id: string) => call(t.app, endpoints.transactionDetail, { token: s.token, query: { id } }).then((res) => res.body.data)

async function credit(narration: string, from: ReturnType<typeof payer>) {
  const res = await transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, narration, from)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return transaction(res.body.data.transactionId)
}

const customersWith = (accountNumber: string) =>
  t.db
    .select()
    .from(customers)
    .where(and(eq(customers.vendorId, s.vendor.id), eq(customers.accountNumber, accountNumber)))

describe('a payer is a bank and an account number', () => {
  it('the same ten digits at two banks are two customers, each with their own transactions', async () => {
    // Access and First Bank weigh their codes alike, so one serial is the same ten digits at both.
    const serial = randomSerial()
    expect(nubanFor('044', serial)).toBe(nubanFor('011', serial))
    const firstBank = payer({ bankCode: '011', serial, name: 'Chioma Okeke' })
    const access = payer({ bankCode: '044', serial, name: 'Musa Lawal' })
    const a = await credit('Lunch', firstBank)
    const b = await credit('Dinner', access)
    expect(a.customerName).toBe('Chioma Okeke')
    expect(b.customerName).toBe('Musa Lawal')
    expect(a.customerId).not.toBe(b.customerId)
    const rows = await customersWith(firstBank.accountNumber)
    expect(rows.map((row) => [row.name, row.bankName]).sort()).toEqual([
      ['Chioma Okeke', 'First Bank of Nigeria'],
      ['Musa Lawal', 'Access Bank'],
    ])
    // Each customer's page lists only their own money.
    const mine = await call(t.app, endpoints.listTransactions, { token: s.token, query: { customerId: b.customerId! } })
    expect(mine.body.data.items.map((row: { id: string }) => row.id)).toEqual([b.id])
  })

  it('repeated credits from the same bank and account find one customer', async () => {
    const from = payer({ bankCode: '057', name: 'Ngozi Eze' })
    const credits = [await credit('One', from), await credit('Two', from), await credit('Three', { ...from, accountName: 'NGOZI C. EZE' })]
    expect(new Set(credits.map((row) => row.customerId)).size).toBe(1)
    expect(await customersWith(from.accountNumber)).toEqual([expect.objectContaining({ name: 'Ngozi Eze', bankName: 'Zenith Bank' })])
    const filtered = await call(t.app, endpoints.listTransactions, { token: s.token, query: { customerId: credits[0]!.customerId! } })
    expect(filtered.body.data.total).toBe(3)
  })

  it('concurrent first credits from one new account make one customer', async () => {
    const from = payer({ bankCode: '033', name: 'Tunde Bakare' })
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => transferIn(t, s.wallets.main.accountNumber!, 100 * NAIRA, `Tip ${i}`, from)),
    )
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200, 200])
    expect(await customersWith(from.accountNumber)).toHaveLength(1)
  })
})

describe('a credit quoting an order reference belongs to the order’s customer', () => {
  it('even when the paying account is known as another customer; that account stays with its customer', async () => {
    const from = payer({ bankCode: '035', name: 'Adebayo Ogunleye' })
    const earlier = await credit('Office lunch', from)
    const email = `${randomUUID().slice(0, 8)}@buyer.ng`
    const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }], customer: { name: 'Kemi Ogunleye', email } })
    expect(data.customer).not.toBeNull()
    const paid = await transaction(await pay(t, s, data.reference, 1_000 * NAIRA, from))
    expect(paid).toMatchObject({ customerId: data.customer!.id, customerName: 'Kemi Ogunleye', orderReference: data.reference })
    expect(paid.customerId).not.toBe(earlier.customerId)
    // Kemi does not take Adebayo's account: he is still who that account is, for credits naming no order.
    const [kemi] = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.vendorId, s.vendor.id), eq(customers.id, data.customer!.id)))
    expect(kemi).toMatchObject({ accountNumber: null, bankName: null })
    expect((await credit('Snacks', from)).customerId).toBe(earlier.customerId)
  })

  it('a customer who already has an account keeps it when a different account pays her order', async () => {
    const email = `${randomUUID().slice(0, 8)}@buyer.ng`
    const own = payer({ bankCode: '232', name: 'Halima Danjuma' })
    const first = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }], customer: { name: 'Halima Danjuma', email } })
    expect(first.customer).not.toBeNull()
    await pay(t, s, first.reference, 1_000 * NAIRA, own)
    const second = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }], customer: { name: 'Halima Danjuma', email } })
    const husband = payer({ bankCode: '011', name: 'Sani Danjuma' })
    const paid = await transaction(await pay(t, s, second.reference, 1_000 * NAIRA, husband))
    expect(paid.customerId).toBe(first.customer!.id)
    const [halima] = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.vendorId, s.vendor.id), eq(customers.id, first.customer!.id)))
    expect(halima).toMatchObject({ accountNumber: own.accountNumber, bankName: 'Sterling Bank' })
    // The husband's account was not given to anyone: his next credit without a reference is a customer of his own.
    expect((await credit('Gift', husband)).customerName).toBe('Sani Danjuma')
  })

  it('one new account paying two customers’ orders at once: each order’s customer gets the money, one of them the account', async () => {
    const from = payer({ bankCode: '070', name: 'Obinna Chukwu' })
    const orderFor = (name: string) =>
      order(t, s.token, {
        items: [{ variantId: s.small.id, quantity: 1 }],
        customer: { name, email: `${randomUUID().slice(0, 8)}@buyer.ng` },
      })
    const [a, b] = await Promise.all([orderFor('Ada Chukwu'), orderFor('Uche Chukwu')])
    expect(a.customer).not.toBeNull()
    expect(b.customer).not.toBeNull()
    const customerIds = [a.customer!.id, b.customer!.id]
    const ids = await Promise.all([a, b].map((data) => pay(t, s, data.reference, 1_000 * NAIRA, from)))
    const credits = await Promise.all(ids.map(transaction))
    expect(credits.map((row) => row.customerId)).toEqual(customerIds)
    const holders = await customersWith(from.accountNumber)
    expect(holders).toHaveLength(1)
    expect(customerIds).toContain(holders[0]!.id)
  })

  it('an anonymous order paid from a known account is that customer’s money', async () => {
    const from = payer({ bankCode: '50211', name: 'Fatima Abubakar' })
    const earlier = await credit('Asun', from)
    const data = await order(t, s.token, { items: [{ variantId: s.small.id, quantity: 1 }] })
    const paid = await transaction(await pay(t, s, data.reference, 1_000 * NAIRA, from))
    expect(paid.customerId).toBe(earlier.customerId)
  })
})

describe('an order created from a transfer is its payer’s (issue 35)', () => {
  const customerCount = async () => (await call(t.app, endpoints.listCustomers, { token: s.token })).body.data.total as number
  const info = async (customerId: string) =>
    (await call(t.app, endpoints.customerInfo, { token: s.token, query: { customerId } })).body.data

  it('the payer’s own record shows the order and its amount, and no second customer is made', async () => {
    const paid = await credit('Small chops', payer({ bankCode: '058', name: 'Aisha Bello' }))
    const before = await customerCount()
    const items = [{ variantId: s.small.id, quantity: 1 }]

    // What the app sent: the payer's name typed as the customer. It made a second "Aisha Bello" with the order.
    const named = await postOrder(t, s.token, { items, transactionReference: paid.reference, customer: { name: 'Aisha Bello' } })
    expect(named.status).toBe(422)
    expect(named.body.message).toBe("customer: must be left out with transactionReference: the order is the payer's")
    const picked = await postOrder(t, s.token, { items, transactionReference: paid.reference, customerId: paid.customerId })
    expect(picked.status).toBe(422)

    const made = await order(t, s.token, { items, transactionReference: paid.reference })
    expect(made.customer).toMatchObject({ id: paid.customerId, name: 'Aisha Bello' })
    const mine = await info(paid.customerId!)
    expect(mine.customer).toMatchObject({ name: 'Aisha Bello', orderCount: 1, totalSpent: 100 * NAIRA })
    expect(mine.totals).toMatchObject({ orderCount: 1, paidOrderCount: 1, totalPaid: 100 * NAIRA })
    expect(mine.recentOrders.map((row: { reference: string }) => row.reference)).toEqual([made.reference])
    expect(await customerCount()).toBe(before)
  })
})
