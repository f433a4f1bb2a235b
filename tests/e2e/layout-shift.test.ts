import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { bankCredit } from './bank-credit'
import { baseURL, demo, logIn, PHONE, suiteBrowser } from './browser'

/*
 * Nothing on a list screen moves when its data arrives (Lighthouse's CLS goal is 0): placeholders take the shape
 * of what replaces them. Every API answer is held back 400 ms and the persisted query cache is emptied before each
 * screen, so the placeholders are on screen first, as on a slow network with nothing saved (the test checks that a
 * loading state was drawn); without that the data could beat the first paint and hide a shift. The window is a
 * phone's width and tall enough to hold a whole screen: a shift counts only where it can be seen, and a card's
 * placeholder of the wrong height would otherwise move only content below the fold.
 *
 * Some lines come only with some figures (Home's "… items without a cost price", a margin once there are sales), so
 * the test first sells, today, an item with no cost price: the screens are checked with those lines present
 * whatever the other e2e files did before (in the full suite they once made Home move 36 px when run alone did not).
 */

const PAGES = ['/home', '/orders', '/invoices', '/transactions', '/customers', '/products', '/orders/disputes']
// Its route loader waits for the first page of transactions, so the screen is first drawn with its data.
const DRAWN_WITH_DATA = new Set(['/transactions'])

const suite = suiteBrowser()

describe('layout shift while data loads', () => {
  it('is 0 on every list screen', async () => {
    const context = await suite.browser.newContext({ viewport: { width: PHONE.width, height: 2400 }, serviceWorkers: 'block' })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    const { email, password } = demo()
    await logIn(page, email, password)
    await sellTodayWithoutCost(await page.evaluate(() => localStorage.getItem('vbo.token')))
    await context.addInitScript(() => {
      // Before the app opens it: IndexedDB runs the open after this delete, so the screen starts with no saved data.
      indexedDB.deleteDatabase('vendor-back-office')
      const shifts: { value: number; nodes: string[] }[] = []
      Object.assign(window, { __shifts: shifts, __busy: false })
      new MutationObserver(() => {
        if (document.querySelector('[aria-busy="true"]')) Object.assign(window, { __busy: true })
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
          if (entry.hadRecentInput) continue
          shifts.push({
            value: entry.value,
            nodes: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?'),
          })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await context.route('**/api/**', async (route) => {
      await new Promise((done) => setTimeout(done, 400))
      await route.continue()
    })
    const shifted: Record<string, unknown> = {}
    const neverLoading: string[] = []
    for (const path of PAGES) {
      await page.goto(`${baseURL()}${path}`, { waitUntil: 'networkidle' })
      await page.waitForTimeout(500)
      const { shifts, busy } = await page.evaluate(() => {
        const seen = window as unknown as { __shifts: { value: number; nodes: string[] }[]; __busy: boolean }
        return { shifts: seen.__shifts, busy: seen.__busy }
      })
      if (shifts.length > 0) shifted[path] = shifts
      if (!busy && !DRAWN_WITH_DATA.has(path)) neverLoading.push(path)
    }
    expect(neverLoading, 'screens that showed their data without a loading state first').toEqual([])
    expect(shifted).toEqual({})
    await context.close()
  })
})

/** An order made and paid now, for an item with no product (so no cost price): Home's notes on sales and cost show. */
async function sellTodayWithoutCost(token: string | null) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
  const api = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${baseURL()}/api${path}`, { ...init, headers: { ...headers, ...init.headers } })
    expect(res.status, path).toBeLessThan(300)
    return ((await res.json()) as { data: Record<string, unknown> }).data
  }
  const order = await api('/order', {
    method: 'POST',
    headers: { 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ items: [{ name: 'Layout tray', amount: 450_000, quantity: 1 }] }),
  })
  const wallet = await api('/vendor/wallet/details')
  await bankCredit(baseURL(), {
    accountNumber: String(wallet.accountNumber),
    amount: 450_000,
    narration: `Payment for ${String(order.reference)}`,
  })
}
