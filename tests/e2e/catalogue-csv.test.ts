import { randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, demo, logIn, phoneContext, suiteBrowser } from './browser'

/*
 * The catalogue in and out by CSV on a phone (issue 41, decision 177): a file is checked (the dry run shows what
 * will be added and what is refused, line by line), imported, exported back with the same lines, and two of its
 * products are edited at once from the list. SCREENSHOT_DIR=… keeps the phone and tablet screens.
 */

const suite = suiteBrowser()
const shot = (page: Page, name: string) =>
  process.env.SCREENSHOT_DIR ? page.screenshot({ path: join(process.env.SCREENSHOT_DIR, name) }) : Promise.resolve()

const HEADER =
  'Handle,Name,Description,Category,Collection,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Price,Units,' +
  // The demo vendor's outlets (Ikeja, Lekki): a column each, after the main store (decision 174).
  'Units at Main store,Units at Ikeja,Units at Lekki,SKU,Barcode,Cost'

function catalogue(tag: number) {
  const good = [
    `e2e-csv-${tag}-tea,E2E CSV ${tag} Tea,Hibiscus and ginger,Food and drinks,E2E CSV ${tag},yes,Size,Cup,,,,,1500.00,12,10,0,2,TEA-${tag}-CUP,,600.00`,
    `e2e-csv-${tag}-tea,,,,,,,Flask,,,,,4000.00,3,3,0,0,TEA-${tag}-FLASK,,1800.00`,
    `e2e-csv-${tag}-puff,E2E CSV ${tag} Puff puff,"Sweet, soft",Food and drinks,E2E CSV ${tag},no,,,,,,,200.00,50,50,0,0,,${tag}0000001,`,
  ]
  const bad = `e2e-csv-${tag}-bad,E2E CSV ${tag} Bad,,,,yes,,,,,,,free,1,1,0,0,,,`
  return { good, file: [HEADER, ...good.slice(0, 2), bad, good[2]].join('\r\n') + '\r\n' }
}

describe('products in and out by CSV on a phone (390×844)', () => {
  it('checks a file, imports it, exports the same lines back, and edits two products at once', async () => {
    const context = await phoneContext(suite.browser)
    const page = await context.newPage()
    await logIn(page, demo().email, demo().password)
    const tag = randomInt(10_000, 99_999)
    const { good, file } = catalogue(tag)

    // The dry run: shown as soon as the file is chosen; nothing is saved yet.
    await page.goto(`${baseURL()}/products`)
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const sheet = page.getByRole('dialog', { name: 'Import products' })
    await sheet.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    const report = sheet.getByTestId('import-report')
    await report.getByText('2 products to add · 0 to update · 0 unchanged · 1 row refused').waitFor()
    await report.getByText('Price: must be a naira amount above zero, like 1500.00 (not "free")').waitFor()
    expect(await report.getByRole('listitem').filter({ hasText: 'Line 4' }).count()).toBe(1)
    await shot(page, 'csv-import-check-phone.png')
    const before = await page.request.get(`${baseURL()}/api/product?name=E2E%20CSV%20${tag}`, {
      headers: { authorization: `Bearer ${await token(page)}` },
    })
    expect((await before.json()).data.total).toBe(0)

    // The import, then the list holds the two products.
    await sheet.getByRole('button', { name: 'Import 2' }).click()
    await page.getByRole('status').filter({ hasText: 'Imported: 2 added, 0 updated' }).first().waitFor()
    await sheet.waitFor({ state: 'detached' })
    await page.getByRole('searchbox', { name: 'Search products by name' }).fill(`E2E CSV ${tag}`)
    await page
      .getByTestId('product-row')
      .filter({ hasText: `E2E CSV ${tag} Tea` })
      .waitFor()
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(2)

    // Exported back: the header and the imported products' lines as they were written.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/)
    const exported = await readFile((await download.path())!, 'utf8')
    const lines = exported.split('\r\n')
    expect(lines[0]).toBe(`\uFEFF${HEADER}`)
    expect(lines.filter((line) => line.startsWith(`e2e-csv-${tag}-`))).toEqual(good)

    // Bulk edit: select both, raise every price by 10%.
    await page.getByRole('button', { name: 'Select', exact: true }).click()
    for (const name of ['Tea', 'Puff puff']) await page.getByRole('checkbox', { name: new RegExp(`E2E CSV ${tag} ${name}`) }).check()
    const bar = page.getByRole('region', { name: 'Selected products' })
    await bar.getByText('2 products selected').waitFor()
    await shot(page, 'csv-select-phone.png')
    await bar.getByRole('button', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit products' })
    await edit.getByLabel('Change every price by (%)').fill('10')
    await shot(page, 'csv-bulk-edit-phone.png')
    await edit.getByRole('button', { name: 'Apply to 2 products' }).click()
    await page.getByRole('status').filter({ hasText: '2 products updated' }).first().waitFor()
    const tea = page.getByTestId('product-row').filter({ hasText: `E2E CSV ${tag} Tea` })
    await tea.getByText('₦1,650.00 – ₦4,400.00').waitFor()
    await page.getByTestId('product-row').filter({ hasText: 'Puff puff' }).getByText('₦220.00').waitFor()

    // And publish the draft one with the other, through the same sheet.
    await page.getByRole('button', { name: 'Select', exact: true }).click()
    await page.getByRole('checkbox', { name: new RegExp(`E2E CSV ${tag} Puff puff`) }).check()
    await page.getByRole('region', { name: 'Selected products' }).getByRole('button', { name: 'Edit' }).click()
    await edit.getByRole('radio', { name: 'Publish', exact: true }).check()
    await edit.getByRole('button', { name: 'Apply to 1 product' }).click()
    await page.getByRole('status').filter({ hasText: '1 product updated' }).first().waitFor()
    await page.getByTestId('product-row').filter({ hasText: 'Puff puff' }).getByText('Published').waitFor()
    await context.close()
  })

  it('shows the dry run and the selection on a tablet (1024×768)', async () => {
    const context = await phoneContext(suite.browser, { viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true })
    const page = await context.newPage()
    await logIn(page, demo().email, demo().password)
    const tag = randomInt(10_000, 99_999)
    await page.goto(`${baseURL()}/products`)
    await page.getByRole('button', { name: 'Select', exact: true }).click()
    await page.getByRole('region', { name: 'Selected products' }).getByText('Tick the products to change').waitFor()
    await page.getByRole('checkbox').first().check()
    await shot(page, 'csv-select-tablet.png')
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const sheet = page.getByRole('dialog', { name: 'Import products' })
    const { file } = catalogue(tag)
    await sheet.getByLabel('CSV file').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    await sheet.getByTestId('import-report').getByText('1 row refused', { exact: false }).waitFor()
    await shot(page, 'csv-import-check-tablet.png')
    await context.close()
  })
})

/** The session's bearer token, where the app keeps it (lib/session-store.ts). */
function token(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('vbo.token') ?? '')
}
