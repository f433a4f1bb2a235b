import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { DEMO } from '#server/seed/demo'

import { bankCredit } from './bank-credit'
import { detailValue, logIn, ownServerAndBrowser, phoneContext } from './browser'

/*
 * Issue 42 (decision 195): the customer's pay page for an invoice says who is selling as the invoice does (logo,
 * name, address, phone, e-mail, TIN), with the invoice's number and VAT with its rate; a refund of the paid invoice
 * has its credit note, downloaded from the invoice's page as a PDF. On a phone (390×844), against a server of the
 * suite's own. SCREENSHOT_DIR=… saves the pay page and the credit note's first page for a person to look at.
 */

const own = ownServerAndBrowser()

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true })
}

describe('an invoice’s documents', () => {
  it('the pay page shows the business, the invoice number and VAT; the refund’s credit note downloads as a PDF', async () => {
    const vendor = await phoneContext(own.browser)
    const page = await vendor.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${own.origin}/api${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } })
    const json = { 'Content-Type': 'application/json' }

    // Settings: the address and TIN (Profile) and a logo (Website), as the vendor sets them.
    const details = { address: 'Plot 5, off Admiralty Way\nLekki Phase 1, Lagos', tin: '12345678-0001' }
    expect((await call('/vendor/business', { method: 'PATCH', headers: json, body: JSON.stringify(details) })).status).toBe(200)
    const look = new FormData()
    for (const [name, value] of Object.entries({ description: 'Home cooking', font: 'inter', background: 'plain' }))
      look.append(name, JSON.stringify(value))
    look.append('logo', new File([readFileSync('public/icons/icon-192.png')], 'logo.png', { type: 'image/png' }))
    expect((await call('/vendor/website', { method: 'PATCH', body: look })).status).toBe(200)

    const taxes = (await (await call('/vendor/shop/tax')).json()) as { data: { items: { id: string; name: string }[] } }
    const vat = taxes.data.items.find((tax) => tax.name === 'VAT')!
    const made = await call('/order/shareable', {
      method: 'POST',
      headers: { ...json, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({
        kind: 'invoice',
        items: [{ name: 'Jollof rice tray', amount: 1_000_000, quantity: 2 }],
        taxIds: [vat.id],
        customer: { name: 'Ada Obi' },
      }),
    })
    expect(made.status).toBe(201)
    const invoice = (
      (await made.json()) as {
        data: { reference: string; invoiceNumber: string; publicUrl: string; amount: number; payAccount: { accountNumber: string } }
      }
    ).data

    // The customer's phone: the business block above the invoice, its number, VAT on its own line with its rate.
    const customer = await phoneContext(own.browser)
    const payPage = await customer.newPage()
    await payPage.goto(invoice.publicUrl)
    await payPage.getByRole('heading', { level: 1, name: `Invoice ${invoice.reference}` }).waitFor()
    const seller = payPage.getByRole('region', { name: 'Seller' })
    const logo = seller.getByRole('img', { name: `${DEMO.vendorName} logo` })
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192)
    const sellerText = await seller.innerText()
    for (const line of ['Plot 5, off Admiralty Way', 'Lekki Phase 1, Lagos', DEMO.email, 'TIN: 12345678-0001']) {
      expect(sellerText).toContain(line)
    }
    await payPage.getByText(`Invoice number ${invoice.invoiceNumber}`).waitFor()
    const items = payPage.getByRole('region', { name: 'Items' })
    expect(await detailValue(items, 'VAT (7.5\u00a0%)').innerText()).toBe('₦1,500.00')
    await shot(payPage, 'pay-page-business')

    // Paid into its own account, then ₦5,000 of it refunded: a credit note against the invoice.
    await bankCredit(own.origin, { accountNumber: invoice.payAccount.accountNumber, amount: invoice.amount })
    await payPage.getByText('Paid in full. Thank you.').waitFor({ timeout: 15_000 })
    const refund = await call('/order', {
      method: 'PUT',
      headers: { ...json, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ reference: invoice.reference, status: 'refunded', amount: 500_000, pin: DEMO.pin }),
    })
    expect(refund.status).toBe(200)
    const number = ((await refund.json()) as { data: { refunds: { creditNoteNumber: string }[] } }).data.refunds[0]!.creditNoteNumber
    expect(number).toMatch(/^CN-\d{6}$/)

    await page.goto(`${own.origin}/invoices/${invoice.reference}`)
    const refunds = page.getByRole('list', { name: 'Refunds' })
    await refunds.getByText(`Credit note ${number} against invoice ${invoice.invoiceNumber}`).waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      refunds.getByRole('button', { name: `Download credit note ${number}` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`credit-note-${number}.pdf`)
    const work = mkdtempSync(join(tmpdir(), 'credit-note-'))
    const pdf = join(work, download.suggestedFilename())
    await download.saveAs(pdf)
    expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/)
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
    expect(text).toContain(DEMO.vendorName)
    expect(text).toContain('TIN: 12345678-0001')
    expect(text).toMatch(new RegExp(`Credit note\\s+${number}`))
    expect(text).toMatch(new RegExp(`${invoice.invoiceNumber}\\s+${invoice.reference}`))
    expect(text).toMatch(/Amount credited\s+NGN 5,000\.00/)
    // ₦1,500 of VAT on ₦21,500: ₦5,000's share is 348.84.
    expect(text).toMatch(/VAT \(7\.5%\) included\s+NGN 348\.84/)
    const dir = process.env.SCREENSHOT_DIR
    if (dir) execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdf, join(dir, 'credit-note')])
    await customer.close()
    await vendor.close()
  })
})
