import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Download, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, demo, demoOnPhone, suiteBrowser, typeCode } from './browser'

/*
 * Receipts and invoice PDFs on a phone (issue 22): each PDF is downloaded from the real app, opened with poppler
 * (pdfinfo, pdftotext) for the reference and session ID a bank asks for, and its first page rendered to PNG.
 */

const suite = suiteBrowser()

/** Saves the download, checks it is a PDF of `size`, renders page 1 to PNG and answers the PDF's text. */
async function openPdf(download: Download, size: RegExp): Promise<{ text: string; png: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'))
  const file = join(dir, download.suggestedFilename())
  await download.saveAs(file)
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-')
  expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(size)
  execFileSync('pdftoppm', ['-png', '-f', '1', '-l', '1', '-r', '80', file, join(dir, 'page')])
  const png = join(dir, 'page-1.png')
  expect(statSync(png).size).toBeGreaterThan(5_000)
  console.log(`rendered ${download.suggestedFilename()} to ${png}`)
  return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), png }
}

async function sendMoney(page: Page) {
  await page.getByRole('link', { name: 'Send Money' }).click()
  await page.getByRole('dialog', { name: 'Send Money' }).waitFor()
  await page.getByRole('combobox', { name: 'Bank' }).fill('Access')
  await page.getByRole('option', { name: 'Access Bank' }).click()
  await page.getByRole('textbox', { name: 'Account number' }).fill('0690000032')
  await expect.poll(() => page.getByTestId('resolved-account-name').textContent(), { timeout: 10_000 }).toMatch(/\w+ \w+/)
  await page.getByLabel('Amount').fill('2500')
  await page.getByLabel('Narration (optional)').fill('Fabric supplier')
  await page.getByText(/^Charge: ₦/).waitFor()
  await page.getByRole('button', { name: 'Proceed' }).click()
  await page.getByRole('dialog', { name: 'Confirm Payment' }).getByRole('button', { name: 'Send money' }).click()
  const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
  await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
  await typeCode(page, demo().pin)
}

/** The demo vendor's API token, to make an invoice the way the app does. */
async function token(): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/vendor/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.250' },
    body: JSON.stringify({ email: demo().email, password: demo().password }),
  })
  return ((await res.json()) as { data: { token: string } }).data.token
}

describe('receipts and invoices on a phone (390×844)', () => {
  it('a transfer’s receipt from the outcome dialog downloads as a PDF with the reference and session ID', async () => {
    const { context, page } = await demoOnPhone(suite.browser)
    await sendMoney(page)
    const outcome = page.getByRole('dialog', { name: 'Transfer Successful' })
    await outcome.waitFor({ timeout: 15_000 })
    await outcome.getByRole('button', { name: 'View receipt' }).click()

    const receipt = page.getByRole('dialog', { name: 'Receipt' })
    await receipt.waitFor()
    const reference = (await receipt
      .locator('dt', { hasText: 'Transaction reference' })
      .locator('xpath=following-sibling::dd')
      .textContent())!
    const sessionId = (await receipt.locator('dt', { hasText: 'Session ID' }).locator('xpath=following-sibling::dd').textContent())!
    expect(reference.trim()).not.toBe('')
    expect(sessionId.trim()).toMatch(/^\d{30}$/)

    const [download] = await Promise.all([page.waitForEvent('download'), receipt.getByRole('button', { name: 'Download PDF' }).click()])
    expect(download.suggestedFilename()).toBe(`Receipt ${reference.trim()}.pdf`)
    const { text } = await openPdf(download, /Page size:\s+419\.\d+ x 595\.\d+ pts/)
    expect(text).toContain(reference.trim())
    expect(text).toContain(sessionId.trim())
    expect(text).toContain('NGN 2,500.00')
    expect(text).toContain('Fabric supplier')
    // jsPDF's fonts have no naira sign: none may be printed as a stray glyph.
    expect(text).not.toContain('₦')
    await context.close()
  })

  it('an invoice downloads as a PDF with its items, total, the account to pay into and the reference to quote', async () => {
    const auth = await token()
    const lagosTomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString().slice(0, 10)
    const res = await fetch(`${baseURL()}/api/order/shareable`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${auth}`,
        'Idempotency-Key': randomUUID(),
        'X-Forwarded-For': '198.51.100.250',
      },
      body: JSON.stringify({
        kind: 'invoice',
        customer: { name: 'Chioma Okeke', email: 'chioma@example.com', phone: '08031234567' },
        items: [
          { name: 'Ankara fabric, 6 yards', amount: 4_500_000, quantity: 2 },
          { name: 'Tailoring', amount: 1_500_000, quantity: 1 },
        ],
        dueDate: lagosTomorrow,
      }),
    })
    expect(res.status).toBe(201)
    const invoice = ((await res.json()) as { data: { reference: string; payAccount: { accountNumber: string } } }).data

    const { context, page } = await demoOnPhone(suite.browser)
    await page.goto(`${baseURL()}/invoices/${invoice.reference}`)
    const summary = page.getByRole('region', { name: 'Summary' })
    await summary.getByRole('button', { name: 'Share invoice' }).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), summary.getByRole('button', { name: 'Download PDF' }).click()])
    expect(download.suggestedFilename()).toBe(`Invoice ${invoice.reference}.pdf`)
    const { text } = await openPdf(download, /Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/)
    expect(text).toContain(invoice.reference)
    expect(text).toContain('Ankara fabric, 6 yards')
    expect(text).toContain('NGN 105,000.00')
    expect(text).toContain('Chioma Okeke')
    // The invoice's own account (issue 36): money into it pays this invoice, no narration to quote.
    expect(text).toMatch(new RegExp(`ACCOUNT NUMBER\\s+${invoice.payAccount.accountNumber}`))
    expect(text).toMatch(new RegExp(`REFERENCE\\s+${invoice.reference}`))
    // Its number in the vendor's gapless sequence (decision 191), apart from the reference quoted when paying.
    expect(text).toMatch(new RegExp(`INVOICE NUMBER\\s+REFERENCE\\s+ISSUE DATE\\s+DUE DATE\\s+INV-\\d{6}\\s+${invoice.reference}`))
    expect(text).toContain('no narration is needed')
    expect(text).toMatch(/ACCOUNT EXPIRES\s+\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(Lagos time\)/)
    const [y, m, d] = lagosTomorrow.split('-')
    expect(text).toContain(`${d}/${m}/${y}`)
    expect(text).not.toContain('₦')
    await context.close()
  })
})
