import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { endpoints } from '#contract/index'

import { call, callRaw, type TestApp } from '../harness'
import { invite } from '../team/helpers'
import { type CreatedOutlet, creditOutlet, get, makeOutlet, outletsApp, type Owner, owner, staff } from './helpers'

/*
 * Input the outlet and team calls must refuse by name (422) or not find (404), never answer with a 500: bodies of
 * the wrong shape, another vendor's ids, text from outside ASCII.
 */

let t: TestApp
let o: Owner
let mine: CreatedOutlet
let theirs: CreatedOutlet
let theirCredit: string
let theirMember: string

beforeAll(async () => {
  t = await outletsApp()
  o = await owner(t, 10_000)
  mine = await makeOutlet(t, o.token)
  const other = await owner(t, 10_000)
  theirs = await makeOutlet(t, other.token)
  theirCredit = await creditOutlet(t, theirs, 5_000)
  theirMember = (await staff(t, other, ['VENDOR_OUTLETS'], [theirs.id])).id
})

const send = (method: string, path: string, rawBody: string) =>
  callRaw(t.app, method, path, { token: o.token, rawBody, headers: { 'idempotency-key': randomUUID() } })

describe('a body that is not an object', () => {
  const calls: [string, string, string][] = [
    ['POST', '/outlet', 'name'],
    ['PUT', '/outlet/status', 'outletId'],
    ['POST', '/outlet/wallet/fund', 'amount'],
    ['POST', '/outlet/transfer/vendor', 'amount'],
    ['POST', '/outlet/members', 'outletId'],
    ['POST', '/invite', 'name'],
    ['POST', '/invite/resend', 'memberId'],
    ['POST', '/invite/accept', 'inviteCode'],
    ['PUT', '/user/members/status', 'memberId'],
  ]
  it.each(calls)('%s %s: null and [] name the first missing field; a string or a number names the body', async (method, path, first) => {
    for (const raw of ['null', '[]']) {
      const res = await send(method, path, raw)
      expect(res.status, raw).toBe(422)
      expect(res.body.message).toBe(`${first}: is required`)
    }
    for (const raw of ['"x"', '42', 'true']) {
      const res = await send(method, path, raw)
      expect(res.status, raw).toBe(422)
      expect(res.body.message.startsWith('body: ')).toBe(true)
    }
    const broken = await send(method, path, '{"name": ')
    expect(broken.status).toBe(400)
    expect(broken.body.code).toBe('BAD_JSON')
  })
})

describe("another vendor's ids are not found, on every call that takes one", () => {
  it('outlets: 404 Outlet not found, for reads, transfers, status and members alike', async () => {
    const outletId = theirs.id
    const answers = [
      await send('POST', '/outlet/wallet/fund', JSON.stringify({ outletId, amount: 100, pin: '1234' })),
      await send('POST', '/outlet/transfer/vendor', JSON.stringify({ outletId, amount: 100, pin: '1234' })),
      await send('POST', '/outlet/members', JSON.stringify({ outletId, memberId: theirMember })),
      await call(t.app, endpoints.removeOutletMember, { token: o.token, query: { outletId, memberId: theirMember } }),
      await get(t, o.token, '/transaction/outlet/single', { outletId, id: theirCredit }),
    ]
    for (const res of answers) expect(res.body).toEqual({ message: 'Outlet not found', code: 'NOT_FOUND' })
  })

  it('their transaction through my outlet, and their member in my outlet, are not found either', async () => {
    expect((await get(t, o.token, '/transaction/outlet/single', { outletId: mine.id, id: theirCredit })).body).toEqual({
      message: 'Transaction not found',
      code: 'NOT_FOUND',
    })
    const added = await send('POST', '/outlet/members', JSON.stringify({ outletId: mine.id, memberId: theirMember }))
    expect(added.body).toEqual({ message: 'Member not found', code: 'NOT_FOUND' })
    const removed = await call(t.app, endpoints.removeOutletMember, { token: o.token, query: { outletId: mine.id, memberId: theirMember } })
    expect(removed.status).toBe(404)
  })
})

describe('text from outside ASCII', () => {
  it('outlet and member names keep their letters, emoji and accents, and search finds them', async () => {
    const created = await send('POST', '/outlet', JSON.stringify({ name: 'Ọ̀yọ́ 🍲 Bukka', address: 'Ìbàdàn, Ọ̀yọ́ State' }))
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ name: 'Ọ̀yọ́ 🍲 Bukka', address: 'Ìbàdàn, Ọ̀yọ́ State' })
    const found = await get(t, o.token, '/outlet', { search: '🍲' })
    expect(found.body.data.items.map((item: { id: string }) => item.id)).toEqual([created.body.data.id])
    const invited = await invite(t, o.token, { name: 'Adébáyọ̀ Ògúnléyè' })
    expect(invited.body.data.name).toBe('Adébáyọ̀ Ògúnléyè')
    const members = await get(t, o.token, '/user/members', { name: 'ògún' })
    expect(members.status).toBe(200)
  })

  it('lengths are counted as the contract counts them (UTF-16 units): 50 emoji fit in 100, 51 are a 422', async () => {
    expect((await send('POST', '/outlet', JSON.stringify({ name: '🍲'.repeat(50), address: 'x' }))).status).toBe(201)
    const res = await send('POST', '/outlet', JSON.stringify({ name: '🥘'.repeat(51), address: 'x' }))
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('name: must be at most 100 characters')
  })
})
