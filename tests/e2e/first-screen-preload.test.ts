import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, demo, logIn, phoneContext, suiteBrowser } from './browser'

/*
 * Decision 115: index.html's inline script asks for the first signed-in screen's chunks on a device with a session,
 * and on no other. The app's entry is blocked here, so every chunk requested comes from the page itself, and the
 * policy must let the script run (a refused inline script is a console error, not a failure of the page).
 * Decision 100: a lazy screen's chunks are preloaded, its own first (decision 119's exception under a service worker
 * was retired by decision 184).
 */

const suite = suiteBrowser()

/** The chunks a load of `path` asked for with the app's entry blocked, and what the console said of the policy. */
async function pageOnlyLoad(page: Page, path: string) {
  const chunks: string[] = []
  const refusals: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) chunks.push(pathname)
  })
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text())
  })
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort())
  await page.goto(`${baseURL()}${path}`, { waitUntil: 'networkidle' })
  await page.unroute(/\/assets\/index-[\w-]+\.js$/)
  return { chunks, refusals }
}

describe('index.html on a cold start', () => {
  it('asks for the signed-in chunks beside the entry when the device holds a session', async () => {
    const context = await phoneContext(suite.browser)
    const page = await context.newPage()
    await page.goto(`${baseURL()}/favicon.svg`)
    await page.evaluate(() => localStorage.setItem('vbo.token', 'a-session-token'))
    const { chunks, refusals } = await pageOnlyLoad(page, '/orders')
    expect(refusals).toEqual([])
    expect(
      chunks.some((path) => path.startsWith('/assets/signed-in-')),
      chunks.join(' '),
    ).toBe(true)
    expect(
      chunks.some((path) => path.startsWith('/assets/first-common-')),
      chunks.join(' '),
    ).toBe(true)
    await context.close()
  })

  it('asks for none of them without a session: a customer opening a pay link', async () => {
    const context = await phoneContext(suite.browser)
    const page = await context.newPage()
    const { chunks, refusals } = await pageOnlyLoad(page, '/pay/SOME-LINK')
    expect(refusals).toEqual([])
    expect(chunks.filter((path) => /^\/assets\/(signed-in|first-common)-/.test(path))).toEqual([])
    await context.close()
  })
})

/** The modulepreload tags for the Products screen's own chunk once a full load of /products has drawn it. */
async function productsPreloads(page: Page): Promise<number> {
  await page.goto(`${baseURL()}/products`)
  await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor()
  return page.locator('link[rel="modulepreload"][href*="/assets/products-"]').count()
}

describe("a lazy screen's chunks", () => {
  it('are preloaded by the import that loads them', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    await logIn(page, demo().email, demo().password)
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker?.controller))).toBe(false)
    expect(await productsPreloads(page)).toBe(1)
    await context.close()
  })
})
