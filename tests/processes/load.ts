import { expect } from 'vitest'

import { ledgerOf, type Person, send, type Shared, type TestVendor } from './fixtures'
import { type Answer, NetworkError, type RoundRobin } from './round-robin'

/*
 * Load for the stop tests: `workers` clients at once, each sending money (and, when asked, reading the transaction
 * list between sends) through the round-robin until the requestIds run out. `during` is called after each answer,
 * so a test can stop a process in the middle of it.
 */

export interface Outcome {
  what: 'send' | 'list'
  /** The HTTP answer, or the network error that took its place. */
  answer?: Answer
  lost?: NetworkError
}

export interface LoadOptions {
  workers: number
  requestIds: string[]
  /** Read GET /api/transaction between sends. */
  withReads?: boolean
  during?: (outcomes: Outcome[]) => void
}

export async function runLoad(rr: RoundRobin, vendor: TestVendor, options: LoadOptions): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  let next = 0
  const attempt = async (what: Outcome['what'], request: () => Promise<Answer>) => {
    try {
      outcomes.push({ what, answer: await request() })
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error
      outcomes.push({ what, lost: error })
    }
    options.during?.(outcomes)
  }
  await Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      const person: Person = vendor.people[worker % vendor.people.length]!
      while (next < options.requestIds.length) {
        const requestId = options.requestIds[next++]!
        await attempt('send', () => send(rr, person, requestId))
        if (options.withReads) {
          await attempt('list', () => rr.call('GET', '/api/transaction?size=20', { token: person.token, ip: person.ip }))
        }
      }
    }),
  )
  return outcomes
}

export const acknowledged = (outcomes: Outcome[]) =>
  outcomes.filter((outcome) => outcome.what === 'send' && outcome.answer?.status === 201).map((outcome) => outcome.answer!)

/** What each process answered, and what went missing on the way, for failure messages. */
export function summary(outcomes: Outcome[], size: number): string {
  const answered = Array.from({ length: size }, () => 0)
  const lost: Record<string, number> = {}
  for (const outcome of outcomes) {
    if (outcome.answer) answered[outcome.answer.via]! += 1
    else lost[outcome.lost!.message] = (lost[outcome.lost!.message] ?? 0) + 1
  }
  return `answered per process ${JSON.stringify(answered)}, lost ${JSON.stringify(lost)}`
}

/**
 * Every acknowledged send is there, as the surviving processes answer it and in the ledger; nothing was debited
 * twice; and the balance is what was funded less every debit not reversed (those of lost requests included).
 */
export async function expectEveryAcknowledgedSend(
  rr: RoundRobin,
  shared: Shared,
  vendor: TestVendor,
  funded: number,
  outcomes: Outcome[],
): Promise<void> {
  const owner = vendor.people[0]!
  const acks = acknowledged(outcomes)
  for (const ack of acks) {
    const { id, status, amount } = ack.body.data
    const seen = await rr.call('GET', `/api/transaction/single?id=${id}`, { token: owner.token, ip: owner.ip })
    expect([seen.status, seen.body.data?.status, seen.body.data?.amount], `transfer ${id}`).toEqual([200, status, amount])
  }
  const debits = await ledgerOf(shared, vendor.id)
  const ids = new Set(debits.map((debit) => debit.id))
  expect(acks.filter((ack) => !ids.has(ack.body.data.id)).length, 'acknowledged sends missing from the ledger').toBe(0)
  // Each send has its own Idempotency-Key, and the transactions table allows one row per key.
  const sends = outcomes.filter((outcome) => outcome.what === 'send').length
  expect(debits.length, `debits (${acks.length} acknowledged of ${sends} sends)`).toBeLessThanOrEqual(sends)
  const spent = debits.filter((debit) => debit.status !== 'failed').reduce((sum, debit) => sum + debit.debit, 0)
  const balance = await rr.call('GET', '/api/vendor/wallet/balance', { token: owner.token, ip: owner.ip })
  expect(balance.body.data.balance, 'balance: funded less every debit not reversed').toBe(funded - spent)
}
