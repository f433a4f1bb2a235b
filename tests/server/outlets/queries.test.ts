import { beforeAll, describe, expect, it } from 'vitest'

import type { QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import { outletMembers } from '#server/db/team-schema'

import { call, createMember, makeApp, type TestApp } from '../harness'
import { countingDb } from '../query-count'
import { invite } from '../team/helpers'
import { type CreatedOutlet, fund, makeOutlet, outletsApp, type Owner, owner, type Staff, staff } from './helpers'

/*
 * The outlet and team lists cost a fixed number of queries whatever the page holds: balances, member counts,
 * outlet ids and pending invitations come with the page, never with a query per row.
 */

const NAIRA = 100
const ROWS = 22

let t: TestApp
let o: Owner
let outlet: CreatedOutlet
let cashier: Staff
let counted: ReturnType<typeof countingDb>
let countingApp: TestApp

beforeAll(async () => {
  t = await outletsApp()
  o = await owner(t, ROWS * 1_000 * NAIRA + ROWS)
  const outlets: CreatedOutlet[] = []
  for (let i = 0; i < ROWS; i++) outlets.push(await makeOutlet(t, o.token))
  outlet = outlets[0]!
  // Every row has what a naive list would fetch on its own: a balance, members, other outlets, an invitation.
  for (let i = 0; i < ROWS; i++) {
    const member = await createMember(o, { permissions: ['VENDOR_OUTLETS'] })
    const placed = [outlet.id, outlets[i]!.id].filter((id, at, all) => all.indexOf(id) === at)
    for (const outletId of placed) await t.db.insert(outletMembers).values({ vendorId: o.vendor.id, outletId, userId: member.id })
    expect((await fund(t, o.token, { outletId: outlets[i]!.id, amount: 1_000 * NAIRA })).status).toBe(201)
  }
  for (let i = 0; i < 3; i++) await invite(t, o.token)
  cashier = await staff(
    t,
    o,
    ['VENDOR_OUTLETS'],
    outlets.slice(0, ROWS).map((row) => row.id),
  )
  for (let i = 0; i < ROWS; i++) expect((await fund(t, o.token, { outletId: outlet.id, amount: 1 })).status).toBe(201)
  counted = countingDb(t.db)
  countingApp = await makeApp({ db: counted.db })
})

/** The statements one request sends (the session lookup included), checking the page really is full. */
type List =
  typeof endpoints.listOutlets | typeof endpoints.listOutletMembers | typeof endpoints.outletTransactions | typeof endpoints.listMembers

async function statementsFor(token: string, endpoint: List, query: { size: number }): Promise<number> {
  // Each request pays its session lookup, as the first of a session's window does (decision 098).
  countingApp.deps.sessionCache.clear()
  counted.statements.length = 0
  const res = await call(countingApp.app, endpoint, { token, query })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.data.items.length).toBe(Math.min(Number(query.size), res.body.data.total))
  return counted.statements.length
}

/** [who asks, the list's path, its scope, its filters, the list]: the filters checked against the list's query. */
const row = <E extends List>(
  who: string,
  endpoint: E,
  scope: string,
  query: Omit<QueryInput<E>, 'outletId'>,
): [string, string, string, object, List] => [who, endpoint.path, scope, query, endpoint]

describe('lists cost a fixed number of queries, whatever the page holds', () => {
  // 'of the outlet': the list of one outlet (its id added to the query).
  it.each([
    row('the owner', endpoints.listOutlets, 'of the vendor', {}),
    row('a cashier of many outlets', endpoints.listOutlets, 'of the vendor', {}),
    row('the owner', endpoints.listOutlets, 'of the vendor', { search: 'Branch' }),
    row('the owner', endpoints.listOutletMembers, 'of the outlet', {}),
    row('a cashier of many outlets', endpoints.listOutletMembers, 'of the outlet', {}),
    row('the owner', endpoints.outletTransactions, 'of the outlet', {}),
    row('the owner', endpoints.outletTransactions, 'of the outlet', { type: 'credit' }),
    row('the owner', endpoints.listMembers, 'of the vendor', {}),
  ])('%s: GET %s %s %o', async (who, _path, scope, query, endpoint) => {
    const token = who === 'the owner' ? o.token : cashier.token
    const scoped = scope === 'of the outlet' ? { ...query, outletId: outlet.id } : query
    const one = await statementsFor(token, endpoint, { ...scoped, size: 1 })
    const page = await statementsFor(token, endpoint, { ...scoped, size: 20 })
    expect(page).toBe(one)
    expect(page).toBeLessThanOrEqual(4)
  })
})
