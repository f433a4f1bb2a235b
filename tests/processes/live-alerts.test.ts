import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { nubanFor } from '#contract/nuban'
import { newSessionId } from '#server/money/ledger'
import { signWebhookBody } from '#server/money/webhook-signature'

import { BANK_WEBHOOK_SECRET, type Cluster, startCluster } from './cluster'
import { openShared, type Shared, vendorWithPeople } from './fixtures'
import { callProcess, RoundRobin } from './round-robin'

/*
 * Issue 22 over issue 21's processes (decision 107): a credit the bank notifies to one process reaches a cashier's
 * event stream held open by another, through PostgreSQL's LISTEN/NOTIFY, within the issue's 2 seconds.
 */

let cluster: Cluster
let shared: Shared

beforeAll(async () => {
  cluster = await startCluster(2)
  shared = await openShared(cluster)
})

afterAll(async () => {
  await shared?.close()
  await cluster?.stop()
})

/** The first `event: payment` of a stream, as its JSON data. */
async function firstPayment(body: ReadableStream<Uint8Array>): Promise<any> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) throw new Error(`the stream ended before a payment: ${text}`)
    text += decoder.decode(value, { stream: true })
    const block = text.split('\n\n').find((part) => part.includes('event: payment'))
    if (block) {
      await reader.cancel()
      return JSON.parse(
        block
          .split('\n')
          .find((line) => line.startsWith('data: '))!
          .slice(6),
      )
    }
  }
}

/** A signed notice of a transfer into the vendor's main account, sent to process `index`. */
function notify(index: number, accountNumber: string, amount: number) {
  const raw = JSON.stringify({
    accountNumber,
    amount,
    providerReference: `PROCS-${randomUUID()}`,
    sessionId: newSessionId(),
    originatorAccountName: 'Chioma Okeke',
    originatorBankName: 'Access Bank',
    originatorAccountNumber: nubanFor('044', '123456780'),
  })
  return callProcess(cluster, index, 'POST', '/api/webhooks/bank/inbound', {
    headers: { 'content-type': 'application/json', 'x-provider-signature': signWebhookBody(raw, BANK_WEBHOOK_SECRET) },
    raw,
  })
}

/** Everything a stream sends until it ends, or until `ms` pass (then `ended` is false). */
async function readUntilEnd(body: ReadableStream<Uint8Array>, ms: number): Promise<{ ended: boolean; text: string }> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)))
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late])
      if (next === 'late') return { ended: false, text }
      if (next.done) return { ended: true, text }
      text += decoder.decode(next.value, { stream: true })
    }
  } finally {
    clearTimeout(timer)
    await reader.cancel().catch(() => {})
  }
}

describe('live payment alerts across processes', () => {
  it('a sign-out on process 0 ends the stream open on process 1 within a second, before any later credit (issue 35)', async () => {
    const vendor = await vendorWithPeople(new RoundRobin(cluster), shared)
    const [owner] = vendor.people
    const stream = await fetch(`${cluster.processes[1]!.url}/api/events`, {
      headers: { authorization: `Bearer ${owner!.token}`, 'x-forwarded-for': owner!.ip },
    })
    expect(stream.status).toBe(200)
    const reading = readUntilEnd(stream.body!, 1_500)
    const out = await callProcess(cluster, 0, 'POST', '/api/auth/logout', { token: owner!.token, ip: owner!.ip })
    expect(out.status).toBe(200)
    const { ended, text } = await reading
    expect(ended).toBe(true)
    expect((await notify(0, vendor.accountNumber, 4_000_00)).status).toBe(200)
    expect(text).not.toContain('event: payment')
  })

  it('a credit notified to process 0 reaches a stream open on process 1 within 2 s', async () => {
    const vendor = await vendorWithPeople(new RoundRobin(cluster), shared)
    const [owner] = vendor.people
    const stream = await fetch(`${cluster.processes[1]!.url}/api/events`, {
      headers: { authorization: `Bearer ${owner!.token}`, 'x-forwarded-for': owner!.ip },
    })
    expect(stream.status).toBe(200)
    const payment = firstPayment(stream.body!)

    const answer = await notify(0, vendor.accountNumber, 5_000_00)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    // The bound, as the wait's limit.
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no payment event within 2 s')), 2_000)))
    const heard = await Promise.race([payment, timeout]).finally(() => clearTimeout(timer))
    expect(heard).toMatchObject({
      outletId: null,
      transaction: { id: answer.body.data.transactionId, amount: 5_000_00, originatorAccountName: 'Chioma Okeke' },
    })
  })
})
