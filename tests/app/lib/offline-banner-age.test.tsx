import { onlineManager } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderApp, useAppHarness } from '../harness'
import { outletsApi } from '../outlets/outlets-api'

useAppHarness()

const THREE_DAYS = 3 * 24 * 60 * 60 * 1000

/*
 * Issue 18: offline, the banner gives the honest age of what is on screen. A screen saved three days ago must not
 * be called "less than a minute ago" because some other screen's data, not in view, arrived a moment ago.
 */
describe('the offline banner', () => {
  it('gives the age of the oldest data on screen, not the newest anywhere in the cache', async () => {
    outletsApi()
    const { queryClient } = renderApp('/outlets')
    expect(await screen.findByText('Lekki')).toBeTruthy()
    // What this screen shows was saved three days ago; another screen, not in view, was read just now.
    const longAgo = Date.now() - THREE_DAYS
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.getObserversCount() > 0 && query.state.data !== undefined)
        queryClient.setQueryData(query.queryKey, query.state.data, { updatedAt: longAgo })
    }
    queryClient.setQueryData(['customers', 'detail', 'elsewhere'], { id: 'elsewhere' })
    act(() => onlineManager.setOnline(false))
    expect((await screen.findByText(/^You are offline\./)).textContent).toMatch(/Showing data from 3 days ago/)
  })
})
