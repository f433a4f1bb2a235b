import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { createStore, get } from 'idb-keyval'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { enqueue, outboxItems } from '#app/lib/outbox'
import { getSession } from '#app/lib/session'
import { flushSignOuts, queueSignOut, SIGN_OUT_OUTBOX_KEY, startSignOutOutbox } from '#app/lib/sign-out-outbox'
import { endpoints } from '#contract/index'

import { handle, ok, renderApp, route, server, settled, useAppHarness } from '../harness'

/*
 * Issue 17: signing out offline still ends the session on the server. The device is wiped at once; only the token
 * to revoke waits in localStorage, and it is sent when the browser is back online (docs/decisions/085).
 */

useAppHarness()

/** The logout calls the server received, by bearer token; `down` makes the network fail as offline does. */
function logoutServer() {
  const state = { down: true, revoked: [] as string[] }
  server.use(
    handle(endpoints.vendorProfile, () =>
      ok({
        id: 'vendor-1',
        name: 'Ade Foods',
        email: 'ade@shop.test',
        phone: '08031234567',
        url: null,
        status: 'approved',
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ),
    http.post(route(endpoints.logout), ({ request }) => {
      if (state.down) return HttpResponse.error()
      state.revoked.push(request.headers.get('Authorization') ?? '')
      return ok(null, 'You have been logged out')
    }),
  )
  return state
}

/** One row as workbox-expiration's CacheTimestampsModel writes it for the 'uploaded-files' runtime cache. */
function workboxExpirationRow(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open('workbox-expiration', 1)
    opening.onupgradeneeded = () => {
      const store = opening.result.createObjectStore('cache-entries', { keyPath: 'id' })
      store.createIndex('cacheName', 'cacheName', { unique: false })
      store.createIndex('timestamp', 'timestamp', { unique: false })
    }
    opening.onerror = () => reject(opening.error)
    opening.onsuccess = () => {
      const db = opening.result
      const tx = db.transaction('cache-entries', 'readwrite')
      tx.objectStore('cache-entries').put({ id: `uploaded-files|${url}`, cacheName: 'uploaded-files', url, timestamp: Date.now() })
      tx.oncomplete = () => {
        db.close()
        resolve()
      }
    }
  })
}

/** Every /api/files/ address found in any value of any store of any IndexedDB database of this origin. */
async function addressesInIndexedDb(): Promise<string[]> {
  const found = new Set<string>()
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name)
      opening.onsuccess = () => resolve(opening.result)
      opening.onerror = () => reject(opening.error)
    })
    for (const storeName of [...db.objectStoreNames]) {
      const values = await new Promise<unknown[]>((resolve) => {
        const all = db.transaction(storeName).objectStore(storeName).getAll()
        all.onsuccess = () => resolve(all.result)
      })
      for (const match of JSON.stringify(values).matchAll(/https?:\/\/[^"\\]*\/api\/files\/[^"\\]*/g)) found.add(match[0])
    }
    db.close()
  }
  return [...found]
}

async function signOut(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }))
  const menu = await settled(await screen.findByRole('dialog', { name: 'Menu' }))
  await user.click(within(menu).getByRole('button', { name: 'Log out' }))
}

describe('signing out offline', () => {
  it('wipes the device at once, keeps only the token to revoke, and revokes it when back online', async () => {
    const network = logoutServer()
    startSignOutOutbox()
    const { user, router } = renderApp('/settings?tab=password')
    localStorage.setItem('some-screen-draft', 'secret customer note')
    await signOut(user)

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(getSession()).toBeNull()
    // Nothing of the user is left but the revocation itself.
    expect(Object.keys(localStorage)).toEqual([SIGN_OUT_OUTBOX_KEY])
    expect(JSON.parse(localStorage.getItem(SIGN_OUT_OUTBOX_KEY)!)).toEqual(['test-token'])
    expect(network.revoked).toEqual([])

    network.down = false
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(network.revoked).toEqual(['Bearer test-token']))
    await waitFor(() => expect(localStorage.getItem(SIGN_OUT_OUTBOX_KEY)).toBeNull())
    expect(localStorage.length).toBe(0)
  })

  it('online, revokes at once and leaves nothing behind', async () => {
    const network = logoutServer()
    network.down = false
    const { user, router } = renderApp('/settings?tab=password')
    await signOut(user)
    await waitFor(() => expect(network.revoked).toEqual(['Bearer test-token']))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(localStorage.length).toBe(0)
  })

  it("leaves none of the last user's file addresses in IndexedDB (issue 35)", async () => {
    const network = logoutServer()
    network.down = false
    // What the service worker's file cache writes beside the cache as it serves a product image (workbox-expiration).
    const image = `${location.origin}/api/files/products/ade-foods-jollof-tray.webp`
    await workboxExpirationRow(image)
    expect(await addressesInIndexedDb()).toContain(image)
    const { user, router } = renderApp('/settings?tab=password')
    await signOut(user)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    await waitFor(async () => expect(await addressesInIndexedDb()).toEqual([]))
  })

  it('revokes a token queued while an earlier revocation is still on its way', async () => {
    // A slow network: the first revocation hangs until released; a sign-out meanwhile must not wait for 'online'.
    let release = () => {}
    const slow = new Promise<void>((done) => (release = done))
    const revoked: string[] = []
    server.use(
      http.post(route(endpoints.logout), async ({ request }) => {
        const token = request.headers.get('Authorization') ?? ''
        if (token === 'Bearer old-token') await slow
        revoked.push(token)
        return ok(null, 'You have been logged out')
      }),
    )
    queueSignOut('old-token')
    const first = flushSignOuts()
    queueSignOut('new-token')
    const second = flushSignOuts()
    release()
    await Promise.all([first, second])
    expect(revoked).toEqual(['Bearer old-token', 'Bearer new-token'])
    expect(localStorage.getItem(SIGN_OUT_OUTBOX_KEY)).toBeNull()
  })
})

describe('signing out with changes not yet sent (issue 18)', () => {
  const waitingMessage = () =>
    enqueue({
      kind: 'dispute-message',
      subject: 'dis-1',
      endpoint: endpoints.sendDisputeMessage,
      body: { disputeId: 'dis-1', message: 'Kept offline' },
      label: 'Kept offline',
      invalidate: [],
    })

  it('asks first: "Send when online" keeps the session and the change; "Discard and sign out" wipes both', async () => {
    logoutServer()
    const { user, router } = renderApp('/settings?tab=password')
    await screen.findByRole('button', { name: 'Open menu' })
    act(() => onlineManager.setOnline(false))
    await waitingMessage()
    await signOut(user)
    const ask = await screen.findByRole('alertdialog', { name: '1 change has not been sent' })
    // Opened over the menu, the question takes pointer events only once Ark has registered its layer, which on a
    // loaded machine can come after it is found (as in send-money-helpers' typePin): the taps wait for it.
    await waitFor(() => user.click(within(ask).getByRole('button', { name: 'Send when online' })))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(getSession()).not.toBeNull()
    expect(outboxItems().map((item) => item.label)).toEqual(['Kept offline'])

    // The menu is still open behind the question: Log out again from there.
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Log out' }))
    const again = await screen.findByRole('alertdialog', { name: '1 change has not been sent' })
    await waitFor(() => user.click(within(again).getByRole('button', { name: 'Discard and sign out' })))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(getSession()).toBeNull()
    expect(outboxItems()).toEqual([])
    expect(await get('outbox:user-1', createStore('vendor-back-office', 'query-cache'))).toBeUndefined()
  })
})
