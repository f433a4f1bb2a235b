import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { describe, expect, it } from 'vitest'
import { trimInfinitePages } from '../../../src/app/lib/persister'

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
        state: { data, dataUpdateCount: 1, dataUpdatedAt: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' },
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
