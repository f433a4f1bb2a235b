import { mkdirSync } from 'node:fs'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { NOT_SAVED_TEXT } from '#app/ui/not-saved'

import { baseURL, demoOnPhone, savedOnDevice, suiteBrowser } from './browser'

/*
 * Issue 35 items 14 and 15, on a phone (390×844): offline, what was never saved on this device says so at once
 * (decision 090) instead of waiting on a fetch that pauses until the network returns.
 */

const suite = suiteBrowser()
/** Screenshots only when asked for (SCREENSHOT_DIR), as the other suites take them. */
const SHOTS = process.env.SCREENSHOT_DIR
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}` })
}
/** "At once": the screen's own state, not a wait for the network. Generous for CI's two loaded cores. */
const AT_ONCE_MS = 3_000

describe('offline, never saved on this device', () => {
  it('an outlet never opened opens at once and says it is not saved', async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true })
    const { context, page } = await demoOnPhone(suite.browser)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // The list is saved; no outlet's own page ever opened on this device.
    await page.goto(`${baseURL()}/outlets`)
    const row = page.getByTestId('outlet-row').first()
    await row.waitFor()
    const href = (await row.getAttribute('href'))!
    await savedOnDevice(page)

    await context.setOffline(true)
    await row.click()
    // Its route's beforeLoad awaited the outlet (ensureQueryData), paused offline until the network returned.
    await expect.poll(() => page.getByText(NOT_SAVED_TEXT).isVisible(), { timeout: AT_ONCE_MS }).toBe(true)
    expect(new URL(page.url()).pathname).toBe(href)
    await expect.poll(() => page.getByRole('link', { name: 'Outlets' }).first().isVisible()).toBe(true)
    await shot(page, 'outlet-never-opened-offline.png')
    await context.close()
  })

  it('on a new day, the Home, Orders, Invoices and Customers tiles say they are not saved instead of shimmering', async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true })
    const { context, page } = await demoOnPhone(suite.browser)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // Installed after sign-in, so the login is in real time; from here the page's clock is the test's to move.
    await context.clock.install()
    const screens = [
      // Home's transaction figures are the same kind of tiles, keyed by the same period.
      { path: '/home', tiles: (p: Page) => p.getByRole('region', { name: 'Transactions', exact: true }) },
      { path: '/orders', tiles: (p: Page) => p.getByRole('region', { name: 'Order analytics' }) },
      { path: '/invoices', tiles: (p: Page) => p.getByRole('region', { name: 'Invoice analytics' }) },
      { path: '/customers', tiles: (p: Page) => p.getByRole('region', { name: 'Customer analytics' }) },
    ]
    // Each screen on Today, online: its tiles' figures saved on the device, for today.
    for (const screen of screens) {
      await page.goto(baseURL() + screen.path)
      await expect.poll(() => screen.tiles(page).locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0)
      await expect.poll(() => screen.tiles(page).textContent()).toMatch(/\d/)
      await savedOnDevice(page)
    }

    // The next day, offline: Today names a day never asked for on this device.
    await context.clock.fastForward(25 * 60 * 60 * 1000)
    await context.setOffline(true)
    for (const screen of screens) {
      await page.goto(baseURL() + screen.path)
      const tiles = screen.tiles(page)
      await expect
        .poll(() => tiles.getByText(NOT_SAVED_TEXT).isVisible(), { timeout: AT_ONCE_MS })
        .toBe(true)
        .catch(async (error: unknown) => {
          await tiles.scrollIntoViewIfNeeded()
          await shot(page, `new-day-offline${screen.path.replace('/', '-')}-stuck.png`)
          throw error
        })
      expect(await tiles.locator('[aria-busy="true"]').count(), `${screen.path}: no tile left shimmering`).toBe(0)
      await tiles.scrollIntoViewIfNeeded()
      // Scrolled, the offline banner stays whole under the phone's header, not slid beneath it.
      const header = (await page.locator('header').first().boundingBox())!
      const banner = (await page.getByRole('status').filter({ hasText: 'You are offline.' }).boundingBox())!
      expect(banner.y, `${screen.path}: the banner's top below the header`).toBeGreaterThanOrEqual(header.y + header.height - 1)
      await shot(page, `new-day-offline${screen.path.replace('/', '-')}.png`)
    }
    await context.close()
  })
})
