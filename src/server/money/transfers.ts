import { and, asc, eq, lt, sql } from 'drizzle-orm'

import { chargeFor } from '#contract/charges'

import type { Auth } from '../auth/sessions'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { type TransactionRow, transactions } from '../db/schema'
import { callFunction, jsonForRow } from '../db/sql-helpers'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { recoverStaleClaimsWith, STALE_CLAIM_MS } from '../http/idempotency'
import { lockRefundOf, refundSettled } from '../orders/refund-outcome'
import { transferSettled } from '../webhooks/events'
import type { TransferRequest, TransferResult } from './bank-provider'
import { newReference, postedFromJson, refusalOf, reversePendingWithin, wholeTransaction } from './ledger'
import { sendDebit } from './send-debit'
import { toTransaction } from './transaction-queries'

/*
 * Sending money (docs/decisions/008-pending-transfer-recovery.md). The debit (amount to external, fee to fees)
 * commits first, as a pending transaction, in one database transaction that locks the wallet. Only then is the
 * bank asked, outside any database transaction, so a slow bank never holds a lock. Its answer settles the
 * transaction: success, or failed with the debit reversed. No answer leaves it pending for recovery, which asks
 * the bank again; a crash between the debit and the bank call is recovered the same way.
 */

type TransferDeps = Pick<AppDeps, 'db' | 'banking' | 'clock' | 'logger' | 'transferTimeoutMs'>

export interface SendMoneyInput {
  amount: number
  requestId: string
  pin: string
  narration?: string
  idempotencyKey: string
}

/**
 * POST /transfer/send. Every refusal (bad requestId, third-party rule, balance, PIN) is decided before anything is
 * committed but a wrong PIN's count: the idempotency layer relies on that to let the client retry the same key.
 */
export async function sendMoney(deps: TransferDeps, auth: Auth, input: SendMoneyInput): Promise<TransactionRow> {
  const pending = await sendDebit(deps.db, auth, { ...input, narration: input.narration || null, at: deps.clock.now() }).catch(
    refuseSpentKey,
  )
  return submitToBank(deps, pending, (request) => deps.banking.transfer(request))
}

/** The message of POST /transfer/send's answer, by the transfer's status. */
export const SEND_MESSAGES = {
  success: 'Transfer successful',
  pending: 'Transfer is processing; its status will update shortly',
  failed: 'Transfer failed and your balance has been refunded',
} as const

/** What POST /transfer/send answers for its transfer (routes/transfers.ts). */
export function sendAnswer(row: TransactionRow) {
  return { data: toTransaction(row), message: SEND_MESSAGES[row.status] }
}

/**
 * A send whose process died before its answer was stored (decision 072): its debit committed with the key on its
 * row, or nothing did. The answer is the transfer as it stands now (recovery may have settled it since).
 */
recoverStaleClaimsWith('sendMoney', async (db, claim) => {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.vendorId, claim.vendorId), eq(transactions.idempotencyKey, claim.key)))
  // A row of something else under this key (a refund, an outlet transfer, once its answer expired) is not this
  // send: running it again then meets the transactions table's guard, 409 IDEMPOTENCY_KEY_REUSED.
  if (!row || row.type !== 'debit' || row.orderReference || row.outletId) return null
  const answer = sendAnswer(row)
  return { body: { message: answer.message, data: answer.data } }
})

/**
 * For a money call's database transaction that failed: a unique violation there is the transactions table's own
 * guard on idempotency_key, so a key whose stored answer has expired (24 h) is still spent. Anything else rethrows.
 */
export function refuseSpentKey(error: unknown): never {
  if (!isUniqueViolation(error)) throw error
  throw new ApiError(
    409,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used for an earlier transfer; use a new key for a new transfer',
  )
}

export interface Beneficiary {
  accountNumber: string
  bankCode: string
  bankName: string
  accountName: string
}

/**
 * The debit of money leaving by bank transfer when no name enquiry or PIN stands before it (a refund, the demo's
 * history), inside the caller's transaction. Its legs are built where a send's are, by the database's
 * transfer_debit (decision 164): main pays amount + fee, external receives the amount, fees the fee, recorded as a
 * pending debit. Refuses an overdraft (422 INSUFFICIENT_FUNDS); the caller's transaction then rolls back, leaving
 * nothing behind.
 */
