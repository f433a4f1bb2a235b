import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { orders } from '#server/db/sales-schema'

import { call, type TestApp } from '../harness'
import { NAIRA, order, postOrder, salesApp, type Shop, shop } from './helpers'

/*
 * An invoice's optional due date (issue 22): a Lagos day, not before the day the invoice is made; stored as a date
 * and answered on the invoice and in the list. A malformed or earlier date is a 422 naming dueDate.
 */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
  // 23:30 UTC on 26 November is 00:30 on the 27th in Lagos: the invoice is made on the 27th.
  t.clock.advance(Date.parse('2026-11-26T23:30:00Z') - t.clock.now().getTime())
})

const items = [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }]

describe('invoice due date', () => {
  it('is stored and answered on the invoice and in the list; today (Lagos) is allowed', async () => {
    const today = await order(t, s.token, { kind: 'invoice', items, dueDate: '2026-11-27' }, { shareable: true })
    expect(today.dueDate).toBe('2026-11-27')
    const later = await order(t, s.token, { kind: 'invoice', items, dueDate: '2026-12-15' })
    const none = await order(t, s.token, { kind: 'invoice', items })
    expect(none.dueDate).toBeNull()

    const res = await call(t.app, 'GET', '/order', { token: s.token, query: { kind: 'invoice' } })
    expect(res.status).toBe(200)
    const byReference = Object.fromEntries(
      (res.body.data.items as { reference: string; dueDate: string | null }[]).map((o) => [o.reference, o.dueDate]),
    )
    expect(byReference).toEqual({ [today.reference]: '2026-11-27', [later.reference]: '2026-12-15', [none.reference]: null })
  })

  it('refuses a day before the invoice date (in Lagos), a malformed date, and a due date on an order: 422 naming dueDate', async () => {
    const before = await t.db.select().from(orders).where(eq(orders.vendorId, s.vendor.id))
    const cases: [Record<string, unknown>, string][] = [
      // Still the 26th in UTC, but the invoice is made on the 27th in Lagos.
      [{ kind: 'invoice', dueDate: '2026-11-26' }, 'dueDate: must not be before the invoice date (2026-11-27)'],
      [{ kind: 'invoice', dueDate: '27/11/2026' }, 'dueDate: must be a date like 2026-11-22'],
      [{ kind: 'invoice', dueDate: '2026-02-30' }, 'dueDate: must be a real calendar date'],
      [{ kind: 'invoice', dueDate: 20261130 }, 'dueDate'],
      [{ kind: 'order', dueDate: '2026-12-01' }, 'dueDate: only an invoice has a due date'],
    ]
    for (const [fields, message] of cases) {
      const res = await postOrder(t, s.token, { items, ...fields })
      expect(res.status, JSON.stringify(res.body)).toBe(422)
      expect(res.body.message).toContain(message)
    }
    expect(await t.db.select().from(orders).where(eq(orders.vendorId, s.vendor.id))).toHaveLength(before.length)
  })
})
