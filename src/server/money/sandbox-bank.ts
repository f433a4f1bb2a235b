import { createHash } from 'node:crypto'

import { and, eq, isNotNull, sql } from 'drizzle-orm'

import { isValidNuban, nubanFor } from '#contract/nuban'

import { type Clock, systemClock } from '../clock'
import type { Db } from '../db/client'
import { type SandboxBankTransferRow, sandboxBankTransfers } from '../db/platform-schema'
import { preparedOnce } from '../db/prepared'
import type {
  BankingProvider,
  NameEnquiryResult,
  PaymentAccount,
  PaymentAccountRequest,
  ProviderCreditRecord,
  ProviderDay,
  ProviderTransferRecord,
  TransferRequest,
  TransferResult,
  VirtualAccount,
  VirtualAccountRequest,
} from './bank-provider'
import { BANKS } from './banks'
import type { InboundNotice } from './inbound-notice'
import { newSessionId } from './ledger'
import { recordSandboxCredit, sandboxBalance, sandboxRecords } from './sandbox-bank-records'
import { keepNamedAccounts, namedAccountHolder, SANDBOX_OWN_ACCOUNTS_BANK, sandboxAccountName } from './sandbox-names'
import { SandboxPaymentAccounts } from './sandbox-payment-accounts'
import { randomNuban, sandboxVirtualAccount, VIRTUAL_ACCOUNT_BANK } from './sandbox-virtual-accounts'

/*
 * The sandbox bank: deterministic, so a test or a demo can ask for each outcome. The first 9 digits of an
 * account number (the serial) choose the behaviour at any bank; the 10th digit must still be the NUBAN check
 * digit for that bank. docs/sandbox-banking.md lists the full numbers.
 */
export const SANDBOX_SERIALS = {
  /** Name enquiry answers "no such account". */
  notFound: '999999999',
  /** Name enquiry cannot reach the bank (the provider throws). */
  unreachable: '555555555',
  /** Transfers fail at once: the debit is reversed. */
  transferFails: '111111111',
  /** Transfers answer pending; a status query later says success. */
  pendingThenSuccess: '222222222',
  /** Transfers answer pending; a status query later says failed (the debit is reversed then). */
  pendingThenFailed: '333333333',
  /** The bank takes 60 s to answer (past our timeout): the transfer stays pending, and did go through. */
  timeout: '444444444',
} as const

export const SANDBOX_FAILURE_REASON = 'Beneficiary account is dormant'
export const SANDBOX_PENDING_FAILURE_REASON = 'Beneficiary bank not available'
const TIMEOUT_DELAY_MS = 60_000

/**
 * The account `npm run sandbox -- credit --from NAME` pays from when no --account is given: derived from the name
 * and bank, so two names are two payers (a payer is bank + account, decision 088) and the same name is the same
 * payer again. Never one of the serials above that make the bank misbehave.
 */
export function sandboxPayerAccount(name: string, bankCode: string): string {
  const hash = createHash('sha256').update(`payer:${bankCode}:${name.trim().toLowerCase()}`).digest()
  const drawn = 100_000_000 + (hash.readUInt32BE(0) % 400_000_000)
  const special = (Object.values(SANDBOX_SERIALS) as string[]).includes(String(drawn))
  return nubanFor(bankCode, String(special ? drawn + 1 : drawn))
}

interface Recorded {
  result: TransferResult
  /** Kobo, and when the bank took the transfer: what its statement shows (reconciliation). */
  amount: number
  at: Date
  /** What a status query turns a pending transfer into. */
  settlesAs?: TransferResult & { status: 'success' | 'failed' }
}

/** Where the sandbox keeps what it answered, by transfer reference. */
interface TransferRecords {
  /** Keeps `recorded` unless the reference has a record already; answers the kept record's current result. */
  keep(reference: string, recorded: Recorded): Promise<TransferResult>
  /** The current result; a pending one that settles is turned into its outcome first (once, whoever asks). */
  status(reference: string): Promise<TransferResult | null>
  /** The bank's statement between `from` (inclusive) and `to` (exclusive), and the balance it holds for us. */
  records(range: { from: Date; to: Date }): Promise<ProviderDay>
  balance(): Promise<number>
  /** Keeps a credit the sandbox notified (once per provider reference and per NIP session). */
  credit(notice: Pick<InboundNotice, 'providerReference' | 'sessionId' | 'accountNumber' | 'amount'>, at: Date): Promise<void>
}

/** Keeps memory bounded in a long-running dev server; a forgotten transfer answers not_found, like a real one. */
const MAX_REMEMBERED = 50_000

/** One process's memory: for the seed and for tests that build a bank of their own. */
class MemoryRecords implements TransferRecords {
  private readonly transfers = new Map<string, Recorded>()
  private readonly credits = new Map<string, ProviderCreditRecord>()

