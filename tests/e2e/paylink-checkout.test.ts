import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { bankCredit } from './bank-credit'
import { detailValue, logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Issue 22, "pay links that settle" (decision 111): a customer opens a pay link on a phone, checks out for two
 * units and gets a reference; a bank credit quoting it (in lower case, inside other words) arrives; the customer's
 * page says paid, and the vendor's order is paid with the two units taken from stock. A server of the suite's own,
 * so no other suite's sale moves the stock in between.
 */

const own = ownServerAndBrowser()

interface Variant {
  id: string
  availableUnits: number
  isAvailable: boolean
}

describe('a pay link that settles', () => {
  it('turns a transfer quoting the checkout reference into a paid order with its stock taken', async () => {
    const vendor = await phoneContext(own.browser)
    const page = await vendor.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${own.origin}/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
      return ((await res.json()) as { data: T }).data
    }
    const variantsOf = async (productId: string) => (await get<{ variants: Variant[] }>(`/product/vendor?id=${productId}`)).variants
    const unitsOf = async (productId: string, variantId: string) =>
      (await variantsOf(productId)).find((v) => v.id === variantId)!.availableUnits

    // A variant of the demo catalogue with stock, and its pay link (made as the vendor does, from Variant Details).
    const products = (await get<{ items: { id: string; name: string }[] }>('/product?size=50')).items
    let chosen: { productId: string; name: string; variant: Variant } | undefined
    for (const product of products) {
      const variant = (await variantsOf(product.id)).find((v) => v.isAvailable && v.availableUnits >= 5)
      if (variant) {
        chosen = { productId: product.id, name: product.name, variant }
        break
      }
    }
    expect(chosen, 'a demo variant with 5 or more units').toBeTruthy()
    const { productId, name, variant } = chosen!
    const made = await fetch(`${own.origin}/api/product/paylink`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: variant.id }),
    })
    const paylink = ((await made.json()) as { data: { paylink: string } }).data.paylink
    const before = variant.availableUnits

    // The customer, on their own phone with no session: two units, name and phone, then the payment details.
    const customer = await phoneContext(own.browser)
    const payPage = await customer.newPage()
    await payPage.goto(paylink)
    await payPage.getByRole('heading', { level: 1, name }).waitFor()
    const form = payPage.getByRole('form', { name: 'Buy now' })
    await form.getByRole('button', { name: `More ${name}` }).click()
    await form.getByLabel(/^Your name/).fill('Ada Obi')
    await form.getByLabel(/^Phone number/).fill('08031234567')
    await form.getByRole('button', { name: 'Get payment details' }).click()
    await payPage.waitForURL(/\/checkout\/[A-Za-z0-9]+$/)
    const pay = payPage.getByRole('region', { name: 'Pay by bank transfer' })
    // The page shows the order's own account (issue 36), so no narration is asked for: the reference is its title.
    const title = payPage.getByRole('heading', { level: 1, name: /^Order ORD-/ })
    await title.waitFor()
    const reference = (await title.innerText()).replace(/^Order /, '').trim()
    expect(reference).toMatch(/^ORD-[0-9A-Z]{8}$/)
    const accountNumber = (await detailValue(pay, 'Account number').innerText()).trim()
    const amountText = (await detailValue(pay, 'Amount due').innerText()).trim()
    const amount = Math.round(Number(amountText.replace(/[^\d.]/g, '')) * 100)
    expect(amount).toBeGreaterThan(0)

    // The transfer arrives quoting the reference as people type it. The open page sees it (it polls every 5 s).
    await bankCredit(own.origin, { accountNumber, amount, narration: `zobo ${reference.toLowerCase()} thanks` })
    await payPage.getByRole('status').filter({ hasText: 'Paid in full. Thank you.' }).waitFor({ timeout: 15_000 })

    // The vendor's order: paid, for Ada Obi, and the timeline says the two units left stock.
    await page.goto(`${own.origin}/orders/${reference}`)
    const summary = page.getByRole('region', { name: 'Summary' })
    await summary.getByText('paid', { exact: true }).waitFor()
    await page.getByRole('list', { name: 'Timeline' }).getByText('Took 2 units from stock').waitFor()
    await page.getByText('Ada Obi').first().waitFor()
    expect(await unitsOf(productId, variant.id)).toBe(before - 2)
    await customer.close()
    await vendor.close()
  })
})
