import { randomUUID } from 'node:crypto'

import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { MINUTE_MS } from '#server/clock'
import { disputes, orderEvents } from '#server/db/sales-schema'
import { ESCALATION_RECEIVED } from '#server/disputes/escalate'

import { call, createMember, createVendor, makeApp, prepare, type TestApp, unchecked } from '../harness'
import { tokenFor } from '../money/helpers'
import { insertCustomer, insertOrder } from '../orders/fixtures'

/* Disputes: opening one against an order, the list and its filters, the conversation, and escalation once only. */

let t: TestApp
beforeAll(async () => {
  t = await makeApp()
})

async function seller() {
  const vendor = await createVendor()
  const vendorId = vendor.vendor.id
  const customer = await insertCustomer(t.db, vendorId, { name: 'Funke Adeyemi', email: 'funke@example.ng' })
  const order = await insertOrder(t.db, vendorId, {
    customer,
    status: 'paid',
    amount: 12_500_00,
    amountPaid: 12_500_00,
  })
  return { vendor, vendorId, token: await tokenFor(t, vendor.owner.row), order }
}
type Seller = Awaited<ReturnType<typeof seller>>

const open = (token: string, body: BodyInput<typeof endpoints.createDispute>) => call(t.app, endpoints.createDispute, { token, body })
const list = (token: string, query: Record<string, string> = {}) => call(t.app, endpoints.listDisputes, { token, query })
const detail = (token: string, disputeId: string) => call(t.app, endpoints.disputeInfo, { token, query: { disputeId } })
const thread = (token: string, query: Record<string, string>) =>
  call(t.app, endpoints.disputeConversation, { token, query: unchecked(query) })
const send = (token: string, body: BodyInput<typeof endpoints.sendDisputeMessage>, key: string = randomUUID()) =>
  call(t.app, endpoints.sendDisputeMessage, { token, headers: { 'idempotency-key': key }, body })
const escalate = (token: string, body: BodyInput<typeof endpoints.escalateDispute>) =>
  call(t.app, endpoints.escalateDispute, { token, body })
const titles = (res: { body: { data: { items: { title: string }[] } } }) => res.body.data.items.map((item) => item.title)

const disputeBody = (s: Pick<Seller, 'order'>, extra: Record<string, unknown> = {}) => ({
  orderReference: s.order.reference,
  title: 'Customer says the order never arrived',
  description: 'Paid by transfer at 10am; the rider did not reach Surulere.',
  category: 'item-not-received',
  ...extra,
})

async function openOne(s: Seller, extra: Record<string, unknown> = {}) {
  const res = await open(s.token, disputeBody(s, extra))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string; title: string; orderReference: string }
}

describe('GET /dispute/categories', () => {
  it('the seeded categories in order, paged; the largest page means all', async () => {
    const { token } = await seller()
    const all = await call(t.app, endpoints.disputeCategories, { token, query: { page: '1', size: '1000' } })
    expect(all.status).toBe(200)
    expect(all.body.data).toMatchObject({ page: 1, size: 1000, total: 8 })
    expect(all.body.data.items[0]).toEqual({
      id: 'item-not-received',
      category: 'Item not received',
      description: 'The customer paid but says the order never arrived.',
    })
    expect(all.body.data.items.map((c: { id: string }) => c.id)).toEqual([
      'item-not-received',
      'not-as-described',
      'damaged-item',
      'wrong-item',
      'payment-not-reflected',
      'duplicate-payment',
      'refund-not-received',
      'other',
    ])
    const page2 = await call(t.app, endpoints.disputeCategories, { token, query: { page: '2', size: '3' } })
    expect(page2.body.data.items.map((c: { id: string }) => c.id)).toEqual(['wrong-item', 'payment-not-reflected', 'duplicate-payment'])
    const bad = await call(t.app, endpoints.disputeCategories, { token, query: { size: '0' } })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe('size: must be at least 1')
  })
})

