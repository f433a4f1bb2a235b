import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, type TestApp, unchecked } from '../harness'
import { makeOutlet, staff } from '../outlets/helpers'
import { NAIRA, order, orderData, pay, payer, postOrder, salesApp, type Shop, shop, transferIn } from './helpers'

/*
 * Orders made at an outlet take that outlet's units (issue 41, decision 174). On PostgreSQL (TEST_DATABASE_URL) the
 * concurrent sales really run at once.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

const line = (variantId: string, quantity = 1) => ({ variantId, quantity })

async function stockAt(s: Shop, outletId: string | null) {
  const res = await call(t.app, endpoints.productDetail, { token: s.token, query: { id: s.small.productId } })
  const variant = res.body.data.variants.find((v) => v.id === s.small.id)!
  return { total: variant.availableUnits, units: variant.locations.find((l) => l.outletId === outletId)!.units }
}

const INACTIVE = { path: 'outletId', message: 'is an inactive outlet: make it active again to sell there' }

async function setStatus(s: Shop, outletId: string, status: 'active' | 'inactive') {
  const res = await call(t.app, endpoints.setOutletStatus, { token: s.token, body: { outletId, status } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

async function stockOutlet(s: Shop, units: number, name = 'Lekki') {
  const outlet = await makeOutlet(t, s.token, { name })
  const res = await call(t.app, endpoints.transferStock, {
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { variantId: s.small.id, fromOutletId: null, toOutletId: outlet.id, quantity: units },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return outlet
}

describe('an order made at an outlet', () => {
  it('is checked against and takes from that outlet; the main store keeps its units; a full refund gives them back there', async () => {
    const s = await shop(t, { balance: 10_000 * NAIRA, units: 10 })
    const lekki = await stockOutlet(s, 3)
    const tooMany = await postOrder(t, s.token, { items: [line(s.small.id, 4)], outletId: lekki.id })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.issues).toEqual([{ path: 'items.0.quantity', message: 'Only 3 units are left' }])

    const data = await order(t, s.token, { items: [line(s.small.id, 2)], outletId: lekki.id })
    expect(data.outlet).toEqual({ id: lekki.id, name: 'Lekki' })
    await pay(t, s, data.reference, 2_000 * NAIRA)
    expect(await stockAt(s, lekki.id)).toEqual({ total: 8, units: 1 })
    expect((await stockAt(s, null)).units).toBe(7)

    const refund = await call(t.app, endpoints.refundOrder, {
      token: s.token,
      headers: { 'idempotency-key': randomUUID() },
      body: unchecked({ reference: data.reference, status: 'refunded', pin: '1234' }),
    })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)
    expect(await stockAt(s, lekki.id)).toEqual({ total: 10, units: 3 })
  })

  it("an outlet member's order is their outlet's without asking; with two outlets they must say which", async () => {
    const s = await shop(t, { units: 10 })
    const lekki = await stockOutlet(s, 4, 'Lekki')
    const ikeja = await stockOutlet(s, 4, 'Ikeja')
    const cashier = await staff(t, s, ['VENDOR_ORDERS'], [lekki.id])
    const data = await order(t, cashier.token, { items: [line(s.small.id)] })
    expect(data.outlet).toEqual({ id: lekki.id, name: 'Lekki' })
    // Not an outlet they work at, nor the main store.
    for (const outletId of [ikeja.id, null]) {
      expect((await postOrder(t, cashier.token, { items: [line(s.small.id)], outletId })).status).toBe(404)
    }
    const floater = await staff(t, s, ['VENDOR_ORDERS'], [lekki.id, ikeja.id])
    const unsaid = await postOrder(t, floater.token, { items: [line(s.small.id)] })
    expect(unsaid.status).toBe(422)
    expect(unsaid.body.issues).toEqual([{ path: 'outletId', message: 'is required: choose the outlet the order is made at' }])
    expect((await order(t, floater.token, { items: [line(s.small.id)], outletId: ikeja.id })).outlet).toEqual({
      id: ikeja.id,
      name: 'Ikeja',
    })
    // The owner's orders stay the main store's unless they choose.
    expect((await order(t, s.token, { items: [line(s.small.id)] })).outlet).toBeNull()
  })

  it('is refused at an inactive outlet, with a 422 naming outletId (decision 193), and allowed again once it is active', async () => {
    const s = await shop(t, { units: 10 })
    const lekki = await stockOutlet(s, 3)
    const cashier = await staff(t, s, ['VENDOR_ORDERS'], [lekki.id])
    await setStatus(s, lekki.id, 'inactive')
    const asked = await postOrder(t, s.token, { items: [line(s.small.id)], outletId: lekki.id })
    expect(asked.status).toBe(422)
    expect(asked.body.issues).toEqual([INACTIVE])
    // Their only outlet, chosen for them: refused the same, not silently the main store.
    const unsaid = await postOrder(t, cashier.token, { items: [line(s.small.id)] })
    expect(unsaid.status).toBe(422)
    expect(unsaid.body.issues).toEqual([INACTIVE])
    await setStatus(s, lekki.id, 'active')
    expect((await order(t, s.token, { items: [line(s.small.id)], outletId: lekki.id })).outlet).toEqual({ id: lekki.id, name: 'Lekki' })
  })

  it('50 sales paid at once at one outlet: its units never go below zero and what was taken adds up exactly', async () => {
    const s = await shop(t, { units: 40 })
    const lekki = await stockOutlet(s, 30)
    const orders = []
    // Each order fits the units left when it is made; together they ask for more than the outlet holds.
    for (let i = 0; i < 50; i++) orders.push(await order(t, s.token, { items: [line(s.small.id)], outletId: lekki.id }))
    const results = await Promise.all(
      orders.map((o) => transferIn(t, s.wallets.main.accountNumber!, 1_000 * NAIRA, `For ${o.reference}`, payer())),
    )
    for (const res of results) expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await stockAt(s, lekki.id)).toEqual({ total: 10, units: 0 })
    expect((await stockAt(s, null)).units).toBe(10)
    const paid = await Promise.all(orders.map((o) => orderData(t, s.token, o.reference)))
    const stockLines = paid.map((o) => o.timeline.find((event: { kind: string }) => event.kind === 'stock')!.message)
    expect(stockLines.filter((message) => message === 'Took 1 unit from stock at Lekki')).toHaveLength(30)
    expect(stockLines.filter((message) => message.startsWith('Took 0 units from stock at Lekki; short of'))).toHaveLength(20)
  })
})

describe('a pay link tied to an outlet', () => {
  it("sells that outlet's units and its orders take them", async () => {
    const s = await shop(t, { units: 10 })
    const lekki = await stockOutlet(s, 2)
    const made = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: s.small.id, outletId: lekki.id } })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body.data.paylinkOutletId).toBe(lekki.id)
    const code = made.body.data.paylink!.split('/pay/')[1]!
    expect((await call(t.app, endpoints.payLink, { query: { code } })).body.data).toMatchObject({ inStock: true, maxQuantity: 2 })

    const res = await call(t.app, endpoints.payLinkCheckout, {
      body: { code, checkoutId: randomUUID(), quantity: 2, name: 'Ada Obi', phone: '08031234567' },
      ip: '198.51.100.7',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect((await orderData(t, s.token, res.body.data.reference)).outlet).toEqual({ id: lekki.id, name: 'Lekki' })
    await pay(t, s, res.body.data.reference, 2_000 * NAIRA)
    expect(await stockAt(s, lekki.id)).toEqual({ total: 8, units: 0 })
    expect((await call(t.app, endpoints.payLink, { query: { code } })).body.data).toMatchObject({ inStock: false, maxQuantity: 0 })
  })

  it("is refused at an inactive outlet (422 naming outletId) and at another vendor's (404); the link is unchanged", async () => {
    const s = await shop(t, { units: 10 })
    const other = await shop(t, { units: 10 })
    const lekki = await stockOutlet(s, 2)
    const theirs = await makeOutlet(t, other.token, { name: 'Theirs' })
    const made = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: s.small.id } })
    expect(made.body.data.paylinkOutletId).toBeNull()
    await setStatus(s, lekki.id, 'inactive')
    const inactive = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: s.small.id, outletId: lekki.id } })
    expect(inactive.status).toBe(422)
    expect(inactive.body.issues).toEqual([INACTIVE])
    const foreign = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: s.small.id, outletId: theirs.id } })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Location not found')
    const now = await call(t.app, endpoints.productDetail, { token: s.token, query: { id: s.small.productId } })
    expect(now.body.data.variants.find((v) => v.id === s.small.id)).toMatchObject({
      paylink: made.body.data.paylink,
      paylinkOutletId: null,
    })
  })

  it('reads sold out while its outlet is inactive, and sells again once it is active', async () => {
    const s = await shop(t, { units: 10 })
    const lekki = await stockOutlet(s, 2)
    const made = await call(t.app, endpoints.generatePayLink, { token: s.token, body: { id: s.small.id, outletId: lekki.id } })
    const code = made.body.data.paylink!.split('/pay/')[1]!
    await setStatus(s, lekki.id, 'inactive')
    expect((await call(t.app, endpoints.payLink, { query: { code } })).body.data).toMatchObject({ inStock: false, maxQuantity: 0 })
    const checkout = () =>
      call(t.app, endpoints.payLinkCheckout, {
        body: { code, checkoutId: randomUUID(), quantity: 1, name: 'Ada Obi', phone: '08031234567' },
        ip: '198.51.100.8',
      })
    const refused = await checkout()
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ code: 'PAY_LINK_SOLD_OUT', message: 'This item is sold out for now' })
    await setStatus(s, lekki.id, 'active')
    expect((await call(t.app, endpoints.payLink, { query: { code } })).body.data).toMatchObject({ inStock: true, maxQuantity: 2 })
    expect((await checkout()).status).toBe(201)
  })
})
