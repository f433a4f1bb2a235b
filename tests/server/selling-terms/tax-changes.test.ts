import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, createMember, type TestApp, unchecked } from '../harness'
import { tokenFor } from '../money/helpers'
import { makeTax, NAIRA, order, orderData, postOrder, salesApp, type Shop, shop } from '../orders/helpers'

/* Editing and deleting a tax (PATCH / DELETE /vendor/shop/tax): orders already taken keep what they were charged. */

let t: TestApp
let s: Shop
let other: Shop
beforeAll(async () => {
  t = await salesApp()
  ;[s, other] = await Promise.all([shop(t), shop(t)])
})

const updateTax = (token: string, body: BodyInput<typeof endpoints.updateTax>) => call(t.app, endpoints.updateTax, { token, body })
const deleteTax = (token: string, id: string) => call(t.app, endpoints.deleteTax, { token, query: { id } })
const listTaxes = (token: string) => call(t.app, endpoints.listTaxes, { token, query: { size: '50' } })
const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`
const custom = { name: 'Tray', amount: 1_000 * NAIRA, quantity: 1 }

describe('PATCH /vendor/shop/tax', () => {
  it('changes only the fields sent', async () => {
    const id = await makeTax(t, s.token, unique('VAT'), 7.5)
    const renamed = await updateTax(s.token, { id, name: ' Sales tax ' })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ message: 'Tax updated', data: { id, name: 'Sales tax', percentage: 7.5 } })
    const rerated = await updateTax(s.token, { id, percentage: 5 })
    expect(rerated.body.data).toMatchObject({ name: 'Sales tax', percentage: 5 })
    expect((await updateTax(s.token, { id })).body.data).toMatchObject({ name: 'Sales tax', percentage: 5 })
    await deleteTax(s.token, id)
  })

  it('422 naming the field for bad input', async () => {
    const id = await makeTax(t, s.token, unique('Levy'), 1)
    const cases: [unknown, string][] = [
      [{ id, percentage: 101 }, 'percentage: must be at most 100'],
      [{ id, percentage: 7.555 }, 'percentage: must have at most 2 decimal places'],
      [{ id, percentage: -1 }, 'percentage: must not be negative'],
      [{ id, name: '   ' }, 'name: is required'],
    ]
    for (const [body, message] of cases) {
      const res = await updateTax(s.token, unchecked(body))
      expect(res.status, message).toBe(422)
      expect(res.body.message).toContain(message)
    }
  })

  it('a name stays unique per vendor ignoring case (409 under the name)', async () => {
    const vat = unique('VAT')
    await makeTax(t, s.token, vat, 7.5)
    const id = await makeTax(t, s.token, unique('Levy'), 1)
    const res = await updateTax(s.token, { id, name: vat.toLowerCase() })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'TAX_NAME_TAKEN', issues: [{ path: 'name', message: 'is already used by another tax' }] })
    // Its own name in another case is not a clash.
    const own = await updateTax(s.token, { id, name: 'LEVY X' })
    expect(own.status).toBe(200)
    expect((await updateTax(s.token, { id, name: 'levy x' })).status).toBe(200)
  })

  it('another vendor’s tax, or one that does not exist, is 404', async () => {
    const theirs = await makeTax(t, other.token, unique('VAT'), 7.5)
    for (const id of [theirs, randomUUID()]) {
      expect((await updateTax(s.token, { id, percentage: 1 })).status).toBe(404)
      expect((await deleteTax(s.token, id)).status).toBe(404)
    }
    expect((await listTaxes(other.token)).body.data.items.find((tax: { id: string }) => tax.id === theirs)).toMatchObject({
      percentage: 7.5,
    })
  })
})

describe('DELETE /vendor/shop/tax', () => {
  it('removes the tax; an order already charged it keeps its name, rate and amount', async () => {
    const name = unique('VAT')
    const id = await makeTax(t, s.token, name, 7.5)
    const before = await order(t, s.token, { items: [custom], taxIds: [id] })
    expect((await updateTax(s.token, { id, percentage: 20 })).status).toBe(200)
    const res = await deleteTax(s.token, id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Tax deleted', data: null })
    expect((await listTaxes(s.token)).body.data.items.map((tax: { id: string }) => tax.id)).not.toContain(id)
    const after = await orderData(t, s.token, before.reference)
    expect(after).toMatchObject({ taxTotal: 75 * NAIRA, amount: 1_075 * NAIRA, taxes: [{ name, percentage: 7.5, amount: 75 * NAIRA }] })
    // New orders can no longer be charged it.
    const refused = await postOrder(t, s.token, { items: [custom], taxIds: [id] })
    expect(refused.status).toBe(422)
    expect(refused.body.message).toContain('taxIds')
    expect((await deleteTax(s.token, id)).status).toBe(404)
  })

  it('needs VENDOR_SETTINGS, like adding one', async () => {
    const id = await makeTax(t, s.token, unique('VAT'), 7.5)
    const without = await tokenFor(t, (await createMember(s, { permissions: ['VENDOR_INVENTORY', 'VENDOR_ORDERS'] })).row)
    for (const res of [await updateTax(without, { id, percentage: 1 }), await deleteTax(without, id)]) {
      expect(res.status).toBe(403)
    }
    const withIt = await tokenFor(t, (await createMember(s, { permissions: ['VENDOR_SETTINGS'] })).row)
    expect((await updateTax(withIt, { id, percentage: 1 })).status).toBe(200)
    expect((await deleteTax(withIt, id)).status).toBe(200)
  })
})
