import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'

import type { VendorStatus } from '#contract/operator'

import type { Db } from '../db/client'
import { shops, vendorKyc } from '../db/onboarding-schema'
import { users, vendors, wallets } from '../db/schema'
import { ApiError } from '../errors'
import { MessageNotSent } from '../messages/durable-notifier'
import { approvedMessage, type MessageText, rejectedMessage } from '../messages/texts'
import { enqueueVirtualAccount } from '../money/virtual-accounts'
import type { Notifier } from '../notifier'

/*
 * What the operator command (scripts/admin.ts) does: over the running server's operator calls (routes/operator.ts),
 * or on the database directly when no server is running.
 */

export { VENDOR_STATUSES, type VendorStatus } from '#contract/operator'

export interface StatusChange {
  name: string
  email: string
  from: VendorStatus
  status: VendorStatus
}

const MESSAGES: Partial<Record<VendorStatus, (business: string) => MessageText>> = {
  approved: approvedMessage,
  rejected: rejectedMessage,
}

/**
 * Sets the status of the vendor whose user has this email, and emails the owner when it becomes approved or
 * rejected (not when it already was). Throws when there is no such user. An approval enqueues, in its transaction,
 * the job asking the provider for the main wallet's virtual account (decision 142); the operator's call then tries
 * it at once, and the script leaves it to the server's jobs.
 */
export async function setVendorStatus(
  db: Db,
  email: string,
  status: VendorStatus,
  notifier?: Notifier,
  now: Date = new Date(),
): Promise<StatusChange & { newAccountJobs: string[] }> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
  if (!user) throw new ApiError(404, 'NOT_FOUND', `No user with email ${email}`)
  const newAccountJobs: string[] = []
  const change = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(vendors).where(eq(vendors.id, user.vendorId)).for('update')
    await tx.update(vendors).set({ status }).where(eq(vendors.id, user.vendorId))
    if (status === 'approved') {
      const waiting = await tx
        .select({ id: wallets.id })
        .from(wallets)
        .where(and(eq(wallets.vendorId, user.vendorId), inArray(wallets.kind, ['main', 'outlet']), isNull(wallets.accountNumber)))
      for (const wallet of waiting) if (await enqueueVirtualAccount(tx, wallet.id, now)) newAccountJobs.push(wallet.id)
    }
    return { newAccountJobs, name: before!.name, email: before!.email, from: before!.status, status }
  })
  const message = MESSAGES[status]
  if (notifier && message && change.from !== status) {
    try {
      await notifier.send({ channel: 'email', to: change.email, ...message(change.name) })
    } catch (error) {
      // Not sent yet but queued: the job queue retries it (decision 150); the status change stands.
      if (!(error instanceof MessageNotSent)) throw error
    }
  }
  return change
}

export const approveVendor = (db: Db, email: string, notifier?: Notifier) => setVendorStatus(db, email, 'approved', notifier)
export const rejectVendor = (db: Db, email: string, notifier?: Notifier) => setVendorStatus(db, email, 'rejected', notifier)

export interface VendorListing {
  name: string
  email: string
  phone: string | null
  status: VendorStatus
  url: string | null
  phoneVerified: boolean
  kycSubmitted: boolean
  shopSetUp: boolean
  createdAt: Date
}

/** Every vendor (or those in one status), oldest first: what the operator reviews. */
export async function listVendors(db: Db, status?: VendorStatus): Promise<VendorListing[]> {
  return db
    .select({
      name: vendors.name,
      email: vendors.email,
      phone: vendors.phone,
      status: vendors.status,
      url: vendors.url,
      phoneVerified: isNotNull(vendors.phoneVerifiedAt).mapWith(Boolean),
      kycSubmitted: sql<boolean>`${vendorKyc.vendorId} is not null`.mapWith(Boolean),
      shopSetUp: sql<boolean>`${shops.vendorId} is not null`.mapWith(Boolean),
      createdAt: vendors.createdAt,
    })
    .from(vendors)
    .leftJoin(vendorKyc, eq(vendorKyc.vendorId, vendors.id))
    .leftJoin(shops, eq(shops.vendorId, vendors.id))
    .where(status ? eq(vendors.status, status) : undefined)
    .orderBy(asc(vendors.createdAt))
}
