import { onlineManager, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { createStore, get, update } from 'idb-keyval'
import { useSyncExternalStore } from 'react'

import type { EndpointDef } from '#contract/endpoint'

import { api, ApiError, errorMessage } from './api'
import { newIdempotencyKey, outcomeUnknown } from './idempotency'

/*
 * The outbox (issue 18, docs/decisions/092): the non-money writes made offline, kept on the device and sent in order
 * when the network returns. Each item is one API call with its Idempotency-Key, fixed when the change was made, so a
 * send whose answer was lost is sent again under the same key and the server replays its first answer instead of
 * creating twice. Money calls never come here: they are refused offline (OFFLINE_MONEY_MESSAGE).
 *
 * It belongs to the signed-in user (key `outbox:<userId>` in the same IndexedDB store as the query cache, so the wipe
 * on sign-out or 401 deletes it with everything else). IndexedDB is the truth: every change is a read-modify-write
 * inside one IndexedDB transaction (idb-keyval's update), so two tabs cannot overwrite each other's items, and the
 * sender runs under a Web Lock, so two tabs never send the same item at once.
 */

/** The kinds of change that may wait; each screen that shows waiting changes asks for its own kind. */
export type OutboxKind = 'order' | 'invoice' | 'variant' | 'dispute-message'

export interface OutboxItem {
  /** Also the Idempotency-Key the call is sent with, every time. */
  id: string
  kind: OutboxKind
  /** What the change is about (a variant's id, a dispute's id), for the screen that shows it as waiting. */
  subject?: string
  /** The call: what api() needs of the endpoint, kept as data so the item survives a reload. */
  call: { method: EndpointDef['method']; path: string; body: unknown }
  /** What the list says: "Order for Aisha Bello · ₦12,000.00". */
  label: string
  /** Query keys to refresh once it is sent. */
  invalidate: QueryKey[]
  createdAt: number
  state: 'waiting' | 'sending' | 'failed'
  /** Why the server refused it (state 'failed'), in its words. */
  error?: string
}

export type NewOutboxItem = Pick<OutboxItem, 'kind' | 'subject' | 'label' | 'invalidate'> & {
  endpoint: Pick<EndpointDef, 'method' | 'path'>
  body: unknown
  /** The key of an attempt already made online whose answer was lost: the queued send must reuse it. */
  idempotencyKey?: string
}

/** While the server is unreachable (online but no answer), how long before the next try. */
export const RETRY_AFTER_MS = 30_000

const store = createStore('vendor-back-office', 'query-cache')
const LOCK = 'vbo-outbox'

let owner: { userId: string; queryClient: QueryClient; key: string; stop: () => void } | null = null
let items: readonly OutboxItem[] = []
const listeners = new Set<() => void>()
const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LOCK)

function publish(next: readonly OutboxItem[]): void {
  items = next
  for (const listener of listeners) listener()
}

/** Changes the stored list atomically and mirrors the result; other tabs are told to read it again. */
async function change(edit: (list: OutboxItem[]) => OutboxItem[]): Promise<void> {
  const current = owner
  if (!current) return
  let next: OutboxItem[] = []
  await update<OutboxItem[]>(current.key, (list) => (next = edit([...(list ?? [])])), store)
  if (owner !== current) return
  publish(next)
  channel?.postMessage(current.key)
}

async function reload(): Promise<void> {
  const current = owner
  if (!current) return
  const list = (await get<OutboxItem[]>(current.key, store)) ?? []
  // An empty outbox read at start is no change: a new empty array would make React's first render start over.
  if (owner === current && !(list.length === 0 && items.length === 0)) publish(list)
}

/** Opens the user's outbox (at start and after sign-in) and sends what waits if the network is there. */
export async function startOutbox(queryClient: QueryClient, userId: string): Promise<void> {
  stopOutbox()
  const onOnline = onlineManager.subscribe((online) => {
    if (online) void flushOutbox()
  })
  const onMessage = (event: MessageEvent) => {
    if (event.data === owner?.key) void reload()
  }
  channel?.addEventListener('message', onMessage)
  owner = {
    userId,
    queryClient,
    key: `outbox:${userId}`,
    stop: () => {
      onOnline()
      channel?.removeEventListener('message', onMessage)
      clearTimeout(retryTimer)
    },
  }
  // An item left 'sending' by a tab closed mid-send is sent again: its key makes a second send harmless. Under the
  // lock, so an item another open tab is sending right now is not touched.
  await reload()
  if (items.some((item) => item.state === 'sending')) {
    await withLock(() => change((list) => list.map((item) => (item.state === 'sending' ? { ...item, state: 'waiting' } : item))))
  }
  if (onlineManager.isOnline()) void flushOutbox()
}

/** Forgets the outbox in memory (sign-out, 401); the wipe deletes what IndexedDB holds. */
export function stopOutbox(): void {
  owner?.stop()
  owner = null
  publish([])
}

function newItem(change_: NewOutboxItem): OutboxItem {
  return {
    id: change_.idempotencyKey ?? newIdempotencyKey(),
    kind: change_.kind,
    subject: change_.subject,
    call: { method: change_.endpoint.method, path: change_.endpoint.path, body: change_.body },
    label: change_.label,
    invalidate: change_.invalidate,
    createdAt: Date.now(),
    state: 'waiting',
  }
}

