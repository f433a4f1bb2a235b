import type { NameEnquiryResult } from '../bank-provider'
import { type BankInfo, BANKS } from '../banks'
import { type PaystackClient, PaystackError } from './client'

/*
 * GET /bank (Nigeria, NGN) and GET /bank/resolve. The NUBAN check digit is still checked before any of this runs
 * (name-enquiry.ts, decision 013), so a typo costs no call.
 */

/** Paystack's bank list changes rarely; asking once an hour spares a call on every name enquiry. */
const BANKS_TTL_MS = 60 * 60 * 1000

interface PaystackBank {
  name: string
  code: string
  active?: boolean
  is_deleted?: boolean | null
}

/** The codes our contract takes (3 to 6 digits, src/contract/banking.ts); Paystack also lists a few of other shapes. */
const usableCode = /^\d{3,6}$/

export class PaystackBanks {
  private cached: { banks: readonly BankInfo[]; at: number } | null = null

  constructor(
    private readonly client: PaystackClient,
    private readonly logger: Pick<Console, 'warn'> = console,
  ) {}

  /**
   * Nigeria's banks as Paystack lists them. If Paystack cannot be reached the last list stands, else the built-in one
   * (money/banks.ts holds the same CBN codes Paystack publishes): a bank list that fails would make every name
   * enquiry a 500 (bankFor asks for it first).
   */
  async list(now = Date.now()): Promise<readonly BankInfo[]> {
    if (this.cached && now - this.cached.at < BANKS_TTL_MS) return this.cached.banks
    try {
      const { data } = await this.client.get<PaystackBank[]>('/bank', { country: 'nigeria', currency: 'NGN', type: 'nuban' })
      const banks = (data ?? [])
        .filter((bank) => bank.active !== false && !bank.is_deleted && usableCode.test(bank.code))
        .map((bank) => ({ code: bank.code, name: bank.name }))
      if (banks.length) this.cached = { banks, at: now }
    } catch (error) {
      this.logger.warn('[paystack] GET /bank failed; using the last known list:', error instanceof Error ? error.message : error)
    }
    return this.cached?.banks ?? BANKS
  }

  /**
   * Paystack answers an account it cannot find with a 4xx (422 "Could not resolve account name"): that is the
   * account's answer. A 5xx, a timeout or no answer is the provider's failure: thrown, so the caller says "could not
   * be reached, please try again" (name-enquiry.ts).
   */
  async resolve(accountNumber: string, bankCode: string): Promise<NameEnquiryResult> {
    try {
      const { data } = await this.client.get<{ account_number: string; account_name: string }>('/bank/resolve', {
        account_number: accountNumber,
        bank_code: bankCode,
      })
      const name = data?.account_name?.trim()
      return name ? { ok: true, accountName: name } : { ok: false, reason: 'Account not found' }
    } catch (error) {
      if (
        error instanceof PaystackError &&
        error.httpStatus >= 400 &&
        error.httpStatus < 500 &&
        error.httpStatus !== 401 &&
        error.httpStatus !== 429
      ) {
        return { ok: false, reason: 'Account not found' }
      }
      throw error
    }
  }
}
