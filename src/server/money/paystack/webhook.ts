import { createHmac, timingSafeEqual } from 'node:crypto'

import { and, eq } from 'drizzle-orm'

import { orderPaymentAccounts } from '../../db/sales-schema'
import { transactions } from '../../db/schema'
import type { AppDeps } from '../../deps'
import { ApiError } from '../../errors'
import { lockRefundOf, refundSettled } from '../../orders/refund-outcome'
import { transferSettled } from '../../webhooks/events'
import { receiveInboundNotice } from '../inbound-notice'
import { reverseSucceededWithin } from '../ledger'
import { settle } from '../transfers'
import { inboundNoticeOf, type PaystackCharge, receivingAccountOf } from './accounts'
import { fromPaystackReference, type PaystackTransfer, transferResultOf } from './transfers'

/*
 * POST /api/webhooks/paystack (decision 139). Paystack signs the raw body: x-paystack-signature is the hex
 * HMAC-SHA512 of it with the secret key, checked before anything is parsed. Each event is handled inside the request,
 * in a few statements: the answer (200) goes once what it means is committed, so Paystack's retry of an event we never
 * recorded is the only way it is recorded, and a retry of one we did is a no-op.
 */

export function signPaystackBody(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody, 'utf8').digest('hex')
}

/** Constant-time check of x-paystack-signature against the raw body (never a re-serialised one). */
export function verifyPaystackSignature(rawBody: string, signature: string | undefined, secretKey: string): boolean {
  const given = signature?.trim().toLowerCase()
  if (!given || !/^[0-9a-f]{128}$/.test(given)) return false
  return timingSafeEqual(Buffer.from(signPaystackBody(rawBody, secretKey), 'hex'), Buffer.from(given, 'hex'))
}

export interface PaystackEvent {
  event: string
  data: Record<string, unknown>
}

export interface PaystackEventOutcome {
  message: string
  data: { handled: boolean }
}

const ignored = (message: string): PaystackEventOutcome => ({ message, data: { handled: false } })

export async function handlePaystackEvent(deps: AppDeps, event: PaystackEvent): Promise<PaystackEventOutcome> {
  switch (event.event) {
    case 'charge.success':
      return chargeSucceeded(deps, event.data as PaystackCharge)
    case 'transfer.success':
    case 'transfer.failed':
    case 'transfer.reversed':
      return transferOutcome(deps, event.event, event.data as PaystackTransfer)
    default:
      return ignored(`Event ${event.event} is not one this server acts on`)
  }
}

/** Money into a wallet's dedicated account (or an order's temporary one): credited once, as every provider's is. */
async function chargeSucceeded(deps: AppDeps, charge: PaystackCharge): Promise<PaystackEventOutcome> {
  const notice = inboundNoticeOf(charge, receivingAccountOf(charge) ?? (await orderAccountOfCharge(deps, charge.reference)))
  if (!notice) return ignored('Not a payment into one of our accounts')
  try {
    const outcome = await receiveInboundNotice(deps, notice)
    return { message: outcome.message, data: { handled: true } }
  } catch (error) {
    // An account that is not a wallet of ours would be retried by Paystack for 72 hours to the same end: said once, here.
    if (error instanceof ApiError && error.status === 404) {
      deps.logger.warn(
        `[paystack] charge ${notice.providerReference} paid into ${notice.accountNumber}, which is no wallet of ours: not credited`,
      )
      return ignored('Not one of our accounts')
    }
    throw error
  }
}

/**
 * An order's temporary account is Paystack's charge with bank_transfer (POST /charge): its payment comes back as
 * charge.success under that charge's own reference, which names the account where the payload does not.
 */
async function orderAccountOfCharge(deps: AppDeps, reference: unknown): Promise<string | null> {
  if (typeof reference !== 'string' || reference.length > 100) return null
  const [row] = await deps.db
    .select({ accountNumber: orderPaymentAccounts.accountNumber })
    .from(orderPaymentAccounts)
    .where(eq(orderPaymentAccounts.providerReference, reference))
    .limit(1)
  return row?.accountNumber ?? null
}

const REVERSED_REASON = 'The bank reversed the transfer'

async function transferOutcome(
  deps: AppDeps,
  kind: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
  transfer: PaystackTransfer,
): Promise<PaystackEventOutcome> {
  const reference = typeof transfer.reference === 'string' ? fromPaystackReference(transfer.reference) : null
  const [row] = reference
    ? await deps.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.reference, reference), eq(transactions.type, 'debit')))
    : []
  if (!row) {
    deps.logger.warn(`[paystack] ${kind} for ${String(transfer.reference ?? 'no reference').slice(0, 100)}: no transfer of ours has it`)
    return ignored('Not a transfer of ours')
  }
  const result = transferResultOf({ ...transfer, status: kind.slice('transfer.'.length) })
  if (kind === 'transfer.reversed' && row.status === 'success') return reverseSucceeded(deps, row.vendorId, row.id, result.sessionId)
  const settled = await settle(deps, row, kind === 'transfer.reversed' ? { ...result, failureReason: REVERSED_REASON } : result)
  if (kind === 'transfer.success' && settled.status === 'failed') {
    // Refunded to the wallet already (an OTP refusal, or a failure Paystack reported first) yet paid out: the
    // operator's to reconcile; never settled twice by code.
    deps.logger.error(`[paystack] transfer ${row.reference} succeeded at Paystack after the ledger returned its money: reconcile by hand`)
  }
  return { message: `Transfer ${row.reference} is ${settled.status}`, data: { handled: true } }
}

/** transfer.reversed after transfer.success: amount + fee back to the wallet, once (the row's lock and status). */
async function reverseSucceeded(deps: AppDeps, vendorId: string, id: string, sessionId: string | null): Promise<PaystackEventOutcome> {
  const reversed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.vendorId, vendorId), eq(transactions.id, id)))
    const refund = row ? await lockRefundOf(tx, row) : null
    const failed = await reverseSucceededWithin(tx, {
      vendorId,
      transactionId: id,
      failureReason: REVERSED_REASON,
      sessionId,
      at: deps.clock.now(),
    })
    if (failed && refund) await refundSettled(tx, refund, failed, deps.clock.now())
    // The integrator told transfer.succeeded learns the money came back, with the change (decision 169).
    if (failed) await transferSettled(tx, failed, deps.clock.now(), 'reversed')
    return failed
  })
  return {
    message: reversed ? `Transfer ${reversed.reference} reversed; its amount and fee returned` : 'Already reversed',
    data: { handled: true },
  }
}
