import { onlineManager } from '@tanstack/react-query'
import { createStore, get, set } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import {
  discardItem,
  enqueue,
  enqueueMerged,
  flushOutbox,
  type NewOutboxItem,
  type OutboxItem,
  outboxItems,
  retryItem,
  startOutbox,
  stopOutbox,
} from '#app/lib/outbox'
import { deletePersistedCaches } from '#app/lib/persister'
import { createQueryClient } from '#app/lib/query-client'
import { setSession } from '#app/lib/session'
import { disputeEndpoints } from '#contract/disputes'

import { user } from '../fixtures'
import { route, server, useAppHarness } from '../harness'

/*
 * The outbox of changes made offline (docs/decisions/092), against a tiny server: what it sends, in which order,
 * under which key, and what becomes of a refusal or of no answer.
 */
useAppHarness()

const store = createStore('vendor-back-office', 'query-cache')
const USER = 'user-outbox'

/** A dispute message change: the smallest real call there is. */
const message = (text: string, extra: Partial<NewOutboxItem> = {}): NewOutboxItem => ({
  kind: 'dispute-message',
  subject: 'dis-1',
  endpoint: disputeEndpoints.sendDisputeMessage,
  body: { disputeId: 'dis-1', message: text },
  label: text,
  invalidate: [['disputes']],
  ...extra,
})

interface Received {
  key: string | null
  body: { message: string }
}

/** The server: answers each message with `answer(text)`, recording what arrived and under which key. */
function serve(
  answer: (text: string) => Response | Promise<Response> = () => HttpResponse.json({ message: 'Message sent', data: {} }, { status: 201 }),
) {
  const received: Received[] = []
  server.use(
    http.post(route(disputeEndpoints.sendDisputeMessage), async ({ request }) => {
      const body = (await request.json()) as { message: string }
      received.push({ key: request.headers.get('Idempotency-Key'), body })
      return answer(body.message)
    }),
  )
  return received
}

const stored = () => get<OutboxItem[]>(`outbox:${USER}`, store).then((list) => list ?? [])
const states = () => outboxItems().map((item) => `${item.label}:${item.state}`)

beforeEach(async () => {
  setSession({ token: 'test-token', user: user() })
  onlineManager.setOnline(false)
  await startOutbox(createQueryClient(), USER)
})

afterEach(async () => {
  stopOutbox()
  await deletePersistedCaches()
  vi.useRealTimers()
})

describe('the outbox', () => {
  it('keeps changes made offline on the device, and sends them in order, each once, when the network returns', async () => {
    const received = serve()
    const first = await enqueue(message('First'))
    await enqueue(message('Second'))
    expect((await stored()).map((item) => item.label)).toEqual(['First', 'Second'])
    expect(received).toEqual([])

    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(outboxItems()).toEqual([]))
    expect(received.map((r) => r.body.message)).toEqual(['First', 'Second'])
    expect(received[0]!.key).toBe(first.id)
    expect(new Set(received.map((r) => r.key)).size).toBe(2)
    expect(await stored()).toEqual([])
  })

  it('a refusal stays on its item with the server’s words; the next item still goes; Retry sends it again under its key', async () => {
    let refuse = true
    const received = serve((text) =>
      text === 'Closed' && refuse
        ? HttpResponse.json({ message: 'This dispute is resolved', code: 'DISPUTE_RESOLVED' }, { status: 409 })
        : HttpResponse.json({ message: 'Message sent', data: {} }, { status: 201 }),
    )
    const refused = await enqueue(message('Closed'))
    await enqueue(message('Fine'))
    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(states()).toEqual(['Closed:failed']))
    expect(outboxItems()[0]!.error).toBe('This dispute is resolved')
    expect(received.map((r) => r.body.message)).toEqual(['Closed', 'Fine'])

    refuse = false
    await retryItem(refused.id)
    await vi.waitFor(() => expect(outboxItems()).toEqual([]))
    expect(received.map((r) => r.key)).toEqual([refused.id, received[1]!.key, refused.id])
  })

  it('a 422 names the fields it refused', async () => {
    serve(() =>
      HttpResponse.json(
        { message: 'message: is required', code: 'VALIDATION', issues: [{ path: 'message', message: 'is required' }] },
        { status: 422 },
      ),
    )
    await enqueue(message(' '))
    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(outboxItems()[0]?.state).toBe('failed'))
    expect(outboxItems()[0]!.error).toBe('message: is required (message: is required)')
  })

  it('no answer (a 503, a dropped line) keeps the item waiting, stops, and tries again later under the same key', async () => {
    let down = true
    const received = serve(() =>
      down ? new HttpResponse(null, { status: 503 }) : HttpResponse.json({ message: 'Message sent', data: {} }, { status: 201 }),
    )
    const item = await enqueue(message('Later'))
    await enqueue(message('After it'))
    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(received).toHaveLength(1))
    await vi.waitFor(() => expect(states()).toEqual(['Later:waiting', 'After it:waiting']))
    // The second is not sent past the first: order holds.
    expect(received.map((r) => r.body.message)).toEqual(['Later'])

    down = false
    await flushOutbox()
    expect(outboxItems()).toEqual([])
    expect(received.map((r) => r.key)).toEqual([item.id, item.id, received[2]!.key])
    expect(received.map((r) => r.body.message)).toEqual(['Later', 'Later', 'After it'])
  })

  it('survives a reload: a fresh start reads what waits, and an item left mid-send goes again under its key', async () => {
    const item = await enqueue(message('Kept'))
    stopOutbox()
    // As a tab closed while sending would leave it.
    await set(`outbox:${USER}`, [{ ...item, state: 'sending' }], store)
    const received = serve()
    await startOutbox(createQueryClient(), USER)
    expect(states()).toEqual(['Kept:waiting'])
    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(outboxItems()).toEqual([]))
    expect(received.map((r) => r.key)).toEqual([item.id])
  })

  it('belongs to its user: another user on the tablet starts with nothing', async () => {
    await enqueue(message('Mine'))
    await startOutbox(createQueryClient(), 'someone-else')
    expect(outboxItems()).toEqual([])
    await startOutbox(createQueryClient(), USER)
    expect(states()).toEqual(['Mine:waiting'])
  })

  it('discard drops a waiting change; nothing is sent for it', async () => {
    const received = serve()
    const item = await enqueue(message('Never mind'))
    await discardItem(item.id)
    expect(await stored()).toEqual([])
    onlineManager.setOnline(true)
    await flushOutbox()
    expect(received).toEqual([])
  })

  it('folds a change into one still waiting for the same subject', async () => {
    const fold = (waiting: unknown) => ({
      body: { ...(waiting as object), n: ((waiting as { n?: number } | undefined)?.n ?? 0) + 1 },
      label: 'folded',
    })
    await enqueueMerged(message('a'), fold)
    await enqueueMerged(message('b'), fold)
    await enqueueMerged(message('c', { subject: 'dis-2' }), fold)
    const list = await stored()
    expect(list.map((item) => [item.subject, (item.call.body as { n: number }).n])).toEqual([
      ['dis-1', 2],
      ['dis-2', 1],
    ])
  })

  it('refuses to keep a change when nobody is signed in, rather than lose it quietly', async () => {
    stopOutbox()
    await expect(enqueue(message('Nowhere'))).rejects.toThrow(/No outbox is open/)
  })
})
