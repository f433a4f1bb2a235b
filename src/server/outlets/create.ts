import { and, eq, sql } from 'drizzle-orm'

import type { Outlet } from '#contract/outlets'

import type { Auth } from '../auth/sessions'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { outlets, type WalletRow, wallets } from '../db/schema'
import { ApiError } from '../errors'
import { freshAccountNumber, VIRTUAL_ACCOUNT_BANK } from '../money/accounts'
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

/**
 * An outlet and its own wallet with a virtual account, inside the caller's transaction: an outlet never exists
 * without the account customers pay it through. The seed passes createdAt to place its outlets in the past.
 */
export async function insertOutletWithin(
  tx: Tx,
  vendor: { id: string; name: string },
  input: NewOutlet & { createdAt?: Date },
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
  const [wallet] = await tx
    .insert(wallets)
    .values({
      vendorId: vendor.id,
      outletId: outlet!.id,
      kind: 'outlet',
      accountNumber: await freshAccountNumber(tx),
      accountName: `${vendor.name} - ${input.name}`,
      bankName: VIRTUAL_ACCOUNT_BANK.name,
      createdAt,
    })
    .returning()
  return { outlet: outlet!, wallet: wallet! }
}

/**
 * POST /outlet. The unique index on (vendor_id, lower(name)) decides between two tabs creating "Lekki" at once;
 * the loser gets a 409, never a 500.
 */
export async function createOutlet(db: Db, auth: Auth, input: NewOutlet): Promise<Outlet> {
  let outletId: string
  try {
    const created = await db.transaction((tx) => insertOutletWithin(tx, auth.vendor, input))
    outletId = created.outlet.id
  } catch (error) {
    // Another unique index (the 1-in-10^9 account number race) is not the caller's fault: that one stays a 500.
    if (isUniqueViolation(error) && (await nameInUse(db, auth.vendorId, input.name))) throw nameTaken(input.name)
    throw error
  }
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
