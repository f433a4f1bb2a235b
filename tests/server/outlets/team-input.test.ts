import { randomUUID } from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import type { BodyInput, EndpointDef } from '#contract/endpoint'
import { endpoints } from '#contract/index'

import { call, type TestApp } from '../harness'
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

const headers = () => ({ 'idempotency-key': randomUUID() })
/** Text as the body, JSON or not. */
const send = (endpoint: EndpointDef, rawBody: string) => call(t.app, endpoint, { token: o.token, rawBody, headers: headers() })
const post = <E extends EndpointDef>(endpoint: E, body: BodyInput<E>) => call(t.app, endpoint, { token: o.token, body, headers: headers() })

describe('a body that is not an object', () => {
  // [the endpoint, the first field its body requires]; named in each test by method and path.
  const calls = (
    [
      [endpoints.createOutlet, 'name'],
      [endpoints.setOutletStatus, 'outletId'],
      [endpoints.fundOutlet, 'amount'],
      [endpoints.transferToMain, 'amount'],
      [endpoints.addOutletMember, 'outletId'],
      [endpoints.inviteMember, 'name'],
      [endpoints.resendInvite, 'memberId'],
      [endpoints.acceptInvite, 'inviteCode'],
      [endpoints.setMemberStatus, 'memberId'],
    ] as const
  ).map(([endpoint, first]): [string, string, EndpointDef, string] => [endpoint.method, endpoint.path, endpoint, first])
  it.each(calls)(
    '%s %s: null and [] name the first missing field; a string or a number names the body',
    async (_method, _path, endpoint, first) => {
      for (const raw of ['null', '[]']) {
        const res = await send(endpoint, raw)
        expect(res.status, raw).toBe(422)
        expect(res.body.message).toBe(`${first}: is required`)
      }
      for (const raw of ['"x"', '42', 'true']) {
        const res = await send(endpoint, raw)
        expect(res.status, raw).toBe(422)
        expect(res.body.message.startsWith('body: ')).toBe(true)
      }
      const broken = await send(endpoint, '{"name": ')
      expect(broken.status).toBe(400)
      expect(broken.body.code).toBe('BAD_JSON')
    },
  )
})

describe("another vendor's ids are not found, on every call that takes one", () => {
  it('outlets: 404 Outlet not found, for reads, transfers, status and members alike', async () => {
    const outletId = theirs.id
    const answers = [
      await post(endpoints.fundOutlet, { outletId, amount: 100, pin: '1234' }),
      await post(endpoints.transferToMain, { outletId, amount: 100, pin: '1234' }),
      await post(endpoints.addOutletMember, { outletId, memberId: theirMember }),
      await call(t.app, endpoints.removeOutletMember, { token: o.token, query: { outletId, memberId: theirMember } }),
      await get(t, o.token, endpoints.outletTransactionDetail, { outletId, id: theirCredit }),
    ]
    for (const res of answers) expect(res.body).toEqual({ message: 'Outlet not found', code: 'NOT_FOUND' })
  })

  it('their transaction through my outlet, and their member in my outlet, are not found either', async () => {
    expect((await get(t, o.token, endpoints.outletTransactionDetail, { outletId: mine.id, id: theirCredit })).body).toEqual({
      message: 'Transaction not found',
      code: 'NOT_FOUND',
    })
    const added = await post(endpoints.addOutletMember, { outletId: mine.id, memberId: theirMember })
    expect(added.body).toEqual({ message: 'Member not found', code: 'NOT_FOUND' })
    const removed = await call(t.app, endpoints.removeOutletMember, { token: o.token, query: { outletId: mine.id, memberId: theirMember } })
    expect(removed.status).toBe(404)
  })
})

describe('text from outside ASCII', () => {
  it('outlet and member names keep their letters, emoji and accents, and search finds them', async () => {
    const created = await post(endpoints.createOutlet, { name: 'Ọ̀yọ́ 🍲 Bukka', address: 'Ìbàdàn, Ọ̀yọ́ State' })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ name: 'Ọ̀yọ́ 🍲 Bukka', address: 'Ìbàdàn, Ọ̀yọ́ State' })
    const found = await get(t, o.token, endpoints.listOutlets, { search: '🍲' })
    expect(found.body.data.items.map((item: { id: string }) => item.id)).toEqual([created.body.data.id])
    const invited = await invite(t, o.token, { name: 'Adébáyọ̀ Ògúnléyè' })
    expect(invited.body.data.name).toBe('Adébáyọ̀ Ògúnléyè')
    const members = await get(t, o.token, endpoints.listMembers, { name: 'ògún' })
    expect(members.status).toBe(200)
  })

  it('lengths are counted as the contract counts them (UTF-16 units): 50 emoji fit in 100, 51 are a 422', async () => {
    expect((await post(endpoints.createOutlet, { name: '🍲'.repeat(50), address: 'x' })).status).toBe(201)
    const res = await post(endpoints.createOutlet, { name: '🥘'.repeat(51), address: 'x' })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('name: must be at most 100 characters')
  })
})