describe('POST /dispute', () => {
  it('opens a dispute on the vendor’s order, with an empty conversation and a line on the order’s timeline', async () => {
    const s = await seller()
    const res = await open(s.token, disputeBody(s, { orderReference: s.order.reference.toLowerCase(), title: '  Never arrived  ' }))
    expect(res.status).toBe(201)
    const now = t.clock.now().toISOString()
    expect(res.body).toEqual({
      message: 'Dispute opened',
      data: {
        id: expect.any(String),
        orderReference: s.order.reference,
        title: 'Never arrived',
        description: 'Paid by transfer at 10am; the rider did not reach Surulere.',
        category: {
          id: 'item-not-received',
          category: 'Item not received',
          description: 'The customer paid but says the order never arrived.',
        },
        status: 'open',
        isEscalated: false,
        escalationReason: null,
        escalatedAt: null,
        messageCount: 0,
        createdAt: now,
        updatedAt: now,
        order: expect.objectContaining({
          id: s.order.id,
          reference: s.order.reference,
          status: 'paid',
          amountPaid: 12_500_00,
          customer: { id: s.order.customerId, name: 'Funke Adeyemi' },
        }),
      },
    })
    expect((await thread(s.token, { disputeId: res.body.data.id })).body.data).toEqual({
      items: [],
      page: 1,
      size: 20,
      total: 0,
    })
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, s.order.id))
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'dispute',
        message: 'Dispute opened: Never arrived',
        actorName: 'Owner Person',
        amount: null,
      }),
    ])
  })

  it('422 naming the field, and nothing is created', async () => {
    const s = await seller()
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '   ' }, 'title: is required'],
      [{ title: 'x'.repeat(121) }, 'title: must be at most 120 characters'],
      [{ description: '' }, 'description: is required'],
      [{ description: 'x'.repeat(2001) }, 'description: must be at most 2000 characters'],
      [{ category: undefined }, 'category: is required'],
      [{ category: 'not-a-category' }, 'category: is not a dispute category'],
      [{ orderReference: undefined }, 'orderReference: is required'],
      [{ orderReference: 42 }, 'orderReference: is required'],
    ]
    for (const [extra, message] of cases) {
      const res = await open(s.token, disputeBody(s, extra))
      expect(res.status, message).toBe(422)
      expect(res.body.message).toBe(message)
    }
    const unknown = await open(s.token, disputeBody(s, { category: 'nope' }))
    expect(unknown.body.issues).toEqual([{ path: 'category', message: 'is not a dispute category' }])
    expect((await list(s.token)).body.data.total).toBe(0)
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, s.order.id))).toEqual([])
  })

  it('404 for another vendor’s order or an unknown reference, naming the field', async () => {
    const s = await seller()
    const other = await seller()
    for (const orderReference of [other.order.reference, 'ORD-NOSUCHORDER']) {
      const res = await open(s.token, disputeBody(s, { orderReference }))
      expect(res.status).toBe(404)
      expect(res.body).toEqual({
        message: 'Order not found',
        code: 'NOT_FOUND',
        issues: [{ path: 'orderReference', message: 'is not one of your orders' }],
      })
    }
    expect((await list(s.token)).body.data.total).toBe(0)
    expect((await list(other.token)).body.data.total).toBe(0)
  })

  it('one unresolved dispute per order: a second is 409, even when two race', async () => {
    const s = await seller()
    const raced = await Promise.all([open(s.token, disputeBody(s)), open(s.token, disputeBody(s))])
    expect(raced.map((res) => res.status).sort()).toEqual([201, 409])
    expect(raced.find((res) => res.status === 409)!.body).toEqual({
      message: `Order ${s.order.reference} already has a dispute that is not resolved`,
      code: 'DISPUTE_EXISTS',
    })
    // Once an administrator resolves it, a new one may be opened.
    await t.db.update(disputes).set({ status: 'resolved' }).where(eq(disputes.vendorId, s.vendorId))
    expect((await open(s.token, disputeBody(s, { title: 'Second problem' }))).status).toBe(201)
  })
})

