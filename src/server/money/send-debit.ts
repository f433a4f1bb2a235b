import { sql } from 'drizzle-orm'

import { THIRD_PARTY_OFF_MESSAGE } from '#contract/banking'
import { chargeFor } from '#contract/charges'
import { lagosMinuteText } from '#contract/lagos-time'

import { startOfLagosDay } from '../analytics'
import { checkPin } from '../auth/pin-hash'
import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { type TransactionRow, transactions, type VendorRow } from '../db/schema'
import { callFunction, jsonForRow } from '../db/sql-helpers'
import { ApiError } from '../errors'
import { insufficientFunds, newReference, postedFromJson, refusalOf, wholeTransaction } from './ledger'
import { requestIdRefused } from './name-enquiry'
import { PIN_MAX_ATTEMPTS, pinChanged, pinTry, verifyPin, wrongPin } from './pin'
import { limitError, type LimitRefusal } from './send-limits'

/*
 * POST /transfer/send's database work in one round trip (decision 110): the database's send_debit
 * (migrations/0011_money_functions.sql, replaced in 0020_payout_safety.sql) checks the name enquiry, a settlement
 * account still cooling off, the third-party rule, the send limits (decision 144), the balance and the PIN, in that order, then spends the enquiry and posts the pending debit (main pays amount + fee, external receives the
 * amount, fees the fee). Every refusal leaves nothing behind but a wrong PIN's count, so the idempotency layer can
 * let the client retry the same key.
 */

export interface SendDebitInput {
  amount: number
  requestId: string
  pin: string
  narration: string | null
  idempotencyKey: string
  at: Date
}

/** With third-party transfers off, money may leave only for the vendor's own settlement account. */
function thirdPartyOff(vendor: VendorRow): ApiError {
  return new ApiError(
    422,
    'THIRD_PARTY_TRANSFERS_DISABLED',
    vendor.settlementAccountNumber
      ? THIRD_PARTY_OFF_MESSAGE
      : 'Third-party transfers are turned off and you have no settlement account yet. Add one, or turn on third-party transfers, in Settings → Payout settings.',
  )
}

/**
 * send_debit's p_only_to: null when any account may be paid, else the one [account, bank] (or none) allowed: the
 * settlement account, or while a new one cools off, the last usable one (decision 143).
 */
function onlyTo(vendor: VendorRow, at: Date): string | null {
  if (vendor.thirdPartyTransfers) return null
  const cooling = vendor.settlementUsableFrom !== null && vendor.settlementUsableFrom > at
  const [number, bank] = cooling
    ? [vendor.previousSettlementAccountNumber, vendor.previousSettlementBankCode]
    : [vendor.settlementAccountNumber, vendor.settlementBankCode]
  return JSON.stringify(number ? [number, bank] : [])
}

/** A send to a settlement account still cooling off (send_debit checks it against the vendor row it reads). */
function settlementCooling(usableFrom: string): ApiError {
  return new ApiError(
    422,
    'SETTLEMENT_COOLING_OFF',
    `Your new settlement account can receive payouts from ${lagosMinuteText(usableFrom)} (Lagos time). If you did not make this change, cancel it in Settings → Payout settings.`,
  )
}

type Refusal =
  | 'request_unknown'
  | 'request_used'
  | 'request_expired'
  | 'third_party'
  | 'settlement_cooling'
  | 'insufficient'
  | 'pin_wrong'
  | 'pin_recheck'

type Answer = { refused: Refusal; attempts?: number; usableFrom?: string } | LimitRefusal

function refusalError(vendor: VendorRow, answer: Answer): ApiError {
  if (answer.refused === 'over_per_transfer' || answer.refused === 'over_daily') return limitError(answer)
  switch (answer.refused) {
    case 'request_unknown':
      return requestIdRefused('unknown')
    case 'request_used':
      return requestIdRefused('used')
    case 'request_expired':
      return requestIdRefused('expired')
    case 'third_party':
      return thirdPartyOff(vendor)
    case 'settlement_cooling':
      return settlementCooling(answer.usableFrom!)
    case 'insufficient':
      return insufficientFunds()
    case 'pin_wrong':
      return wrongPin(answer.attempts!)
    case 'pin_recheck':
      return pinChanged()
  }
}

/**
 * The pending debit of a send, or the ApiError that refused it. The PIN is judged here, against the hash the
 * request's session lookup has just read; send_debit applies the verdict only while the user's row still holds that
 * hash and has tries left (pin_try). When it does not (a PIN changed or locked meanwhile, or none set), the PIN is
 * tried the slow way, reading the row again (verifyPin), and the send is made with the PIN already passed.
 */
export async function sendDebit(db: Db, auth: Auth, input: SendDebitInput): Promise<TransactionRow> {
  const seen = auth.user.pinHash
  const outcome = seen ? await checkPin(input.pin, seen) : 'wrong'
  let verdict: boolean | null = outcome !== 'wrong'
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const answer = await callSendDebit(db, auth, input, seen, verdict)
    if ('transaction' in answer) {
      // A right PIN still under the old scrypt hash is re-hashed once the send is made.
      if (outcome === 'right-rehash' && verdict !== null) await pinTry(db, auth.user, seen!, outcome, input.pin)
      return postedFromJson(answer).transaction
    }
    if (answer.refused !== 'pin_recheck' || verdict === null) throw refusalError(auth.vendor, answer)
    await verifyPin(db, auth.user, input.pin)
    verdict = null
  }
  throw pinChanged()
}

/**
 * The pending debit of one row of a bulk payout whose PIN was checked once for the whole batch (decision 192): the
 * same send_debit call as a single send, with the PIN's verdict already given (null), so every other check (the
 * requestId, the third-party rule, cooling-off, limits, balance) is the single send's. Refusals throw as there.
 */
export async function sendDebitPinPassed(
  db: Db,
  caller: { vendorId: string; userId: string; vendor: VendorRow },
  input: Omit<SendDebitInput, 'pin'>,
): Promise<TransactionRow> {
  const answer = await callSendDebit(db, caller, input, null, null)
  if ('transaction' in answer) return postedFromJson(answer).transaction
  throw refusalError(caller.vendor, answer)
}

/** One call of the database's send_debit; `verdict` null when the PIN was already passed. */
async function callSendDebit(
  db: Db,
  caller: { vendorId: string; userId: string; vendor: VendorRow },
  input: Omit<SendDebitInput, 'pin'>,
  seen: string | null,
  verdict: boolean | null,
): Promise<Answer | { transaction: unknown }> {
  const { fee } = chargeFor(input.amount)
  // The row but for what send_debit fills in from the wallets and the enquiry (wallet, currency, both parties).
  const row = jsonForRow(
    transactions,
    wholeTransaction(caller.vendorId, {
      walletId: '',
      type: 'debit',
      status: 'pending',
      amount: input.amount,
      fee,
      reference: newReference('TRX', input.at),
      narration: input.narration,
      idempotencyKey: input.idempotencyKey,
      createdAt: input.at,
    }),
  )
  return (await callFunction(
    db,
    sql`send_debit(${caller.vendorId}, ${caller.userId}, ${input.requestId}, ${onlyTo(caller.vendor, input.at)}::jsonb, ${input.amount},
      ${fee}, ${seen}, ${verdict}, ${PIN_MAX_ATTEMPTS}, ${JSON.stringify(row)}::jsonb, ${input.at.toISOString()}::timestamptz,
      ${startOfLagosDay(input.at).toISOString()}::timestamptz)`,
  ).catch(refusalOf)) as Answer | { transaction: unknown }
}
