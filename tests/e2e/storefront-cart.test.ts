import { join } from 'node:path'

import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { parseNairaToKobo } from '#contract/money'
import { DEMO } from '#server/seed/demo'

import { bankCredit } from './bank-credit'
import { detailValue, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Issue 41, "A cart" (decision 176): on a phone, a customer adds two of the demo shop's products to the cart,
 * reloads (the cart is still there), checks out choosing a delivery location, sees the total and the account to pay
 * into, and a sandbox credit into that account pays the order. A server of the suite's own, so no other suite's
 * sale moves the demo's stock in between.
 */

const own = ownServerAndBrowser()

/** The whole page, or what the screen shows (the storefront's cart bar sticks to the bottom of the screen). */
async function shot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage })
}

const shopPath = `/shop/${DEMO.shopUrl}`
const kobo = (text: string) => parseNairaToKobo(text.replace(/[^\d.]/g, ''))!

/** Adds the first on-sale variant of the first two products that have one; answers their names. */
async function addTwoItems(page: Page): Promise<string[]> {
  const cards = page.getByTestId('storefront-product').filter({ has: page.getByRole('button', { name: /^Add .* to cart$/ }) })
  const names: string[] = []
  for (const i of [0, 1]) {
    const card = cards.nth(i)
    names.push((await card.getByRole('heading', { level: 2 }).innerText()).trim())
    await card
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click()
  }
  await page.getByRole('link', { name: /^View cart · 2 items/ }).waitFor()
  return names
}

/** The same pages at tablet size, for the screenshots only (a cart of its own: storage is per context). */
async function tabletShots(browser: Browser, checkoutPath: string) {
  if (!process.env.SCREENSHOT_DIR) return
  const tablet = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page = await tablet.newPage()
  await page.goto(own.origin + shopPath)
  await addTwoItems(page)
  await shot(page, 'cart-storefront-tablet', false)
  await page.getByRole('link', { name: /^View cart/ }).click()
  await page.getByLabel('Delivery location').selectOption({ label: 'Yaba (₦1,500.00)' })
  await shot(page, 'cart-checkout-tablet')
  await page.goto(own.origin + checkoutPath)
  await page.getByText('Paid in full. Thank you.').waitFor()
  await shot(page, 'cart-pay-page-tablet')
  await tablet.close()
}

describe('a storefront cart', () => {
  it('takes two items into one order with delivery, survives a reload, and a credit pays it', async () => {
    const customer = await phoneContext(own.browser)
    const page = await customer.newPage()
    await page.goto(own.origin + shopPath)
    await page.getByRole('heading', { level: 1, name: DEMO.vendorName }).waitFor()
    const names = await addTwoItems(page)

    // The cart is this browser's: a reload keeps it.
    await page.reload()
    await page.getByRole('link', { name: /^View cart · 2 items/ }).waitFor()
    await shot(page, 'cart-storefront-phone', false)
    await page.getByRole('link', { name: /^View cart/ }).click()
    await page.waitForURL((url) => url.pathname === `${shopPath}/cart`)
    const items = page.getByRole('list', { name: 'Items in your cart' })
    for (const name of names) await items.getByText(name, { exact: true }).waitFor()

    // Delivery is the customer's choice here (the vendor's active locations), and the total says what it adds.
    const totals = page.getByRole('region', { name: 'Delivery' })
    await page.getByLabel('Delivery location').selectOption({ label: 'Yaba (₦1,500.00)' })
    await detailValue(totals, 'Delivery, Yaba').waitFor()
    expect(kobo(await detailValue(totals, 'Delivery, Yaba').innerText())).toBe(1_500_00)
    const total = kobo(await detailValue(totals, 'Total').innerText())
    const details = page.getByRole('form', { name: 'Your details' })
    await details.getByLabel(/^Your name/).fill('Ada Obi')
    await details.getByLabel(/^Phone number/).fill('08031234567')
    await shot(page, 'cart-checkout-phone')
    await details.getByRole('button', { name: 'Place order' }).click()

    // The order's payment page: the same total, and the order's own account to pay into.
    await page.waitForURL(/\/checkout\/[A-Za-z0-9]+$/)
    const checkoutPath = new URL(page.url()).pathname
    await page.getByRole('heading', { level: 1, name: /^Order ORD-/ }).waitFor()
    const pay = page.getByRole('region', { name: 'Pay by bank transfer' })
    expect(kobo(await detailValue(pay, 'Amount due').innerText())).toBe(total)
    const accountNumber = (await detailValue(pay, 'Account number').innerText()).trim()
    await page.getByRole('list', { name: 'Items' }).getByText(names[0]!, { exact: true }).waitFor()
    await shot(page, 'cart-pay-page-phone')

    // The sandbox credit into that account; the open page sees it (it polls every 5 s).
    await bankCredit(own.origin, { accountNumber, amount: total })
    await page.getByRole('status').filter({ hasText: 'Paid in full. Thank you.' }).waitFor({ timeout: 15_000 })
    await page.getByText('paid', { exact: true }).first().waitFor()
    await shot(page, 'cart-paid-phone')

    // The order is made, so the cart is empty again.
    await page.goto(own.origin + shopPath)
    await page.getByTestId('storefront-product').first().waitFor()
    expect(await page.getByRole('link', { name: /^View cart/ }).count()).toBe(0)
    await tabletShots(own.browser, checkoutPath)
    await customer.close()
  })
})
