import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput, QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import type { Permission } from '#contract/permissions'
import { HOUR_MS } from '#server/clock'
import { type UserRow, users } from '#server/db/schema'
import { createMember } from '#server/money/accounts'

import { call, type TestApp, unchecked, uniqueEmail } from '../harness'
import { creditOutlet, fund, get, isOutletMember, makeOutlet, outletsApp, owner, staff, toMain } from './helpers'

/* An outlet's members (add, list, remove and their rules), and the outlet's transaction list with its filters. */

let t: TestApp
beforeAll(async () => {
  t = await outletsApp()
})

const NAIRA = 100
const add = (token: string, body: BodyInput<typeof endpoints.addOutletMember>) => call(t.app, endpoints.addOutletMember, { token, body })
const remove = (token: string, query: Record<string, string>) =>
  call(t.app, endpoints.removeOutletMember, { token, query: unchecked(query) })

async function member(vendorId: string, fields: Partial<Pick<UserRow, 'name' | 'phone' | 'status'>> & { email?: string } = {}) {
  const person = { vendorId, name: fields.name ?? 'Team Member', email: fields.email ?? uniqueEmail('member'), phone: fields.phone ?? null }
  const permissions: Permission[] = ['VENDOR_OUTLETS', 'VENDOR_ORDERS']
  if (fields.status === 'invited') {
    // Invited: no password until they accept (server/team makes these; written directly here).
    const [row] = await t.db
      .insert(users)
      .values({ ...person, role: 'member', permissions, status: 'invited' })
      .returning()
    return row!
  }
  return createMember(t.db, { ...person, password: `pw-${randomUUID()}`, permissions, status: fields.status ?? 'active' })
}

describe('POST /outlet/members', () => {
  it('adds a member of the vendor; the outlet counts them; adding again is a 409', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    const tunde = await member(o.vendor.id, { name: 'Tunde Bakare', phone: '08035550101' })
    const res = await add(o.token, { outletId: outlet.id, memberId: tunde.id })
    expect(res.status).toBe(201)
    expect(res.body.message).toBe('Member added to outlet')
    expect(res.body.data).toEqual({
      id: tunde.id,
      name: 'Tunde Bakare',
      email: tunde.email,
      phone: '08035550101',
      status: 'active',
      permissions: ['VENDOR_ORDERS', 'VENDOR_OUTLETS'],
      addedAt: expect.any(String),
    })
    expect((await get(t, o.token, endpoints.outletDetail, { outletId: outlet.id })).body.data.memberCount).toBe(1)
    const again = await add(o.token, { outletId: outlet.id, memberId: tunde.id })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'This member is already in this outlet', code: 'ALREADY_OUTLET_MEMBER' })
  })

  it('the same member added five times at once lands once', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    const m = await member(o.vendor.id)
    const results = await Promise.all(Array.from({ length: 5 }, () => add(o.token, { outletId: outlet.id, memberId: m.id })))
    expect(results.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409])
  })

  it('members of any status may be added', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    for (const status of ['invited', 'inactive'] as const) {
      const m = await member(o.vendor.id, { status })
      const res = await add(o.token, { outletId: outlet.id, memberId: m.id })
      expect(res.status).toBe(201)
      expect(res.body.data.status).toBe(status)
    }
  })

  it('the owner is refused with a 422 that says why; unknown and other vendors’ users are 404 Member not found', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    const res = await add(o.token, { outletId: outlet.id, memberId: o.owner.id })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('The owner already sees every outlet and is not added to one')
    const other = await owner(t)
    const theirs = await member(other.vendor.id)
    for (const memberId of [theirs.id, other.owner.id, 'nobody']) {
      const missing = await add(o.token, { outletId: outlet.id, memberId })
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ message: 'Member not found', code: 'NOT_FOUND' })
    }
    const m = await member(o.vendor.id)
    expect((await add(o.token, { outletId: 'nowhere', memberId: m.id })).body.message).toBe('Outlet not found')
  })

  it.each([
    [{ outletId: 'x' }, 'memberId: is required'],
    [{ memberId: 'x' }, 'outletId: is required'],
    [{ outletId: 'x', memberId: '' }, 'memberId: is required'],
    [{ outletId: 'x', memberId: 'a\0' }, 'memberId: must not contain a NUL character'],
    [{ outletId: 'x', memberId: 7 }, 'memberId: is required'],
  ])('422 naming the field for %j', async (body, message) => {
    const o = await owner(t)
    const res = await add(o.token, unchecked(body))
    expect(res.status).toBe(422)
    expect(res.body.message).toBe(message)
  })
})