export async function debitForTransfer(
  tx: Tx,
  vendorId: string,
  beneficiary: Beneficiary,
  input: {
    amount: number
    narration: string | null
    idempotencyKey?: string
    at: Date
    orderReference?: string
  },
): Promise<TransactionRow> {
  const { fee } = chargeFor(input.amount)
  // The row but for what transfer_debit fills in (wallet, currency, both parties, type, status, amount and fee).
  const row = jsonForRow(
    transactions,
    wholeTransaction(vendorId, {
      walletId: '',
      type: 'debit',
      status: 'pending',
      amount: input.amount,
      fee,
      reference: newReference('TRX', input.at),
      narration: input.narration,
      idempotencyKey: input.idempotencyKey ?? null,
      // A refund's debit names its order: settling it then settles the refund (orders/refund-outcome.ts).
      orderReference: input.orderReference ?? null,
      createdAt: input.at,
    }),
  )
  const posted = await callFunction(
    tx,
    sql`transfer_debit(${vendorId}, ${input.amount}, ${fee}, ${JSON.stringify(beneficiary)}::jsonb, ${JSON.stringify(row)}::jsonb,
      ${input.at.toISOString()}::timestamptz)`,
  ).catch(refusalOf)
  return postedFromJson(posted).transaction
}

function transferRequest(row: TransactionRow): TransferRequest {
  return {
    amount: row.amount,
    accountNumber: row.beneficiaryAccountNumber!,
    bankCode: row.beneficiaryBankCode!,
    accountName: row.beneficiaryAccountName ?? '',
    reference: row.reference,
    narration: row.narration,
  }
}

/**
 * Asks the bank, waiting at most transferTimeoutMs. A late answer still settles the transaction when it comes;
 * until then (or if it never comes) the row stays pending and recovery takes over.
 */
export async function submitToBank(
  deps: TransferDeps,
  row: TransactionRow,
  ask: (request: TransferRequest) => Promise<TransferResult>,
): Promise<TransactionRow> {
  const answer = ask(transferRequest(row))
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), deps.transferTimeoutMs)
  })
  try {
    const outcome = await Promise.race([answer, timedOut])
    if (outcome !== 'timeout') return await settle(deps, row, outcome)
    answer
      .then(
        (late) => settle(deps, row, late),
        () => {},
      )
      .catch((error) => deps.logger.error('[transfers] settling a late answer failed:', error))
    return row
  } catch (error) {
    // The bank may or may not have the transfer: only a status query can tell, so it stays pending.
    deps.logger.warn(`[transfers] ${row.reference}: bank call failed, left pending:`, error instanceof Error ? error.message : error)
    return row
  } finally {
    clearTimeout(timer)
  }
}

