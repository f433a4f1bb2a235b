import { and, eq } from 'drizzle-orm'

import type { Db } from '../../db/client'
import { paystackRecipients } from '../../db/platform-schema'
import type { TransferRequest, TransferResult } from '../bank-provider'
import { type PaystackClient, PaystackError } from './client'

/*
 * Transfers out (decision 139): a transfer recipient per destination account, created once and kept in
 * paystack_recipients; then POST /transfer under our own reference, which Paystack deduplicates on, so a retry or a
 * recovery run can never send twice. GET /transfer/verify/{reference} tells recovery where a transfer stands.
 */

/**
 * What the operator must fix when Paystack holds a transfer for an OTP: this integration cannot type one, so such a
 * transfer is refused (its debit returned) and the operator turns transfer OTP off (README, "Going live with Paystack").
 */
export const OTP_REFUSAL =
  'Paystack is asking for an OTP to finalise transfers: the operator must turn off transfer OTP (Paystack dashboard, or POST /transfer/disable_otp) before sends can go through'

/**
 * Our reference as Paystack takes it: lowercase alphanumerics, `-` and `_` only. Ours are `TRX-20260412-8F3A9C1D2E`
 * (ledger.ts newReference: upper-case letters, digits, `-`), so lower-casing is one-to-one and `fromPaystackReference`
 * undoes it. A reference of any other shape is refused rather than mapped onto one that might collide.
 */
export function toPaystackReference(reference: string): string {
  if (!/^[A-Z0-9-]{1,100}$/.test(reference)) throw new Error(`Reference ${reference} cannot be sent to Paystack`)
  return reference.toLowerCase()
}

export function fromPaystackReference(reference: string): string | null {
  return /^[a-z0-9-]{1,100}$/.test(reference) ? reference.toUpperCase() : null
}

/** A transfer as Paystack's answers (create, verify, webhooks) give it. */
export interface PaystackTransfer {
  reference?: string
  status?: string
  amount?: number
  reason?: string | null
  /** Where the payout network gave one: `{ provider: 'nip', id: '<30 digits>' }`. */
  session?: { provider?: string | null; id?: string | null } | null
  gateway_response?: string | null
  createdAt?: string
  created_at?: string
}

const nipSession = (transfer: PaystackTransfer): string | null => {
  const id = transfer.session?.id
  return typeof id === 'string' && /^\d{30}$/.test(id) ? id : null
}

/** Paystack's transfer statuses (paystack.yaml, GET /transfer's `status` filter) as the ledger's three. */
export function transferResultOf(transfer: PaystackTransfer): TransferResult {
  const sessionId = nipSession(transfer)
  switch (transfer.status) {
    case 'success':
      return { status: 'success', sessionId }
    case 'otp':
      return { status: 'failed', sessionId, failureReason: OTP_REFUSAL }
    case 'failed':
    case 'reversed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      // Not `reason`: on a transfer that is the narration we sent.
      return {
        status: 'failed',
        sessionId,
        failureReason:
          (typeof transfer.gateway_response === 'string' && transfer.gateway_response.slice(0, 200)) ||
          `The bank declined the transfer (${transfer.status})`,
      }
    default:
      // pending, received, queued, or a status this code does not know: not settled; recovery asks again.
      return { status: 'pending', sessionId }
  }
}

export class PaystackTransfers {
  constructor(
    private readonly client: PaystackClient,
    private readonly db: Db,
    private readonly logger: Pick<Console, 'warn' | 'error'> = console,
  ) {}

  /** The destination's recipient code: from the table, else created once (Paystack answers a known account's). */
  async recipientFor(request: TransferRequest): Promise<string> {
    const where = and(eq(paystackRecipients.bankCode, request.bankCode), eq(paystackRecipients.accountNumber, request.accountNumber))
    const [known] = await this.db.select().from(paystackRecipients).where(where)
    if (known) return known.recipientCode
    const { data } = await this.client.post<{ recipient_code: string }>('/transferrecipient', {
      type: 'nuban',
      name: request.accountName || request.accountNumber,
      account_number: request.accountNumber,
      bank_code: request.bankCode,
      currency: 'NGN',
    })
    if (!data?.recipient_code) throw new PaystackError(200, 'Paystack POST /transferrecipient: no recipient_code in the answer')
    // Two sends to a new account at once: both may create it (Paystack answers the same record); one row is kept.
    await this.db
      .insert(paystackRecipients)
      .values({
        bankCode: request.bankCode,
        accountNumber: request.accountNumber,
        recipientCode: data.recipient_code,
        accountName: request.accountName,
      })
      .onConflictDoNothing()
    return data.recipient_code
  }

  async transfer(request: TransferRequest): Promise<TransferResult> {
    const recipient = await this.recipientFor(request)
    const reference = toPaystackReference(request.reference)
    try {
      const { data } = await this.client.post<PaystackTransfer>('/transfer', {
        source: 'balance',
        amount: request.amount,
        recipient,
        reference,
        currency: 'NGN',
        ...(request.narration ? { reason: request.narration } : {}),
      })
      const result = transferResultOf(data ?? {})
      if (data?.status === 'otp') this.logger.error(`[paystack] transfer ${request.reference} refused: ${OTP_REFUSAL}`)
      return result
    } catch (error) {
      // The same reference again (a retry whose first answer was lost): Paystack refuses it; its status is the answer.
      if (error instanceof PaystackError && error.httpStatus === 400 && /duplicate/i.test(`${error.code} ${error.message}`)) {
        const known = await this.status(request.reference)
        if (known.status !== 'not_found') return known
      }
      throw error
    }
  }

  async status(reference: string): Promise<TransferResult | { status: 'not_found' }> {
    try {
      const { data } = await this.client.get<PaystackTransfer>(`/transfer/verify/${encodeURIComponent(toPaystackReference(reference))}`)
      return transferResultOf(data ?? {})
    } catch (error) {
      if (error instanceof PaystackError && error.httpStatus === 404) return { status: 'not_found' }
      throw error
    }
  }
}