describe('GET /dispute', () => {
  let s: Seller
  let ids: Record<string, string>
  beforeAll(async () => {
    s = await seller()
    const second = await insertOrder(t.db, s.vendorId, {
      status: 'paid',
      amount: 3_000_00,
      amountPaid: 3_000_00,
      reference: `INV-ZX${Date.now()}`,
    })
    const third = await insertOrder(t.db, s.vendorId, { status: 'pending', amount: 900_00 })
    const a = await openOne(s, { title: 'Rice arrived cold' })
    t.clock.advance(MINUTE_MS)
    const b = await openOne({ ...s, order: second }, { title: 'Paid twice for one invoice', category: 'duplicate-payment' })
    t.clock.advance(MINUTE_MS)
    const c = await openOne({ ...s, order: third }, { title: 'Transfer not showing', category: 'payment-not-reflected' })
    ids = { a: a.id, b: b.id, c: c.id, secondReference: second.reference }
    expect((await escalate(s.token, { disputeId: b.id, reason: 'The bank shows two debits' })).status).toBe(200)
    const other = await seller()
    await openOne(other, { title: 'Rice arrived cold too' })
  })

  it('newest first, paged, only the vendor’s own', async () => {
    const res = await list(s.token)
    expect(res.body.data).toMatchObject({ page: 1, size: 20, total: 3 })
    expect(titles(res)).toEqual(['Transfer not showing', 'Paid twice for one invoice', 'Rice arrived cold'])
    expect(res.body.data.items[1]).toMatchObject({
      id: ids.b,
      status: 'escalated',
      isEscalated: true,
      escalationReason: 'The bank shows two debits',
      messageCount: 1,
      category: { id: 'duplicate-payment', category: 'Duplicate payment' },
    })
    expect(titles(await list(s.token, { size: '2', page: '2' }))).toEqual(['Rice arrived cold'])
  })

  it('searches the title or the order reference, any case, % taken literally', async () => {
    expect(titles(await list(s.token, { search: 'RICE' }))).toEqual(['Rice arrived cold'])
    expect(titles(await list(s.token, { search: ids.secondReference!.slice(2, 9).toLowerCase() }))).toEqual(['Paid twice for one invoice'])
    expect(titles(await list(s.token, { search: s.order.reference }))).toEqual(['Rice arrived cold'])
    expect((await list(s.token, { search: '%' })).body.data.total).toBe(0)
    expect((await list(s.token, { search: 'arrived' })).body.data.total).toBe(1)
  })

  it('filters escalated or not; 422 for anything but true or false', async () => {
    expect(titles(await list(s.token, { isEscalated: 'true' }))).toEqual(['Paid twice for one invoice'])
    expect(titles(await list(s.token, { isEscalated: 'false' }))).toEqual(['Transfer not showing', 'Rice arrived cold'])
    expect(titles(await list(s.token, { isEscalated: 'false', search: 'transfer' }))).toEqual(['Transfer not showing'])
    const bad = await list(s.token, { isEscalated: 'maybe' })
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe('isEscalated: must be true or false')
    expect((await list(s.token, { search: 'x'.repeat(121) })).body.message).toBe('search: is too long')
  })

  it('GET /dispute/info answers one dispute with its order; 404 for another vendor’s', async () => {
    const res = await detail(s.token, ids.c!)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      id: ids.c,
      title: 'Transfer not showing',
      order: { status: 'pending', amount: 900_00, customer: null },
    })
    const other = await seller()
    const res404 = await detail(other.token, ids.c!)
    expect(res404.status).toBe(404)
    expect(res404.body).toEqual({ message: 'Dispute not found', code: 'NOT_FOUND' })
    expect((await call(t.app, endpoints.disputeInfo, { token: s.token })).body.message).toBe('disputeId: is required')
  })
})