/** A change with nowhere to go must fail loudly: the screen then says it was not kept, rather than lose it quietly. */
function assertOpen(): void {
  if (!owner) throw new Error('No outbox is open: nobody is signed in on this device')
}

/** Keeps a change to send later. Resolves once it is on the device; rejects when it could not be kept there. */
export async function enqueue(change_: NewOutboxItem): Promise<OutboxItem> {
  assertOpen()
  const item = newItem(change_)
  await change((list) => [...list, item])
  if (onlineManager.isOnline()) void flushOutbox()
  return item
}

/**
 * Folds a change into one still waiting for the same subject (a variant switched off, then on again, offline): one
 * call with the latest values is what the server should see, and the list says one change, not two. `fold` makes
 * the call's body and label from the waiting body (undefined when none waits). Looked up and written in one
 * IndexedDB transaction: an item another tab has started sending is never folded into, so no change is lost.
 */
export async function enqueueMerged(change_: NewOutboxItem, fold: (waiting: unknown) => { body: unknown; label: string }): Promise<void> {
  assertOpen()
  await change((list) => {
    const at = list.findIndex((item) => item.kind === change_.kind && item.subject === change_.subject && item.state === 'waiting')
    const waiting = change_.subject === undefined ? undefined : list[at]
    if (!waiting) return [...list, newItem({ ...change_, ...fold(undefined) })]
    const { body, label } = fold(waiting.call.body)
    return list.map((item, index) => (index === at ? { ...item, label, call: { ...item.call, body } } : item))
  })
  if (onlineManager.isOnline()) void flushOutbox()
}

export async function retryItem(id: string): Promise<void> {
  await change((list) =>
    list.map((item) => (item.id === id && item.state === 'failed' ? { ...item, state: 'waiting', error: undefined } : item)),
  )
  if (onlineManager.isOnline()) void flushOutbox()
}

/** Drops a change that has not been sent (or that the server refused). One being sent cannot be taken back. */
export async function discardItem(id: string): Promise<void> {
  await change((list) => list.filter((item) => item.id !== id || item.state === 'sending'))
}

let flushing: Promise<void> | null = null
let again = false
let retryTimer: ReturnType<typeof setTimeout> | undefined

/**
 * Sends every waiting item, oldest first, one at a time. A call while a flush is under way joins it, and marks it
 * to run once more: an item kept just as the run found nothing left would otherwise wait for the next 'online'.
 */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    again = true
    return flushing
  }
  again = false
  flushing = withLock(sendWaiting).finally(() => {
    flushing = null
    if (again) void flushOutbox()
  })
  return flushing
}

function withLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks
    ? locks
        .request(LOCK, async (): Promise<void> => {
          await run()
        })
        .then(() => undefined)
    : run()
}

async function sendWaiting(): Promise<void> {
  const current = owner
  if (!current) return
  // Another tab may have sent or added items while this one waited for the lock.
  await reload()
  for (;;) {
    if (owner !== current || !onlineManager.isOnline()) return
    const next = items.find((item) => item.state === 'waiting')
    if (!next) return
    await change((list) => list.map((item) => (item.id === next.id ? { ...item, state: 'sending' } : item)))
    const outcome = await send(next)
    if (owner !== current) return
    if (outcome === 'sent') {
      await change((list) => list.filter((item) => item.id !== next.id))
      for (const queryKey of next.invalidate) void current.queryClient.invalidateQueries({ queryKey })
    } else if (outcome === 'later') {
      await change((list) => list.map((item) => (item.id === next.id ? { ...item, state: 'waiting' } : item)))
      // Online but no answer (the server down, a captive portal): try again in a while, not in a loop.
      clearTimeout(retryTimer)
      retryTimer = setTimeout(() => void flushOutbox(), RETRY_AFTER_MS)
      return
    } else {
      await change((list) => list.map((item) => (item.id === next.id ? { ...item, state: 'failed', error: outcome.refused } : item)))
    }
  }
}

async function send(item: OutboxItem): Promise<'sent' | 'later' | { refused: string }> {
  // Only what api() reads: the method, the path and (left to its default) a vendor call with the bearer token.
  const endpoint = { method: item.call.method, path: item.call.path } as EndpointDef
  try {
    await api(endpoint, { body: item.call.body as never, headers: { 'Idempotency-Key': item.id } })
    return 'sent'
  } catch (error) {
    // Unknown outcome (no answer, 408, 5xx): the same key goes again later. 401 wipes the device (api() reports it).
    if (outcomeUnknown(error)) return 'later'
    if (error instanceof ApiError && error.status === 401) return 'later'
    return { refused: refusalText(error) }
  }
}

/** The server's message, with the fields it names (a 422 says which field of the change it refused). */
function refusalText(error: unknown): string {
  const message = errorMessage(error)
  if (!(error instanceof ApiError) || error.issues.length === 0) return message
  const fields = error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')
  return `${message} (${fields})`
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Every change the device holds for the signed-in user, oldest first. */
export function useOutbox(): readonly OutboxItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  )
}

/** The waiting or refused changes of one kind (and subject): what a screen shows as pending. */
export function useOutboxOf(kind: OutboxKind, subject?: string): OutboxItem[] {
  const all = useOutbox()
  return all.filter((item) => item.kind === kind && (subject === undefined || item.subject === subject))
}

export function outboxItems(): readonly OutboxItem[] {
  return items
}

/** "2 changes waiting to send" */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting to send`
}
