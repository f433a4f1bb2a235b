import { and, eq, gte, inArray, isNull, like, sql } from 'drizzle-orm'
import type * as v from 'valibot'

import { nairaText } from '#contract/naira'
import type { SendLimits } from '#contract/payout-safety'

import { startOfLagosDay } from '../analytics'
import type { Auth } from '../auth/sessions'
import type { Db } from '../db/client'
import { transactions, vendorAuditEvents, vendorSendLimits, type VendorSendLimitsRow, wallets } from '../db/schema'
import type { AppDeps } from '../deps'
import { ApiError } from '../errors'
import { validationError } from '../http/register'
import { requireOwner } from '../onboarding/state'
import { verifyPin } from './pin'

/*
 * Send Money's per-transfer and daily limits (decision 144). The database's send_debit enforces them under the
 * vendor's limits row lock (migrations/0020_payout_safety.sql); this file reads and sets them, and words a refusal.
 * A lower limit applies at once; a higher one waits the settlement cooling-off period (SETTLEMENT_COOLING_HOURS),
 * so a stolen session with the PIN cannot raise the limit and empty the wallet the same day.
 */

export type SendLimitsAnswer = v.InferOutput<typeof SendLimits>

/** The limits that apply at `now`: a raise counts once its time has come. */
export function effectiveLimits(row: VendorSendLimitsRow, now: Date) {
  const raised = row.raisedFrom !== null && row.raisedFrom <= now
  return {
    perTransfer: raised ? (row.raisedPerTransfer ?? row.perTransfer) : row.perTransfer,
    daily: raised ? (row.raisedDaily ?? row.daily) : row.daily,
  }
}

/** The vendor's row, written with the defaults when there is none yet (send_debit does the same). */
async function limitsRow(db: Db, vendorId: string, lock: boolean): Promise<VendorSendLimitsRow> {
  await db.insert(vendorSendLimits).values({ vendorId }).onConflictDoNothing()
  const query = db.select().from(vendorSendLimits).where(eq(vendorSendLimits.vendorId, vendorId))
  const [row] = lock ? await query.for('update') : await query
  return row!
}

/** What Send Money sent since Lagos midnight, pending or successful (refunds, which carry an order, apart). */
async function sentToday(db: Db, vendorId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ sent: sql<string>`coalesce(sum(${transactions.amount}), 0)` })
    .from(transactions)
    .innerJoin(wallets, eq(wallets.id, transactions.walletId))
    .where(
      and(
        eq(transactions.vendorId, vendorId),
        eq(wallets.kind, 'main'),
        isNull(wallets.outletId),
        eq(transactions.type, 'debit'),
        inArray(transactions.status, ['pending', 'success']),
        gte(transactions.createdAt, startOfLagosDay(now)),
        like(transactions.reference, 'TRX%'),
        isNull(transactions.orderReference),
      ),
    )
  return Number(row!.sent)
}

function answer(row: VendorSendLimitsRow, sent: number, now: Date): SendLimitsAnswer {
  const { perTransfer, daily } = effectiveLimits(row, now)
  const pending = row.raisedFrom !== null && row.raisedFrom > now
  return {
    perTransfer,
    daily,
    sentToday: sent,
    leftToday: Math.max(0, daily - sent),
    pendingRaise: pending
      ? { perTransfer: row.raisedPerTransfer ?? row.perTransfer, daily: row.raisedDaily ?? row.daily, from: row.raisedFrom!.toISOString() }
      : null,
  }
}

/** GET /vendor/send-limits. */
export async function readSendLimits(deps: Pick<AppDeps, 'db' | 'clock'>, vendorId: string): Promise<SendLimitsAnswer> {
  const now = deps.clock.now()
  const row = await limitsRow(deps.db, vendorId, false)
  return answer(row, await sentToday(deps.db, vendorId, now), now)
}

/** PUT /vendor/send-limits: owner only, with the PIN; lowering at once, raising after the cooling-off period. */
export async function setSendLimits(
  deps: Pick<AppDeps, 'db' | 'clock' | 'settlementCoolingMs'>,
  auth: Auth,
  input: { perTransfer: number; daily: number; pin: string },
): Promise<SendLimitsAnswer> {
  requireOwner(auth)
  if (input.perTransfer > input.daily) {
    throw validationError([{ path: 'perTransfer', message: 'must not be more than the daily limit' }])
  }
  await verifyPin(deps.db, auth.user, input.pin)
  const now = deps.clock.now()
  const row = await deps.db.transaction(async (tx) => {
    const before = await limitsRow(tx, auth.vendorId, true)
    const current = effectiveLimits(before, now)
    const raisedPerTransfer = input.perTransfer > current.perTransfer ? input.perTransfer : null
    const raisedDaily = input.daily > current.daily ? input.daily : null
    const raising = raisedPerTransfer !== null || raisedDaily !== null
    // Saving the same pending raise again keeps its time: only a new raise starts a new wait.
    const samePending =
      before.raisedFrom !== null &&
      before.raisedFrom > now &&
      before.raisedPerTransfer === raisedPerTransfer &&
      before.raisedDaily === raisedDaily
    const raisedFrom = !raising ? null : samePending ? before.raisedFrom : new Date(now.getTime() + deps.settlementCoolingMs)
    const [after] = await tx
      .update(vendorSendLimits)
      .set({
        perTransfer: Math.min(input.perTransfer, current.perTransfer),
        daily: Math.min(input.daily, current.daily),
        raisedPerTransfer,
        raisedDaily,
        raisedFrom,
        updatedAt: now,
      })
      .where(eq(vendorSendLimits.vendorId, auth.vendorId))
      .returning()
    await tx.insert(vendorAuditEvents).values({
      vendorId: auth.vendorId,
      userId: auth.userId,
      kind: 'send_limits_changed',
      detail: { from: current, to: { perTransfer: input.perTransfer, daily: input.daily }, raisedFrom },
      createdAt: now,
    })
    return after!
  })
  return answer(row, await sentToday(deps.db, auth.vendorId, now), now)
}

/** What send_debit answers when a limit refuses a send. */
export interface LimitRefusal {
  refused: 'over_per_transfer' | 'over_daily'
  perTransfer: number | string
  daily: number | string
  sentToday: number | string
}

/** 422 saying the limit and what is left today. */
export function limitError(answer: LimitRefusal): ApiError {
  const daily = Number(answer.daily)
  const left = Math.max(0, daily - Number(answer.sentToday))
  const leftText = `${nairaText(left)} of your ${nairaText(daily)} daily limit is left today.`
  if (answer.refused === 'over_per_transfer') {
    return new ApiError(422, 'TRANSFER_LIMIT_EXCEEDED', `Your limit per transfer is ${nairaText(Number(answer.perTransfer))}. ${leftText}`)
  }
  return new ApiError(
    422,
    'DAILY_LIMIT_EXCEEDED',
    `This would pass your daily limit of ${nairaText(daily)}: ${nairaText(left)} is left today.`,
  )
}
