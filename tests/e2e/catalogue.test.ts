import { randomInt } from 'node:crypto'

import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, demo, logIn, persistedCache, phoneContext, pngImage, suiteBrowser } from './browser'

const suite = suiteBrowser()

/** Whether an <img> has really loaded (not just been put in the page). */
const loaded = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)

async function toast(page: Page, text: string) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor()
}

describe('the catalogue on a phone (390×844)', () => {
  it('creates a collection and a product with two variants and an image, sells it through a discounted pay link, and flags low stock', async () => {
    const context = await phoneContext(suite.browser)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() })
    const page = await context.newPage()
    await logIn(page, demo().email, demo().password)
    const tag = randomInt(10_000, 99_999)
    const collectionName = `E2E Drinks ${tag}`
    const productName = `E2E Zobo ${tag}`

    // A collection.
    await page.goto(`${baseURL()}/products/collections`)
    await page.getByRole('link', { name: 'Add Collection' }).click()
    const addCollection = page.getByRole('dialog', { name: 'Add Collection' })
    await addCollection.getByLabel('Name').fill(collectionName)
    await addCollection.getByRole('button', { name: 'Add Collection' }).click()
    await page.getByTestId('collection-row').filter({ hasText: collectionName }).waitFor()

    // A product in it: an option with two values makes two variants; one picture.
    await page.goto(`${baseURL()}/products/new`)
    await page.getByLabel(/^Name/).fill(productName)
    await page.getByRole('option', { name: collectionName }).waitFor({ state: 'attached' })
    await page.getByLabel('Collection').selectOption({ label: collectionName })
    await page.getByRole('switch', { name: /^Published/ }).check()
    await page.getByLabel('Add images').setInputFiles({ name: 'zobo.png', mimeType: 'image/png', buffer: pngImage(64, [0xf2, 0x8c, 0x28]) })
    await expect.poll(() => loaded(page.getByRole('img', { name: 'Image 1' }))).toBe(true)
    await page.getByRole('button', { name: 'Add option' }).click()
    await page.getByLabel('Option name').fill('Size')
    for (const value of ['Small', 'Large']) {
      await page.getByLabel('Add a value').fill(value)
      await page.keyboard.press('Enter')
    }
    const variants = page.getByRole('list', { name: 'Variants' })
    await variants.getByLabel('Size: Small Price').fill('1500')
    await variants.getByLabel('Size: Small Units').fill('10')
    await variants.getByLabel('Size: Large Price').fill('2500')
    await variants.getByLabel('Size: Large Units').fill('10')
    await page.getByRole('button', { name: 'Add product' }).click()
    await page.getByRole('heading', { level: 1, name: productName }).waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/products\/[^/]+$/)
    await expect.poll(() => loaded(page.getByRole('img', { name: `${productName}, image 1 of 1` }))).toBe(true)

    // A discount on the large one, through Variant Details → Update Variant.
    await page.getByTestId('variant-row').filter({ hasText: 'Size: Large' }).getByRole('link').click()
    const details = page.getByRole('dialog', { name: 'Variant Details' })
    await details.getByText('₦2,500.00').waitFor()
    await page.getByRole('link', { name: 'Update Variant' }).click()
    const update = page.getByRole('dialog', { name: 'Update Variant' })
    await update.getByLabel('Discount type').selectOption('PERCENTAGE')
    await update.getByLabel('Discount', { exact: true }).fill('10')
    await update.getByText('₦2,250.00').waitFor()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await details.getByText('10 % off').waitFor()

    // Its payment link: generate, copy (the exact toast), and a QR code that really loads.
    await details.getByRole('button', { name: 'Generate Payment Link', exact: true }).click()
    const link = details.getByRole('link', { name: /\/pay\/[A-Za-z0-9]+$/ })
    await link.waitFor()
    const paylink = (await link.getAttribute('href'))!
    await details.getByRole('button', { name: 'Copy payment link' }).click()
    await toast(page, 'Copied payment link to clipboard')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(paylink)
    const qr = details.getByRole('img', { name: /^QR code for the payment link/ })
    await qr.scrollIntoViewIfNeeded()
    await expect.poll(() => loaded(qr)).toBe(true)

    // The customer's view, in a new page with no session: the discounted price, the original struck through.
    const customer = await phoneContext(suite.browser)
    const payPage = await customer.newPage()
    await payPage.goto(paylink)
    await payPage.getByRole('heading', { level: 1, name: productName }).waitFor()
    const price = payPage.getByTestId('variant-price').first()
    expect((await price.innerText()).replace(/\s+/g, ' ')).toContain('₦2,250.00')
    expect(await price.locator('s').innerText()).toContain('₦2,500.00')
    // The checkout (decision 111; tests/e2e/paylink-checkout.test.ts pays through it).
    await payPage.getByRole('form', { name: 'Buy now' }).getByRole('button', { name: 'Get payment details' }).waitFor()
    expect(await payPage.evaluate(() => localStorage.length)).toBe(0)
    await customer.close()

    // A stock alert above what will remain, then a sale recorded as a stock change (orders arrive later).
    await page.getByRole('link', { name: 'Update Stock Level Alert' }).click()
    const alert = page.getByRole('dialog', { name: 'Update Stock Level Alert' })
    await alert.getByLabel('Alert me at (units)').fill('5')
    await page.getByRole('button', { name: 'Save alert' }).click()
    await details.getByText('At 5 units or below').waitFor()
    await page.getByRole('link', { name: 'Update Variant' }).click()
    await update.getByLabel('Available units').fill('3')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await details.getByText('Low stock').waitFor()

    // The product list flags it.
    await page.goto(`${baseURL()}/products?name=${encodeURIComponent(productName)}`)
    const row = page.getByTestId('product-row').filter({ hasText: productName })
    await row.getByText('Low stock').waitFor()
    expect(await row.getByText('Published').isVisible()).toBe(true)
    await context.close()
  })

  it("keeps the product list and its pictures offline (persisted cache and the service worker's file cache)", async () => {
    const context = await phoneContext(suite.browser)
    const page = await context.newPage()
    await logIn(page, demo().email, demo().password)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    // Reloaded under the service worker's control, so the thumbnails go through its cache.
    await page.goto(`${baseURL()}/products`)
    const thumbnail = page.getByTestId('product-row').first().locator('img')
    await expect.poll(() => loaded(thumbnail)).toBe(true)
    const src = await thumbnail.getAttribute('src')
    await expect.poll(async () => Object.values(await persistedCache(page)).join('')).toContain('"products"')
    await expect
      .poll(() =>
        page.evaluate(
          (url) =>
            caches
              .open('uploaded-files')
              .then((c) => c.match(url))
              .then(Boolean),
          src!,
        ),
      )
      .toBe(true)

    await context.setOffline(true)
    await page.reload()
    const offline = page.getByTestId('product-row').first().locator('img')
    await expect.poll(() => offline.getAttribute('src')).toBe(src)
    await expect.poll(() => loaded(offline)).toBe(true)
    await context.close()
  })
})
