import { and, gte, lt, ne, sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/client'
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

/**
 * The sandbox's statement of history the demo seed wrote straight into the ledger (seed/demo.ts): its settled sends
 * and refunds, and the credits it gave the wallets, so that reconciling a seeded day matches as a real one does
 * instead of the morning's job reporting the demo's own history as "only in the ledger".
 */
export async function recordSeededStatement(db: Db | Tx, vendorId: string): Promise<void> {
  await db.execute(sql`
    insert into sandbox_bank_transfers (reference, status, session_id, amount, created_at)
    select t.reference, t.status, t.session_id, t.amount, t.created_at
    from transactions t
    where t.vendor_id = ${vendorId} and t.type = 'debit' and t.counterparty_kind is null and t.status in ('success', 'failed')
    on conflict (reference) do nothing`)
  await db.execute(sql`
    insert into sandbox_bank_credits (provider_reference, session_id, account_number, amount, created_at)
    select coalesce(t.provider_reference, 'SEED-' || t.reference), t.session_id, w.account_number, t.amount, t.created_at
    from transactions t join wallets w on w.id = t.wallet_id
    where t.vendor_id = ${vendorId} and t.type = 'credit' and t.counterparty_kind is null and t.session_id is not null
      and w.account_number is not null
    on conflict do nothing`)
}
