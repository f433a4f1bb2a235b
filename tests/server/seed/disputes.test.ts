import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { DAY_MS, HOUR_MS } from '#server/clock'
import { disputes, orderEvents } from '#server/db/sales-schema'
import { seedDisputes } from '#server/seed/disputes'

import { call, createVendor, makeApp, type TestApp } from '../harness'
import { tokenFor } from '../money/helpers'
import { insertCustomer, insertOrder } from '../orders/fixtures'

/* The demo vendor's disputes, made through the dispute code on its paid orders. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

describe('seedDisputes', () => {
  it('does nothing for a vendor without paid orders', async () => {
    const vendor = await createVendor()
    await insertOrder(t.db, vendor.vendor.id, { status: 'pending' })
    await seedDisputes(t.db, { vendorId: vendor.vendor.id, clock: t.clock })
    expect(await t.db.select().from(disputes).where(eq(disputes.vendorId, vendor.vendor.id))).toEqual([])
  })

  it('opens two disputes on the newest paid orders with customers, one escalated, with short threads', async () => {
    const vendor = await createVendor()
    const vendorId = vendor.vendor.id
    const now = t.clock.now().getTime()
    const funke = await insertCustomer(t.db, vendorId, { name: 'Funke Adeyemi' })
    const musa = await insertCustomer(t.db, vendorId, { name: 'Musa Ibrahim' })
    const paid = (customer: typeof funke | null, ago: number) =>
      insertOrder(t.db, vendorId, {
        customer,
        status: 'paid',
        amount: 8_000_00,
        amountPaid: 8_000_00,
        createdAt: new Date(now - ago),
      })
    const older = await paid(funke, 3 * DAY_MS)
    const recent = await paid(musa, 30 * 60_000) // half an hour ago: the thread is squeezed in before now
    await paid(null, 2 * HOUR_MS)
    await insertOrder(t.db, vendorId, { customer: funke, status: 'pending', createdAt: new Date(now - HOUR_MS) })

    await seedDisputes(t.db, { vendorId, clock: t.clock })
    await seedDisputes(t.db, { vendorId, clock: t.clock })

    const token = await tokenFor(t, vendor.owner.row)
    const listed = (await call(t.app, endpoints.listDisputes, { token })).body.data
    expect(listed.total).toBe(2)
    const byOrder = new Map(listed.items.map((d) => [d.orderReference, d]))
    const escalated = byOrder.get(recent.reference)!
    const open = byOrder.get(older.reference)!
    expect(escalated).toMatchObject({
      status: 'escalated',
      escalationReason: expect.stringContaining('estate gate'),
      messageCount: 5,
    })
    expect(open).toMatchObject({ status: 'open', messageCount: 2 })

    for (const [dispute, order, customerName] of [
      [escalated, recent, 'Musa Ibrahim'],
      [open, older, 'Funke Adeyemi'],
    ] as const) {
      const messages = (await call(t.app, endpoints.disputeConversation, { token, query: { disputeId: dispute.id } })).body.data.items as {
        author: string
        authorName: string
        createdAt: string
      }[]
      expect(messages[0]).toMatchObject({ author: 'customer', authorName: customerName })
      expect(messages[1]).toMatchObject({ author: 'vendor', authorName: 'Owner Person' })
      const times = messages.map((m) => Date.parse(m.createdAt))
      expect(times).toEqual([...times].sort((a, b) => a - b))
      expect(times[0]).toBeGreaterThan(order.createdAt.getTime())
      expect(times.at(-1)).toBeLessThanOrEqual(now)
    }
    const info = (await call(t.app, endpoints.disputeInfo, { token, query: { disputeId: escalated.id } })).body.data
    expect(Date.parse(info.escalatedAt!)).toBeLessThanOrEqual(now)
    const timeline = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, recent.id))
    expect(timeline.map((event) => [event.kind, event.message])).toEqual([
      ['dispute', 'Dispute opened: Customer says the delivery never arrived'],
      ['dispute', 'Dispute escalated to admin: Customer says the delivery never arrived'],
    ])
  })
})
