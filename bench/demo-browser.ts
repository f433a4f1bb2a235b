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
 * throw-away data directory (or PGlite in memory: `{ inMemory: true }`, for a bench that writes little), and
 * Debian's Chromium. Everything is closed and removed when `work` ends.
 */
export async function withDemoBrowser<T>(
  work: (server: RunningServer, browser: Browser) => Promise<T>,
  { inMemory = false } = {},
): Promise<T> {
  if (pwaBuildIsStale(ROOT)) await buildPwa(ROOT)
  const dir = inMemory ? undefined : mkdtempSync(join(tmpdir(), 'vbo-bench-'))
  const server = await startServer({ port: 0, dataDir: dir ?? 'memory', logger: { info() {}, warn() {}, error: console.error } })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    return await work(server, browser)
  } finally {
    await browser.close()
    await server.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Signs in the way the login form does (the API, then the session in localStorage) from a page already open on the
 * origin, without the app: run in the page by `page.evaluate(signInInPage, { email, password })` (Playwright's or
 * Puppeteer's), on a page of the origin that runs no app code (/favicon.svg). The keys are lib/session.ts's.
 */
export async function signInInPage({ email, password }: { email: string; password: string }): Promise<void> {
  const res = await fetch('/api/auth/vendor/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const { data } = (await res.json()) as { data: { token: string; user: unknown } }
  localStorage.setItem('vbo.token', data.token)
  localStorage.setItem('vbo.user', JSON.stringify(data.user))
}

/** Signs the demo owner in through the login page and waits for Home. */
export async function signInAsDemo(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.getByLabel('Email address').fill(DEMO.email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/home')
}
