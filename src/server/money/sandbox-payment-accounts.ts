import { randomBytes } from 'node:crypto'

import { and, eq, lte } from 'drizzle-orm'

import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { isUniqueViolation } from '../db/errors'
import { sandboxPaymentAccounts } from '../db/platform-schema'
import { orderPaymentAccounts } from '../db/sales-schema'
import { wallets } from '../db/schema'
import { randomNuban, VIRTUAL_ACCOUNT_BANK } from './accounts'
import type { PaymentAccount, PaymentAccountRequest } from './bank-provider'

/*
 * The sandbox's side of Paystack's charge with bank_transfer (issue 36): a temporary account for one order, at the
 * sandbox's virtual-account bank. Asked again for the same order while the account lasts, it answers the same
 * account (Paystack answers the charge it already made); once expired, a fresh one. Its records live beside the
 * sandbox's transfers (sandbox_payment_accounts, one bank for every API process), or in memory without a database.
 */

interface Kept {
  orderReference: string
  accountNumber: string
  providerReference: string
  amount: number
  expiresAt: Date
}

/** What the customer's bank app shows as the account's holder: the order it pays, as Paystack names its checkout accounts. */
export const sandboxPaymentAccountName = (orderReference: string) => `Checkout ${orderReference}`

const answer = (kept: Kept): PaymentAccount => ({
  accountNumber: kept.accountNumber,
  accountName: sandboxPaymentAccountName(kept.orderReference),
  bankName: VIRTUAL_ACCOUNT_BANK.name,
  expiresAt: kept.expiresAt,
  providerReference: kept.providerReference,
})

const newProviderReference = () => `sbx_charge_${randomBytes(9).toString('hex')}`

export class SandboxPaymentAccounts {
  private readonly memory = new Map<string, Kept>()

  constructor(
    private readonly db: Db | undefined,
    private readonly clock: Clock,
  ) {}

  async create(request: PaymentAccountRequest): Promise<PaymentAccount> {
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new Error('Sandbox: a payment account needs a positive amount')
    const now = this.clock.now()
    if (request.expiresAt <= now) throw new Error('Sandbox: a payment account must expire in the future')
    return answer(this.db ? await this.keptInDatabase(this.db, request, now) : await this.keptInMemory(request, now))
  }

  private async keptInMemory(request: PaymentAccountRequest, now: Date): Promise<Kept> {
    const known = this.memory.get(request.orderReference)
    if (known && known.expiresAt > now) return known
    const taken = new Set([...this.memory.values()].map((kept) => kept.accountNumber))
    let accountNumber = randomNuban()
    while (taken.has(accountNumber)) accountNumber = randomNuban()
    const kept = { ...this.fields(request), accountNumber }
    this.memory.set(request.orderReference, kept)
    return kept
  }

  private fields(request: PaymentAccountRequest) {
    return {
      orderReference: request.orderReference,
      providerReference: newProviderReference(),
      amount: request.amount,
      expiresAt: request.expiresAt,
    }
  }

  /**
   * One row per order reference: the first of two concurrent requests inserts it, the other reads it; an expired one
   * is replaced by one conditional UPDATE, so two requests after expiry still agree on one new account.
   */
  private async keptInDatabase(db: Db, request: PaymentAccountRequest, now: Date): Promise<Kept> {
    const t = sandboxPaymentAccounts
    for (let attempt = 0; attempt < 5; attempt++) {
      const [known] = await db.select().from(t).where(eq(t.orderReference, request.orderReference))
      if (known && known.expiresAt > now) return known
      const accountNumber = await freeAccountNumber(db)
      try {
        const [made] = known
          ? await db
              .update(t)
              .set({ ...this.fields(request), accountNumber, createdAt: now })
              .where(and(eq(t.orderReference, request.orderReference), lte(t.expiresAt, now)))
              .returning()
          : await db
              .insert(t)
              .values({ ...this.fields(request), accountNumber, createdAt: now })
              .onConflictDoNothing({ target: t.orderReference })
              .returning()
        if (made) return made
        // Another request made or renewed it first: read what it made.
      } catch (error) {
        // The account number was drawn twice at once (1 in 10^9): draw again.
        if (!isUniqueViolation(error)) throw error
      }
    }
    throw new Error(`Sandbox: could not make a payment account for ${request.orderReference}`)
  }
}

/**
 * A valid NUBAN at the sandbox bank that no wallet, no order account of ours and no other sandbox account has. The
 * unique constraints still guard the rare race between two draws of the same number.
 */
async function freeAccountNumber(db: Db): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = randomNuban()
    const [wallet, ours, theirs] = await Promise.all([
      db.select({ id: wallets.id }).from(wallets).where(eq(wallets.accountNumber, candidate)).limit(1),
      db
        .select({ id: orderPaymentAccounts.id })
        .from(orderPaymentAccounts)
        .where(eq(orderPaymentAccounts.accountNumber, candidate))
        .limit(1),
      db
        .select({ reference: sandboxPaymentAccounts.orderReference })
        .from(sandboxPaymentAccounts)
        .where(eq(sandboxPaymentAccounts.accountNumber, candidate))
        .limit(1),
    ])
    if (!wallet.length && !ours.length && !theirs.length) return candidate
  }
  throw new Error('Sandbox: could not find a free account number')
}
