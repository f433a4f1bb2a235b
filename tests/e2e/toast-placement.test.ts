import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, demo, logIn, suiteBrowser } from './browser'

const suite = suiteBrowser()

/** Phone, tablet upright and tablet on its side: where toasts were seen covering titles and sheets (issue 22). */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, isMobile: true },
  { name: 'tablet portrait', width: 820, height: 1180, isMobile: false },
  { name: 'tablet landscape', width: 1180, height: 820, isMobile: false },
]

type Box = { x: number; y: number; width: number; height: number }

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Copies the account number in `scope` and returns the toast that says so, once it has settled in place. */
async function copyToast(page: Page, scope: Locator): Promise<Locator> {
  await scope.getByRole('button', { name: 'Copy account number' }).first().click()
  const toast = page.getByRole('status').filter({ hasText: 'Account number copied' }).first()
  await expect.poll(() => toast.isVisible()).toBe(true)
  // Its slide-in is over when two reads a frame apart agree.
  await expect
    .poll(async () => JSON.stringify(await box(toast)) === JSON.stringify(await page.waitForTimeout(50).then(() => box(toast))))
    .toBe(true)
  return toast
}

describe('toasts', () => {
  for (const viewport of VIEWPORTS) {
    it(`on a ${viewport.name} cover neither the page title and menu nor an open sheet`, async () => {
      const context = await suite.browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        isMobile: viewport.isMobile,
        hasTouch: true,
        permissions: ['clipboard-read', 'clipboard-write'],
      })
      context.setDefaultTimeout(15_000)
      const page = await context.newPage()
      await logIn(page, demo().email, demo().password)

      const title = page.getByRole('heading', { level: 1 })
      await expect.poll(() => title.isVisible(), { timeout: 15_000 }).toBe(true)
      await copyToast(page, page.getByRole('main'))
      const toast = page.getByRole('status').filter({ hasText: 'Account number copied' })
      // Two at once (a sign-in's toast is often still up): the pile or the list of them stays clear too.
      await copyToast(page, page.getByRole('main'))
      const toasts = page.locator('[data-scope="toast"][data-part="group"]')
      expect(await toast.count()).toBe(2)
      expect(overlaps(await box(toasts), await box(title))).toBe(false)
      const menu = viewport.isMobile ? page.getByRole('button', { name: 'Open menu' }) : page.getByRole('link', { name: 'Home' })
      expect(overlaps(await box(toasts), await box(menu))).toBe(false)

      // A fresh load: no toasts left from the page.
      await page.goto(`${baseURL()}/home/account-details`)
      const sheet = page.getByRole('dialog', { name: 'Account details' })
      await expect.poll(() => sheet.isVisible()).toBe(true)
      const inSheet = await copyToast(page, sheet)
      expect(overlaps(await box(inSheet), await box(sheet))).toBe(false)
      await context.close()
    })
  }
})
