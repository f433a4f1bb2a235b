import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'
import { SANDBOX_SERIALS } from '#server/money/sandbox-bank'
import { RECOVER_AFTER_MS, recoverPendingTransfers } from '#server/money/transfers'

import { call, type TestApp, unchecked } from '../harness'
import { PIN } from '../money/helpers'
import { NAIRA, order, orderData, pay, type Payer, payer, salesApp, type Shop, shop } from './helpers'

/*
 * Credit notes (issue 42, decision 191): money that goes back on an invoice is documented by a credit note, CN-000001,
 * CN-000002… per vendor with no gap, numbered when the refund reaches the payer. An order's refund has none.
 */

let t: TestApp
beforeAll(async () => {
  t = await salesApp()
})

function refund(s: Shop, reference: string, amount: number) {
  return call(t.app, endpoints.refundOrder, {
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
    body: unchecked({ status: 'refunded', pin: PIN, reference, amount }),
  })
}

async function paid(s: Shop, kind: 'invoice' | 'order', from: Payer = payer()) {
  const data = await order(t, s.token, { kind, items: [{ variantId: s.small.id, quantity: 2 }] })
  await pay(t, s, data.reference, 2_000 * NAIRA, from)
  return data.reference as string
}

describe('credit notes', () => {
  it('numbers each refund that reached the payer of an invoice, and none of an order’s or a failed one', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const invoice = await paid(s, 'invoice')
    const first = await refund(s, invoice, 500 * NAIRA)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      invoiceNumber: 'INV-000001',
      refunds: [{ amount: 500 * NAIRA, creditNoteNumber: 'CN-000001' }],
    })

    const plain = await paid(s, 'order')
    expect((await refund(s, plain, 500 * NAIRA)).body.data.refunds).toMatchObject([{ status: 'success', creditNoteNumber: null }])

    const declined = await paid(s, 'invoice', payer({ serial: SANDBOX_SERIALS.transferFails }))
    expect((await refund(s, declined, 1_000 * NAIRA)).body.data.refunds).toMatchObject([{ status: 'failed', creditNoteNumber: null }])

    const rest = await refund(s, invoice, 1_500 * NAIRA)
    expect(rest.body.data.status).toBe('refunded')
    expect(rest.body.data.refunds.map((r: { creditNoteNumber: string | null }) => r.creditNoteNumber).sort()).toEqual([
      'CN-000001',
      'CN-000002',
    ])
  })

  it('a refund still with the bank gets its credit note when the bank says it arrived', async () => {
    const s = await shop(t, { balance: 1_000 * NAIRA })
    const invoice = await paid(s, 'invoice', payer({ serial: SANDBOX_SERIALS.pendingThenSuccess }))
    const res = await refund(s, invoice, 2_000 * NAIRA)
    expect(res.body.data.refunds).toMatchObject([{ status: 'pending', creditNoteNumber: null }])
    t.clock.advance(RECOVER_AFTER_MS + 1)
    expect(await recoverPendingTransfers(t.deps, { vendorId: s.vendor.id })).toMatchObject({ succeeded: 1 })
    expect((await orderData(t, s.token, invoice)).refunds).toMatchObject([{ status: 'success', creditNoteNumber: 'CN-000001' }])
  })
})
