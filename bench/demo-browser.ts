import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { type Browser, chromium, type Page } from 'playwright-core'

import { buildPwa, pwaBuildIsStale } from '#server/pwa-build'
import { DEMO } from '#server/seed/demo'
import { type RunningServer, startServer } from '#server/start-server'

const ROOT = resolve(import.meta.dirname, '..')

/**
 * The browser benches' setting: the built PWA (rebuilt when stale) on a real server with the demo vendor, in a
 * throw-away data directory, and Debian's Chromium. Everything is closed and removed when `work` ends.
 */
export async function withDemoBrowser<T>(work: (server: RunningServer, browser: Browser) => Promise<T>): Promise<T> {
  if (pwaBuildIsStale(ROOT)) await buildPwa(ROOT)
  const dir = mkdtempSync(join(tmpdir(), 'vbo-bench-'))
  const server = await startServer({ port: 0, dataDir: dir, logger: { info() {}, warn() {}, error: console.error } })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    return await work(server, browser)
  } finally {
    await browser.close()
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Signs the demo owner in through the login page and waits for Home. */
export async function signInAsDemo(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByLabel('Email address').fill(DEMO.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/home')
}