describe('a team manager places only members holding nothing more than they do', () => {
  it('cannot add or remove a member holding VENDOR_TRANSFERS; may add a peer, and themselves', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    const manager = await staff(t, o, ['VENDOR_TEAM', 'VENDOR_OUTLETS', 'VENDOR_ORDERS'])
    const treasurer = await staff(t, o, ['VENDOR_OUTLETS', 'VENDOR_TRANSFERS'])
    const refused = await add(manager.token, { outletId: outlet.id, memberId: treasurer.id })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      code: 'PERMISSION_NOT_HELD',
      message: 'You can only manage members whose permissions you hold yourself (you do not hold: Send money)',
    })
    expect(await isOutletMember(t, outlet.id, treasurer.id)).toBe(false)
    // Placed by the owner, the treasurer cannot be taken out by the manager either.
    expect((await add(o.token, { outletId: outlet.id, memberId: treasurer.id })).status).toBe(201)
    expect((await remove(manager.token, { outletId: outlet.id, memberId: treasurer.id })).body.code).toBe('PERMISSION_NOT_HELD')
    expect(await isOutletMember(t, outlet.id, treasurer.id)).toBe(true)

    const peer = await member(o.vendor.id)
    expect((await add(manager.token, { outletId: outlet.id, memberId: peer.id })).status).toBe(201)
    expect((await add(manager.token, { outletId: outlet.id, memberId: manager.id })).status).toBe(201)
    expect((await remove(manager.token, { outletId: outlet.id, memberId: peer.id })).status).toBe(200)
  })
})

describe('GET /outlet/members', () => {
  it('newest added first, paged, searched by name, email or phone', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    const people = [
      await member(o.vendor.id, { name: 'Ngozi Eze', phone: '08035550102', email: uniqueEmail('ngozi') }),
      await member(o.vendor.id, { name: 'Tunde Bakare', phone: '08035550101', email: uniqueEmail('tunde') }),
      await member(o.vendor.id, { name: 'Amaka 100%', phone: '07011112222', email: uniqueEmail('amaka') }),
    ]
    for (const person of people) expect((await add(o.token, { outletId: outlet.id, memberId: person.id })).status).toBe(201)
    // Someone in another outlet is not listed here.
    const elsewhere = await makeOutlet(t, o.token)
    await add(o.token, { outletId: elsewhere.id, memberId: (await member(o.vendor.id, { name: 'Ngozi Other' })).id })

    const names = async (query: Record<string, string> = {}) =>
      (await get(t, o.token, endpoints.listOutletMembers, { outletId: outlet.id, ...query })).body.data.items.map(
        (m: { name: string }) => m.name,
      )
    expect(await names()).toEqual(['Amaka 100%', 'Tunde Bakare', 'Ngozi Eze'])
    const page = await get(t, o.token, endpoints.listOutletMembers, { outletId: outlet.id, page: '2', size: '2' })
    expect(page.body.data).toMatchObject({ page: 2, size: 2, total: 3, items: [{ name: 'Ngozi Eze' }] })
    expect(await names({ search: 'ngozi' })).toEqual(['Ngozi Eze'])
    expect(await names({ search: 'TUNDE-' })).toEqual(['Tunde Bakare'])
    expect(await names({ search: '0803555' })).toEqual(['Tunde Bakare', 'Ngozi Eze'])
    expect(await names({ search: '%' })).toEqual(['Amaka 100%'])
    expect((await get(t, o.token, endpoints.listOutletMembers, { outletId: outlet.id, search: 'zzz' })).body.data.total).toBe(0)
    expect((await get(t, o.token, endpoints.listOutletMembers, { outletId: outlet.id, size: '0' })).body.message).toBe(
      'size: must be at least 1',
    )
  })
})

