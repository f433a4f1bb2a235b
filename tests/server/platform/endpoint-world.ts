import { randomUUID } from 'node:crypto'

import { expect } from 'vitest'

import type { EndpointDef, QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, type TestApp } from '../harness'
import { PIN, randomSerial } from '../money/helpers'
import { makeCoupon, order, pay, type Shop } from '../orders/helpers'
import { fund, makeOutlet } from '../outlets/helpers'

/** Ids of one row of each kind the vendor endpoints read: what the contract-wide suites put in their examples. */
export interface WorldIds {
  productId: string
  variantId: string
  couponId: string
  orderReference: string
  customerId: string
  disputeId: string
  transactionId: string
  outletId: string
  outletTransactionId: string
  /** A paid invoice's credit note (CN-000001), from a refund of part of it. */
  creditNoteNumber: string
}

/**
 * Gives the shop a coupon, an order with a customer and a dispute on it, a paid invoice partly refunded (so a credit
 * note), and a funded outlet, through the API as a vendor would; used by the fuzz and the permission matrix, which call every endpoint with real ids.
 */
export async function seedWorld(t: TestApp, s: Shop, options: { couponPrefix: string; outletFunding: number }): Promise<WorldIds> {
  const ownerGet = async <E extends EndpointDef>(endpoint: E, query?: QueryInput<E>) => {
    const res = await call(t.app, endpoint, { token: s.token, query })
    expect(res.status, `${endpoint.path} ${JSON.stringify(res.body)}`).toBe(200)
    return res.body.data
  }
  const coupon = await makeCoupon(t, s.token, {
    couponCode: `${options.couponPrefix}${randomSerial().slice(0, 4)}`,
    valueType: 'FLAT',
    value: 100,
  })
  const placed = await order(t, s.token, {
    items: [{ variantId: s.small.id, quantity: 1 }],
    customer: { name: 'Ngozi Eze', email: `ngozi-${randomSerial()}@example.ng` },
  })
  const dispute = await call(t.app, endpoints.createDispute, {
    token: s.token,
    body: { orderReference: placed.reference, title: 'Late', description: 'It came late', category: 'item-not-received' },
  })
  expect(dispute.status, JSON.stringify(dispute.body)).toBe(201)
  const invoice = await order(t, s.token, { kind: 'invoice', items: [{ variantId: s.small.id, quantity: 1 }] })
  await pay(t, s, invoice.reference, invoice.amount)
  const refunded = await call(t.app, endpoints.refundOrder, {
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { reference: invoice.reference, status: 'refunded', amount: 100, pin: PIN },
  })
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
  const outlet = await makeOutlet(t, s.token)
  const funded = await fund(t, s.token, { amount: options.outletFunding, outletId: outlet.id })
  expect(funded.status, JSON.stringify(funded.body)).toBe(201)
  return {
    productId: s.small.productId,
    variantId: s.small.id,
    couponId: coupon.id,
    orderReference: placed.reference,
    customerId: (await ownerGet(endpoints.listCustomers)).items[0]!.id,
    disputeId: dispute.body.data.id,
    transactionId: (await ownerGet(endpoints.listTransactions)).items[0]!.id,
    outletId: outlet.id,
    outletTransactionId: (await ownerGet(endpoints.outletTransactions, { outletId: outlet.id })).items[0]!.id,
    creditNoteNumber: refunded.body.data.refunds[0]!.creditNoteNumber!,
  }
}
