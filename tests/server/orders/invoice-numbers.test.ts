import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { orders } from '#server/db/sales-schema'
import { nextDocumentNumber } from '#server/orders/document-numbers'

import { call, type TestApp } from '../harness'
import { NAIRA, order, orderData, postOrder, salesApp, shop } from './helpers'

/*
 * Invoice numbers (issue 42, decision 191): each vendor's invoices are INV-000001, INV-000002… with no gap and no
 * duplicate, however many are made at once. On PostgreSQL (TEST_DATABASE_URL) the 30 creations below really run
 * at the same time and queue on the vendor's counter row; on PGlite they run one after another, and the
 * assertions are the same.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const invoice = (name = 'Catering for 50') => ({ kind: 'invoice', items: [{ name, amount: 25_000 * NAIRA, quantity: 1 }] })

describe('invoice numbers', () => {
  it('numbers each vendor’s invoices from INV-000001, shows the number on the invoice and its list row, and leaves orders unnumbered', async () => {
    const s = await shop(t)
    const first = await order(t, s.token, invoice())
    const plain = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    const second = await order(t, s.token, invoice())
    expect(first.invoiceNumber).toBe('INV-000001')
    expect(plain.invoiceNumber).toBeNull()
    expect(second.invoiceNumber).toBe('INV-000002')
    expect((await orderData(t, s.token, second.reference)).invoiceNumber).toBe('INV-000002')
    const list = await call(t.app, endpoints.listOrders, { token: s.token, query: { kind: 'invoice' } })
    expect(list.body.data.items.map((row) => row.invoiceNumber).sort()).toEqual(['INV-000001', 'INV-000002'])

    const other = await shop(t)
    expect((await order(t, other.token, invoice())).invoiceNumber).toBe('INV-000001')
  })

  it('gives a refused invoice no number, and a number taken in a transaction that rolls back is given again', async () => {
    const s = await shop(t)
    await order(t, s.token, invoice())
    const refused = await postOrder(t, s.token, { ...invoice(), couponCode: 'NOSUCHCODE' })
    expect(refused.status).toBe(422)
    // What a failure after numbering does (a crash, a deadlock): the transaction ends and the number is not spent.
    await expect(
      t.db.transaction(async (tx) => {
        expect(await nextDocumentNumber(tx, s.vendor.id, 'invoice')).toBe(2)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect((await order(t, s.token, invoice())).invoiceNumber).toBe('INV-000002')
  })

  it('gives 30 invoices created at once the numbers 1 to 30, each once', async () => {
    const s = await shop(t)
    // An order first makes the customer: invoices for a new anonymous customer each would also queue on the
    // vendor's customer count, which would hide a numbering without its own lock.
    const first = await order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    expect(first.customer).not.toBeNull()
    const customerId = first.customer!.id
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postOrder(t, s.token, { ...invoice(`Job ${i + 1}`), customerId })),
    )
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(201)
    const numbers = results.map((res) => res.body.data.invoiceNumber as string).sort()
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`))
    const rows = await t.db
      .select({ n: orders.invoiceNumber })
      .from(orders)
      .where(and(eq(orders.vendorId, s.vendor.id), eq(orders.kind, 'invoice')))
    expect(rows.map((row) => row.n).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
  })
})
