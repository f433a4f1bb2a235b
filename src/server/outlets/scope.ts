import { and, eq, type SQL, sql } from 'drizzle-orm'

import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { outlets, type WalletRow, wallets } from '../db/schema'
import { qualified } from '../db/sql-helpers'
import { outletMembers } from '../db/team-schema'
import { ApiError, notFound } from '../errors'

/*
 * Who sees which outlet (docs/decisions/043). Every outlet call goes through here, so the rule lives in one place:
 * the owner and members holding VENDOR_TEAM see every outlet of the vendor; any other member only the outlets
 * outlet_members lists them in. An outlet the caller may not see answers exactly as one of another vendor does.
 */

export type OutletRow = typeof outlets.$inferSelect

export interface OutletAccess {
  outlet: OutletRow
  wallet: WalletRow
  /** True when the caller sees every outlet (owner or team manager), not only through membership. */
  seesAll: boolean
}

/** Whoever may add members to outlets could add themselves, so limiting them would be theatre. */
export function seesEveryOutlet(auth: Auth): boolean {
  return auth.role === 'owner' || auth.permissions.includes('VENDOR_TEAM')
}

/** The condition on `outlets` rows the caller may see (vendor, and membership unless they see all). */
export function visibleOutlets(auth: Auth): SQL {
  const member = sql`exists (
    select 1 from ${outletMembers}
    where ${qualified(outletMembers.vendorId)} = ${auth.vendorId}
      and ${qualified(outletMembers.outletId)} = ${qualified(outlets.id)}
      and ${qualified(outletMembers.userId)} = ${auth.userId}
  )`
  return and(eq(outlets.vendorId, auth.vendorId), seesEveryOutlet(auth) ? undefined : member)!
}

/** The wallet belonging to the outlet row being read (one per outlet). */
export const outletWalletJoin = and(eq(wallets.vendorId, outlets.vendorId), eq(wallets.outletId, outlets.id))!

export const outletNotFound = () => notFound('Outlet')
export const outletInactive = () => new ApiError(403, 'OUTLET_INACTIVE', 'This outlet is inactive')

/**
 * The outlet and its wallet, if the caller may see it (else 404 "Outlet not found"). `acting` is for calls that
 * work with the outlet (its wallet, transactions, members, transfers): members who see it only through membership
 * cannot act for an inactive outlet (403); the owner and team managers can still read it. Transfers in either
 * direction are refused for everyone (409, under the outlet's row lock in outlets/transfers.ts): money a bank sent
 * to an inactive outlet is moved out by making the outlet active again first.
 */
export async function outletFor(db: Db, auth: Auth, outletId: string, options: { acting: boolean }): Promise<OutletAccess> {
  const [row] = await db
    .select({ outlet: outlets, wallet: wallets })
    .from(outlets)
    .innerJoin(wallets, outletWalletJoin)
    .where(and(visibleOutlets(auth), eq(outlets.id, outletId)))
  if (!row) throw outletNotFound()
  const seesAll = seesEveryOutlet(auth)
  if (options.acting && !seesAll && row.outlet.status !== 'active') throw outletInactive()
  return { ...row, seesAll }
}
