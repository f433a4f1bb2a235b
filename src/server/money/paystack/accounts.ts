import type {
  PaymentAccount,
  PaymentAccountRequest,
  ProviderCreditRecord,
  ProviderDay,
  ProviderTransferRecord,
  VirtualAccount,
  VirtualAccountRequest,
} from '../bank-provider'
import type { InboundNotice } from '../inbound-notice'
import { type PaystackClient, PaystackError } from './client'
import { fromPaystackReference, type PaystackTransfer } from './transfers'

/*
 * The accounts money comes in through, and what Paystack records for reconciliation: a dedicated virtual account per
 * wallet (POST /customer, then POST /dedicated_account), a temporary account per order (POST /charge with
 * bank_transfer), the transfer and transaction lists, and the balance.
 */

/** A charge (a credit into one of our accounts) as GET /transaction and the charge.success webhook give it. */
export interface PaystackCharge {
  reference?: string
  amount?: number
  status?: string
  channel?: string
  paid_at?: string | null
  paidAt?: string | null
  created_at?: string
  session_id?: string | null
  authorization?: {
    channel?: string | null
    sender_name?: string | null
    account_name?: string | null
    sender_bank?: string | null
    sender_bank_account_number?: string | null
    receiver_bank_account_number?: string | null
    narration?: string | null
    session_id?: string | null
  } | null
  metadata?: { receiver_account_number?: string | null; session_id?: string | null } | string | null
}

/** Channels of money paid into an account of ours: a wallet's dedicated account, or an order's temporary one. */
const ACCOUNT_CHANNELS = new Set(['dedicated_nuban', 'bank_transfer'])

/** A webhook's body is Paystack's JSON, read field by field: a value of another type than documented counts as absent. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

const metadataOf = (charge: PaystackCharge) => (typeof charge.metadata === 'object' && charge.metadata ? charge.metadata : {})

/** The account the money was paid into, where the charge names one. */
export function receivingAccountOf(charge: PaystackCharge): string | null {
  const account = text(charge.authorization?.receiver_bank_account_number) ?? text(metadataOf(charge).receiver_account_number)
  return account && /^\d{10}$/.test(account) ? account : null
}

/**
 * The NIP session ID where Paystack gives one. Its documented charge payload has no field of that name for every
 * bank, so without one the credit's session is derived from Paystack's reference: the notice is then de-duplicated
 * on the reference alone (decision 139).
 */
export function sessionIdOf(charge: PaystackCharge): string | null {
  for (const candidate of [charge.session_id, charge.authorization?.session_id, metadataOf(charge).session_id]) {
    if (typeof candidate === 'string' && /^\d{30}$/.test(candidate)) return candidate
  }
  return null
}

/** A charge into one of our accounts as the inbound notice every provider's credit comes down to. */
export function inboundNoticeOf(charge: PaystackCharge, accountNumber = receivingAccountOf(charge)): InboundNotice | null {
  const channel = text(charge.authorization?.channel) ?? text(charge.channel)
  const reference = text(charge.reference)?.trim().slice(0, 100)
  if (!accountNumber || !reference || !Number.isSafeInteger(charge.amount) || charge.amount! <= 0) return null
  if (channel && !ACCOUNT_CHANNELS.has(channel)) return null
  const auth = typeof charge.authorization === 'object' && charge.authorization ? charge.authorization : {}
  const payerAccount = text(auth.sender_bank_account_number)?.replace(/\D/g, '') ?? ''
  return {
    accountNumber,
    amount: charge.amount!,
    providerReference: reference,
    sessionId: sessionIdOf(charge) ?? `paystack:${reference}`,
    originatorAccountName: (text(auth.sender_name)?.trim() || text(auth.account_name)?.trim() || 'Unknown payer').slice(0, 100),
    originatorBankName: (text(auth.sender_bank)?.trim() || 'Unknown bank').slice(0, 100),
    originatorAccountNumber: /^\d{10}$/.test(payerAccount) ? payerAccount : '0000000000',
    narration: text(auth.narration)?.trim().slice(0, 100) || null,
  }
}

/** Paystack's lists page by `page`/`per_page`; a day of ours fits in far fewer pages than this. */
const PER_PAGE = 100
const MAX_PAGES = 200

function splitName(name: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/)
  return { first_name: parts[0] ?? name, last_name: parts.slice(1).join(' ') || parts[0] || name }
}

/**
 * Paystack keeps one customer per e-mail, and a customer one dedicated account: a vendor's main wallet and each
 * outlet wallet share the owner's address, so each wallet's customer gets the owner's address plus-tagged with the
 * wallet (`owner+w<id>@…`), which reaches the same mailbox and makes asking again answer the same customer.
 */
export function walletEmail(email: string, walletId: string): string {
  const at = email.lastIndexOf('@')
  const tag = walletId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 24)
  return at > 0 ? `${email.slice(0, at)}+w${tag}${email.slice(at)}` : email
}

interface DedicatedAccount {
  account_number: string
  account_name: string
  bank?: { name?: string }
  active?: boolean
}

