import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, callRaw, type TestApp } from '../harness'
import { makeTax, NAIRA, order, salesApp, type Shop, shop, withBusiness } from './helpers'

/*
 * The customer's payment page (GET /order/public, issue 42, decision 195) says who is selling as the invoice prints
 * it: the business's name, address, phone, e-mail, logo and TIN, the invoice's number and each tax with its rate.
 * Only that: nothing of the vendor's account (ids, owner, status, storage keys) reaches a page anyone with the link
 * may open.
 */

let t: TestApp
let s: Shop
beforeAll(async () => {
  t = await salesApp()
  s = await shop(t)
})

const codeOf = (data: { publicUrl: string | null }) => data.publicUrl!.split('/').at(-1)!
const publicPage = (code: string) => call(t.app, endpoints.publicOrder, { query: { code } })

describe('the business on the public payment page', () => {
  it('carries the business block, the invoice number and VAT with its rate, without a session', async () => {
    const profile = await withBusiness(t, s)
    const vat = await makeTax(t, s.token, 'VAT', 7.5)
    const invoice = await order(
      t,
      s.token,
      { kind: 'invoice', items: [{ variantId: s.small.id, quantity: 2 }], taxIds: [vat], customer: { name: 'Aisha Bello' } },
      { shareable: true },
    )
    const res = await publicPage(codeOf(invoice))
    expect(res.status).toBe(200)
    const page = res.body.data
    expect(page.business).toEqual({
      name: s.vendor.name,
      address: '12 Allen Avenue\nIkeja, Lagos',
      phone: '08030000000',
      email: s.owner.email,
      tin: '12345678-0001',
      logoUrl: profile.logoUrl,
    })
    expect(page.business.logoUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{22}\.png$/)
    // The logo is a public file: the customer's browser fetches it without a session.
    expect((await callRaw(t.app, 'GET', page.business.logoUrl!.replace(/^\/api/, ''))).status).toBe(200)
    expect(page.invoiceNumber).toBe(invoice.invoiceNumber)
    expect(page.invoiceNumber).toMatch(/^INV-\d{6}$/)
    expect(page.taxes).toEqual([{ name: 'VAT', percentage: 7.5, amount: 150 * NAIRA }])
    expect(page.taxTotal).toBe(150 * NAIRA)
    expect(page.amount).toBe(2_150 * NAIRA)
  })

  it('answers exactly the customer’s fields: nothing private of the vendor', async () => {
    await withBusiness(t, s)
    const invoice = await order(t, s.token, { kind: 'invoice', items: [{ variantId: s.small.id, quantity: 1 }] }, { shareable: true })
    const page = (await publicPage(codeOf(invoice))).body.data
    expect(Object.keys(page.business).sort()).toEqual(['address', 'email', 'logoUrl', 'name', 'phone', 'tin'])
    expect(Object.keys(page).sort()).toEqual(
      [
        'amount',
        'amountDue',
        'amountOverpaid',
        'amountPaid',
        'amountRefunded',
        'business',
        'createdAt',
        'currency',
        'customerName',
        'deliveryFee',
        'discount',
        'invoiceNumber',
        'items',
        'kind',
        'payAccount',
        'payTo',
        'reference',
        'status',
        'subtotal',
        'taxTotal',
        'taxes',
        'vendorName',
      ].sort(),
    )
    const text = JSON.stringify(page)
    for (const secret of [s.vendor.id, s.owner.id, 'Owner Person', 'approved', 'logoKey', 'ownerName', invoice.id, s.small.id]) {
      expect(text, secret).not.toContain(secret)
    }
  })

  it('an order has no invoice number, and a business with nothing set shows its name and e-mail alone', async () => {
    const plain = await shop(t)
    const placed = await order(t, plain.token, { items: [{ variantId: plain.small.id, quantity: 1 }] }, { shareable: true })
    const page = (await publicPage(codeOf(placed))).body.data
    expect(page.invoiceNumber).toBeNull()
    expect(page.taxes).toEqual([])
    expect(page.business).toEqual({
      name: plain.vendor.name,
      address: null,
      phone: '08030000000',
      email: plain.owner.email,
      tin: null,
      logoUrl: null,
    })
  })
})
