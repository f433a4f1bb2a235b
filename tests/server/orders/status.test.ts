import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, type TestApp, unchecked } from '../harness'
import { makeCoupon, NAIRA, order, orderData, pay, salesApp, type Shop, shop } from './helpers'

/* PATCH /order: the changes a merchant makes by hand (MANUAL_TRANSITIONS); everything else is a 409 saying why. */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
})

const patch = (body: BodyInput<typeof endpoints.updateOrderStatus>, token = s.token) =>
  call(t.app, endpoints.updateOrderStatus, { token, body })
const newOrder = () => order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })

describe('PATCH /order', () => {
  it('pending ↔ abandoned and failed, with the note and who did it on the timeline', async () => {
    const { reference } = await newOrder()
    const res = await patch({ reference, status: 'abandoned', narration: 'Customer stopped answering' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Order status updated')
    expect(res.body.data).toMatchObject({ status: 'abandoned', allowedStatuses: ['pending'] })
    expect(res.body.data.timeline.at(-1)).toMatchObject({
      kind: 'status',
      message: 'Status changed from pending to abandoned: Customer stopped answering',
      actorName: 'Owner Person',
    })
    expect((await patch({ reference, status: 'pending' })).body.data.status).toBe('pending')
    expect((await patch({ reference, status: 'failed' })).body.data).toMatchObject({ status: 'failed', allowedStatuses: ['pending'] })
    expect((await patch({ reference, status: 'pending' })).body.data.status).toBe('pending')
    const timeline = (await orderData(t, s.token, reference)).timeline
    expect(timeline.map((event: { kind: string }) => event.kind)).toEqual(['created', 'status', 'status', 'status', 'status'])
    // Oldest first, strictly in order even when the clock did not move between requests.
    const times = timeline.map((event: { createdAt: string }) => Date.parse(event.createdAt))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
    expect(new Set(times).size).toBe(times.length)
  })

  it('a paid order can be marked fulfilled, and that is final', async () => {
    const { reference } = await newOrder()
    await pay(t, s, reference, 1_000 * NAIRA)
    const done = await patch({ reference, status: 'fulfilled' })
    expect(done.body.data).toMatchObject({ status: 'fulfilled', allowedStatuses: [], canRefund: true })
    const back = await patch({ reference, status: 'paid' })
    expect(back.status).toBe(409)
    expect(back.body).toEqual({
      code: 'ILLEGAL_STATUS_CHANGE',
      message: 'Cannot change an order from fulfilled to paid. Payment statuses follow the money that reaches your wallet.',
    })
    expect((await patch({ reference, status: 'pending' })).body.message).toBe(
      "Cannot change an order from fulfilled to pending. A fulfilled order's status cannot be changed by hand.",
    )
  })

  it('partially-paid and overpaid orders can be fulfilled too', async () => {
    const partial = await newOrder()
    await pay(t, s, partial.reference, 400 * NAIRA)
    expect((await patch({ reference: partial.reference, status: 'fulfilled' })).status).toBe(200)
    const over = await newOrder()
    await pay(t, s, over.reference, 1_400 * NAIRA)
    expect((await patch({ reference: over.reference, status: 'fulfilled' })).status).toBe(200)
  })

  it('illegal changes are 409 with a message, and change nothing', async () => {
    const { reference } = await newOrder()
    const cases: [string, string][] = [
      ['paid', 'Cannot change an order from pending to paid. Payment statuses follow the money that reaches your wallet.'],
      ['overpayment', 'Cannot change an order from pending to overpayment. Payment statuses follow the money that reaches your wallet.'],
      ['fulfilled', 'Cannot change an order from pending to fulfilled. From pending it can become abandoned or failed.'],
      ['pending', 'Cannot change an order from pending to pending. The order is already pending.'],
      [
        'refunded',
        'Cannot change an order from pending to refunded. Refunds are made with Initiate Refund (PUT /order), which sends the money back.',
      ],
      [
        'refund-pending',
        'Cannot change an order from pending to refund-pending. Refunds are made with Initiate Refund (PUT /order), which sends the money back.',
      ],
    ]
    for (const [status, message] of cases) {
      const res = await patch(unchecked({ reference, status }))
      expect(res.status, status).toBe(409)
      expect(res.body.message).toBe(message)
    }
    const after = await orderData(t, s.token, reference)
    expect(after.status).toBe('pending')
    expect(after.timeline).toHaveLength(1)
  })

  it('an invoice is called an invoice: "Invoice status updated", and its refusals name it (issue 35)', async () => {
    const { reference } = await order(t, s.token, { kind: 'invoice', items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }] })
    const res = await patch({ reference, status: 'abandoned' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Invoice status updated')
    expect(res.body.data).toMatchObject({ kind: 'invoice', status: 'abandoned' })
    const again = await patch({ reference, status: 'abandoned' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Cannot change an invoice from abandoned to abandoned. The invoice is already abandoned.')
  })

  it('422 for input that is not a status; 404 for an unknown reference', async () => {
    const { reference } = await newOrder()
    expect((await patch(unchecked({ reference, status: 'shipped' }))).body.message).toBe('status: is not an order status')
    expect((await patch(unchecked({ status: 'abandoned' }))).body.message).toBe('reference: is required')
    const missing = await patch({ reference: 'ORD-00000000', status: 'abandoned' })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Order not found')
  })

  it("an order marked abandoned or failed gives its coupon's use back; reopened, it takes it again", async () => {
    const coupon = await makeCoupon(t, s.token, {
      couponCode: `FORM${Date.now() % 100_000}`,
      valueType: 'FLAT',
      value: 100 * NAIRA,
      maxUsage: 2,
    })
    const usage = async () =>
      (await call(t.app, endpoints.couponDetail, { token: s.token, query: { id: coupon.id } })).body.data.currentUsage
    const withCoupon = () =>
      order(t, s.token, { items: [{ name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }], couponCode: coupon.couponCode })
    const { reference } = await withCoupon()
    expect(await usage()).toBe(1)
    expect((await patch({ reference, status: 'failed' })).status).toBe(200)
    expect(await usage()).toBe(0)
    const reopened = await patch({ reference, status: 'pending' })
    expect(reopened.body.data.timeline.at(-1)!.message).toBe(
      `Status changed from failed to pending (coupon ${coupon.couponCode}'s use taken again)`,
    )
    expect(await usage()).toBe(1)
    // Abandoned again, its use goes to two new orders: it cannot come back holding a third, and stays abandoned.
    await patch({ reference, status: 'abandoned' })
    await withCoupon()
    await withCoupon()
    expect(await usage()).toBe(2)
    const refused = await patch({ reference, status: 'pending' })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      code: 'ILLEGAL_STATUS_CHANGE',
      message: `Cannot change an order from abandoned to pending. Its coupon ${coupon.couponCode} has been used the maximum number of times: raise its max usage first.`,
    })
    expect((await orderData(t, s.token, reference)).status).toBe('abandoned')
    expect(await usage()).toBe(2)
  })

  it('a payment for an abandoned order does not pay it (it is an offline credit instead)', async () => {
    const { reference } = await newOrder()
    await patch({ reference, status: 'abandoned' })
    await pay(t, s, reference, 1_000 * NAIRA)
    expect(await orderData(t, s.token, reference)).toMatchObject({ status: 'abandoned', amountPaid: 0 })
  })
})
