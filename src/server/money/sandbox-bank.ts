import { createHash } from 'node:crypto'

import { isValidNuban, nubanFor } from '#contract/nuban'

import type { BankingProvider, NameEnquiryResult, TransferRequest, TransferResult } from './bank-provider'
import { BANKS } from './banks'
import { newSessionId } from './ledger'

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

/** Accounts with a fixed holder name, so the demo's settlement account resolves to its owner. */
export const SANDBOX_NAMED_ACCOUNTS: Record<string, string> = {
  [`058:${nubanFor('058', '012345678')}`]: 'Adaeze Okafor',
}

const FIRST = [
  'Adaeze',
  'Chinedu',
  'Oluwaseun',
  'Aisha',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Ngozi',
  'Tunde',
  'Zainab',
  'Obinna',
  'Yetunde',
  'Musa',
  'Chiamaka',
  'Babajide',
  'Halima',
  'Ikechukwu',
  'Temitope',
  'Usman',
  'Amarachi',
]
const MIDDLE = ['Chioma', 'Ade', 'Nkechi', 'Bola', 'Sani', 'Uche', 'Kemi', 'Femi', 'Amina', 'Ifeoma', 'Segun', 'Hauwa']
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Bakare',
  'Okonkwo',
  'Olawale',
  'Danjuma',
  'Obi',
  'Adebayo',
  'Chukwu',
  'Lawal',
  'Onyeka',
  'Afolabi',
  'Yusuf',
  'Nnamdi',
  'Oyelaran',
]

/** A realistic Nigerian name derived from the account, so the same number always resolves to the same person. */
export function sandboxAccountName(accountNumber: string, bankCode: string): string {
  const named = SANDBOX_NAMED_ACCOUNTS[`${bankCode}:${accountNumber}`]
  if (named) return named
  const hash = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest()
  return `${FIRST[hash[0]! % FIRST.length]} ${MIDDLE[hash[1]! % MIDDLE.length]} ${LAST[hash[2]! % LAST.length]}`
}

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
  /** What a status query turns a pending transfer into. */
  settlesAs?: TransferResult
}

/** Keeps memory bounded in a long-running dev server; a forgotten transfer answers not_found, like a real one. */
const MAX_REMEMBERED = 50_000

export class SandboxBankingProvider implements BankingProvider {
  private readonly transfers = new Map<string, Recorded>()

  async listBanks() {
    return BANKS
  }

  async nameEnquiry(accountNumber: string, bankCode: string): Promise<NameEnquiryResult> {
    const serial = accountNumber.slice(0, 9)
    if (serial === SANDBOX_SERIALS.unreachable) throw new Error('Sandbox: the bank could not be reached')
    if (!isValidNuban(bankCode, accountNumber) || serial === SANDBOX_SERIALS.notFound) {
      return { ok: false, reason: 'Account not found' }
    }
    return { ok: true, accountName: sandboxAccountName(accountNumber, bankCode) }
  }

  async transfer(request: TransferRequest): Promise<TransferResult> {
    const known = this.transfers.get(request.reference)
    if (known) return known.result
    const recorded = this.decide(request.accountNumber.slice(0, 9))
    this.remember(request.reference, recorded)
    if (request.accountNumber.startsWith(SANDBOX_SERIALS.timeout)) {
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_DELAY_MS).unref())
    }
    return recorded.result
  }

  async transferStatus(reference: string): Promise<TransferResult | { status: 'not_found' }> {
    const known = this.transfers.get(reference)
    if (!known) return { status: 'not_found' }
    if (known.settlesAs) {
      known.result = known.settlesAs
      known.settlesAs = undefined
    }
    return known.result
  }

  private decide(serial: string): Recorded {
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

  private remember(reference: string, recorded: Recorded): void {
    if (this.transfers.size >= MAX_REMEMBERED) {
      const oldest = this.transfers.keys().next().value
      if (oldest !== undefined) this.transfers.delete(oldest)
    }
    this.transfers.set(reference, recorded)
  }
}
