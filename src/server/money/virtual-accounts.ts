import { and, eq, isNull } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
import { users, vendors, wallets } from '../db/schema'
import type { AppDeps } from '../deps'
import { enqueue } from '../jobs/queue'
import type { VirtualAccountRequest } from './bank-provider'

/*
 * Each vendor's main wallet and each outlet wallet gets a virtual account from the provider (decision 142): asked
 * when the vendor is approved or the outlet made, once in the request after its commit, and by the queue's
 * `assign-virtual-account` job until the provider answers. Meanwhile the wallet's account number is null and the
 * screens say "Account being created".
 */

/** The job waits this long before its first run, so it never asks the provider beside the request's own try. */
export const IN_REQUEST_GRACE_MS = 30_000
/** With the job's back-off (10 s doubling, at most hourly) this keeps asking for about a day. */
export const VIRTUAL_ACCOUNT_MAX_ATTEMPTS = 30

/** One job per wallet, ever: enqueueing again (a second approval) is the same job. */
export const virtualAccountJobKey = (walletId: string) => `assign-virtual-account:${walletId}`

/**
 * Inside the transaction that made the wallet (or approved its vendor): the job exists exactly if that commits.
 * True when the job is new (false: one was already there, maybe running, so the request must not ask too).
 */
export async function enqueueVirtualAccount(tx: Db | Tx, walletId: string, now: Date): Promise<boolean> {
  const { created } = await enqueue(tx, {
    kind: 'assign-virtual-account',
    payload: { walletId },
    runAt: new Date(now.getTime() + IN_REQUEST_GRACE_MS),
    dedupeKey: virtualAccountJobKey(walletId),
    maxAttempts: VIRTUAL_ACCOUNT_MAX_ATTEMPTS,
  })
  return created
}

async function accountRequest(db: Db, walletId: string): Promise<VirtualAccountRequest | null> {
  const [row] = await db
    .select({ wallet: wallets, vendor: vendors, owner: users })
    .from(wallets)
    .innerJoin(vendors, eq(vendors.id, wallets.vendorId))
    .innerJoin(users, and(eq(users.vendorId, wallets.vendorId), eq(users.role, 'owner')))
    .where(eq(wallets.id, walletId))
  if (!row || row.wallet.accountNumber) return null
  return {
    walletId,
    accountName: row.wallet.accountName ?? row.vendor.name,
    email: row.owner.email ?? row.vendor.email,
    phone: row.owner.phone ?? row.vendor.phone,
    ownerName: row.owner.name,
  }
}

/**
 * Asks the provider for the wallet's account and records it, unless it has one. Throws when the provider cannot
 * be reached (the job retries). The provider answers the same account for the same wallet, and the update only
 * fills a number still missing, so however often this runs, a wallet gets one number.
 */
export async function assignVirtualAccountJob(deps: Pick<AppDeps, 'db' | 'virtualAccounts'>, walletId: string): Promise<void> {
  const request = await accountRequest(deps.db, walletId)
  if (!request) return
  const account = await deps.virtualAccounts.assignVirtualAccount(request)
  await deps.db
    .update(wallets)
    .set({ accountNumber: account.accountNumber, accountName: account.accountName, bankName: account.bankName })
    .where(and(eq(wallets.id, walletId), isNull(wallets.accountNumber)))
}

/**
 * The request's own try, after its commit, for wallets whose job it has just enqueued (that job waits
 * IN_REQUEST_GRACE_MS, so the two never ask at once). A provider that is down is logged and left to the job; the
 * request succeeds regardless.
 */
export async function tryVirtualAccounts(deps: AppDeps, walletIds: readonly string[]): Promise<void> {
  for (const id of walletIds) {
    try {
      await assignVirtualAccountJob(deps, id)
    } catch (error) {
      deps.logger.warn(
        `[banking] virtual account for wallet ${id} not assigned yet (${error instanceof Error ? error.message : String(error)}); the jobs retry`,
      )
    }
  }
}
