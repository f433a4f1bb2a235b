import { execFileSync } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'

import { optionsLabel } from '#app/lib/variant-options'
import { parseNairaToKobo } from '#contract/money'
import { DEMO_MEMBER_PASSWORD } from '#server/seed/outlets'

import { bankCredit } from './bank-credit'
import { baseURL, demoOnPhone, detailValue, launchBrowser, logIn, PHONE, phoneContext, suiteBrowser } from './browser'

/*
 * Barcodes at the counter (issue 41, decision 175). The owner gives a variant a barcode and a cost on a phone and
 * downloads the product's label sheet; the sheet is rendered with poppler, its first label cut out and turned into
 * a video (y4m) that a second Chromium uses as its camera (--use-file-for-fake-video-capture). The demo's cashier
 * (orders and outlets, no products) opens Create order, taps Scan barcode, and the variant lands on the order once,
 * without its cost. The customer pays the order into its own account, and the owner's product page shows the units
 * gone from Lekki's shelf, not the main store's (decision 174).
 */

const suite = suiteBrowser()
const work = mkdtempSync(join(tmpdir(), 'barcodes-'))
const shots = process.env.SCREENSHOT_DIR ?? work
let camera: Browser | undefined
afterAll(async () => {
  await camera?.close()
})

/** A valid EAN-13 in the in-store range (prefix 200), different on each run. */
function ean13(): string {
  const body = `200${String(randomInt(0, 1e9)).padStart(9, '0')}`
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0)
  return `${body}${(10 - (sum % 10)) % 10}`
}

/** A call to the API as the user signed in on `page`. */
function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const response = await fetch(`/api${path}`, { headers: { Authorization: `Bearer ${localStorage.getItem('vbo.token')}` } })
    return ((await response.json()) as { data: unknown }).data
  }, path) as Promise<T>
}

/** A POST to the API as the user signed in on `page`, with an Idempotency-Key; answers the status. */
function post(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('vbo.token')}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      }
      return (await fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).status
    },
    { path, body },
  )
}

/** The variant's block in the product page's Stock by location, found by its options as the page writes them. */
function stockOf(page: Page, variant: Variant): Locator {
  return page
    .getByRole('list', { name: 'Stock by location' })
    .getByTestId('variant-stock')
    .filter({ has: page.getByText(optionsLabel(variant.options), { exact: true }) })
}

/** The units the product page shows of the variant at one place, as its link reads ('Lekki: 3 units. Set stock'). */
async function unitsShown(page: Page, variant: Variant, place: string): Promise<number> {
  const link = stockOf(page, variant).getByRole('link', { name: new RegExp(`^${place}: [\\d,]+ units?\\. Set stock$`) })
  const name = (await link.getAttribute('aria-label'))!
  return Number(name.slice(place.length).replace(/\D/g, ''))
}

/** A binary PGM (P5, 8-bit) as width, height and its grey bytes. */
function readPgm(file: string): { width: number; height: number; pixels: Buffer } {
  const bytes = readFileSync(file)
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'))!
  return { width: Number(header[1]), height: Number(header[2]), pixels: bytes.subarray(header[0].length) }
}

/**
 * A 640×480 video of the label held in front of the camera: the label (at `dpi`, its box in mm) scaled to 560 px
 * wide on a grey table, grey only (U and V at 128), as y4m, which Chromium's fake capture loops.
 */
function labelVideo(page: { width: number; height: number; pixels: Buffer }, dpi: number, file: string) {
  const [W, H] = [640, 480]
  const px = (mm: number) => Math.round((mm * dpi) / 25.4)
  const box = { x: px(7.21), y: px(15.15), w: px(63.5), h: px(38.1) }
  const scale = 560 / box.w
  const [w, h] = [Math.round(box.w * scale), Math.round(box.h * scale)]
  const [left, top] = [(W - w) >> 1, (H - h) >> 1]
  const luma = Buffer.alloc(W * H, 90)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const source = (box.y + Math.floor(y / scale)) * page.width + box.x + Math.floor(x / scale)
      luma[(top + y) * W + left + x] = page.pixels[source]!
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: 10 }, () => frame)]),
  )
}