export class PaystackAccounts {
  constructor(private readonly client: PaystackClient) {}

  async assignVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount> {
    const { data: customer } = await this.client.post<{ customer_code: string; id: number }>('/customer', {
      email: walletEmail(request.email, request.walletId),
      ...splitName(request.ownerName),
      ...(request.phone ? { phone: request.phone } : {}),
      metadata: JSON.stringify({ walletId: request.walletId, accountName: request.accountName }),
    })
    if (!customer?.customer_code) throw new PaystackError(200, 'Paystack POST /customer: no customer_code in the answer')
    try {
      const { data } = await this.client.post<DedicatedAccount>('/dedicated_account', { customer: customer.customer_code })
      if (data?.account_number) return this.virtualAccount(data)
    } catch (error) {
      // Asked again after an answer that was lost: the customer already has its account; list it.
      if (!(error instanceof PaystackError) || error.httpStatus >= 500) throw error
    }
    const { data: existing } = await this.client.get<DedicatedAccount[]>('/dedicated_account', { active: true, customer: customer.id })
    const account = existing?.find((candidate) => candidate.active !== false && candidate.account_number)
    if (!account) throw new PaystackError(404, `Paystack has no dedicated account for wallet ${request.walletId} yet`)
    return this.virtualAccount(account)
  }

  private virtualAccount(data: DedicatedAccount): VirtualAccount {
    return { accountNumber: data.account_number, accountName: data.account_name, bankName: data.bank?.name ?? 'Paystack' }
  }

  async createPaymentAccount(request: PaymentAccountRequest): Promise<PaymentAccount> {
    interface Pending {
      reference: string
      account_number?: string
      account_name?: string
      bank?: { name?: string }
      account_expires_at?: string
    }
    const reference = request.orderReference
    let pending: Pending | undefined
    try {
      pending = (
        await this.client.post<Pending>('/charge', {
          email: request.email,
          amount: request.amount,
          reference,
          bank_transfer: { account_expires_at: request.expiresAt.toISOString() },
          metadata: { orderReference: request.orderReference },
        })
      ).data
    } catch (error) {
      // The same order asked for again: Paystack refuses the reference; the pending charge holds its account.
      if (!(error instanceof PaystackError) || error.httpStatus !== 400) throw error
      pending = (await this.client.get<Pending>(`/charge/${encodeURIComponent(reference)}`)).data
    }
    if (!pending?.account_number) throw new PaystackError(200, `Paystack gave no account for ${reference}`)
    return {
      accountNumber: pending.account_number,
      accountName: pending.account_name ?? '',
      bankName: pending.bank?.name ?? 'Paystack',
      expiresAt: pending.account_expires_at ? new Date(pending.account_expires_at) : request.expiresAt,
      providerReference: pending.reference ?? reference,
    }
  }

  private async pages<T>(path: string, query: Record<string, string | number>): Promise<T[]> {
    const all: T[] = []
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const { data, meta } = await this.client.get<T[]>(path, { ...query, per_page: PER_PAGE, page })
      all.push(...(data ?? []))
      if (!data || data.length < PER_PAGE || (meta?.pageCount !== undefined && page >= meta.pageCount)) return all
    }
    throw new Error(`Paystack GET ${path}: more than ${MAX_PAGES} pages`)
  }

  async records(range: { from: Date; to: Date }): Promise<ProviderDay> {
    const query = { from: range.from.toISOString(), to: range.to.toISOString() }
    const inRange = (at: Date) => at >= range.from && at < range.to
    const transfers: ProviderTransferRecord[] = []
    for (const transfer of await this.pages<PaystackTransfer>('/transfer', query)) {
      const reference = transfer.reference ? fromPaystackReference(transfer.reference) : null
      const at = new Date(transfer.createdAt ?? transfer.created_at ?? 0)
      if (!reference || !inRange(at) || !Number.isSafeInteger(transfer.amount)) continue
      const status =
        transfer.status === 'success' || transfer.status === 'reversed' || transfer.status === 'pending' ? transfer.status : 'failed'
      transfers.push({ reference, amount: transfer.amount!, status, at })
    }
    const credits: ProviderCreditRecord[] = []
    for (const charge of await this.pages<PaystackCharge>('/transaction', { ...query, status: 'success' })) {
      const notice = inboundNoticeOf(charge)
      const at = new Date(charge.paid_at ?? charge.paidAt ?? charge.created_at ?? 0)
      if (!notice || !inRange(at)) continue
      credits.push({
        providerReference: notice.providerReference,
        sessionId: sessionIdOf(charge),
        accountNumber: notice.accountNumber,
        amount: notice.amount,
        at,
      })
    }
    return { transfers, credits }
  }

  async balance(): Promise<number> {
    const { data } = await this.client.get<{ currency: string; balance: number }[]>('/balance')
    const naira = data?.find((entry) => entry.currency === 'NGN')
    if (!naira || !Number.isSafeInteger(naira.balance)) throw new PaystackError(200, 'Paystack GET /balance: no NGN balance in the answer')
    return naira.balance
  }
}