describe('the conversation', () => {
  it('a message sent twice under one Idempotency-Key (an offline outbox retrying) is stored once', async () => {
    const s = await seller()
    const dispute = await openOne(s)
    const key = randomUUID()
    const [first, second] = await Promise.all([
      send(s.token, { disputeId: dispute.id, message: 'Sent from the outbox' }, key),
      send(s.token, { disputeId: dispute.id, message: 'Sent from the outbox' }, key),
    ])
    const answered = [first, second].filter((r) => r.status === 201)
    expect(answered.length, JSON.stringify([first.body, second.body])).toBeGreaterThanOrEqual(1)
    const again = await send(s.token, { disputeId: dispute.id, message: 'Sent from the outbox' }, key)
    expect(again.status).toBe(201)
    expect(again.body.data.id).toBe(answered[0]!.body.data.id)
    const all = await thread(s.token, { disputeId: dispute.id })
    expect(all.body.data.items.map((m: { message: string }) => m.message)).toEqual(['Sent from the outbox'])
    expect((await send(s.token, { disputeId: dispute.id, message: 'No key' }, '')).status).toBe(400)
  })

  it('the vendor writes under their own name; oldest first, paged; the count goes up', async () => {
    const s = await seller()
    const dispute = await openOne(s)
    const member = await createMember(s.vendor, { permissions: ['VENDOR_ORDERS'] })
    const memberToken = await tokenFor(t, member.row)
    const first = await send(s.token, {
      disputeId: dispute.id,
      message: '  Good morning, we are checking with the rider.  ',
    })
    expect(first.status).toBe(201)
    expect(first.body).toEqual({
      message: 'Message sent',
      data: {
        id: expect.any(String),
        author: 'vendor',
        authorName: 'Owner Person',
        message: 'Good morning, we are checking with the rider.',
        createdAt: expect.any(String),
      },
    })
    // Written in the same clock instant: they still read in the order they were sent.
    for (const message of ['Second', 'Third']) expect((await send(memberToken, { disputeId: dispute.id, message })).status).toBe(201)
    t.clock.advance(5 * MINUTE_MS)
    await send(s.token, { disputeId: dispute.id, message: 'Fourth' })
    await send(s.token, { disputeId: dispute.id, message: 'Fifth' })

    const all = await thread(s.token, { disputeId: dispute.id })
    expect(all.body.data.total).toBe(5)
    const messages = all.body.data.items as { message: string; authorName: string; createdAt: string }[]
    expect(messages.map((m) => m.message)).toEqual(['Good morning, we are checking with the rider.', 'Second', 'Third', 'Fourth', 'Fifth'])
    expect(messages.map((m) => m.authorName)).toEqual(['Owner Person', 'Team Member', 'Team Member', 'Owner Person', 'Owner Person'])
    const times = messages.map((m) => Date.parse(m.createdAt))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(new Set(times).size).toBe(5)
    const page2 = await thread(s.token, { disputeId: dispute.id, page: '2', size: '2' })
    expect(page2.body.data).toMatchObject({ page: 2, size: 2, total: 5 })
    expect(page2.body.data.items.map((m: { message: string }) => m.message)).toEqual(['Third', 'Fourth'])
    expect((await detail(s.token, dispute.id)).body.data).toMatchObject({
      messageCount: 5,
      updatedAt: messages[4]!.createdAt,
    })
  })

  it('422 for an empty or overlong message; 409 once resolved; 404 for another vendor’s dispute', async () => {
    const s = await seller()
    const dispute = await openOne(s)
    expect((await send(s.token, { disputeId: dispute.id, message: ' ' })).body.message).toBe('message: is required')
    expect((await send(s.token, { disputeId: dispute.id, message: 'x'.repeat(2001) })).body.message).toBe(
      'message: must be at most 2000 characters',
    )
    expect((await send(s.token, unchecked({ message: 'Hello' }))).body.message).toBe('disputeId: is required')
    const other = await seller()
    for (const res of [
      await send(other.token, { disputeId: dispute.id, message: 'Not mine' }),
      await thread(other.token, { disputeId: dispute.id }),
      await send(s.token, { disputeId: 'no-such-dispute', message: 'Hello' }),
    ]) {
      expect(res.status).toBe(404)
      expect(res.body).toEqual({ message: 'Dispute not found', code: 'NOT_FOUND' })
    }
    await t.db.update(disputes).set({ status: 'resolved' }).where(eq(disputes.id, dispute.id))
    const closed = await send(s.token, { disputeId: dispute.id, message: 'One more thing' })
    expect(closed.status).toBe(409)
    expect(closed.body).toEqual({
      message: 'This dispute has been resolved and takes no more messages',
      code: 'DISPUTE_RESOLVED',
    })
    expect((await detail(s.token, dispute.id)).body.data.messageCount).toBe(0)
    expect((await thread(s.token, { disputeId: dispute.id })).body.data.total).toBe(0)
  })
})