interface Variant {
  id: string
  productId: string
  productName: string
  options: Record<string, string>
  discountedPrice: number
}

describe('barcodes at the counter (390×844)', () => {
  it('labels a variant, and a cashier scans the printed label with the camera into a new order', async () => {
    const code = ean13()
    const { context, page } = await demoOnPhone(suite.browser)

    // Only this variant will have a code, so it is the label sheet's first row.
    const products = await api<{ items: { id: string; variantCount: number }[] }>(page, '/product?page=1&size=50')
    const product = products.items.find((p) => p.variantCount > 1) ?? products.items[0]!
    const variants = await api<{ items: Variant[] }>(page, `/product/vendor/variants?page=1&size=10&productId=${product.id}`)
    const variant = variants.items[0]!
    const cost = Math.floor(variant.discountedPrice / 200) // kobo → naira, at half the price

    // The owner gives it a barcode and a cost price.
    await page.goto(`${baseURL()}/products/${product.id}/variants/${variant.id}/update`)
    const update = page.getByRole('dialog', { name: 'Update Variant' })
    await update.getByLabel('Barcode (optional)').fill(code)
    await update.getByLabel('Cost price (optional)').fill(String(cost))
    await update.getByTestId('margin').waitFor()
    await page.screenshot({ path: join(shots, 'update-variant-codes-390.png') })
    await update.getByRole('button', { name: 'Save changes' }).click()
    await update.waitFor({ state: 'hidden' })

    // The cashier works at Lekki and sells from Lekki's shelf: the owner moves five units there.
    const outlets = await api<{ items: { id: string; name: string }[] }>(page, '/outlet?page=1&size=10')
    const lekki = outlets.items.find((o) => o.name === 'Lekki')!
    expect(
      await post(page, '/product/stock/transfer', { variantId: variant.id, fromOutletId: null, toOutletId: lekki.id, quantity: 5 }),
    ).toBe(201)

    await page.goto(`${baseURL()}/products/${product.id}/variants/${variant.id}`)
    const details = page.getByRole('dialog', { name: 'Variant Details' })
    await expect.poll(() => detailValue(details, 'Barcode').textContent()).toBe(code)
    expect(await detailValue(details, 'Margin').textContent()).toMatch(/^₦[\d,]+\.\d{2} \(\d+(\.\d)?%\)$/)
    await page.screenshot({ path: join(shots, 'variant-details-codes-390.png') })

    // The label sheet, downloaded from the product page and rendered by poppler.
    await page.goto(`${baseURL()}/products/${product.id}`)
    await page.getByRole('region', { name: 'Labels' }).waitFor()
    await page.screenshot({ path: join(shots, 'product-labels-390.png'), fullPage: true })
    // What the owner sees before the sale: Lekki holds the five moved there, the main store the rest.
    expect(await unitsShown(page, variant, 'Lekki')).toBe(5)
    const mainBefore = await unitsShown(page, variant, 'Main store')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download labels' }).click()])
    const pdf = join(work, download.suggestedFilename())
    await download.saveAs(pdf)
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/)
    execFileSync('pdftoppm', ['-png', '-f', '1', '-l', '1', '-r', '100', pdf, join(work, 'labels')])
    console.log(`label sheet: ${join(work, 'labels-1.png')}`)
    expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toContain(code)
    execFileSync('pdftoppm', ['-gray', '-f', '1', '-l', '1', '-r', '300', pdf, join(work, 'print')])
    const video = join(work, 'label.y4m')
    labelVideo(readPgm(join(work, 'print-1.pgm')), 300, video)
    await context.close()

    // The cashier's phone, whose camera sees the printed label.
    camera = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ])
    const cashierContext = await phoneContext(camera, { permissions: ['camera'] })
    const cashier = await cashierContext.newPage()
    await logIn(cashier, 'cashier@vendor.test', DEMO_MEMBER_PASSWORD)
    await cashier.goto(`${baseURL()}/orders/new`)
    await cashier.getByRole('button', { name: 'Scan barcode' }).click()
    const items = cashier.getByRole('list', { name: 'Order items' })
    await items.getByText(variant.productName).waitFor({ timeout: 30_000 })
    await cashier
      .getByRole('status')
      .filter({ hasText: `Added ${variant.productName}` })
      .waitFor()
    await cashier.screenshot({ path: join(shots, 'order-scan-390.png') })
    // The camera stays on the label: it is one item, not one a frame.
    await cashier.waitForTimeout(2_500)
    expect(await items.getByRole('listitem').count()).toBe(1)
    expect(await items.getByRole('textbox', { name: /^Quantity of / }).inputValue()).toBe('1')

    // A typed code finds the same variant and adds a second unit.
    await cashier.getByLabel('SKU or barcode').fill(code)
    await cashier.getByLabel('SKU or barcode').press('Enter')
    await expect.poll(() => items.getByRole('textbox', { name: /^Quantity of / }).inputValue()).toBe('2')
    await cashier.getByRole('button', { name: 'Stop scanning' }).click()
    await cashier.setViewportSize({ width: 1024, height: 768 })
    await cashier.getByRole('button', { name: 'Scan barcode' }).click()
    await cashier.getByText('Point the camera at a barcode', { exact: false }).waitFor()
    await cashier.screenshot({ path: join(shots, 'order-scan-1024.png') })
    // The label is still in front of the camera: scanning it again is a third unit.
    await expect.poll(() => items.getByRole('textbox', { name: /^Quantity of / }).inputValue(), { timeout: 30_000 }).toBe('3')
    await cashier.getByRole('button', { name: 'Stop scanning' }).click()
    await cashier.setViewportSize(PHONE)

    await cashier.getByRole('button', { name: 'Create order' }).click()
    await cashier.waitForURL(/\/orders\/ORD-[0-9A-Z]+$/)
    const lines = cashier.getByRole('list', { name: 'Items' })
    await lines.getByText(variant.productName).waitFor()
    // Made at the cashier's outlet, so it takes Lekki's units when paid (decision 174).
    expect(await detailValue(cashier.locator('body'), 'Sold at').textContent()).toBe('Lekki')
    // Orders without products: no cost, no margin.
    expect(await cashier.getByText(/ · cost ₦|^Margin$/).count()).toBe(0)

    // The customer transfers to the order's own account, as the cashier's screen shows it; the order is paid.
    const account = cashier.getByRole('region', { name: 'Account for this order' })
    const accountNumber = (await detailValue(account, 'Account number').innerText()).trim()
    const amount = parseNairaToKobo((await detailValue(account, 'Amount').innerText()).replace(/[^\d.]/g, ''))!
    expect(amount).toBe(3 * variant.discountedPrice)
    await bankCredit(baseURL(), { accountNumber, amount })
    await cashier.reload()
    await cashier.getByRole('region', { name: 'Summary' }).getByText('paid', { exact: true }).waitFor()
    await cashier.getByRole('list', { name: 'Timeline' }).getByText('Took 3 units from stock at Lekki').waitFor()
    await cashierContext.close()

    // The owner's product page: the three units left Lekki's shelf; the main store's count is as it was (no other
    // suite on the shared server sells this variant, Jollof rice Regular/Chicken in the demo).
    const { context: ownerAgain, page: home } = await demoOnPhone(suite.browser)
    await home.goto(`${baseURL()}/products/${product.id}`)
    await expect.poll(() => unitsShown(home, variant, 'Lekki')).toBe(2)
    expect(await unitsShown(home, variant, 'Main store')).toBe(mainBefore)
    await stockOf(home, variant).scrollIntoViewIfNeeded()
    await home.screenshot({ path: join(shots, 'product-stock-after-sale-390.png') })

    // The owner's Home on a tablet: sales and gross profit for today.
    await home.goto(`${baseURL()}/home`)
    await home.setViewportSize({ width: 1024, height: 768 })
    const profit = home.getByRole('region', { name: 'Sales and profit' })
    await profit.getByText('Gross profit').waitFor()
    await profit.scrollIntoViewIfNeeded()
    await home.screenshot({ path: join(shots, 'home-gross-profit-1024.png') })
    await ownerAgain.close()
  })
})
