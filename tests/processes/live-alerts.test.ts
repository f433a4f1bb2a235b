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

describe('live payment alerts across processes', () => {
  it('a credit notified to process 0 reaches a stream open on process 1 within 2 s', async () => {
    const vendor = await vendorWithPeople(new RoundRobin(cluster), shared)
    const [owner] = vendor.people
    const stream = await fetch(`${cluster.processes[1]!.url}/api/events`, {
      headers: { authorization: `Bearer ${owner!.token}`, 'x-forwarded-for': owner!.ip },
    })
    expect(stream.status).toBe(200)
    const payment = firstPayment(stream.body!)

    const raw = JSON.stringify({
      accountNumber: vendor.accountNumber,
      amount: 5_000_00,
      providerReference: `PROCS-${randomUUID()}`,
      sessionId: newSessionId(),
      originatorAccountName: 'Chioma Okeke',
      originatorBankName: 'Access Bank',
      originatorAccountNumber: nubanFor('044', '123456780'),
    })
    const answer = await callProcess(cluster, 0, 'POST', '/api/webhooks/bank/inbound', {
      headers: { 'content-type': 'application/json', 'x-provider-signature': signWebhookBody(raw, BANK_WEBHOOK_SECRET) },
      raw,
    })
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
