import { and, gte, lt, ne, sql } from 'drizzle-orm'

import type { Db } from '../db/client'
import { sandboxBankCredits, sandboxBankTransfers } from '../db/platform-schema'
import type { ProviderDay } from './bank-provider'
import type { InboundNotice } from './inbound-notice'

/*
 * The sandbox bank's statement (decision 146), read from its own tables as Paystack's transfer and transaction lists
 * would be: reconciliation compares our ledger with these, never with itself.
 */

/** Transfers and credits the sandbox took between `from` (inclusive) and `to` (exclusive), oldest first. */
export async function sandboxRecords(db: Db, { from, to }: { from: Date; to: Date }): Promise<ProviderDay> {
  const t = sandboxBankTransfers
  const c = sandboxBankCredits
  const transfers = await db
    .select({ reference: t.reference, amount: t.amount, status: t.status, at: t.createdAt })
    .from(t)
    .where(and(gte(t.createdAt, from), lt(t.createdAt, to)))
    .orderBy(t.createdAt)
  const credits = await db
    .select({
      providerReference: c.providerReference,
      sessionId: c.sessionId,
      accountNumber: c.accountNumber,
      amount: c.amount,
      at: c.createdAt,
    })
    .from(c)
    .where(and(gte(c.createdAt, from), lt(c.createdAt, to)))
    .orderBy(c.createdAt)
  // A transfer kept before migration 0021 has no amount: 0 shows it as differing rather than hiding it.
  return { transfers: transfers.map((row) => ({ ...row, amount: row.amount ?? 0 })), credits }
}

/**
 * What the sandbox holds for us: every credit in, less every transfer out that has not failed. A pending transfer
 * counts as gone, as a bank holds the money from the moment it accepts the transfer and gives it back if it fails;
 * our ledger's pending debit has left the wallet too. The sandbox charges us nothing per transfer (decision 146).
 */
export async function sandboxBalance(db: Db): Promise<number> {
  const [credits] = await db.select({ sum: sql<string | null>`sum(${sandboxBankCredits.amount})` }).from(sandboxBankCredits)
  const [transfers] = await db
    .select({ sum: sql<string | null>`sum(${sandboxBankTransfers.amount})` })
    .from(sandboxBankTransfers)
    .where(ne(sandboxBankTransfers.status, 'failed'))
  return Number(credits?.sum ?? 0) - Number(transfers?.sum ?? 0)
}

/** Keeps a credit the sandbox notified, once per provider reference and per NIP session (a notice sent again). */
export async function recordSandboxCredit(
  db: Db,
  notice: Pick<InboundNotice, 'providerReference' | 'sessionId' | 'accountNumber' | 'amount'>,
  at: Date,
): Promise<void> {
  await db
    .insert(sandboxBankCredits)
    .values({
      providerReference: notice.providerReference,
      sessionId: notice.sessionId,
      accountNumber: notice.accountNumber,
      amount: notice.amount,
      createdAt: at,
    })
    .onConflictDoNothing()
}
