import { mkdirSync } from 'node:fs'

import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { logIn, ownServerAndBrowser, phoneContext, savedOnDevice } from './browser'

/*
 * Issue 35 item 13, on a phone (390×844): the network coming back while the app is starting. Reloaded offline with a
 * change waiting in the outbox, the network returned during the start; TanStack's online manager was not listening
 * yet, its `online` was lost, and the app stayed "offline": the banner up, the change unsent, Send Money locked,
 * until a reload. Here the start is held at each of its steps in turn (the `boot:<step>` marks of first-screen/boot.tsx), the
 * network is restored right there, and the start let go: every time, the change must reach the server and money
 * unlock within 5 s. A server of this suite's own: the change is a variant switched, which the shared server's
 * other suites would see.
 */

const own = ownServerAndBrowser()
/** Screenshots only when asked for (SCREENSHOT_DIR), as the other suites take them. */
const SHOTS = process.env.SCREENSHOT_DIR
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}` })
}

/** first-screen/boot.tsx's steps, in order. */
const STEPS = ['start', 'route-table', 'router', 'chunks-asked', 'restored', 'chunks', 'first-screen-loaded', 'render'] as const
/** What the issue asks: sent, and money unlocked, within 5 s of the network's return. */
const RECOVERY_MS = 5_000
const HOLD_KEY = 'e2e.hold-boot-at'

/**
 * Added to every page: when the test has named a step (sessionStorage, for the next load only), the start stops in
 * the debugger right after that step's mark, so the test acts at exactly that point. It notes whether the page was
 * offline there, and, for each `online` event, the last boot step the page had reached when it came. A string, not
 * a function: the test's compiled functions may call helpers the page does not have.
 */
const HOLD_BOOT = `(() => {
  const at = sessionStorage.getItem('${HOLD_KEY}')
  if (!at) return
  sessionStorage.removeItem('${HOLD_KEY}')
  const seen = { offlineAtHold: null, onlineHeardAt: [] }
  window.e2eBoot = seen
  const lastStep = () => performance.getEntriesByType('mark').findLast((entry) => entry.name.startsWith('boot:'))?.name ?? 'before boot'
  addEventListener('online', () => seen.onlineHeardAt.push(lastStep()))
  const mark = performance.mark.bind(performance)
  performance.mark = (name, options) => {
    const entry = mark(name, options)
    if (name === 'boot:' + at) {
      seen.offlineAtHold = !navigator.onLine
      debugger
    }
    return entry
  }
})()`

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
  const response = await fetch(`${own.origin}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(response.status, path).toBe(200)
  return ((await response.json()) as { data: T }).data
}

const outboxBar = (page: Page) => page.getByRole('button', { name: /waiting to send|not accepted/ })
const offlineBanner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are offline' })

/**
 * The network off or on for the page. With the test's own CDP session attached, Chromium drops the page's offline
 * state (navigator.onLine) at the next load unless that session says offline too: both say the same.
 */
async function setOffline(page: Page, cdp: CDPSession, offline: boolean): Promise<void> {
  await page.context().setOffline(offline)
  await cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
}

/** Loads /home with the start held after `step`, restores the network there, and lets the start go on. */
async function reloadReconnectingAt(page: Page, cdp: CDPSession, step: string): Promise<void> {
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [HOLD_KEY, step] as const)
  const paused = new Promise<void>((resolve) => cdp.once('Debugger.paused', () => resolve()))
  // Not awaited yet: the load cannot finish while the start is held.
  const loaded = page.goto(`${own.origin}/home`)
  await paused
  await setOffline(page, cdp, false)
  await cdp.send('Debugger.resume')
  await loaded
}

describe('the network back while the app starts', () => {
  it('at every step of the start, the waiting change is sent and money unlocks within 5 s', { timeout: 240_000 }, async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true })
    const context = await phoneContext(own.browser)
    await context.addInitScript({ content: HOLD_BOOT })
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

    // Online first: a product and Home are saved on the device.
    await page.goto(`${own.origin}/products`)
    const productLink = page.locator('main a[href^="/products/"]')
    let productHref = ''
    await expect
      .poll(async () => {
        const hrefs = await productLink.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
        productHref = hrefs.find((h) => /^\/products\/(?!new|collections|coupons)[^/?]+$/.test(h)) ?? ''
        return productHref
      })
      .not.toBe('')
    const productId = productHref.split('/')[2]!
    const variants = page.getByRole('region', { name: /^Variants/ })
    const firstSwitch = variants.getByRole('switch').first()
    await page.goto(`${own.origin}${productHref}`)
    await firstSwitch.waitFor()
    await savedOnDevice(page)
    await page.goto(`${own.origin}/home`)
    await page.getByRole('link', { name: 'Send Money' }).waitFor()
    await savedOnDevice(page)

    const cdp = await context.newCDPSession(page)
    await cdp.send('Debugger.enable')
    const results: string[] = []
    for (const step of STEPS) {
      // A change made offline, waiting on the device.
      await setOffline(page, cdp, true)
      await page.goto(`${own.origin}${productHref}`)
      await firstSwitch.waitFor()
      const available = !(await firstSwitch.isChecked())
      await firstSwitch.click()
      await variants
        .getByText('Waiting to send')
        .waitFor()
        .catch(async (e: unknown) => {
          await shot(page, `no-waiting-change-${step}.png`)
          throw e
        })

      await reloadReconnectingAt(page, cdp, step)
      const back = Date.now()
      const boot = await page.evaluate(
        () => (window as unknown as { e2eBoot: { offlineAtHold: boolean; onlineHeardAt: string[] } }).e2eBoot,
      )
      expect(boot.offlineAtHold, `${step}: the start was offline until there`).toBe(true)
      // The network came back right there: its event came after the held step, never before it.
      const heardAt = boot.onlineHeardAt[0] ?? 'never'
      expect(
        STEPS.indexOf(heardAt.replace('boot:', '') as (typeof STEPS)[number]),
        `${step}: online heard at ${heardAt}`,
      ).toBeGreaterThanOrEqual(STEPS.indexOf(step))

      const recovered = await expect
        .poll(
          async () =>
            (await outboxBar(page).count()) === 0 &&
            (await offlineBanner(page).count()) === 0 &&
            (await page.getByRole('link', { name: 'Send Money' }).count()) === 1,
          { timeout: RECOVERY_MS, interval: 100 },
        )
        .toBe(true)
        .then(
          () => true,
          () => false,
        )
      results.push(`${step}: online heard at ${heardAt}, ${recovered ? `recovered in ${Date.now() - back} ms` : 'still offline'}`)
      console.info(results.at(-1))
      expect.soft(recovered, `network back at boot:${step}: outbox sent, banner gone, Send Money unlocked`).toBe(true)
      if (!recovered) {
        // Stuck until a reload, as the issue found: reloaded, so the next step starts from a sent outbox.
        await shot(page, `reconnect-at-${step}-stuck.png`)
        await page.reload()
        await expect.poll(() => outboxBar(page).count(), { timeout: 15_000 }).toBe(0)
        continue
      }
      // Sent to the server, once: the variant is as it was switched offline.
      await expect
        .poll(
          async () =>
            (await apiGet<{ variants: { isAvailable: boolean }[] }>(page, `/product/vendor?id=${productId}`)).variants[0]!.isAvailable,
        )
        .toBe(available)
    }
    console.info(`network back during the start:\n${results.join('\n')}`)
    await shot(page, 'reconnected-during-start.png')
    await context.close()
  })
})
