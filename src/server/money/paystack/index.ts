import type { Db } from '../../db/client'
import type { BankingProvider, PaymentAccountRequest, RealMoneyProvider, TransferRequest, VirtualAccountRequest } from '../bank-provider'
import { PaystackAccounts } from './accounts'
import { PaystackBanks } from './banks'
import { PaystackClient, type PaystackConfig, PaystackError } from './client'
import { PaystackTransfers } from './transfers'
import { verifyPaystackSignature } from './webhook'

/**
 * BANK_PROVIDER=paystack (decision 139): Paystack's API behind the same interface as the sandbox bank. The secret key
 * signs the calls and checks the webhooks.
 */
export class PaystackBankingProvider implements BankingProvider, RealMoneyProvider {
  readonly kind = 'paystack'
  private readonly banks: PaystackBanks
  private readonly transfers: PaystackTransfers
  private readonly accounts: PaystackAccounts

  constructor(private readonly config: PaystackConfig & { db: Db; logger?: Pick<Console, 'warn' | 'error'> }) {
    const client = new PaystackClient(config)
    this.banks = new PaystackBanks(client, config.logger)
    this.transfers = new PaystackTransfers(client, config.db, config.logger)
    this.accounts = new PaystackAccounts(client)
  }

  /**
   * At start (start-server.ts): one GET /balance. A key Paystack refuses (401) stops the start, since every send would fail;
   * Paystack out of reach only warns, as a process must be able to start while it is down (recovery catches up).
   */
  async checkKey(logger: Pick<Console, 'warn'>): Promise<void> {
    try {
      await this.accounts.balance()
    } catch (error) {
      if (error instanceof PaystackError && error.httpStatus === 401) {
        throw new Error(`Paystack refused PAYSTACK_SECRET_KEY (401 ${error.message}): copy the secret key from the dashboard again`)
      }
      logger.warn('[paystack] could not reach Paystack at start; sends will be retried:', error instanceof Error ? error.message : error)
    }
  }

  /** Whether a webhook's x-paystack-signature is Paystack's for this raw body. */
  verifiesWebhook(rawBody: string, signature: string | undefined): boolean {
    return verifyPaystackSignature(rawBody, signature, this.config.secretKey)
  }

  listBanks() {
    return this.banks.list()
  }

  nameEnquiry(accountNumber: string, bankCode: string) {
    return this.banks.resolve(accountNumber, bankCode)
  }

  transfer(request: TransferRequest) {
    return this.transfers.transfer(request)
  }

  transferStatus(reference: string) {
    return this.transfers.status(reference)
  }

  assignVirtualAccount(request: VirtualAccountRequest) {
    return this.accounts.assignVirtualAccount(request)
  }

  createPaymentAccount(request: PaymentAccountRequest) {
    return this.accounts.createPaymentAccount(request)
  }

  records(range: { from: Date; to: Date }) {
    return this.accounts.records(range)
  }

  balance() {
    return this.accounts.balance()
  }
}
