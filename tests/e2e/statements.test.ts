import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import Papa from 'papaparse'
import type { Download, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { formatKobo } from '#contract/naira'
import { DEMO } from '#server/seed/demo'

import { logIn, ownServerAndBrowser, phoneContext, pngImage } from './browser'

/*
 * Statements and net figures on a phone (issue 42, decision 178): the demo's main wallet over the last month, on
 * a server of the suite's own (its logo is changed here). The PDF is downloaded from the real app, checked with
 * poppler (A4, the business's name, numbered pages, the Lagos generation time) and its first page rendered to PNG;
 * the CSV's running balance adds up from the opening to the closing balance. Transactions and Orders show the same
 * net figures for their range, and the transactions export's figure columns total them (decision 194).
 * SCREENSHOT_DIR keeps the pictures.
 */

const own = ownServerAndBrowser()
const shot = (name: string) => (process.env.SCREENSHOT_DIR ? { path: join(process.env.SCREENSHOT_DIR, name) } : null)

function api(page: Page, path: string, init: { method?: string; form?: boolean } = {}) {
  return page.evaluate(
    async ({ path, method, form, logo }) => {
      const token = localStorage.getItem('vbo.token')
      let body: FormData | undefined
      if (form) {
        const current = (await (await fetch('/api/vendor/website', { headers: { Authorization: `Bearer ${token}` } })).json()).data
        body = new FormData()
        body.set('description', current.description || 'Home-style Lagos meals')
        body.set('font', current.font)
        body.set('background', current.background)
        body.set('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png')
      }
      const response = await fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, body })
      return { status: response.status, json: (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null }
    },
    { path, method: init.method ?? 'GET', form: init.form ?? false, logo: [...pngImage(48, [22, 128, 61])] },
  )
}

async function saved(download: Download): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'statement-'))
  const file = join(dir, download.suggestedFilename())
  await download.saveAs(file)
  return file
}

const kobo = (text: string) => (text ? Math.round(Number(text) * 100) : 0)

describe('statements on a phone (390×844)', () => {
  it('Home shows the net figures; the statement screen downloads an A4 PDF and a CSV that add up', async () => {
    const context = await phoneContext(own.browser, { acceptDownloads: true })
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    expect((await api(page, '/vendor/website', { method: 'PATCH', form: true })).status).toBe(200)

    // Home: the card's figures are the server's for today.
    const card = page.getByRole('region', { name: 'Net settled' })
    await card.scrollIntoViewIfNeeded()
    const today = await api(page, `/analytics/net`)
    const net = today.json!.data as Record<string, number>
    await expect.poll(() => card.textContent()).toContain(formatKobo(net.grossSales!))
    expect(await card.textContent()).toContain(formatKobo(net.netSettled!))
    const homeShot = shot('statement-home-net-figures.png')
    if (homeShot) await card.screenshot(homeShot)

    // The statement screen, from Transactions.
    await page.goto(`${own.origin}/transactions`)
    await page.getByRole('link', { name: 'Statement' }).click()
    await page.waitForURL(/\/statement/)
    await page.getByRole('combobox', { name: 'Duration' }).selectOption('LAST_MONTH')
    const summary = page.getByRole('region', { name: /^Main wallet: / })
    await summary.waitFor()
    const screenShot = shot('statement-screen.png')
    if (screenShot) await page.screenshot({ ...screenShot, fullPage: true })

    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()])
    expect(pdfDownload.suggestedFilename()).toMatch(/^statement-main-wallet-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.pdf$/)
    const pdf = await saved(pdfDownload)
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/)
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1])
    expect(pages).toBeGreaterThan(1)
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
    expect(text).toContain(DEMO.vendorName)
    expect(text).toContain('Statement of account')
    expect(text).toMatch(/Generated \d{1,2} \w{3} \d{4}, \d\d:\d\d \(Lagos time\)/)
    for (let n = 1; n <= pages; n++) expect(text).toContain(`Page ${n} of ${pages}`)
    execFileSync('pdftoppm', ['-png', '-f', '1', '-l', '1', '-r', '80', pdf, join(tmpdir(), 'statement-page')])
    const png = join(tmpdir(), 'statement-page-1.png')
    expect(statSync(png).size).toBeGreaterThan(10_000)
    if (process.env.SCREENSHOT_DIR) copyFileSync(png, join(process.env.SCREENSHOT_DIR, 'statement-pdf-page-1.png'))

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()])
    const csv = readFileSync(await saved(csvDownload), 'utf8').replace(/^\uFEFF/, '')
    const rows = Papa.parse<string[]>(csv.trimEnd(), { newline: '\r\n' }).data
    expect(rows[0]!.slice(0, 8)).toEqual([
      'Date (WAT, UTC+1)',
      'Reference',
      'Description',
      'Status',
      'Money in',
      'Money out',
      'Fee',
      'Balance',
    ])
    expect(rows[1]![2]).toBe('Opening balance')
    const closingAt = rows.findIndex((row) => row[2] === 'Closing balance')
    let running = kobo(rows[1]![7]!)
    for (const row of rows.slice(2, closingAt)) {
      running += kobo(row[4]!) - kobo(row[5]!)
      expect(kobo(row[7]!)).toBe(running)
    }
    expect(kobo(rows[closingAt]![7]!)).toBe(running)
    expect(closingAt - 2).toBeGreaterThan(20)
    const statement = await summary.textContent()
    expect(statement).toContain(formatKobo(running))
    await context.close()
  })

  it('Transactions and Orders show the same figures for their Date filter; the export’s columns add up to them', async () => {
    const context = await phoneContext(own.browser, { acceptDownloads: true })
    const page = await context.newPage()
    await logIn(page, DEMO.email, DEMO.password, own.origin)
    const figuresOn = async (path: string) => {
      const [answer] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/api/analytics/net'),
        page.goto(`${own.origin}${path}`),
      ])
      const net = (await answer.json()).data as Record<string, number | string>
      const card = page.getByRole('region', { name: 'Net settled' })
      await expect.poll(() => card.textContent()).toContain(formatKobo(net.netSettled as number))
      const text = await card.textContent()
      for (const figure of ['grossSales', 'refunds', 'fees']) expect(text).toContain(formatKobo(net[figure] as number))
      return { net, card }
    }
    const transactions = await figuresOn('/transactions?duration=LAST_MONTH')
    const transactionsShot = shot('net-figures-transactions.png')
    if (transactionsShot) await page.screenshot(transactionsShot)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
    const csv = readFileSync(await saved(download), 'utf8').replace(/^\uFEFF/, '')
    const [header, ...rows] = Papa.parse<string[]>(csv.trimEnd(), { newline: '\r\n' }).data
    expect(header!.slice(-4)).toEqual(['Gross sales', 'Refunds', 'Fees', 'Net settled'])
    const total = (column: number) => rows.reduce((sum, row) => sum + kobo(row[header!.length - 4 + column]!), 0)
    expect(rows.length).toBeGreaterThan(20)
    expect([0, 1, 2, 3].map(total)).toEqual(['grossSales', 'refunds', 'fees', 'netSettled'].map((name) => transactions.net[name]))

    const orders = await figuresOn('/orders?duration=LAST_MONTH')
    expect([orders.net.startDate, orders.net.endDate]).toEqual([transactions.net.startDate, transactions.net.endDate])
    await orders.card.scrollIntoViewIfNeeded()
    const ordersShot = shot('net-figures-orders.png')
    if (ordersShot) await page.screenshot(ordersShot)
    await context.close()
  })
})