  async keep(reference: string, recorded: Recorded): Promise<TransferResult> {
    const known = this.transfers.get(reference)
    if (known) return known.result
    if (this.transfers.size >= MAX_REMEMBERED) {
      const oldest = this.transfers.keys().next().value
      if (oldest !== undefined) this.transfers.delete(oldest)
    }
    this.transfers.set(reference, recorded)
    return recorded.result
  }

  async status(reference: string): Promise<TransferResult | null> {
    const known = this.transfers.get(reference)
    if (!known) return null
    if (known.settlesAs) {
      known.result = known.settlesAs
      known.settlesAs = undefined
    }
    return known.result
  }

  async records({ from, to }: { from: Date; to: Date }): Promise<ProviderDay> {
    const within = (at: Date) => at >= from && at < to
    const transfers: ProviderTransferRecord[] = [...this.transfers]
      .filter(([, kept]) => within(kept.at))
      .map(([reference, kept]) => ({ reference, amount: kept.amount, status: kept.result.status, at: kept.at }))
    return { transfers, credits: [...this.credits.values()].filter((credit) => within(credit.at)) }
  }

  async balance(): Promise<number> {
    let held = 0
    for (const credit of this.credits.values()) held += credit.amount
    for (const kept of this.transfers.values()) if (kept.result.status !== 'failed') held -= kept.amount
    return held
  }

  async credit(notice: Pick<InboundNotice, 'providerReference' | 'sessionId' | 'accountNumber' | 'amount'>, at: Date): Promise<void> {
    const known = [...this.credits.values()].some((credit) => credit.sessionId === notice.sessionId)
    if (known || this.credits.has(notice.providerReference)) return
    const { providerReference, sessionId, accountNumber, amount } = notice
    this.credits.set(providerReference, { providerReference, sessionId, accountNumber, amount, at })
  }
}

const resultOf = (row: Pick<SandboxBankTransferRow, 'status' | 'sessionId' | 'failureReason'>): TransferResult =>
  row.failureReason === null
    ? { status: row.status, sessionId: row.sessionId }
    : { status: row.status, sessionId: row.sessionId, failureReason: row.failureReason }

