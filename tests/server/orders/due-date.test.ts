import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { orders } from '#server/db/sales-schema'

import { call, type TestApp, unchecked } from '../harness'
import { NAIRA, order, pay, postOrder, salesApp, type Shop, shop } from './helpers'

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

    const res = await call(t.app, endpoints.listOrders, { token: s.token, query: { kind: 'invoice' } })
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

  describe('changed after the invoice is made (PATCH /order/due-date)', () => {
    const change = (token: string, body: BodyInput<typeof endpoints.setInvoiceDueDate>) =>
      call(t.app, endpoints.setInvoiceDueDate, { token, body })

    it('moves, sets and removes an unpaid invoice’s due date, each in the timeline', async () => {
      const invoice = await order(t, s.token, { kind: 'invoice', items, dueDate: '2026-12-01' })
      const moved = await change(s.token, { reference: invoice.reference, dueDate: '2026-12-20' })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)
      expect(moved.body).toMatchObject({ message: 'Due date updated', data: { reference: invoice.reference, dueDate: '2026-12-20' } })
      const removed = await change(s.token, { reference: invoice.reference, dueDate: null })
      expect(removed.body).toMatchObject({ message: 'Due date removed', data: { dueDate: null } })
      const set = await change(s.token, { reference: invoice.reference.toLowerCase(), dueDate: '2026-11-27' })
      expect(set.body.data.dueDate).toBe('2026-11-27')
      const timeline = (set.body.data.timeline as { kind: string; message: string }[]).filter((e) => e.kind === 'due-date')
      expect(timeline.map((e) => e.message)).toEqual([
        'Due date moved from 01/12/2026 to 20/12/2026',
        'Due date removed (was 20/12/2026)',
        'Due date set to 27/11/2026',
      ])
    })

    it('a part-paid invoice may still move; a paid one may not (409), and neither may an order (422)', async () => {
      const invoice = await order(t, s.token, { kind: 'invoice', items, dueDate: '2026-12-01' })
      await pay(t, s, invoice.reference, 400 * NAIRA)
      expect((await change(s.token, { reference: invoice.reference, dueDate: '2026-12-05' })).body.data).toMatchObject({
        status: 'partially-paid',
        dueDate: '2026-12-05',
      })
      await pay(t, s, invoice.reference, 600 * NAIRA)
      const paid = await change(s.token, { reference: invoice.reference, dueDate: '2026-12-31' })
      expect(paid.status).toBe(409)
      expect(paid.body.message).toBe('This invoice is paid, so its due date can no longer change.')

      const plain = await order(t, s.token, { kind: 'order', items })
      const onOrder = await change(s.token, { reference: plain.reference, dueDate: '2026-12-31' })
      expect(onOrder.status).toBe(422)
      expect(onOrder.body.message).toContain('reference: is an order; only an invoice has a due date')
      const [row] = await t.db.select().from(orders).where(eq(orders.reference, invoice.reference))
      expect(row!.dueDate).toBe('2026-12-05')
    })

    it('refuses a day before the invoice date, a malformed date, a missing dueDate and an unknown invoice', async () => {
      const invoice = await order(t, s.token, { kind: 'invoice', items })
      const cases: [Record<string, unknown>, number, string][] = [
        [{ reference: invoice.reference, dueDate: '2026-11-26' }, 422, 'dueDate: must not be before the invoice date (2026-11-27)'],
        [{ reference: invoice.reference, dueDate: '2026-13-01' }, 422, 'dueDate'],
        [{ reference: invoice.reference }, 422, 'dueDate'],
        [{ reference: 'INV-NOPE', dueDate: '2026-12-01' }, 404, ''],
      ]
      for (const [body, status, message] of cases) {
        const res = await change(s.token, unchecked(body))
        expect(res.status, JSON.stringify(res.body)).toBe(status)
        expect(res.body.message).toContain(message)
      }
      const [row] = await t.db.select().from(orders).where(eq(orders.reference, invoice.reference))
      expect(row!.dueDate).toBeNull()
    })
  })
})