describe('DELETE /outlet/members', () => {
  it('removes a member, who then no longer sees the outlet; removing again is a 404', async () => {
    const o = await owner(t)
    const outlet = await makeOutlet(t, o.token)
    const cashier = await staff(t, o, ['VENDOR_OUTLETS'], [outlet.id])
    expect((await get(t, cashier.token, endpoints.outletDetail, { outletId: outlet.id })).status).toBe(200)
    const res = await remove(o.token, { outletId: outlet.id, memberId: cashier.id })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Member removed from outlet', data: null })
    expect(await isOutletMember(t, outlet.id, cashier.id)).toBe(false)
    expect((await get(t, cashier.token, endpoints.outletDetail, { outletId: outlet.id })).status).toBe(404)
    const again = await remove(o.token, { outletId: outlet.id, memberId: cashier.id })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('This member is not in this outlet')
    expect((await remove(o.token, { outletId: outlet.id })).body.message).toBe('memberId: is required')
  })
})

describe('GET /transaction/outlet filters', () => {
  it('by type, status, reference, customer and dates; the unfiltered total is the wallet count', async () => {
    const o = await owner(t, 50_000 * NAIRA)
    const outlet = await makeOutlet(t, o.token)
    const start = t.clock.now()
    const first = await creditOutlet(t, outlet, 1_000 * NAIRA)
    t.clock.advance(HOUR_MS)
    const funded = (await fund(t, o.token, { outletId: outlet.id, amount: 5_000 * NAIRA })).body.data.transaction
    t.clock.advance(HOUR_MS)
    const back = (await toMain(t, o.token, { outletId: outlet.id, amount: 2_000 * NAIRA })).body.data.transaction
    t.clock.advance(HOUR_MS)
    await creditOutlet(t, outlet, 3_000 * NAIRA)

    type Filters = Omit<QueryInput<typeof endpoints.outletTransactions>, 'outletId'>
    const list = (query: Filters = {}) => get(t, o.token, endpoints.outletTransactions, { outletId: outlet.id, ...query })
    const ids = async (query: Filters) => (await list(query)).body.data.items.map((row) => row.id)
    const all = await list()
    expect(all.body.data.total).toBe(4)
    expect(all.body.data.items[0]).toMatchObject({ type: 'credit', amount: 3_000 * NAIRA })
    expect(all.body.data.items[3]?.id).toBe(first)
    expect(await ids({ type: 'debit' })).toEqual([back.id])
    expect((await list({ type: 'credit' })).body.data.total).toBe(3)
    expect((await list({ status: 'success' })).body.data.total).toBe(4)
    expect((await list({ status: 'failed' })).body.data).toMatchObject({ items: [], total: 0 })
    expect(await ids({ reference: funded.reference })).toEqual([funded.id])
    const [firstRow] = (await list({ type: 'credit' })).body.data.items.filter((row) => row.id === first)
    expect(firstRow?.customerId).toEqual(expect.any(String))
    expect(await ids({ customerId: firstRow!.customerId! })).toContain(first)
    const iso = (ms: number) => new Date(start.getTime() + ms).toISOString()
    expect(await ids({ startDate: iso(HOUR_MS / 2), endDate: iso(2.5 * HOUR_MS) })).toEqual([back.id, funded.id])
    expect((await list({ page: '2', size: '3' })).body.data).toMatchObject({ page: 2, size: 3, total: 4, items: [{ id: first }] })

    const bad: [Record<string, string>, string][] = [
      [{ type: 'refund' }, 'type: must be credit or debit'],
      [{ status: 'done' }, 'status: must be success, pending or failed'],
      [{ startDate: 'yesterday' }, 'startDate: '],
      [{ startDate: iso(HOUR_MS), endDate: iso(0) }, 'startDate: must not be after endDate'],
      [{ reference: 'r\0' }, 'reference: must not contain a NUL character'],
    ]
    for (const [query, message] of bad) {
      const res = await list(unchecked(query))
      expect(res.status, JSON.stringify(query)).toBe(422)
      expect(res.body.message.startsWith(message), res.body.message).toBe(true)
    }
    const missing = await get(t, o.token, endpoints.outletTransactionDetail, unchecked({ outletId: outlet.id }))
    expect(missing.body.message).toBe('id: is required')
  })
})
