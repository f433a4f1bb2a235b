import type { Hono } from 'hono'
import { expect } from 'vitest'

/* Reading GET /api/events as a client would: the answer, then its events one at a time. */

export interface SseEvent {
  id?: string
  event?: string
  data: any
}

export interface OpenStream {
  status: number
  headers: Headers
  /** The next event (comments such as pings skipped); null once the server has ended the stream. */
  next: () => Promise<SseEvent | null>
  /** Reads on to the next `: ping` (a heartbeat's check has run); events read meanwhile are kept for next(). */
  untilPing: () => Promise<void>
  close: () => Promise<void>
}

export async function openStream(app: Hono, token?: string, lastEventId?: string, replayMs?: number): Promise<OpenStream> {
  const headers: Record<string, string> = {}
  if (token) headers.authorization = `Bearer ${token}`
  if (lastEventId) headers['last-event-id'] = lastEventId
  const response = await app.request(`/api/events${replayMs === undefined ? '' : `?replay=${replayMs}`}`, { headers })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const kept: SseEvent[] = []
  /** The next event, 'ping' for a heartbeat's comment, null at the end. */
  const read = async (): Promise<SseEvent | 'ping' | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (block === ': ping') return 'ping'
        const event: SseEvent = { data: undefined }
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(':')
          const value = rest.join(':').replace(/^ /, '')
          if (field === 'id') event.id = value
          if (field === 'event') event.event = value
          if (field === 'data') event.data = JSON.parse(value)
        }
        if (event.event) return event
        continue
      }
      const { done, value } = await reader.read()
      if (done) return null
      buffer += decoder.decode(value, { stream: true })
    }
  }
  const next = async (): Promise<SseEvent | null> => {
    if (kept.length) return kept.shift()!
    for (;;) {
      const event = await read()
      if (event !== 'ping') return event
    }
  }
  const untilPing = async () => {
    for (;;) {
      const event = await read()
      if (event === 'ping') return
      if (!event) throw new Error('the stream ended before a ping')
      kept.push(event)
    }
  }
  return { status: response.status, headers: response.headers, next, untilPing, close: () => reader.cancel() }
}

/** An answer that is not a stream: its JSON error. */
export async function refusal(app: Hono, token?: string) {
  const response = await app.request('/api/events', { headers: token ? { authorization: `Bearer ${token}` } : {} })
  expect(response.headers.get('content-type')).toContain('application/json')
  return { status: response.status, body: await response.json() }
}
