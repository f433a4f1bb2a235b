import { randomUUID } from 'node:crypto'

import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'

import type { EndpointDef, QueryInput } from '#contract/endpoint'
import { endpoints } from '#contract/index'
import type { Permission } from '#contract/permissions'
import { hashSecret } from '#server/auth/secrets'
import { users, wallets } from '#server/db/schema'
import { outletMembers } from '#server/db/team-schema'

import { call, createMember, createVendor, type TestApp, type TestVendor, unchecked } from '../harness'
import { PIN, tokenFor } from '../money/helpers'
import { transferIn } from '../orders/helpers'

/* Shared by the outlets*.test.ts files: a vendor with outlets, members placed in them, and money moving. */

export { salesApp as outletsApp } from '../orders/helpers'

export interface Owner extends TestVendor {
  token: string
}

/** An approved vendor with a funded main wallet and its owner's session; the owner's PIN is PIN (1234). */
export async function owner(t: TestApp, balance = 0): Promise<Owner> {
  const vendor = await createVendor({ balance })
  await setPin(t, vendor.owner.id)
  return { ...vendor, token: await tokenFor(t, vendor.owner.row) }
}

/** Outlet transfers need the caller's PIN (decision 086): every owner and staff member here has PIN. */
async function setPin(t: TestApp, userId: string) {
  await t.db
    .update(users)
    .set({ pinHash: await hashSecret(PIN) })
    .where(eq(users.id, userId))
}

export interface CreatedOutlet {
  id: string
  name: string
  accountNumber: string
  walletId: string
}

export async function makeOutlet(t: TestApp, token: string, fields: Record<string, unknown> = {}): Promise<CreatedOutlet> {
  const res = await call(t.app, endpoints.createOutlet, {
    token,
    body: { name: `Branch ${randomUUID().slice(0, 8)}`, address: '1 Marina, Lagos Island', ...fields },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.outletId, res.body.data.id))
  return { id: res.body.data.id, name: res.body.data.name, accountNumber: res.body.data.accountNumber!, walletId: wallet!.id }
}

export interface Staff {
  id: string
  token: string
}

/** A member of the vendor with these permissions, placed in these outlets directly (not through the API). */
export async function staff(t: TestApp, vendor: TestVendor, permissions: Permission[], outletIds: string[] = []): Promise<Staff> {
  const member = await createMember(vendor, { permissions })
  await setPin(t, member.id)
  for (const outletId of outletIds) {
    await t.db.insert(outletMembers).values({ vendorId: vendor.vendor.id, outletId, userId: member.id })
  }
  return { id: member.id, token: await tokenFor(t, member.row) }
}

export async function isOutletMember(t: TestApp, outletId: string, userId: string): Promise<boolean> {
  const rows = await t.db
    .select()
    .from(outletMembers)
    .where(and(eq(outletMembers.outletId, outletId), eq(outletMembers.userId, userId)))
  return rows.length > 0
}

/** Transfer to Outlet with the caller's PIN unless the body says otherwise (`pin: undefined` leaves it out). */
export function fund(t: TestApp, token: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return call(t.app, endpoints.fundOutlet, { token, headers: { 'idempotency-key': key }, body: unchecked({ pin: PIN, ...body }) })
}

/** Transfer to Main Wallet with the caller's PIN unless the body says otherwise. */
export function toMain(t: TestApp, token: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return call(t.app, endpoints.transferToMain, { token, headers: { 'idempotency-key': key }, body: unchecked({ pin: PIN, ...body }) })
}

/** A read of one endpoint with the token given (the outlet tests' most frequent call). */
export const get = <E extends EndpointDef>(t: TestApp, token: string, endpoint: E, query?: QueryInput<E>) =>
  call(t.app, endpoint, { token, query })

/** A bank transfer into the outlet's own virtual account, through the signed webhook. */
export async function creditOutlet(t: TestApp, outlet: CreatedOutlet, amount: number, narration = 'Walk-in payment') {
  const res = await transferIn(t, outlet.accountNumber, amount, narration)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.transactionId as string
}

export async function outletBalance(t: TestApp, outlet: CreatedOutlet): Promise<number> {
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.id, outlet.walletId))
  return wallet!.balance
}

/** Main, clearing and every outlet wallet's balance of a vendor. */
export async function walletBalances(t: TestApp, vendorId: string) {
  const rows = await t.db.select().from(wallets).where(eq(wallets.vendorId, vendorId))
  const of = (kind: string) => rows.find((wallet) => wallet.kind === kind && !wallet.outletId)!.balance
  return {
    main: of('main'),
    clearing: of('clearing'),
    outlets: Object.fromEntries(rows.filter((w) => w.outletId).map((w) => [w.outletId!, w.balance])),
  }
}