/** Every send asks the bank once: prepared (db/prepared.ts). */
const keepStatement = preparedOnce((db) =>
  db
    .insert(sandboxBankTransfers)
    .values({
      reference: sql.placeholder('reference'),
      status: sql.placeholder('status'),
      sessionId: sql.placeholder('sessionId'),
      failureReason: sql.placeholder('failureReason'),
      settlesAs: sql.placeholder('settlesAs'),
      settlesFailureReason: sql.placeholder('settlesFailureReason'),
      amount: sql.placeholder('amount'),
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing({ target: sandboxBankTransfers.reference })
    .returning()
    .prepare('sandbox_bank_keep'),
)

/**
 * The sandbox_bank_transfers table: one bank for every API process, and one that outlives a restart (decision
 * 103), so recovery in one process finds what another submitted instead of submitting it again.
 */
class DatabaseRecords implements TransferRecords {
  constructor(private readonly db: Db) {}

  async keep(reference: string, { result, settlesAs, amount, at }: Recorded): Promise<TransferResult> {
    // Two processes submitting one reference at once: the primary key keeps the first, the other reads it.
    const [inserted] = await keepStatement(this.db).execute({
      reference,
      status: result.status,
      sessionId: result.sessionId ?? null,
      failureReason: result.failureReason ?? null,
      settlesAs: settlesAs?.status ?? null,
      settlesFailureReason: settlesAs?.failureReason ?? null,
      amount,
      createdAt: at,
    })
    if (inserted) return resultOf(inserted)
    // Read, not status(): submitting again answers the transfer as it stands, without settling a pending one.
    const [known] = await this.db.select().from(sandboxBankTransfers).where(eq(sandboxBankTransfers.reference, reference))
    if (!known) throw new Error(`Sandbox: transfer ${reference} vanished`)
    return resultOf(known)
  }

  async status(reference: string): Promise<TransferResult | null> {
    // One conditional UPDATE settles a pending transfer: of two processes asking at once, one turns it and the
    // other (its row lock released) finds nothing left to turn and reads the outcome, so both answer the same.
    const t = sandboxBankTransfers
    const [settled] = await this.db
      .update(t)
      .set({ status: sql`${t.settlesAs}`, failureReason: sql`${t.settlesFailureReason}`, settlesAs: null, settlesFailureReason: null })
      .where(and(eq(t.reference, reference), isNotNull(t.settlesAs)))
      .returning()
    if (settled) return resultOf(settled)
    const [row] = await this.db.select().from(t).where(eq(t.reference, reference))
    return row ? resultOf(row) : null
  }

  records(range: { from: Date; to: Date }): Promise<ProviderDay> {
    return sandboxRecords(this.db, range)
  }

  balance(): Promise<number> {
    return sandboxBalance(this.db)
  }

  credit(notice: Pick<InboundNotice, 'providerReference' | 'sessionId' | 'accountNumber' | 'amount'>, at: Date): Promise<void> {
    return recordSandboxCredit(this.db, notice, at)
  }
}

export class SandboxBankingProvider implements BankingProvider {
  private readonly kept: TransferRecords
  private readonly paymentAccounts: SandboxPaymentAccounts
  /** Without a database: the virtual accounts given, by wallet. */
  private readonly accounts = new Map<string, VirtualAccount>()

  /**
   * With `db`, its records are in the database (the app's); without, in this process's memory (seed, tests).
   * `clock` stamps its records, so a test's day is the bank's day too, and says when an order's payment account
   * has expired (tests move it).
   */
  constructor(
    private readonly db?: Db,
    private readonly clock: Clock = systemClock,
  ) {
    this.kept = db ? new DatabaseRecords(db) : new MemoryRecords()
    this.paymentAccounts = new SandboxPaymentAccounts(db, clock)
  }

  /** A temporary account for one order (Paystack's charge with bank_transfer): sandbox-payment-accounts.ts. */
  createPaymentAccount(request: PaymentAccountRequest): Promise<PaymentAccount> {
    return this.paymentAccounts.create(request)
  }

  /** A fresh valid NUBAN at the virtual-account bank; the same one when asked again for the same wallet. */
  async assignVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount> {
    if (this.db) {
      // The bank knows this customer now: it holds an account in the owner's name and one in the business's, which
      // the vendor can settle into (decision 143 asks for a name match). `npm run sandbox -- account NAME` prints it.
      const code = SANDBOX_OWN_ACCOUNTS_BANK.code
      const names = [...new Set([request.ownerName.trim(), request.accountName.trim()])].filter(Boolean)
      await keepNamedAccounts(
        this.db,
        names.map((name) => ({ accountNumber: sandboxPayerAccount(name, code), name })),
      )
      return sandboxVirtualAccount(this.db, request.walletId, request.accountName)
    }
    const known = this.accounts.get(request.walletId)
    if (known) return known
    const account = { accountNumber: randomNuban(), accountName: request.accountName, bankName: VIRTUAL_ACCOUNT_BANK.name }
    this.accounts.set(request.walletId, account)
    return account
  }

  async listBanks() {
    return BANKS
  }

  async nameEnquiry(accountNumber: string, bankCode: string): Promise<NameEnquiryResult> {
    const serial = accountNumber.slice(0, 9)
    if (serial === SANDBOX_SERIALS.unreachable) throw new Error('Sandbox: the bank could not be reached')
    if (!isValidNuban(bankCode, accountNumber) || serial === SANDBOX_SERIALS.notFound) {
      return { ok: false, reason: 'Account not found' }
    }
    const held = this.db ? await namedAccountHolder(this.db, bankCode, accountNumber) : null
    return { ok: true, accountName: held ?? sandboxAccountName(accountNumber, bankCode) }
  }

  async transfer(request: TransferRequest): Promise<TransferResult> {
    const decided = { ...this.decide(request.accountNumber.slice(0, 9)), amount: request.amount, at: this.clock.now() }
    const result = await this.kept.keep(request.reference, decided)
    if (request.accountNumber.startsWith(SANDBOX_SERIALS.timeout)) {
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_DELAY_MS).unref())
    }
    return result
  }

  async transferStatus(reference: string): Promise<TransferResult | { status: 'not_found' }> {
    return (await this.kept.status(reference)) ?? { status: 'not_found' }
  }

  /** What the sandbox's statement holds between `from` (inclusive) and `to` (exclusive): for reconciliation. */
  records(range: { from: Date; to: Date }): Promise<ProviderDay> {
    return this.kept.records(range)
  }

  /** Credits in, less transfers out that are not failed (decision 146). */
  balance(): Promise<number> {
    return this.kept.balance()
  }

  /**
   * The sandbox's side of a credit it notifies (POST /webhooks/bank/inbound): kept before our ledger is told, as a
   * bank's statement has the money before its notice reaches us, so reconciliation can find a credit one side lacks.
   */
  recordCredit(notice: Pick<InboundNotice, 'providerReference' | 'sessionId' | 'accountNumber' | 'amount'>): Promise<void> {
    return this.kept.credit(notice, this.clock.now())
  }

  private decide(serial: string): Omit<Recorded, 'amount' | 'at'> {
    const sessionId = newSessionId()
    switch (serial) {
      case SANDBOX_SERIALS.transferFails:
        return { result: { status: 'failed', sessionId, failureReason: SANDBOX_FAILURE_REASON } }
      case SANDBOX_SERIALS.pendingThenSuccess:
        return { result: { status: 'pending', sessionId }, settlesAs: { status: 'success', sessionId } }
      case SANDBOX_SERIALS.pendingThenFailed:
        return {
          result: { status: 'pending', sessionId },
          settlesAs: { status: 'failed', sessionId, failureReason: SANDBOX_PENDING_FAILURE_REASON },
        }
      default:
        return { result: { status: 'success', sessionId } }
    }
  }
}
