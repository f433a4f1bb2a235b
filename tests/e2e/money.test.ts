import { execFileSync } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { parseNairaToKobo } from '#contract/money'

import { bankCredit } from './bank-credit'
import { baseURL, demo, demoOnPhone, suiteBrowser, typeCode } from './browser'

const suite = suiteBrowser()

const signedIn = () => demoOnPhone(suite.browser)

/** The balance on the card, in kobo, once it has loaded. */
async function balanceKobo(page: Page): Promise<number> {
  const card = page.getByTestId('wallet-balance')
  await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/^₦[\d,]+\.\d{2}$/)
  return parseNairaToKobo((await card.textContent())!)!
}

describe('money on a phone (390×844)', () => {
  it('sends money: a wrong PIN is refused in place, the right one succeeds, and the balance drops by amount + fee', async () => {
    const { context, page } = await signedIn()
    const before = await balanceKobo(page)

    await page.getByRole('link', { name: 'Send Money' }).click()
    const sheet = page.getByRole('dialog', { name: 'Send Money' })
    await sheet.waitFor()
    await page.getByRole('combobox', { name: 'Bank' }).fill('Access')
    await page.getByRole('option', { name: 'Access Bank' }).click()
    // A valid NUBAN for Access Bank (044): serial 069000003, check digit 2.
    await page.getByRole('textbox', { name: 'Account number' }).fill('0690000032')
    await expect.poll(() => page.getByTestId('resolved-account-name').textContent(), { timeout: 10_000 }).toMatch(/\w+ \w+/)
    await page.getByLabel('Amount').fill('1234.56')
    await page.getByText(/^Charge: ₦/).waitFor()
    await page.getByRole('button', { name: 'Proceed' }).click()

    const confirm = page.getByRole('dialog', { name: 'Confirm Payment' })
    await confirm.waitFor()
    const totalText = await confirm
      .locator('dt', { hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd')
      .textContent()
    const total = parseNairaToKobo(totalText!)!
    expect(total).toBeGreaterThan(123_456)
    await confirm.getByRole('button', { name: 'Send money' }).click()

    const pin = page.getByRole('alertdialog', { name: 'Enter your transaction PIN' })
    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    const wrong = demo().pin === '9999' ? '1111' : '9999'
    await typeCode(page, wrong)
    await expect.poll(() => pin.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/^Incorrect PIN\. \d attempts? remaining\.$/)

    await pin.getByLabel('Transaction PIN, digit 1 of 4').click()
    await typeCode(page, demo().pin)
    const outcome = page.getByRole('dialog', { name: 'Transfer Successful' })
    await outcome.waitFor({ timeout: 15_000 })
    await outcome.getByRole('button', { name: 'Okay' }).click()
    await page.waitForURL((url) => url.pathname === '/home')

    await expect.poll(() => balanceKobo(page), { timeout: 15_000 }).toBe(before - total)
    await context.close()
  })

  it('offline, Send Money is disabled and says why', async () => {
    const { context, page } = await signedIn()
    await balanceKobo(page)
    await page.getByRole('link', { name: 'Send Money' }).waitFor()
    // Offline, Home's later chunks (the net figures card) come from the service worker's precache, so a chunk asked
    // for before it is installed fails. On a loaded CI machine the disabled button once left the page just after it
    // appeared, most likely that: Home gave way to the error screen.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await context.setOffline(true)
    const button = page.getByRole('button', { name: 'Send Money' })
    await expect.poll(() => button.isDisabled()).toBe(true)
    const reasonId = await button.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe('You are offline. Money actions are paused until you reconnect.')
    await context.setOffline(false)
    await expect.poll(() => page.getByRole('link', { name: 'Send Money' }).isVisible()).toBe(true)
    await context.close()
  })

  it('opens the Transaction Summary from the list and closes it with Escape', async () => {
    const { context, page } = await signedIn()
    await page.goto(`${baseURL()}/transactions?duration=LAST_MONTH`)
    const first = page.getByTestId('transaction-row').first()
    await first.click()
    const sheet = page.getByRole('dialog', { name: 'Transaction Summary' })
    await sheet.getByText('Transaction reference').waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/transactions\/.+/)
    await sheet.getByText(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/).waitFor()
    await page.keyboard.press('Escape')
    await page.waitForURL((url) => url.pathname === '/transactions')
    expect(new URL(page.url()).searchParams.get('duration')).toBe('LAST_MONTH')
    await context.close()
  })

  it('shows an inbound bank transfer, and marks it as a POS transaction', async () => {
    const { context, page } = await signedIn()
    const token = await page.evaluate(() => localStorage.getItem('vbo.token'))
    const details = (await (
      await fetch(`${baseURL()}/api/vendor/wallet/details`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { accountNumber: string }
    }
    const payer = `Obiageli E2E ${randomInt(1000, 9999)}`
    await bankCredit(baseURL(), {
      accountNumber: details.data.accountNumber,
      amount: 1_500_000,
      narration: 'Jollof for 20',
      from: { name: payer, bank: 'Zenith Bank', accountNumber: '2081234563' },
    })

    await page.goto(`${baseURL()}/transactions`)
    await page.getByRole('link', { name: new RegExp(payer) }).click()
    const sheet = page.getByRole('dialog', { name: 'Transaction Summary' })
    await sheet.getByText(payer).waitFor()
    expect(await sheet.getByRole('link', { name: 'Create order' }).getAttribute('href')).toMatch(/^\/orders\/create-order\?reference=.+/)
    await sheet.getByRole('button', { name: 'Mark as POS Transaction' }).click()
    await page.getByRole('alertdialog', { name: 'Mark as POS Transaction?' }).getByRole('button', { name: 'Proceed' }).click()
    await page.getByRole('status').filter({ hasText: 'Transaction marked as POS' }).waitFor()
    await sheet.getByText('Marked as POS transaction').waitFor()
    expect(await sheet.getByRole('button', { name: 'Mark as POS Transaction' }).count()).toBe(0)
    await context.close()
  })

  it('scrolls through 10,000 transactions with at most 60 rows in the DOM', async () => {
    const { context, page } = await signedIn()
    const TOTAL = 10_000
    // The ledger is faked at the network edge: seeding 10,000 real transfers would take minutes.
    await page.route(
      (url) => url.pathname === '/api/transaction',
      (route) => {
        const params = new URL(route.request().url()).searchParams
        // The app asks the first page without a cursor and each next one by the cursor the last gave (here its number).
        const pageNo = Number(params.get('cursor') ?? params.get('page') ?? 1)
        const size = Number(params.get('size'))
        const items = Array.from({ length: Math.max(0, Math.min(size, TOTAL - (pageNo - 1) * size)) }, (_, i) => {
          const n = (pageNo - 1) * size + i
          const at = new Date(Date.now() - n * 60_000).toISOString()
          return {
            id: `fake-${n}`,
            status: 'success',
            type: n % 2 ? 'debit' : 'credit',
            amount: 100_000 + n,
            fee: 0,
            currency: 'NGN',
            reference: `FAKE-${n}`,
            sessionId: null,
            narration: null,
            originatorAccountName: `Payer ${n}`,
            originatorBankName: null,
            originatorAccountNumber: null,
            beneficiaryAccountName: `Payee ${n}`,
            beneficiaryBankName: null,
            beneficiaryAccountNumber: null,
            customerId: null,
            customerName: null,
            outletId: null,
            failureReason: null,
            hasMatchingOrder: false,
            hasShareableOrder: false,
            orderReference: null,
            unattachedOrderReference: null,
            isOffline: true,
            isPOSTransaction: false,
            createdAt: at,
            updatedAt: at,
          }
        })
        const nextCursor = pageNo * size < TOTAL ? String(pageNo + 1) : null
        return route.fulfill({ json: { message: 'OK', data: { items, page: pageNo, size, total: TOTAL, totalCapped: false, nextCursor } } })
      },
    )
    await page.goto(`${baseURL()}/transactions`)
    await page.getByTestId('transaction-row').first().waitFor()
    let most = 0
    const started = Date.now()
    for (let i = 0; i < 400; i++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await page.waitForTimeout(50)
      most = Math.max(most, await page.getByTestId('transaction-row').count())
      if ((await page.getByText('10,000 transactions').count()) > 0) break
    }
    expect(await page.getByText('10,000 transactions').count()).toBe(1)
    expect(most).toBeLessThanOrEqual(60)
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return page.getByText('Payee 9999', { exact: true }).isVisible()
      })
      .toBe(true)
    console.log(`scrolled 10,000 rows in ${Date.now() - started} ms, at most ${most} rows in the DOM`)
    await context.close()
  })

  it('downloads the account card as an A4 PDF that opens', async () => {
    const { context, page } = await signedIn()
    await page.getByRole('link', { name: 'Add money' }).click()
    const sheet = page.getByRole('dialog', { name: 'Account details' })
    await sheet.waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sheet.getByRole('button', { name: 'Download account card' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^.+ account details\.pdf$/)
    const dir = mkdtempSync(join(tmpdir(), 'card-'))
    const file = join(dir, download.suggestedFilename())
    await download.saveAs(file)
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-')

    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/)
    execFileSync('pdftoppm', ['-png', '-f', '1', '-l', '1', '-r', '50', file, join(dir, 'page')])
    expect(statSync(join(dir, 'page-1.png')).size).toBeGreaterThan(5_000)
    await context.close()
  })
})
