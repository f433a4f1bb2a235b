import type { BankInfo } from './banks'

/** What a name enquiry answers: the account holder's name as the bank has it, or why there is none. */
export type NameEnquiryResult = { ok: true; accountName: string } | { ok: false; reason: string }

export interface TransferRequest {
  /** Kobo. */
  amount: number
  accountNumber: string
  bankCode: string
  accountName: string
  /** Our transaction reference. Providers deduplicate on it, so re-submitting the same transfer is safe. */
  reference: string
  narration: string | null
}

export interface TransferResult {
  status: 'success' | 'failed' | 'pending'
  /** The 30-digit NIP session ID, once the switch has given one. */
  sessionId: string | null
  failureReason?: string
}

/**
 * The banks, behind a small interface: a sandbox by default, a real provider (Paystack, Flutterwave, a bank's
 * NIP gateway) in production. Tests inject failing, pending or slow providers through the app's deps.
 * Methods may throw when the provider cannot be reached; callers treat a thrown transfer as "outcome unknown".
 */
export interface BankingProvider extends RealMoneyProvider {
  listBanks(): Promise<readonly BankInfo[]>
  nameEnquiry(accountNumber: string, bankCode: string): Promise<NameEnquiryResult>
  /** Idempotent on `reference`: a second call with the same reference answers the first transfer's state. */
  transfer(request: TransferRequest): Promise<TransferResult>
  /** The state of an earlier transfer; not_found when the provider never received it. */
  transferStatus(reference: string): Promise<TransferResult | { status: 'not_found' }>
}

/*
 * Issue 36: what a real provider adds. Every provider implements all of it; the sandbox answers from its own
 * records so that tests, the demo and reconciliation behave as they would on Paystack.
 */

/** A wallet's own account for customers to pay into (a Paystack dedicated virtual account). */
export interface VirtualAccountRequest {
  /** Our wallet: the provider keeps one account per wallet, so asking again answers the same account. */
  walletId: string
  /** What the account is called: the business, and the outlet for an outlet wallet. */
  accountName: string
  /** The owner, whom a provider's customer record needs. */
  email: string
  phone: string | null
  ownerName: string
}

export interface VirtualAccount {
  accountNumber: string
  accountName: string
  bankName: string
}

/** A temporary account for one order's payment: money into it pays that order, with no narration needed. */
export interface PaymentAccountRequest {
  /** The order's reference (ORD-…): asking again for the same order answers the same account while it lasts. */
  orderReference: string
  /** Kobo the order asks for. */
  amount: number
  /** The customer's e-mail where there is one, else the vendor's (a provider's charge needs one). */
  email: string
  expiresAt: Date
}

export interface PaymentAccount {
  accountNumber: string
  accountName: string
  bankName: string
  expiresAt: Date
  /** The provider's reference of the charge, which its notice of the payment carries. */
  providerReference: string
}

/** A transfer as the provider's own list has it, for reconciliation. */
export interface ProviderTransferRecord {
  /** Our reference, as we submitted it. */
  reference: string
  /** Kobo. */
  amount: number
  status: 'success' | 'failed' | 'pending' | 'reversed'
  at: Date
}

/** A credit into one of our accounts as the provider's own list has it, for reconciliation. */
export interface ProviderCreditRecord {
  providerReference: string
  sessionId: string | null
  accountNumber: string
  /** Kobo. */
  amount: number
  at: Date
}

export interface ProviderDay {
  transfers: ProviderTransferRecord[]
  credits: ProviderCreditRecord[]
}

export interface RealMoneyProvider {
  /** Idempotent per wallet. Throws when the provider cannot be reached; the jobs retry. */
  assignVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount>
  createPaymentAccount(request: PaymentAccountRequest): Promise<PaymentAccount>
  /** Everything the provider records between `from` (inclusive) and `to` (exclusive). */
  records(range: { from: Date; to: Date }): Promise<ProviderDay>
  /** The money the provider holds for us, in kobo. Operators only: never shown to a vendor as theirs. */
  balance(): Promise<number>
}
