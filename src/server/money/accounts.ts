import { eq } from 'drizzle-orm'

import { type Permission, PERMISSIONS } from '#contract/permissions'

import { hashPin } from '../auth/pin-hash'
import { hashSecret } from '../auth/secrets'
import type { Db } from '../db/client'
import { type UserRow, users, type VendorRow, vendors, type WalletRow, wallets } from '../db/schema'
import { sandboxVirtualAccount, VIRTUAL_ACCOUNT_BANK } from './sandbox-virtual-accounts'

export interface NewVendorAccount {
  name: string
  email: string
  phone?: string | null
  ownerName: string
  password: string
  status?: VendorRow['status']
  url?: string | null
  pin?: string
}

export interface VendorAccount {
  vendor: VendorRow
  owner: UserRow
  wallets: { main: WalletRow; external: WalletRow; fees: WalletRow; clearing: WalletRow }
}

export { freshAccountNumber, randomNuban, VIRTUAL_ACCOUNT_BANK } from './sandbox-virtual-accounts'

/**
 * A vendor with its owner and its four vendor-level wallets: main (with a virtual account customers pay
 * into), external (the banks' side of the ledger), fees, and clearing (main ↔ outlet transfers pass through it). Registration, the seed and the tests all use it,
 * so every vendor has the same shape.
 */
export async function createVendorAccount(db: Db, input: NewVendorAccount): Promise<VendorAccount> {
  const passwordHash = await hashSecret(input.password)
  const pinHash = input.pin ? hashPin(input.pin) : null
  const email = input.email.trim().toLowerCase()
  return db.transaction(async (tx) => {
    const [vendor] = await tx
      .insert(vendors)
      .values({
        name: input.name,
        email,
        phone: input.phone ?? null,
        url: input.url ?? null,
        status: input.status ?? 'pending_verification',
        // Created already approved (the demo, tests): nothing left to verify, and no welcome to show.
        ...(input.status === 'approved' ? { phoneVerifiedAt: new Date(), welcomedAt: new Date() } : {}),
      })
      .returning()
    const [owner] = await tx
      .insert(users)
      .values({
        vendorId: vendor!.id,
        name: input.ownerName,
        email,
        phone: input.phone ?? null,
        passwordHash,
        role: 'owner',
        permissions: [...PERMISSIONS],
        pinHash,
      })
      .returning()
    const created = await tx
      .insert(wallets)
      .values([
        // The main wallet's virtual account comes from the provider (decision 142): none until then.
        { vendorId: vendor!.id, kind: 'main', accountName: input.name },
        { vendorId: vendor!.id, kind: 'external' },
        { vendorId: vendor!.id, kind: 'fees' },
        { vendorId: vendor!.id, kind: 'clearing' },
      ])
      .returning()
    const main = created.find((wallet) => wallet.kind === 'main')!
    if (input.status === 'approved') {
      // Made approved (the demo, tests): on the sandbox, whose account is given at once, as the seed has always had.
      const account = await sandboxVirtualAccount(tx, main.id, input.name)
      const [assigned] = await tx
        .update(wallets)
        .set({ accountNumber: account.accountNumber, accountName: account.accountName, bankName: VIRTUAL_ACCOUNT_BANK.name })
        .where(eq(wallets.id, main.id))
        .returning()
      created[created.indexOf(main)] = assigned!
    }
    const byKind = (kind: WalletRow['kind']) => created.find((wallet) => wallet.kind === kind)!
    return {
      vendor: vendor!,
      owner: owner!,
      wallets: { main: byKind('main'), external: byKind('external'), fees: byKind('fees'), clearing: byKind('clearing') },
    }
  })
}

export interface NewMember {
  vendorId: string
  name: string
  email: string
  phone?: string | null
  password: string
  permissions: Permission[]
  status?: UserRow['status']
}

/** A member made with an email and a password (unlike an invited one, who has neither until accepting). */
export type MemberWithCredentials = UserRow & { email: string; passwordHash: string }

/**
 * A team member who can sign in at once, for the seed and the tests. People join through an invitation
 * (server/team/invite.ts), which creates an `invited` member without a password instead.
 */
export async function createMember(db: Db, input: NewMember): Promise<MemberWithCredentials> {
  const email = input.email.trim().toLowerCase()
  const passwordHash = await hashSecret(input.password)
  const [member] = await db
    .insert(users)
    .values({
      vendorId: input.vendorId,
      name: input.name,
      email,
      phone: input.phone ?? null,
      passwordHash,
      role: 'member',
      permissions: input.permissions,
      status: input.status ?? 'active',
    })
    .returning()
  return { ...member!, email, passwordHash }
}
