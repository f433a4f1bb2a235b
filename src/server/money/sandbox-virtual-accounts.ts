import { randomInt } from 'node:crypto'

import { eq } from 'drizzle-orm'

import { nubanFor } from '#contract/nuban'

import type { Db, Tx } from '../db/client'
import { sandboxVirtualAccounts } from '../db/platform-schema'
import { wallets } from '../db/schema'
import type { VirtualAccount } from './bank-provider'

/*
 * The sandbox's virtual accounts (decision 142): what a provider's dedicated accounts are, answered from the
 * sandbox_virtual_accounts table so that asking again for a wallet, from any process, answers the same number.
 */

/** The sandbox virtual-account bank. 101 is Providus Bank's CBN code. */
export const VIRTUAL_ACCOUNT_BANK = { name: 'Providus Bank', cbnCode: '101' } as const

/** A random valid NUBAN at a bank (the virtual-account bank by default). */
export function randomNuban(bankCode: string = VIRTUAL_ACCOUNT_BANK.cbnCode): string {
  return nubanFor(bankCode, randomInt(0, 1_000_000_000).toString().padStart(9, '0'))
}

/** An unused 10-digit virtual account number. The unique constraint still guards the (1 in 10^9) race. */
export async function freshAccountNumber(db: Db | Tx): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = randomNuban()
    const taken = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.accountNumber, candidate))
    if (taken.length === 0) return candidate
  }
  throw new Error('Could not allocate a virtual account number')
}

/**
 * The wallet's sandbox virtual account: the one given before, else a fresh number recorded for it. Two processes
 * asking at once: the primary key keeps one, and both answer it.
 */
export async function sandboxVirtualAccount(db: Db | Tx, walletId: string, accountName: string): Promise<VirtualAccount> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const [known] = await db.select().from(sandboxVirtualAccounts).where(eq(sandboxVirtualAccounts.walletId, walletId))
    if (known) return { accountNumber: known.accountNumber, accountName: known.accountName, bankName: VIRTUAL_ACCOUNT_BANK.name }
    // No target: a number another wallet holds is skipped too (and a fresh one drawn), never an error.
    await db
      .insert(sandboxVirtualAccounts)
      .values({ walletId, accountNumber: await freshAccountNumber(db), accountName })
      .onConflictDoNothing()
  }
  throw new Error('Could not allocate a virtual account number')
}
