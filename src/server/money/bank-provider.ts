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
export interface BankingProvider {
  listBanks(): Promise<readonly BankInfo[]>
  nameEnquiry(accountNumber: string, bankCode: string): Promise<NameEnquiryResult>
  /** Idempotent on `reference`: a second call with the same reference answers the first transfer's state. */
  transfer(request: TransferRequest): Promise<TransferResult>
  /** The state of an earlier transfer; not_found when the provider never received it. */
  transferStatus(reference: string): Promise<TransferResult | { status: 'not_found' }>
}
