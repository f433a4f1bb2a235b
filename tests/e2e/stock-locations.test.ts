import { join } from 'node:path'

import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, demo, logIn, phoneContext, suiteBrowser } from './browser'

/*
 * Stock per location (issue 41, decision 174): the product page shows each variant's units at the main store and
 * at each outlet, and in total; Move stock moves units between two of them and the page shows the transfer. At a
 * phone's size and a tablet's. With SCREENSHOT_DIR set, each screen is saved there to be looked at.
 */

const suite = suiteBrowser()
const shot = (name: string) => (process.env.SCREENSHOT_DIR ? { path: join(process.env.SCREENSHOT_DIR, name) } : null)

async function moveStock(context: BrowserContext, size: string, productName: string) {
  const page: Page = await context.newPage()
  await logIn(page, demo().email, demo().password)
  await page.goto(`${baseURL()}/products`)
  // Products no other suite sells from, so the units read here are not moving under the test.
  await page.getByTestId('product-row').filter({ hasText: productName }).click()
  await page.getByRole('heading', { level: 1, name: productName }).waitFor()

  // The demo's outlets hold nothing yet: the main store holds the total.
  const section = page.getByRole('region', { name: 'Stock by location' })
  const first = section.getByTestId('variant-stock').first()
  await first.getByRole('link', { name: /^Lekki: 0 units/ }).waitFor()
  const total = Number((await first.getByText(/^Total /).textContent())!.replace(/\D/g, ''))
  expect(total).toBeGreaterThan(3)
  await first.getByRole('link', { name: `Main store: ${total.toLocaleString('en-NG')} units. Set stock` }).waitFor()

  await section.getByRole('link', { name: 'Move stock' }).click()
  const sheet = page.getByRole('dialog', { name: 'Move stock' })
  await sheet.getByLabel('From', { exact: true }).waitFor()
  expect(await sheet.getByLabel('From', { exact: true }).inputValue()).toBe('main')
  await sheet.getByLabel('To', { exact: true }).selectOption({ label: 'Lekki (0)' })
  await sheet.getByLabel('Units to move').fill('3')
  await sheet.getByLabel('Note (optional)').fill('Saturday shelf')
  const sheetShot = shot(`move-stock-sheet-${size}.png`)
  if (sheetShot) await page.screenshot(sheetShot)
  await sheet.getByRole('button', { name: 'Move stock' }).click()
  await page.getByRole('status').filter({ hasText: 'Moved 3 units from Main store to Lekki' }).first().waitFor()
  await sheet.waitFor({ state: 'detached' })

  await first.getByRole('link', { name: /^Lekki: 3 units/ }).waitFor()
  await first.getByRole('link', { name: `Main store: ${(total - 3).toLocaleString('en-NG')} units. Set stock` }).waitFor()
  await expect.poll(() => first.getByText(/^Total /).textContent()).toBe(`Total ${total.toLocaleString('en-NG')} units`)
  const transfers = section.getByRole('list', { name: 'Recent transfers' })
  await transfers.getByText('3 units · Main store → Lekki').waitFor()
  await transfers.getByText(/Saturday shelf/).waitFor()
  await section.scrollIntoViewIfNeeded()
  const pageShot = shot(`stock-by-location-${size}.png`)
  if (pageShot) await section.screenshot(pageShot)
  // The page as a whole, so the section is seen among the others.
  const fullShot = shot(`product-page-${size}.png`)
  if (fullShot) await page.screenshot({ ...fullShot, fullPage: true })
  await context.close()
}

describe('stock by location', () => {
  it('on a phone (390×844): the product page shows units per location and in total; Move stock records a transfer', async () => {
    await moveStock(await phoneContext(suite.browser), 'phone', 'Puff-puff')
  })

  it('on a tablet (1024×768): the same, beside the side menu', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })
    context.setDefaultTimeout(15_000)
    await moveStock(context, 'tablet', 'Egusi soup')
  })
})
