import { randomBytes } from 'node:crypto'

import { and, eq, gt, isNull, lt } from 'drizzle-orm'

import type { ErrorCode } from '#contract/error-codes'
import { isValidNuban } from '#contract/nuban'

import { MINUTE_MS } from '../clock'
import type { Db } from '../db/client'
import { nameEnquiries, type NameEnquiryRow } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import type { BankInfo } from './banks'

/*
 * A name enquiry's answer is the only way an account number reaches a transfer or the settlement account: the
 * client sends back its requestId, never a typed account. So the money goes to the account whose name the user
 * saw, and each enquiry moves money once (single-use), soon after it was made (10 minutes), for its vendor only.
 */

export const NAME_ENQUIRY_TTL_MS = 10 * MINUTE_MS

const fieldError = (status: 422 | 503, code: ErrorCode, field: string, message: string) =>
  new ApiError(status, code, `${field}: ${message}`, { issues: [{ path: field, message }] })

export async function bankFor(deps: Pick<AppDeps, 'banking'>, bankCode: string): Promise<BankInfo> {
  const bank = (await deps.banking.listBanks()).find((candidate) => candidate.code === bankCode)
  if (!bank) throw fieldError(422, 'UNKNOWN_BANK', 'bankCode', 'is not a bank we can send to')
  return bank
}

/** Asks the bank whose account this is and records the answer under a fresh requestId. */
export async function resolveAccount(
  deps: Pick<AppDeps, 'banking' | 'clock' | 'db' | 'logger'>,
  caller: { vendorId: string; userId: string },
  accountNumber: string,
  bankCode: string,
): Promise<NameEnquiryRow> {
  const bank = await bankFor(deps, bankCode)
  if (!isValidNuban(bankCode, accountNumber)) {
    // The check digit catches most typos before anyone is asked (and billed) for a name.
    throw fieldError(422, 'INVALID_ACCOUNT_NUMBER', 'accountNumber', `is not a valid ${bank.name} account number`)
  }
  let answer: Awaited<ReturnType<AppDeps['banking']['nameEnquiry']>>
  try {
    answer = await deps.banking.nameEnquiry(accountNumber, bankCode)
  } catch (error) {
    deps.logger.warn('[banking] name enquiry failed:', error instanceof Error ? error.message : error)
    throw new ApiError(503, 'BANK_UNAVAILABLE', `${bank.name} could not be reached, please try again`)
  }
  if (!answer.ok) {
    throw new ApiError(422, 'NAME_ENQUIRY_FAILED', 'Could not resolve account, please check the account number and bank', {
      issues: [{ path: 'accountNumber', message: answer.reason }],
    })
  }
  const now = deps.clock.now()
  const [row] = await deps.db
    .insert(nameEnquiries)
    .values({
      vendorId: caller.vendorId,
      userId: caller.userId,
      requestId: `NE${randomBytes(18).toString('base64url')}`,
      accountNumber,
      bankCode,
      bankName: bank.name,
      accountName: answer.accountName,
      createdAt: now,
      expiresAt: new Date(now.getTime() + NAME_ENQUIRY_TTL_MS),
    })
    .returning()
  return row!
}

const invalidRequestId = (message: string) => fieldError(422, 'INVALID_REQUEST_ID', 'requestId', message)

/** Why a requestId cannot move money, in the words every caller uses. */
export const REQUEST_ID_REFUSALS = {
  unknown: 'is unknown; resolve the account again',
  used: 'has already been used; resolve the account again',
  expired: 'has expired; resolve the account again',
} as const

export const requestIdRefused = (why: keyof typeof REQUEST_ID_REFUSALS) => invalidRequestId(REQUEST_ID_REFUSALS[why])

/** The live enquiry for a requestId of this vendor, without spending it; 422 naming why it cannot be used. */
export async function findEnquiry(db: Db, vendorId: string, requestId: string, now: Date): Promise<NameEnquiryRow> {
  const [row] = await db
    .select()
    .from(nameEnquiries)
    .where(and(eq(nameEnquiries.vendorId, vendorId), eq(nameEnquiries.requestId, requestId)))
  if (!row) throw requestIdRefused('unknown')
  if (row.usedAt) throw requestIdRefused('used')
  if (row.expiresAt <= now) throw requestIdRefused('expired')
  return row
}

/**
 * Spends a requestId: one conditional UPDATE, so of two concurrent requests with the same id only one gets the
 * row. Run it inside the transaction that moves the money, so a refused transfer leaves the id unspent.
 */
export async function spendEnquiry(db: Db, vendorId: string, requestId: string, now: Date): Promise<NameEnquiryRow> {
  const [row] = await db
    .update(nameEnquiries)
    .set({ usedAt: now })
    .where(
      and(
        eq(nameEnquiries.vendorId, vendorId),
        eq(nameEnquiries.requestId, requestId),
        isNull(nameEnquiries.usedAt),
        gt(nameEnquiries.expiresAt, now),
      ),
    )
    .returning()
  if (row) return row
  // Say why, in the words findEnquiry uses.
  await findEnquiry(db, vendorId, requestId, now)
  throw requestIdRefused('used')
}

/** Housekeeping: enquiries a day past expiry are of no use to anyone. */
export async function purgeNameEnquiries(db: Db, now: Date): Promise<void> {
  await db.delete(nameEnquiries).where(lt(nameEnquiries.expiresAt, new Date(now.getTime() - 24 * 60 * MINUTE_MS)))
}
