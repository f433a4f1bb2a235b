import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { createStore, get } from 'idb-keyval'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { SAVE_WITHIN_MS, startPersistence, stopPersistence, trimInfinitePages } from '#app/lib/persister'
import { createQueryClient } from '#app/lib/query-client'

function client(queries: { key: string; data: unknown }[]): PersistedClient {
  return {
    timestamp: 1,
    buster: 'b',
    clientState: {
      mutations: [],
      queries: queries.map(({ key, data }) => ({
        queryKey: [key],
        queryHash: JSON.stringify([key]),
        dehydratedAt: 1,
        state: {
          data,
          dataUpdateCount: 1,
          dataUpdatedAt: 1,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      })),
    },
  } as PersistedClient
}

describe('what the persister saves', () => {
  it('keeps only the first page of an infinite list, and leaves other queries alone', () => {
    const pages = Array.from({ length: 100 }, (_, i) => ({ items: [i], page: i + 1 }))
    const saved = trimInfinitePages(
      client([
        { key: 'list', data: { pages, pageParams: pages.map((p) => p.page) } },
        { key: 'balance', data: { balance: 125_000_000, currency: 'NGN' } },
        { key: 'array', data: [1, 2, 3] },
      ]),
    )
    const [list, balance, array] = saved.clientState.queries
    expect(list!.state.data).toEqual({ pages: [pages[0]], pageParams: [1] })
    expect(balance!.state.data).toEqual({ balance: 125_000_000, currency: 'NGN' })
    expect(array!.state.data).toEqual([1, 2, 3])
  })
})

/** What IndexedDB holds for this user, as the persister wrote it. */
async function savedKeys(userId: string): Promise<string[]> {
  const text = await get<string>(`queries:${userId}`, createStore('vendor-back-office', 'query-cache'))
  return text ? (JSON.parse(text) as PersistedClient).clientState.queries.map((q) => JSON.stringify(q.queryKey)) : []
}

describe('when the cache is saved (issue 18)', () => {
  afterEach(() => stopPersistence())

  it(`is on the device within ${SAVE_WITHIN_MS} ms of each answer, so a reload right after a list showed has it`, async () => {
    const queryClient = createQueryClient()
    await startPersistence(queryClient, 'user-save-soon')
    queryClient.setQueryData(['first'], 1)
    await new Promise((r) => setTimeout(r, 20))
    // The second answer lands inside the throttle window of the first save.
    const arrived = Date.now()
    queryClient.setQueryData(['orders', 'list'], { items: ['ORD-1'] })
    await vi.waitFor(async () => expect(await savedKeys('user-save-soon')).toContain('["orders","list"]'), { interval: 5, timeout: 1_000 })
    // Slack for CI's loaded cores, yet well under the 500 ms throttle this replaced (~480 ms here), which fails.
    expect(Date.now() - arrived).toBeLessThanOrEqual(SAVE_WITHIN_MS + 250)
  })

  it('saves at once when the page is hidden or left, without waiting for the throttle', async () => {
    const queryClient = createQueryClient()
    await startPersistence(queryClient, 'user-hidden')
    queryClient.setQueryData(['first'], 1)
    await new Promise((r) => setTimeout(r, 5))
    queryClient.setQueryData(['transactions', 'list'], { items: ['T-1'] })
    window.dispatchEvent(new Event('pagehide'))
    // The page is gone: the throttled save still waiting is refused, so only the pagehide save can have written it
    // (no race against the throttle's clock on a loaded machine).
    stopPersistence()
    await vi.waitFor(async () => expect(await savedKeys('user-hidden')).toContain('["transactions","list"]'), {
      interval: 5,
      timeout: 1_000,
    })
  })

  it('never saves over the device copy before it is restored (a page hidden or left while starting)', async () => {
    const first = createQueryClient()
    await startPersistence(first, 'user-restoring')
    first.setQueryData(['transactions', 'list'], { items: ['T-1'] })
    await vi.waitFor(async () => expect(await savedKeys('user-restoring')).toContain('["transactions","list"]'), {
      interval: 5,
      timeout: 1_000,
    })
    stopPersistence()

    // The next start: the tab is hidden or left before IndexedDB has answered. Its in-memory cache is still empty,
    // so a save then would replace the user's offline copy with nothing.
    const next = createQueryClient()
    const starting = startPersistence(next, 'user-restoring')
    window.dispatchEvent(new Event('pagehide'))
    stopPersistence()
    await starting
    expect(await savedKeys('user-restoring')).toContain('["transactions","list"]')
  })
})
