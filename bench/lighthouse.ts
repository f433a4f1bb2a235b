import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'

import { startServer } from '#server/main'
import { buildPwa, pwaBuildIsStale } from '#server/pwa-build'
import { DEMO } from '#server/seed/demo'

/*
 * `lighthouseFigures()`: Lighthouse (mobile preset, simulated throttling, the package's defaults) with Debian's
 * Chromium against the built PWA on a real server with the demo vendor: login, then signed in home, /orders,
 * /transactions and /products. Goals (issue 8): performance ≥ 98, LCP ≤ 1.5 s, TBT ≤ 50 ms, CLS 0. `npx tsx bench/lighthouse.ts` runs it alone.
 * With LIGHTHOUSE_REPORTS=<dir>, each page's full report is written there as JSON, to see which task blocks.
 */

const ROOT = resolve(import.meta.dirname, '..')
const PAGES = ['/', '/home', '/orders', '/transactions', '/products'] as const

export async function lighthouseFigures() {
  if (pwaBuildIsStale(ROOT)) await buildPwa(ROOT)
  const dir = mkdtempSync(join(tmpdir(), 'vbo-lighthouse-'))
  const server = await startServer({ port: 0, dataDir: dir, logger: { info() {}, warn() {}, error: console.error } })
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  try {
    const page = await browser.newPage()
    const rows = []
    for (const path of PAGES) {
      if (path === '/home') {
        // Signed in once in this profile, so the other pages load as a returning vendor's would.
        await page.goto(server.url, { waitUntil: 'networkidle0' })
        await page.type('input[type="email"]', DEMO.email)
        await page.type('input[type="password"]', DEMO.password)
        await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => {}), page.keyboard.press('Enter')])
      }
      // Lighthouse clears storage before a run unless told not to: that would sign the vendor out.
      const flags = {
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance'],
        disableStorageReset: path !== '/',
      }
      const result = await lighthouse(`${server.url}${path}`, flags, undefined, page)
      const lhr = result!.lhr
      const reports = process.env.LIGHTHOUSE_REPORTS
      if (reports) {
        mkdirSync(reports, { recursive: true })
        writeFileSync(join(reports, `${path === '/' ? 'login' : path.slice(1)}.json`), JSON.stringify(lhr, null, 1))
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
      rows.push({
        page: path === '/' ? '/ (login)' : path,
        'final URL': new URL(lhr.finalDisplayedUrl).pathname,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        'LCP (s)': (audit('largest-contentful-paint') / 1000).toFixed(2),
        'TBT (ms)': Math.round(audit('total-blocking-time')),
        CLS: audit('cumulative-layout-shift').toFixed(3),
        'FCP (s)': (audit('first-contentful-paint') / 1000).toFixed(2),
      })
    }
    return rows
  } finally {
    await browser.disconnect()
    chrome.kill()
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.table(await lighthouseFigures())
}