/** A pending transfer the bank says succeeded; `at` as ISO text (placeholders inside sql``, db/prepared.ts). */
const succeeded = (on: Db) =>
  on
    .update(transactions)
    .set({ status: 'success', sessionId: sql`${sql.placeholder('sessionId')}`, updatedAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(
      and(
        eq(transactions.vendorId, sql.placeholder('vendorId')),
        eq(transactions.id, sql.placeholder('id')),
        eq(transactions.status, 'pending'),
      ),
    )
    .returning()

/**
 * Applies the bank's answer to a pending transfer; a transfer someone else already settled is left as it is. A
 * refund's order is settled in the same database transaction (its row locked first, see lockRefundOf).
 */
export async function settle(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'metrics'>>,
  row: TransactionRow,
  result: TransferResult,
): Promise<TransactionRow> {
  const { db, clock } = deps
  const scope = and(eq(transactions.vendorId, row.vendorId), eq(transactions.id, row.id))
  if (result.status === 'success') {
    const success = { id: row.id, vendorId: row.vendorId, sessionId: result.sessionId ?? row.sessionId, at: clock.now().toISOString() }
    // The refund it settles and the transfer.succeeded webhook (decision 169) commit with the row, or none of them.
    const settled = await db.transaction(async (tx) => {
      const refund = await lockRefundOf(tx, row)
      const [done] = await succeeded(tx).execute(success)
      if (done && refund) await refundSettled(tx, refund, done, clock.now())
      if (done) await transferSettled(tx, done, clock.now())
      return done
    })
    // Counted only when this call moved the row: a transfer settled twice (a late answer, recovery) counts once.
    if (settled) deps.metrics?.transferDecided('success')
    if (settled) return settled
  } else if (result.status === 'failed') {
    const reversed = await db.transaction(async (tx) => {
      const refund = await lockRefundOf(tx, row)
      const failed = await reversePendingWithin(tx, {
        vendorId: row.vendorId,
        transactionId: row.id,
        failureReason: result.failureReason ?? 'The bank declined the transfer',
        sessionId: result.sessionId,
        at: clock.now(),
      })
      if (failed && refund) await refundSettled(tx, refund, failed, clock.now())
      if (failed) await transferSettled(tx, failed, clock.now())
      return failed
    })
    if (reversed) deps.metrics?.transferDecided('failed')
    if (reversed) return reversed
  } else if (result.sessionId && !row.sessionId) {
    const [noted] = await db
      .update(transactions)
      .set({ sessionId: result.sessionId, updatedAt: clock.now() })
      .where(and(scope, eq(transactions.status, 'pending')))
      .returning()
    if (noted) return noted
  }
  const [current] = await db.select().from(transactions).where(scope)
  return current ?? row
}

/**
 * A transfer is re-checked once it is this old: longer than a send waits for the bank (20 s), so recovery does
 * not race the request that is still waiting for its answer. The same bound as a stale idempotency claim: both
 * mean "the request that made this cannot still be running" (decision 072).
 */
export const RECOVER_AFTER_MS = STALE_CLAIM_MS

export interface RecoveryReport {
  checked: number
  succeeded: number
  failed: number
  stillPending: number
}

/**
 * Settles transfers left pending: by a timeout, a bank that answered "pending", an error, or a crash between
 * the debit and the bank call. Each one older than `olderThanMs`, or made before `madeBefore` (when this process
 * alone serves the database and started then: no request of ours is waiting for those), is looked up at the
 * bank; one the bank never received is submitted again under the same reference (banks deduplicate on it). Safe
 * to run from several processes at once: settling is conditional on the row still being pending.
 */
export async function recoverPendingTransfers(
  deps: TransferDeps,
  options: { olderThanMs?: number; madeBefore?: Date; limit?: number; vendorId?: string } = {},
): Promise<RecoveryReport> {
  const byAge = deps.clock.now().getTime() - (options.olderThanMs ?? RECOVER_AFTER_MS)
  const cutoff = new Date(Math.max(byAge, options.madeBefore?.getTime() ?? byAge))
  const rows = await deps.db
    .select()
    .from(transactions)
    // Literal 'pending' so the planner can use the partial index transactions_pending_idx.
    .where(
      and(
        sql`${transactions.status} = 'pending'`,
        eq(transactions.type, 'debit'),
        lt(transactions.createdAt, cutoff),
        options.vendorId ? eq(transactions.vendorId, options.vendorId) : undefined,
      ),
    )
    .orderBy(asc(transactions.createdAt))
    .limit(options.limit ?? 100)
  const report: RecoveryReport = { checked: 0, succeeded: 0, failed: 0, stillPending: 0 }
  for (const row of rows) {
    if (!row.beneficiaryBankCode || !row.beneficiaryAccountNumber) continue
    report.checked += 1
    let settled = row
    try {
      const known = await deps.banking.transferStatus(row.reference)
      settled =
        known.status === 'not_found'
          ? await submitToBank(deps, row, (request) => deps.banking.transfer(request))
          : await settle(deps, row, known)
    } catch (error) {
      deps.logger.warn(`[transfers] recovery of ${row.reference} failed:`, error instanceof Error ? error.message : error)
    }
    if (settled.status === 'success') report.succeeded += 1
    else if (settled.status === 'failed') report.failed += 1
    else report.stillPending += 1
  }
  return report
}
