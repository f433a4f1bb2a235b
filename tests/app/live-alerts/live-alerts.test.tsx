import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { parseEvents, streamTiming } from '#app/features/live-alerts/event-stream'
import { endpoints } from '#contract/index'

import { transaction, transactionPage } from '../fixtures'
import { handle, ok, renderApp, server, useAppHarness } from '../harness'

useAppHarness()
afterEach(() => vi.unstubAllGlobals())
// The app waits a few seconds before opening the stream (the first screen's requests go first); not here.
streamTiming.startDelayMs = 0

const CREDIT = transaction({
  id: 'txn-live',
  amount: 5_000_00,
  originatorAccountName: 'Chioma Okeke',
  originatorBankName: 'Access Bank',
  reference: 'TRF-LIVE',
})

/** GET /api/events answered by a stream the test writes to; `requests` holds each connection's headers. */
function eventStream() {
  const requests: Headers[] = []
  const urls: URL[] = []
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  server.use(
    http.get('*/api/events', ({ request }) => {
      requests.push(request.headers)
      urls.push(new URL(request.url))
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } })
    }),
  )
  const encoder = new TextEncoder()
  return {
    requests,
    urls,
    send: (text: string) => controller!.enqueue(encoder.encode(text)),
    end: () => controller!.close(),
  }
}

/** The main wallet's list: empty until `credited`, then holding the credit. */
function ledger() {
  const state = { credited: false, searches: [] as (string | null)[] }
  server.use(
    handle(endpoints.listTransactions, ({ request }) => {
      state.searches.push(new URL(request.url).searchParams.get('search'))
      return ok(transactionPage(state.credited ? [CREDIT] : [], 1, 100, state.credited ? 1 : 0))
    }),
  )
  return state
}

const paymentEvent = (id: number, credit = CREDIT, order: { reference: string; status: string } | null = null) =>
  `id: ${id}\nevent: payment\ndata: ${JSON.stringify({ transaction: credit, outletId: null, order })}\n\n`
const LATER = transaction({ id: 'txn-later', amount: 2_500_00, originatorAccountName: 'Tunde Bakare', originatorBankName: 'Zenith Bank' })

describe('live payment alerts', () => {
  it('toasts a credit with who sent it and refreshes the list on screen', async () => {
    const stream = eventStream()
    const state = ledger()
    renderApp('/transactions')
    expect(await screen.findByText('No record found')).toBeTruthy()
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    expect(stream.requests[0]!.get('authorization')).toBe('Bearer test-token')
    // The credits since the app opened are asked for: the stream opens a moment after the first screen.
    expect(Number(stream.urls[0]!.searchParams.get('replay'))).toBeGreaterThan(0)

    state.credited = true
    stream.send(paymentEvent(41))
    expect(await screen.findByText('₦5,000.00 received from Chioma Okeke · Access Bank')).toBeTruthy()
    expect(await screen.findByRole('link', { name: /Chioma Okeke/ })).toBeTruthy()
  })

  it('names the order a credit paid, and how it stands now', async () => {
    const stream = eventStream()
    ledger()
    renderApp('/transactions')
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    const paying = { ...CREDIT, hasMatchingOrder: true, orderReference: 'ORD-6NNFBZ7T', isOffline: false }
    stream.send(paymentEvent(51, paying, { reference: 'ORD-6NNFBZ7T', status: 'paid' }))
    expect(await screen.findByText('₦5,000.00 received from Chioma Okeke · Access Bank for ORD-6NNFBZ7T, now paid')).toBeTruthy()
    const part = { ...LATER, hasMatchingOrder: true, orderReference: 'ORD-7PQRSTVW', isOffline: false }
    stream.send(paymentEvent(52, part, { reference: 'ORD-7PQRSTVW', status: 'partially-paid' }))
    expect(await screen.findByText('₦2,500.00 received from Tunde Bakare · Zenith Bank for ORD-7PQRSTVW, now partially paid')).toBeTruthy()
  })

  it('reconnects with Last-Event-ID, and shows a replayed credit once', async () => {
    const stream = eventStream()
    ledger()
    renderApp('/transactions')
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    stream.send(paymentEvent(41))
    await screen.findByText('₦5,000.00 received from Chioma Okeke · Access Bank')
    stream.end()
    // The client pauses a second before connecting again.
    await waitFor(() => expect(stream.requests).toHaveLength(2), { timeout: 5_000 })
    expect(stream.requests[1]!.get('last-event-id')).toBe('41')
    expect(stream.urls[1]!.searchParams.has('replay')).toBe(false)
    stream.send(paymentEvent(41))
    stream.send(`: ping\n\n`)
    stream.send(paymentEvent(42, LATER))
    // The credit after the replayed one has arrived: the replayed one, already shown, was not shown again.
    await screen.findByText('₦2,500.00 received from Tunde Bakare · Zenith Bank')
    expect(screen.getAllByText('₦5,000.00 received from Chioma Okeke · Access Bank')).toHaveLength(1)
  })

  it('says the amount aloud only once this device has it on in Settings', async () => {
    const spoken: string[] = []
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = ''
        constructor(readonly text: string) {}
      },
    )
    vi.stubGlobal('speechSynthesis', { speak: (utterance: { text: string }) => spoken.push(utterance.text) })
    server.use(handle(endpoints.vendorProfile, () => ok(null)))
    const stream = eventStream()
    const { user } = renderApp('/settings')
    const toggle = await screen.findByRole('switch', { name: /Announce payments aloud/ })
    expect((toggle as HTMLInputElement).checked).toBe(false)
    await waitFor(() => expect(stream.requests).toHaveLength(1))
    stream.send(paymentEvent(7))
    await screen.findByText('₦5,000.00 received from Chioma Okeke · Access Bank')
    expect(spoken).toEqual([])

    await user.click(toggle)
    expect((toggle as HTMLInputElement).checked).toBe(true)
    expect(spoken).toEqual(['Payments will be announced'])
    stream.send(paymentEvent(8, LATER))
    await waitFor(() => expect(spoken).toEqual(['Payments will be announced', 'Two thousand five hundred naira received']))
  })
})

describe('Transactions search box', () => {
  it('sends what is typed as the search and keeps it in the URL', async () => {
    const state = ledger()
    const { user, router } = renderApp('/transactions')
    await screen.findByText('No record found')
    await user.type(screen.getByRole('searchbox', { name: 'Search by amount, name or reference' }), '5,000')
    await waitFor(() => expect(state.searches.at(-1)).toBe('5,000'))
    expect(router.state.location.search).toMatchObject({ q: '5,000' })
  })
})

describe('parseEvents', () => {
  it('keeps an event that is still arriving for the next chunk, and skips comments', () => {
    const first = parseEvents(': ping\n\nid: 3\nevent: payment\ndata: {"a":1}\n\nid: 4\nevent: pay')
    expect(first.events).toEqual([{ id: '3', event: 'payment', data: '{"a":1}' }])
    const second = parseEvents(`${first.rest}ment\r\ndata: {"a":2}\r\n\r\n`)
    expect(second).toEqual({ events: [{ id: '4', event: 'payment', data: '{"a":2}' }], rest: '' })
  })
})
