import { beforeAll, describe, expect, it } from 'vitest'

import { accessOf, type EndpointDef, permissionsOf } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { type Permission, PERMISSIONS } from '#contract/permissions'
import { outletMembers } from '#server/db/team-schema'

import { call, callRaw, createMember, type TestApp } from '../harness'
import { account, randomSerial, tokenFor } from '../money/helpers'
import { reviewedBatchId } from '../money/payout-batch-helpers'
import { salesApp, type Shop, shop } from '../orders/helpers'
import { seedWorld, type WorldIds } from './endpoint-world'

/*
 * The full permission matrix of issue 6, generated from the contract: for each menu permission, a member holding
 * every permission but that one is refused (403) by every endpoint needing it, and served by every other vendor
 * endpoint: GETs answer 200 with real ids, anything else gets past the permission check (which runs before input
 * validation, so the 422 of an empty body proves the member was let through). A new endpoint is covered the day
 * it is added; a new GET that needs ids fails here until it has an example below.
 */

const MENU: Permission[] = ['VENDOR_ORDERS', 'VENDOR_TRANSACTIONS', 'VENDOR_CUSTOMERS', 'VENDOR_INVENTORY', 'VENDOR_OUTLETS']
const FORBIDDEN = { message: 'You do not have permission to do this', code: 'FORBIDDEN' }
const vendorEndpoints = (Object.entries(endpoints) as [string, EndpointDef][]).filter(([, e]) => accessOf(e) === 'vendor')

let t: TestApp
let s: Shop
const ids = {} as WorldIds & { accountNumber: string; webhookEndpointId: string; payoutBatchId: string }
const tokens = new Map<Permission, string>()

/** Valid queries for GET endpoints that need ids (or whose answer should be about a real row). */
const examples: Record<string, () => Record<string, string>> = {
  transactionDetail: () => ({ id: ids.transactionId }),
  attachCandidates: () => ({ id: ids.transactionId }),
  resolveAccount: () => ({ accountNumber: ids.accountNumber, bankCode: '058' }),
  transferCharges: () => ({ amount: '500000' }),
  listVariants: () => ({ productId: ids.productId }),
  productDetail: () => ({ id: ids.productId }),
  listStockTransfers: () => ({ productId: ids.productId }),
  couponDetail: () => ({ id: ids.couponId }),
  orderDetail: () => ({ reference: ids.orderReference }),
  creditNotePdf: () => ({ number: ids.creditNoteNumber }),
  customerInfo: () => ({ customerId: ids.customerId }),
  disputeInfo: () => ({ disputeId: ids.disputeId }),
  disputeConversation: () => ({ disputeId: ids.disputeId }),
  outletDetail: () => ({ outletId: ids.outletId }),
  outletWalletDetails: () => ({ outletId: ids.outletId }),
  outletWalletBalance: () => ({ outletId: ids.outletId }),
  outletTransactions: () => ({ outletId: ids.outletId }),
  statement: () => ({ from: '2026-11-01', to: '2026-11-30' }),
  statementCsv: () => ({ from: '2026-11-01', to: '2026-11-30' }),
  statementPdf: () => ({ from: '2026-11-01', to: '2026-11-30' }),
  outletStatement: () => ({ outletId: ids.outletId, from: '2026-11-01', to: '2026-11-30' }),
  outletStatementCsv: () => ({ outletId: ids.outletId, from: '2026-11-01', to: '2026-11-30' }),
  outletStatementPdf: () => ({ outletId: ids.outletId, from: '2026-11-01', to: '2026-11-30' }),
  outletTransactionDetail: () => ({ id: ids.outletTransactionId, outletId: ids.outletId }),
  listOutletMembers: () => ({ outletId: ids.outletId }),
  checkDomain: () => ({ domain: 'mamaput.com.ng' }),
  webhookEndpointSecret: () => ({ id: ids.webhookEndpointId }),
  payoutBatch: () => ({ id: ids.payoutBatchId }),
}

beforeAll(async () => {
  t = await salesApp()
  s = await shop(t, { balance: 100_000_00 })
  Object.assign(ids, await seedWorld(t, s, { couponPrefix: 'MATRIX', outletFunding: 1_000_00 }))
  ids.accountNumber = account('058', randomSerial())
  const hook = await call(t.app, endpoints.createWebhookEndpoint, {
    token: s.token,
    body: { url: 'https://example.com/hooks', events: ['payment.received'] },
  })
  ids.webhookEndpointId = hook.body.data.id
  ids.payoutBatchId = await reviewedBatchId(t, s)

  for (const missing of MENU) {
    // Every permission but one, and a member of the outlet, as a branch manager would be.
    const member = await createMember(s, { permissions: PERMISSIONS.filter((p) => p !== missing) })
    await t.db.insert(outletMembers).values({ vendorId: s.vendor.id, outletId: ids.outletId, userId: member.id })
    tokens.set(missing, await tokenFor(t, member.row))
  }
})

const requiredQueryKeys = (e: EndpointDef) =>
  Object.entries((e.query as { entries?: Record<string, { type: string }> } | undefined)?.entries ?? {})
    .filter(([, schema]) => schema.type !== 'optional')
    .map(([key]) => key)

it('has an example only for endpoints that exist, and one for every GET with a required query field', () => {
  const names = new Set(vendorEndpoints.map(([name]) => name))
  expect(Object.keys(examples).filter((name) => !names.has(name))).toEqual([])
  const missing = vendorEndpoints
    .filter(([name, e]) => e.method === 'GET' && requiredQueryKeys(e).length > 0 && !examples[name])
    .map(([name]) => name)
  expect(missing, 'add an example query for these GET endpoints').toEqual([])
})

it('runs no non-GET endpoint that takes no input (an empty call would do it for real)', () => {
  const bare = vendorEndpoints.filter(([, e]) => e.method !== 'GET' && !e.body && !e.query).map(([name]) => name)
  expect(bare).toEqual([])
})

describe.each(MENU)('a member holding everything but %s', (missing) => {
  const needing = vendorEndpoints.filter(([, e]) => permissionsOf(e).includes(missing))
  const others = vendorEndpoints.filter(([, e]) => !permissionsOf(e).includes(missing))

  it.each(needing)('is refused %s', async (_name, e) => {
    const res = await callRaw(t.app, e.method, e.path, { token: tokens.get(missing), body: e.method === 'GET' ? undefined : {} })
    expect(res.status).toBe(403)
    expect(res.body).toEqual(FORBIDDEN)
  })

  it.each(others.filter(([, e]) => e.method === 'GET'))('reads %s (200)', async (name, e) => {
    const res = await callRaw(t.app, 'GET', e.path, { token: tokens.get(missing), query: examples[name]?.() })
    expect(res.status, `${name} needs an example query? ${JSON.stringify(res.body)}`).toBe(200)
  })

  it.each(others.filter(([, e]) => e.method !== 'GET'))('gets past the permission check of %s', async (name, e) => {
    const res = await callRaw(t.app, e.method, e.path, { token: tokens.get(missing), body: {} })
    expect([401, 403], `${name}: ${JSON.stringify(res.body)}`).not.toContain(res.status)
    expect(res.status, name).toBeLessThan(500)
  })
})
