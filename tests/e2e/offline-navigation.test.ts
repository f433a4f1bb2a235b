import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseURL, demoOnPhone, suiteBrowser } from './browser'

/*
 * Issue 18, navigation never stuck (docs/decisions/091): a tap in the menu changes the screen at once. Offline,
 * each screen comes from the device (its chunk through the service worker, its data from the persisted cache);
 * online on a slow network, a screen never opened shows its own skeleton while its data is on its way. Never the
 * previous screen under the new URL.
 */

const suite = suiteBrowser()

/** What a tap may take to put the new screen's heading up, on CI's two loaded cores (about 50 ms on a quiet one). */
const TAP_BOUND_MS = 500

const HEADINGS: Record<string, RegExp> = {
  Home: /^Good (morning|afternoon|evening), /,
  Orders: /^Orders$/,
  Transactions: /^Transactions$/,
  Customers: /^Customers$/,
  Products: /^Products$/,
}
const PATHS: Record<string, string> = { Home: '/home', Orders: '/orders', Transactions: '/transactions', Customers: '/customers', Products: '/products' }

/** The visible `main h1` texts (a screen kept mounted but hidden by a Suspense boundary is not visible). */
const visibleHeadings = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('main h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent.trim())`) as Promise<string[]>

/**
 * Opens the menu, taps `label`, and answers how long after the click (in the page's clock) the new heading was the
 * only one on screen. Measured in the page, from the click event to the DOM change, so Playwright's own round
 * trips do not count.
 */
async function tapMenu(page: Page, label: string): Promise<number> {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const link = page.getByRole('dialog').getByRole('link', { name: label, exact: true })
  await link.waitFor()
  // void: an evaluate that returns the promise would wait for it, and the click is yet to come.
  await page.evaluate(`void (window.__shown = new Promise((resolve) => {
    const expected = new RegExp(${JSON.stringify(HEADINGS[label]!.source)})
    let clickedAt = 0
    document.addEventListener('click', () => { clickedAt = performance.now() }, { capture: true, once: true })
    const observer = new MutationObserver(() => {
      if (!clickedAt) return
      const shown = [...document.querySelectorAll('main h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent.trim())
      if (shown.length !== 1 || !expected.test(shown[0])) return
      observer.disconnect()
      resolve(performance.now() - clickedAt)
    })
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
  }))`)
  await link.click()
  const elapsed = (await page.evaluate('Promise.race([window.__shown, new Promise((r) => setTimeout(() => r(-1), 15000))])')) as number
  expect(elapsed, `${label}: its heading never showed alone; on screen: ${(await visibleHeadings(page)).join(' + ')}`).toBeGreaterThanOrEqual(0)
  expect(new URL(page.url()).pathname).toBe(PATHS[label])
  return elapsed
}

/** Everything on screen has loaded: the heading is up and nothing is busy. */
async function loaded(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor()
  await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0)
}

describe('navigation never stuck', () => {
  it('offline, every tap among five screens shows the new screen within 500 ms', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // Each screen once online, by a full load: its data is saved, and the page that will navigate offline has
    // loaded none of their chunks, so each first tap also reads its chunk through the service worker.
    for (const path of Object.values(PATHS)) {
      await page.goto(baseURL() + path)
      await loaded(page)
    }
    await page.goto(`${baseURL()}/home`)
    await loaded(page)
    // The persister saves within 100 ms of an answer; a page-hide save makes sure before the network goes.
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')))
    await page.waitForTimeout(300)

    await context.setOffline(true)
    const taps = ['Orders', 'Transactions', 'Customers', 'Products', 'Home', 'Transactions', 'Products', 'Orders', 'Customers', 'Home']
    const figures: string[] = []
    for (const label of taps) {
      const elapsed = await tapMenu(page, label)
      figures.push(`${label} ${Math.round(elapsed)} ms`)
      expect.soft(elapsed, `${label} offline`).toBeLessThan(TAP_BOUND_MS)
      // The real screen replaces the skeleton before the next tap, as a person would read it. (Not "nothing busy":
      // offline, a part never saved on this device, such as a tile's figure for a period not opened, stays busy.)
      await expect.poll(() => page.locator('main [data-pending-screen]').count(), { timeout: 10_000 }).toBe(0)
    }
    console.info(`offline taps: ${figures.join(', ')}`)
    await context.close()
  })

  it('online at Slow 3G, a screen never opened shows its skeleton at once, then its data', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // A fresh load: the sign-in toast is gone and the service worker serves the page and its chunks.
    await page.reload()
    await loaded(page)
    // DevTools' Slow 3G: 400 ms round trips (×5 = 2 s latency), 50 KB/s each way.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 2000, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 })

    // Transactions' loader waits for its first page (nothing saved, online): the tap shows the skeleton meanwhile.
    const elapsed = await tapMenu(page, 'Transactions')
    console.info(`Slow 3G tap to Transactions: ${Math.round(elapsed)} ms`)
    expect(elapsed).toBeLessThan(TAP_BOUND_MS)
    expect(await page.locator('main [data-pending-screen]').count(), 'the pending skeleton, not data that took 2 s').toBe(1)
    await page.screenshot({ path: '/tmp/e/slow-3g-transactions-pending.png' })
    await expect.poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 30_000 }).toBe(0)
    expect(await visibleHeadings(page)).toEqual(['Transactions'])
    await context.close()
  })
})
