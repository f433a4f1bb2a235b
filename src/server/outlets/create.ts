import { and, eq, sql } from 'drizzle-orm'

import type { Outlet } from '#contract/outlets'

import type { Auth } from '../auth/sessions'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { outlets, type WalletRow, wallets } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { sandboxVirtualAccount } from '../money/sandbox-virtual-accounts'
import { enqueueVirtualAccount, tryVirtualAccounts } from '../money/virtual-accounts'
import { outletView } from './list'
import { outletFor, type OutletRow } from './scope'

export interface NewOutlet {
  name: string
  address: string
  email?: string | null
  phone?: string | null
}

const nameTaken = (name: string) =>
  new ApiError(409, 'OUTLET_NAME_TAKEN', `You already have an outlet named ${name}`, {
    issues: [{ path: 'name', message: 'is already used by another outlet' }],
  })

async function nameInUse(db: Db, vendorId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(eq(outlets.vendorId, vendorId), sql`lower(${outlets.name}) = lower(${name})`))
  return Boolean(row)
}

export interface OutletPlacement {
  /** The seed places its outlets in the past. */
  createdAt?: Date
  /**
   * When the job asking for the wallet's virtual account first runs, after the request's own try (decision 142).
   * Null: the sandbox's account at once (the seed, on the sandbox like its vendor).
   */
  accountJobAt: Date | null
}

/**
 * An outlet and its own wallet inside the caller's transaction, with the job that asks the provider for the
 * wallet's virtual account: the job exists exactly when the outlet does (decision 142).
 */
export async function insertOutletWithin(
  tx: Tx,
  vendor: { id: string; name: string },
  input: NewOutlet & OutletPlacement,
): Promise<{ outlet: OutletRow; wallet: WalletRow }> {
  // clock_timestamp(): outlets made in one transaction (the demo seed) still list newest first.
  const createdAt = input.createdAt ?? sql`clock_timestamp()`
  const [outlet] = await tx
    .insert(outlets)
    .values({
      vendorId: vendor.id,
      name: input.name,
      address: input.address,
      email: input.email ?? null,
      phone: input.phone ?? null,
      createdAt,
    })
    .returning()
  const accountName = `${vendor.name} - ${input.name}`
  const [wallet] = await tx
    .insert(wallets)
    .values({ vendorId: vendor.id, outletId: outlet!.id, kind: 'outlet', accountName, createdAt })
    .returning()
  if (input.accountJobAt) {
    await enqueueVirtualAccount(tx, wallet!.id, input.accountJobAt)
    return { outlet: outlet!, wallet: wallet! }
  }
  const account = await sandboxVirtualAccount(tx, wallet!.id, accountName)
  const [assigned] = await tx
    .update(wallets)
    .set({ accountNumber: account.accountNumber, accountName: account.accountName, bankName: account.bankName })
    .where(eq(wallets.id, wallet!.id))
    .returning()
  return { outlet: outlet!, wallet: assigned! }
}

/**
 * POST /outlet. The unique index on (vendor_id, lower(name)) decides between two tabs creating "Lekki" at once;
 * the loser gets a 409, never a 500.
 */
export async function createOutlet(deps: AppDeps, auth: Auth, input: NewOutlet): Promise<Outlet> {
  const { db } = deps
  let outletId: string
  let walletId: string
  try {
    const accountJobAt = deps.clock.now()
    const created = await db.transaction((tx) => insertOutletWithin(tx, auth.vendor, { ...input, accountJobAt }))
    outletId = created.outlet.id
    walletId = created.wallet.id
  } catch (error) {
    // Another unique index (the 1-in-10^9 account number race) is not the caller's fault: that one stays a 500.
    if (isUniqueViolation(error) && (await nameInUse(db, auth.vendorId, input.name))) throw nameTaken(input.name)
    throw error
  }
  // The provider's account, asked once now; the queue's job asks again if the provider is down.
  await tryVirtualAccounts(deps, [walletId])
  return outletView(db, auth, outletId)
}

/** Active or inactive (decision 043: an inactive outlet takes no transfers; its members cannot act for it). */
export async function setOutletStatus(db: Db, auth: Auth, outletId: string, status: Outlet['status']): Promise<Outlet> {
  const { outlet } = await outletFor(db, auth, outletId, { acting: false })
  await db
    .update(outlets)
    .set({ status })
    .where(and(eq(outlets.vendorId, auth.vendorId), eq(outlets.id, outlet.id)))
  return outletView(db, auth, outlet.id)
}
