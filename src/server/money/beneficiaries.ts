import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm'

import { MAX_SAVED_BENEFICIARIES, RECENT_BENEFICIARIES, type RecentBeneficiary, type SavedBeneficiary } from '#contract/beneficiaries'

import { savedBeneficiaries, type SavedBeneficiaryRow } from '../db/beneficiaries-schema'
import type { Db } from '../db/client'
import { transactions } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError, notFound } from '../errors'
import { resolveAccount } from './name-enquiry'

/*
 * Saved beneficiaries (issue 36, decision 145). Recent accounts are read from the ledger (no writes of their own);
 * saved ones are a small table whose names come from the server's own name enquiry.
 */

/** How many of the latest successful sends the recent list is drawn from: bounded, however long the history. */
const RECENT_SCAN = 200

/** The latest distinct destinations of the vendor's successful sends (refunds and own transfers are not sends). */
export async function recentBeneficiaries(db: Db, vendorId: string): Promise<RecentBeneficiary[]> {
  const t = transactions
  const latest = db
    .select({
      bankCode: t.beneficiaryBankCode,
      bankName: t.beneficiaryBankName,
      accountNumber: t.beneficiaryAccountNumber,
      accountName: t.beneficiaryAccountName,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(
      and(
        eq(t.vendorId, vendorId),
        eq(t.type, 'debit'),
        eq(t.status, 'success'),
        isNull(t.counterpartyKind),
        isNull(t.orderReference),
        isNotNull(t.beneficiaryBankCode),
        isNotNull(t.beneficiaryAccountNumber),
      ),
    )
    .orderBy(desc(t.createdAt))
    .limit(RECENT_SCAN)
    .as('latest')
  const rows = await db
    .select({
      bankCode: latest.bankCode,
      accountNumber: latest.accountNumber,
      // The name and bank of the latest send to the account: a bank renames, the list shows what it says now.
      bankName: sql<string>`(array_agg(${latest.bankName} order by ${latest.createdAt} desc))[1]`,
      accountName: sql<string>`(array_agg(${latest.accountName} order by ${latest.createdAt} desc))[1]`,
      lastSentAt: sql<string>`max(${latest.createdAt})`.mapWith(latest.createdAt),
    })
    .from(latest)
    .groupBy(latest.bankCode, latest.accountNumber)
    .orderBy(sql`max(${latest.createdAt}) desc`)
    .limit(RECENT_BENEFICIARIES)
  return rows.map((row) => ({
    bankCode: row.bankCode!,
    accountNumber: row.accountNumber!,
    bankName: row.bankName ?? row.bankCode!,
    accountName: row.accountName ?? '',
    lastSentAt: new Date(row.lastSentAt).toISOString(),
  }))
}

const savedOut = (row: SavedBeneficiaryRow, bankName: string): SavedBeneficiary => ({
  id: row.id,
  bankCode: row.bankCode,
  bankName,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
})

export async function savedBeneficiaryList(deps: Pick<AppDeps, 'db' | 'banking'>, vendorId: string): Promise<SavedBeneficiary[]> {
  const rows = await deps.db
    .select()
    .from(savedBeneficiaries)
    .where(eq(savedBeneficiaries.vendorId, vendorId))
    .orderBy(sql`coalesce(${savedBeneficiaries.label}, ${savedBeneficiaries.accountName})`, asc(savedBeneficiaries.createdAt))
  const banks = new Map((await deps.banking.listBanks()).map((bank) => [bank.code, bank.name]))
  return rows.map((row) => savedOut(row, banks.get(row.bankCode) ?? row.bankCode))
}

/**
 * Saves an account under the name the bank gives it now (a name enquiry made here, with its refusals: unknown bank,
 * bad check digit, no such account, bank unreachable). The same account saved again keeps one row, renamed.
 */
export async function saveBeneficiary(
  deps: Pick<AppDeps, 'banking' | 'clock' | 'db' | 'logger'>,
  caller: { vendorId: string; userId: string },
  input: { bankCode: string; accountNumber: string; label?: string | null },
): Promise<SavedBeneficiary> {
  const resolved = await resolveAccount(deps, caller, input.accountNumber, input.bankCode)
  const [held] = await deps.db.select({ n: count() }).from(savedBeneficiaries).where(eq(savedBeneficiaries.vendorId, caller.vendorId))
  const values = { accountName: resolved.accountName, label: input.label ?? null }
  const [existing] = await deps.db
    .select({ id: savedBeneficiaries.id })
    .from(savedBeneficiaries)
    .where(
      and(
        eq(savedBeneficiaries.vendorId, caller.vendorId),
        eq(savedBeneficiaries.bankCode, input.bankCode),
        eq(savedBeneficiaries.accountNumber, input.accountNumber),
      ),
    )
  if (!existing && (held?.n ?? 0) >= MAX_SAVED_BENEFICIARIES) {
    const message = `You can save up to ${MAX_SAVED_BENEFICIARIES} accounts; remove one first`
    throw new ApiError(422, 'VALIDATION_FAILED', `accountNumber: ${message}`, { issues: [{ path: 'accountNumber', message }] })
  }
  // One row per account of the vendor (saved_beneficiaries_account_uq): two saves at once both end on it.
  const [row] = await deps.db
    .insert(savedBeneficiaries)
    .values({
      vendorId: caller.vendorId,
      bankCode: input.bankCode,
      accountNumber: input.accountNumber,
      createdBy: caller.userId,
      ...values,
    })
    .onConflictDoUpdate({
      target: [savedBeneficiaries.vendorId, savedBeneficiaries.bankCode, savedBeneficiaries.accountNumber],
      set: values,
    })
    .returning()
  return savedOut(row!, resolved.bankName)
}

export async function removeBeneficiary(db: Db, vendorId: string, id: string): Promise<void> {
  const removed = await db
    .delete(savedBeneficiaries)
    .where(and(eq(savedBeneficiaries.vendorId, vendorId), eq(savedBeneficiaries.id, id)))
    .returning({ id: savedBeneficiaries.id })
  if (!removed.length) throw notFound('Beneficiary')
}