describe('POST /dispute/escalate', () => {
  it('escalates once, with the reason; Support acknowledges in the thread and the timeline notes it', async () => {
    const s = await seller()
    const dispute = await openOne(s, { title: 'Rider never came' })
    await send(s.token, { disputeId: dispute.id, message: 'We are on it.' })
    t.clock.advance(MINUTE_MS)
    const res = await escalate(s.token, {
      disputeId: dispute.id,
      reason: '  The customer wants a refund and the rider is unreachable ',
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Dispute escalated to admin')
    expect(res.body.data).toMatchObject({
      id: dispute.id,
      status: 'escalated',
      isEscalated: true,
      escalationReason: 'The customer wants a refund and the rider is unreachable',
      escalatedAt: t.clock.now().toISOString(),
      messageCount: 2,
      order: { reference: s.order.reference },
    })
    const messages = (await thread(s.token, { disputeId: dispute.id })).body.data.items
    expect(messages.map((m: { author: string; authorName: string; message: string }) => [m.author, m.authorName, m.message])).toEqual([
      ['vendor', 'Owner Person', 'We are on it.'],
      ['admin', 'Support', ESCALATION_RECEIVED],
    ])
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.vendorId, s.vendorId), eq(orderEvents.orderId, s.order.id)))
      .orderBy(asc(orderEvents.createdAt))
    expect(events.map((e) => [e.kind, e.message, e.actorName])).toEqual([
      ['dispute', 'Dispute opened: Rider never came', 'Owner Person'],
      ['dispute', 'Dispute escalated to admin: Rider never came', 'Owner Person'],
    ])

    const again = await escalate(s.token, { disputeId: dispute.id, reason: 'Please hurry' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      message: 'This dispute has already been escalated',
      code: 'DISPUTE_ALREADY_ESCALATED',
    })
    const after = (await detail(s.token, dispute.id)).body.data
    expect(after).toMatchObject({
      escalationReason: 'The customer wants a refund and the rider is unreachable',
      messageCount: 2,
    })
    // Escalated is not closed: the vendor can still write.
    expect((await send(s.token, { disputeId: dispute.id, message: 'Photo of the gate log attached.' })).status).toBe(201)
  })

  it('two escalations at once: exactly one succeeds', async () => {
    const s = await seller()
    const dispute = await openOne(s)
    const raced = await Promise.all([
      escalate(s.token, { disputeId: dispute.id, reason: 'First tap' }),
      escalate(s.token, { disputeId: dispute.id, reason: 'Second tap' }),
    ])
    expect(raced.map((res) => res.status).sort()).toEqual([200, 409])
    expect((await detail(s.token, dispute.id)).body.data.messageCount).toBe(1)
  })

  it('422 without a reason; 404 for another vendor’s dispute; 409 for a resolved one', async () => {
    const s = await seller()
    const dispute = await openOne(s)
    expect((await escalate(s.token, unchecked({ disputeId: dispute.id }))).body.message).toBe('reason: is required')
    expect((await escalate(s.token, { disputeId: dispute.id, reason: '' })).body.message).toBe('reason: is required')
    expect((await escalate(s.token, { disputeId: dispute.id, reason: 'x'.repeat(1001) })).body.message).toBe(
      'reason: must be at most 1000 characters',
    )
    const other = await seller()
    const res = await escalate(other.token, { disputeId: dispute.id, reason: 'Not mine' })
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Dispute not found', code: 'NOT_FOUND' })
    expect((await detail(s.token, dispute.id)).body.data.status).toBe('open')
    await t.db.update(disputes).set({ status: 'resolved' }).where(eq(disputes.id, dispute.id))
    const resolved = await escalate(s.token, { disputeId: dispute.id, reason: 'Too late' })
    expect(resolved.status).toBe(409)
    expect(resolved.body.code).toBe('DISPUTE_RESOLVED')
  })
})

describe('permission', () => {
  it('403 on every dispute call without VENDOR_ORDERS', async () => {
    const s = await seller()
    const dispute = await openOne(s)
    const token = await tokenFor(t, (await createMember(s.vendor, { permissions: ['VENDOR_CUSTOMERS', 'VENDOR_TRANSACTIONS'] })).row)
    const calls = [
      prepare(endpoints.listDisputes),
      prepare(endpoints.disputeInfo, { query: { disputeId: dispute.id } }),
      prepare(endpoints.createDispute, { body: disputeBody(s, { title: 'Another' }) }),
      prepare(endpoints.disputeCategories),
      prepare(endpoints.disputeConversation, { query: { disputeId: dispute.id } }),
      prepare(endpoints.sendDisputeMessage, { body: { disputeId: dispute.id, message: 'Hi' } }),
      prepare(endpoints.escalateDispute, { body: { disputeId: dispute.id, reason: 'Because' } }),
    ]
    for (const request of calls) {
      const res = await request.send(t.app, { token })
      expect(res.status, request.label).toBe(403)
      expect(res.body).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' })
    }
    expect((await detail(s.token, dispute.id)).body.data).toMatchObject({ status: 'open', messageCount: 0 })
    expect((await list(s.token)).body.data.total).toBe(1)
  })
})
