import { onlineManager } from '@tanstack/react-query'

import { API_URL } from '#app/lib/api'
import { EVENTS_PATH } from '#contract/events'

/*
 * The client of GET /api/events (docs/decisions/107). Not EventSource: that cannot send the bearer token, and a
 * token in the URL would end up in logs. A fetch reads the stream instead, and this loop does what EventSource
 * would: it parses the events, reconnects with a growing pause, and sends the last event id back as Last-Event-ID,
 * so credits that arrived while it was away are sent again. Offline it waits, quietly, for the network to return.
 * The service worker has no route for /api/ (first-screen/build/pwa.ts), so the request goes straight to the network.
 */

export interface StreamEvent {
  id: string | null
  event: string
  data: string
}

export interface EventStreamOptions {
  token: string
  onEvent: (event: StreamEvent) => void
  /** Each time the stream is open; `again` after the first time, when events may have been missed meanwhile. */
  onOpen?: (again: boolean) => void
  /** Tests shorten the pauses. */
  retryMs?: { first: number; max: number }
}

const RETRY = { first: 1_000, max: 30_000 }
/**
 * The stream opens this long after the app does (tests make it 0): the first screen's own requests go first on a slow connection,
 * and a page that is otherwise done looks done to what waits for a quiet network (Lighthouse, Playwright's
 * networkidle), which an open stream never is. Nothing arriving meanwhile is lost: see `replay`.
 */
export const streamTiming = { startDelayMs: 5_000 }
/** Added to the gap a replay covers: the server's clock and ours are compared only by ages, with some slack. */
const REPLAY_MARGIN_MS = 2_000

/** The events in `text` up to its last blank line, and what is left over (an event still arriving). */
export function parseEvents(text: string): { events: StreamEvent[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n')
  const rest = blocks.pop() ?? ''
  const events: StreamEvent[] = []
  for (const block of blocks) {
    let id: string | null = null
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'id') id = value
      else if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length) events.push({ id, event, data: data.join('\n') })
  }
  return { events, rest }
}

/** Resolves after `ms`, or at once when the stream is stopped or (unless `untilOnline` is false) the network comes back. */
function pause(ms: number, signal: AbortSignal, untilOnline = true): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      unsubscribe()
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    let wasOnline = onlineManager.isOnline()
    const unsubscribe = onlineManager.subscribe((online) => {
      if (untilOnline && online && !wasOnline) done()
      wasOnline = online
    })
    signal.addEventListener('abort', done)
  })
}

/** Opens the stream and keeps it open until the returned function is called, or the server refuses the session. */
export function openEventStream(options: EventStreamOptions): () => void {
  const stopper = new AbortController()
  const { signal } = stopper
  const retry = options.retryMs ?? RETRY
  // Since when nothing has been heard: the credits of that gap are asked for (?replay=ms) until an event gives an id.
  let unheardSince = performance.now()
  void (async () => {
    let lastId: string | null = null
    let opened = false
    let wait = retry.first
    await pause(streamTiming.startDelayMs, signal, false)
    while (!signal.aborted) {
      if (!onlineManager.isOnline()) {
        await pause(retry.max, signal)
        continue
      }
      let streamed = false
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, accept: 'text/event-stream' }
        if (lastId) headers['last-event-id'] = lastId
        const replay = lastId ? '' : `?replay=${Math.round(performance.now() - unheardSince) + REPLAY_MARGIN_MS}`
        const response = await fetch(`${API_URL}${EVENTS_PATH}${replay}`, { headers, signal, cache: 'no-store' })
        // A session gone or a permission missing: asking again changes nothing. The next API call deals with a 401.
        if (response.status === 401 || response.status === 403) return
        if (response.ok && response.body) {
          options.onOpen?.(opened)
          opened = true
          streamed = true
          wait = retry.first
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
          let buffer = ''
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            const { events, rest } = parseEvents(buffer + value)
            buffer = rest
            for (const event of events) {
              if (event.id) lastId = event.id
              options.onEvent(event)
            }
          }
        }
      } catch {
        // Offline, a dropped connection, a process restarting: nothing to show; the loop connects again.
      }
      if (streamed && !lastId) unheardSince = performance.now()
      if (signal.aborted) return
      await pause(wait, signal)
      wait = Math.min(wait * 2, retry.max)
    }
  })()
  return () => stopper.abort()
}
